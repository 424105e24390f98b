// Rank table parsing (rank_table.h).
#include "runtime/hccl/rank_table.h"

#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

namespace asim::hccl {
namespace {

// A field that HCCL writes as a decimal string (a JSON number is accepted too).
bool ReadUint(const nlohmann::json& obj, const char* key, uint64_t* out, std::string* why) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    *why = std::string("'") + key + "' is missing";
    return false;
  }
  if (it->is_number_unsigned()) {
    *out = it->get<uint64_t>();
    return true;
  }
  if (it->is_string()) {
    const std::string s = it->get<std::string>();
    if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos && s.size() < 10) {
      *out = std::stoull(s);
      return true;
    }
  }
  *why = std::string("'") + key + "' must be a non-negative integer (as a string)";
  return false;
}

Status Bad(const std::string& source, const std::string& why) {
  return Status(err::kInvalidParam, "rank table " + source + ": " + why);
}

}  // namespace

Status ParseRankTable(const std::string& text, const std::string& source, RankTable* out) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    return Bad(source, std::string("not valid JSON: ") + e.what());
  }
  if (!doc.is_object()) return Bad(source, "the top level must be an object");
  if (auto v = doc.find("version"); v != doc.end() && (!v->is_string() || v->get<std::string>() != "1.0")) {
    return Bad(source, "only version \"1.0\" is supported");
  }
  if (auto st = doc.find("status"); st != doc.end() && st->is_string() && st->get<std::string>() != "completed") {
    return Bad(source, "status is \"" + st->get<std::string>() + "\", not \"completed\"");
  }
  auto servers = doc.find("server_list");
  if (servers == doc.end() || !servers->is_array() || servers->empty()) {
    return Bad(source, "'server_list' must be a non-empty array");
  }
  std::string why;
  uint64_t server_count = 0;
  if (doc.contains("server_count")) {
    if (!ReadUint(doc, "server_count", &server_count, &why)) return Bad(source, why);
    if (server_count != servers->size()) {
      return Bad(source, "server_count is " + std::to_string(server_count) + " but server_list has " +
                             std::to_string(servers->size()) + " servers");
    }
  }
  std::map<uint64_t, RankEntry> by_rank;
  for (size_t s = 0; s < servers->size(); ++s) {
    const nlohmann::json& server = (*servers)[s];
    const std::string where = "server_list[" + std::to_string(s) + "]";
    if (!server.is_object()) return Bad(source, where + " must be an object");
    std::string server_id;
    if (auto id = server.find("server_id"); id != server.end() && id->is_string()) server_id = id->get<std::string>();
    if (server_id.empty()) return Bad(source, where + ".server_id must be a non-empty string");
    auto devices = server.find("device");
    if (devices == server.end() || !devices->is_array() || devices->empty()) {
      return Bad(source, where + ".device must be a non-empty array");
    }
    std::set<uint64_t> device_ids;
    for (size_t d = 0; d < devices->size(); ++d) {
      const nlohmann::json& dev = (*devices)[d];
      const std::string dwhere = where + ".device[" + std::to_string(d) + "]";
      if (!dev.is_object()) return Bad(source, dwhere + " must be an object");
      uint64_t device_id = 0, rank_id = 0;
      if (!ReadUint(dev, "device_id", &device_id, &why)) return Bad(source, dwhere + ": " + why);
      if (!ReadUint(dev, "rank_id", &rank_id, &why)) return Bad(source, dwhere + ": " + why);
      if (!device_ids.insert(device_id).second) {
        return Bad(source, dwhere + ": device " + std::to_string(device_id) + " appears twice on " + server_id);
      }
      RankEntry e;
      e.rank = static_cast<uint32_t>(rank_id);
      e.device_id = static_cast<int32_t>(device_id);
      e.server_index = static_cast<uint32_t>(s);
      e.server_id = server_id;
      if (auto ip = dev.find("device_ip"); ip != dev.end() && ip->is_string()) e.device_ip = ip->get<std::string>();
      if (!by_rank.emplace(rank_id, e).second) {
        return Bad(source, dwhere + ": rank_id " + std::to_string(rank_id) + " appears twice");
      }
    }
  }
  RankTable t;
  for (const auto& [rank, e] : by_rank) {
    if (rank != t.ranks.size()) {
      return Bad(source, "rank ids must be 0.." + std::to_string(by_rank.size() - 1) + "; " +
                             std::to_string(t.ranks.size()) + " is missing");
    }
    t.ranks.push_back(e);
  }
  t.server_count = static_cast<uint32_t>(servers->size());
  t.id = std::hash<std::string>{}(doc.dump());
  *out = std::move(t);
  return Status::Ok();
}

Status LoadRankTable(const std::string& path, RankTable* out) {
  std::ifstream in(path);
  if (!in) return Status(err::kInvalidFile, "rank table " + path + " cannot be opened");
  std::stringstream ss;
  ss << in.rdbuf();
  return ParseRankTable(ss.str(), path, out);
}

}  // namespace asim::hccl
