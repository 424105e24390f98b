// OpRunner: per-device loaded single-op models and their execution. See op_runner.h.
#include "runtime/op/op_runner.h"

#include <vector>

#include "base/log.h"

namespace asim::op {
namespace {

// Model id of single-op tasks (observe/kernel_task.h: 0 = a single op, never an aclmdl id).
constexpr uint32_t kSingleOpModelId = 0;

}  // namespace

Status OpRunner::Loaded(const std::shared_ptr<const OpModelEntry>& entry,
                        const std::shared_ptr<rt::DeviceContext>& device, std::shared_ptr<model::LoadedModel>* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto& per_device = loaded_[device->id()];
  auto it = per_device.find(entry->serial);
  if (it != per_device.end()) {
    *out = it->second.model;
    return Status::Ok();
  }
  std::shared_ptr<model::LoadedModel> loaded;
  Status st = model::LoadedModel::Load(entry->model, model::LoadMemory{}, device, kSingleOpModelId, &loaded);
  if (!st.ok()) {
    return Status(st.code() == err::kGeLoadModel ? err::kOpLoadFailed : st.code(),
                  "loading single-op model " + DescText(entry->desc) + " [" + entry->source + "] on device " +
                      std::to_string(device->id()) + ": " + st.message());
  }
  per_device[entry->serial] = LoadedOp{entry, loaded};
  *out = std::move(loaded);
  return Status::Ok();
}

void OpRunner::ReleaseDropped() {
  std::vector<std::shared_ptr<model::LoadedModel>> removed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [device_id, per_device] : loaded_) {
      for (auto it = per_device.begin(); it != per_device.end();) {
        if (it->second.entry.expired()) {
          removed.push_back(std::move(it->second.model));
          it = per_device.erase(it);
        } else {
          ++it;
        }
      }
    }
  }
  for (auto& m : removed) m->Retire();  // released here, outside the lock
}

Status OpRunner::Execute(const std::shared_ptr<const OpModelEntry>& entry,
                         const std::shared_ptr<rt::DeviceContext>& device, model::ExecuteRequest request) {
  // Entries are dropped only when a newer one is added, which is loaded here before it runs:
  // sweeping on that first load (not on every execution) releases them before the new model
  // takes its memory.
  bool loaded_already = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto per_device = loaded_.find(device->id());
    loaded_already = per_device != loaded_.end() && per_device->second.count(entry->serial) != 0;
  }
  if (!loaded_already) ReleaseDropped();
  std::shared_ptr<model::LoadedModel> loaded;
  ASIM_RETURN_IF_ERROR(Loaded(entry, device, &loaded));
  request.async = true;
  request.keep_alive.push_back(entry);  // the om::Model the tasks read stays alive
  return loaded->Execute(request);
}

size_t OpRunner::Release(int32_t device_id) {
  std::vector<std::shared_ptr<model::LoadedModel>> removed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = loaded_.begin(); it != loaded_.end();) {
      if (device_id < 0 || it->first == device_id) {
        for (auto& [serial, op] : it->second) removed.push_back(std::move(op.model));
        it = loaded_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& m : removed) m->Retire();
  return removed.size();
}

size_t OpRunner::loaded_count() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  for (const auto& [id, per_device] : loaded_) n += per_device.size();
  return n;
}

}  // namespace asim::op
