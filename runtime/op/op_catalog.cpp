// OpCatalog: loading single-op models and finding the one a call runs. See op_catalog.h.
#include "runtime/op/op_catalog.h"

#include <algorithm>
#include <filesystem>

#include "base/log.h"
#include "om/om_reader.h"

namespace asim::op {
namespace {

constexpr int kMaxDirDepth = 3;  // as CANN's op model directory scan

void ListOmFiles(const std::filesystem::path& dir, int depth, std::vector<std::string>* out) {
  std::error_code ec;
  std::vector<std::filesystem::path> children;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    children.push_back(it->path());
  }
  std::sort(children.begin(), children.end());
  for (const auto& p : children) {
    if (std::filesystem::is_directory(p, ec)) {
      if (depth + 1 < kMaxDirDepth) ListOmFiles(p, depth + 1, out);
    } else if (p.extension() == ".om") {
      out->push_back(p.string());
    }
  }
}

}  // namespace

bool SocMatches(const std::string& model_soc, const sim::SocSpec& spec) {
  return model_soc == spec.soc_version || model_soc == spec.soc_name || model_soc == spec.short_soc_version;
}

Status OpCatalog::AddModel(std::shared_ptr<om::Model> model, const std::string& source, bool online,
                           std::shared_ptr<const OpModelEntry>* out) {
  auto entry = std::make_shared<OpModelEntry>();
  Status st = atc::SingleOpDescOf(*model, &entry->desc);
  if (!st.ok()) {
    return Status(err::kOpLoadFailed,
                  source + " is not a single-op model (write one with atc --singleop): " + st.message());
  }
  entry->dynamic = DescIsDynamic(entry->desc);
  entry->model = std::move(model);
  entry->source = source;
  entry->online = online;
  Insert(std::move(entry), out);
  return Status::Ok();
}

Status OpCatalog::AddDynamic(atc::SingleOpDesc desc, const std::string& soc_version, const std::string& source,
                             std::shared_ptr<const OpModelEntry>* out) {
  auto entry = std::make_shared<OpModelEntry>();
  auto model = std::make_shared<om::Model>();  // no graph: only its static instances run
  model->name = desc.op_type;
  model->soc_version = soc_version;
  entry->desc = std::move(desc);
  entry->dynamic = true;
  entry->model = std::move(model);
  entry->source = source;
  entry->online = true;
  Insert(std::move(entry), out);
  return Status::Ok();
}

void OpCatalog::Insert(std::shared_ptr<OpModelEntry> entry, std::shared_ptr<const OpModelEntry>* out) {
  const bool online = entry->online;
  std::lock_guard<std::mutex> lock(mutex_);
  entry->serial = next_serial_++;
  entries_.push_back(entry);
  if (online) {
    size_t online_count = 0;
    for (const auto& e : entries_) online_count += e->online ? 1 : 0;
    for (auto it = entries_.begin(); online_count > max_online_ && it != entries_.end();) {
      if ((*it)->online && *it != entry) {
        ASIM_LOG_INFO("[ACL] single op: dropping the oldest online-compiled model {} (max op queue num {})",
                      DescText((*it)->desc), max_online_);
        it = entries_.erase(it);
        --online_count;
      } else {
        ++it;
      }
    }
  }
  if (out != nullptr) *out = std::move(entry);
}

Status OpCatalog::LoadDir(const std::string& dir, size_t* loaded) {
  *loaded = 0;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return Status(err::kReadModelFailure, "modelDir '" + dir + "' is not a directory");
  }
  std::vector<std::string> files;
  ListOmFiles(dir, 0, &files);
  std::string bad;
  for (const std::string& path : files) {
    auto model = std::make_shared<om::Model>();
    Status st = om::ReadModelFile(path, model.get());
    if (st.ok()) st = AddModel(std::move(model), path, false, nullptr);
    if (!st.ok()) {
      ASIM_LOG_WARN("[ACL] aclopSetModelDir: skipping {}: {}", path, st.message());
      bad += (bad.empty() ? "" : "; ") + path + ": " + st.message();
      continue;
    }
    ++*loaded;
  }
  ASIM_LOG_INFO("[ACL] aclopSetModelDir: {} single-op model(s) loaded from {}", *loaded, dir);
  if (!bad.empty()) return Status(err::kOpLoadFailed, "modelDir '" + dir + "': " + bad);
  return Status::Ok();
}

Status OpCatalog::LoadMem(const void* data, size_t size) {
  if (data == nullptr) return Status(err::kInvalidParam, "model must not be NULL");
  if (size == 0) return Status(err::kInvalidParam, "modelSize must not be 0");
  auto model = std::make_shared<om::Model>();
  ASIM_RETURN_IF_ERROR(om::ReadModel(data, size, model.get()));
  return AddModel(std::move(model), "aclopLoad", false, nullptr);
}

Status OpCatalog::AddCompiled(om::Model model, const std::string& source, std::shared_ptr<const OpModelEntry>* out) {
  return AddModel(std::make_shared<om::Model>(std::move(model)), source, true, out);
}

Status OpCatalog::Find(const OpCall& call, const sim::SocSpec& spec, std::shared_ptr<const OpModelEntry>* out) const {
  std::vector<std::shared_ptr<const OpModelEntry>> entries;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    entries = entries_;
  }
  std::shared_ptr<const OpModelEntry> dynamic_match;
  MatchStage best = MatchStage::kType;
  std::vector<std::string> closest;  // "<desc> (<source>): <why>" of the candidates that got furthest
  size_t same_type = 0;
  // Newest first: a model loaded later replaces an equal earlier one.
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    const OpModelEntry& e = **it;
    if (e.desc.op_type != call.op_type) continue;
    ++same_type;
    std::string why;
    MatchStage stage = MatchOp(call, e.desc, &why);
    if (stage == MatchStage::kMatched && !SocMatches(e.model->soc_version, spec)) {
      stage = MatchStage::kAttrs;
      why = "built for " + e.model->soc_version + ", the device simulates " + spec.soc_version;
    }
    if (stage == MatchStage::kMatched) {
      if (!e.dynamic) {
        *out = *it;
        return Status::Ok();
      }
      if (!dynamic_match) dynamic_match = *it;
      continue;
    }
    if (stage > best) {
      best = stage;
      closest.clear();
    }
    if (stage == best && closest.size() < 3) closest.push_back(DescText(e.desc) + " [" + e.source + "]: " + why);
  }
  if (dynamic_match) {
    *out = std::move(dynamic_match);
    return Status::Ok();
  }
  std::string msg = "no single-op model matches " + call.Text() + ": ";
  if (same_type == 0) {
    msg += "none of op type '" + call.op_type + "' is loaded";
  } else {
    msg += std::to_string(same_type) + " model(s) of op type '" + call.op_type + "' are loaded; the closest:";
    for (const auto& c : closest) msg += " " + c + ";";
  }
  msg += " -- run atc --singleop=<op json> --output=<dir> --soc_version=" + spec.soc_version +
         " and aclopSetModelDir(<dir>), or call aclopCompile (online compilation) first";
  return Status(err::kOpNotFound, msg);
}

Status OpCatalog::SetMaxOnline(uint64_t max) {
  if (max == 0) return Status(err::kInvalidParam, "maxOpNum must be greater than 0");
  std::lock_guard<std::mutex> lock(mutex_);
  max_online_ = max;
  return Status::Ok();
}

size_t OpCatalog::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

void OpCatalog::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.clear();
  max_online_ = 20000;
}

}  // namespace asim::op
