// JsonFields implementation (see json_fields.h). Owner: device_sim/soc.
// Thread safety: none. Failure: first error recorded in the caller's Status.
#include "device_sim/soc/json_fields.h"

#include <utility>

namespace asim::sim {

JsonFields::JsonFields(const nlohmann::json* object, std::string path, std::string source, Status* status)
    : object_(object), path_(std::move(path)), source_(std::move(source)), status_(status) {}

std::string JsonFields::PathOf(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void JsonFields::Fail(int32_t code, std::string_view key, const std::string& what) {
  if (!status_->ok()) return;
  *status_ = Status(code, source_ + ": field '" + PathOf(key) + "' " + what);
}

const nlohmann::json* JsonFields::Get(std::string_view key) {
  if (object_ == nullptr || !status_->ok()) return nullptr;
  seen_.emplace(key);
  auto it = object_->find(key);
  if (it == object_->end()) {
    Fail(err::kFileMissingAttr, key, "is missing");
    return nullptr;
  }
  return &*it;
}

void JsonFields::Uint32(std::string_view key, uint32_t* out, uint64_t min, uint64_t max) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  // The parser stores non-negative integers as unsigned, negative ones as signed.
  const uint64_t v = j->is_number_unsigned() ? j->get<uint64_t>() : 0;
  if (!j->is_number_unsigned() || v < min || v > max) {
    Fail(err::kFileAttrInvalid, key,
         "must be an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "], got " + j->dump());
    return;
  }
  *out = static_cast<uint32_t>(v);
}

void JsonFields::Uint64(std::string_view key, uint64_t* out, uint64_t min) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  if (!j->is_number_unsigned() || j->get<uint64_t>() < min) {
    Fail(err::kFileAttrInvalid, key, "must be an integer >= " + std::to_string(min) + ", got " + j->dump());
    return;
  }
  *out = j->get<uint64_t>();
}

void JsonFields::PositiveDouble(std::string_view key, double* out) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  if (!j->is_number() || !(j->get<double>() > 0)) {
    Fail(err::kFileAttrInvalid, key, "must be a positive number, got " + j->dump());
    return;
  }
  *out = j->get<double>();
}

void JsonFields::Bool(std::string_view key, bool* out) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  if (!j->is_boolean()) {
    Fail(err::kFileAttrInvalid, key, "must be true or false, got " + j->dump());
    return;
  }
  *out = j->get<bool>();
}

void JsonFields::NonEmptyString(std::string_view key, std::string* out) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  if (!j->is_string() || j->get_ref<const std::string&>().empty()) {
    Fail(err::kFileAttrInvalid, key, "must be a non-empty string, got " + j->dump());
    return;
  }
  *out = j->get<std::string>();
}

void JsonFields::StringList(std::string_view key, std::vector<std::string>* out) {
  const nlohmann::json* j = Get(key);
  if (j == nullptr) return;
  std::vector<std::string> list;
  bool good = j->is_array();
  if (good) {
    for (const auto& item : *j) {
      if (!item.is_string() || item.get_ref<const std::string&>().empty()) {
        good = false;
        break;
      }
      list.push_back(item.get<std::string>());
    }
  }
  if (!good) {
    Fail(err::kFileAttrInvalid, key, "must be an array of non-empty strings, got " + j->dump());
    return;
  }
  *out = std::move(list);
}

JsonFields JsonFields::Object(std::string_view key) {
  const nlohmann::json* j = Get(key);
  if (j != nullptr && !j->is_object()) {
    Fail(err::kFileAttrInvalid, key, "must be an object, got " + j->dump());
    j = nullptr;
  }
  return JsonFields(j, PathOf(key), source_, status_);
}

void JsonFields::RejectUnknownKeys() {
  if (object_ == nullptr || !status_->ok()) return;
  for (const auto& [key, value] : object_->items()) {
    if (!key.empty() && key[0] == '_') continue;
    if (seen_.count(key) == 0) {
      Fail(err::kFileAttrInvalid, key, "is not a known field (keys starting with '_' are comments)");
      return;
    }
  }
}

}  // namespace asim::sim
