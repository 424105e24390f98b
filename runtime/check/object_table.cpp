// ObjectTable (see object_table.h). Owner: runtime/check.
// Thread safety: mutex_ guards records_. Failure: none.
#include "runtime/check/object_table.h"

#include <algorithm>

#include "runtime/check/memcheck.h"

namespace asim::check {

const char* ObjectKindName(ObjectKind kind) {
  switch (kind) {
    case ObjectKind::kContext: return "context";
    case ObjectKind::kStream: return "stream";
    case ObjectKind::kEvent: return "event";
    case ObjectKind::kModel: return "model";
    case ObjectKind::kModelDataset: return "model dataset";
    case ObjectKind::kTdtDataset: return "tdt dataset";
    case ObjectKind::kChannel: return "channel";
  }
  return "?";
}

std::string DescribeObject(const ObjectRecord& record, const std::string& indent) {
  return record.what + ", created by " + DescribeCallSite(record.site.get(), indent + "  ");
}

void ObjectTable::Created(ObjectKind kind, uintptr_t key, int32_t device_id, uintptr_t context, std::string what) {
  ObjectRecord r{kind, key, device_id, context, std::move(what), CaptureCallSite(memcheck_.enabled())};
  std::lock_guard<std::mutex> lock(mutex_);
  records_[{static_cast<int>(kind), key}] = {next_order_++, std::move(r)};
}

void ObjectTable::Destroyed(ObjectKind kind, uintptr_t key) {
  std::lock_guard<std::mutex> lock(mutex_);
  records_.erase({static_cast<int>(kind), key});
}

bool ObjectTable::Contains(ObjectKind kind, uintptr_t key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return records_.count({static_cast<int>(kind), key}) != 0;
}

template <typename Pred>
std::vector<ObjectRecord> ObjectTable::TakeIf(Pred pred) {
  std::vector<std::pair<uint64_t, ObjectRecord>> taken;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = records_.begin(); it != records_.end();) {
      if (pred(it->second.second)) {
        taken.push_back(std::move(it->second));
        it = records_.erase(it);
      } else {
        ++it;
      }
    }
  }
  std::sort(taken.begin(), taken.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ObjectRecord> out;
  out.reserve(taken.size());
  for (auto& t : taken) out.push_back(std::move(t.second));
  return out;
}

std::vector<ObjectRecord> ObjectTable::TakeDevice(int32_t device_id) {
  return TakeIf([&](const ObjectRecord& r) {
    const bool device_bound = r.kind == ObjectKind::kContext || r.kind == ObjectKind::kStream ||
                              r.kind == ObjectKind::kEvent || r.kind == ObjectKind::kModel;
    return device_bound && r.device_id == device_id;
  });
}

std::vector<ObjectRecord> ObjectTable::TakeContextStreams(uintptr_t context) {
  return TakeIf([&](const ObjectRecord& r) { return r.kind == ObjectKind::kStream && r.context == context; });
}

std::vector<ObjectRecord> ObjectTable::TakeAll() {
  return TakeIf([](const ObjectRecord&) { return true; });
}

}  // namespace asim::check
