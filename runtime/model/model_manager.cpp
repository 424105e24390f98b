// ModelManager: model ids, load / unload, descriptions, execution dispatch.
#include "runtime/model/model_manager.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "base/log.h"
#include "kernels/common/host/host_threads.h"
#include "kernels/common/host/parallel.h"
#include "kernels/framework/isa.h"
#include "om/om_reader.h"
#include "runtime/model/compute_mode.h"
#include "runtime/model/loaded_model.h"

namespace asim::model {
namespace {

// The model with its weight blob left in the file, read straight into device memory at load.
Status ReadFromFile(const std::string& path, std::shared_ptr<om::Model>* out, WeightSource* weights) {
  auto model = std::make_shared<om::Model>();
  std::unique_ptr<om::ModelFile> file;
  ASIM_RETURN_IF_ERROR(om::ModelFile::Open(path, model.get(), &file));
  weights->size = file->weight_size();
  std::shared_ptr<const om::ModelFile> shared(std::move(file));
  weights->reread = [shared](uint64_t offset, uint64_t len, uint8_t* dst) {
    return shared->RereadWeights(offset, len, dst);
  };
  weights->read_range = [shared](uint64_t offset, uint64_t len, uint8_t* dst) {
    return shared->ReadWeightRange(offset, len, dst);
  };
  // Read and CRC-checked on the kernels' threads (a 100 MB blob: both halve).
  static const om::ModelFile::ParallelRunner parallel = [](size_t count,
                                                           const std::function<void(size_t, size_t)>& body) {
    kernels::ParallelFor(static_cast<int64_t>(count), 1, [&](int64_t begin, int64_t end) {
      body(static_cast<size_t>(begin), static_cast<size_t>(end));
    });
  };
  if (!model->prepared.empty()) {
    weights->map_prepared = [shared](std::shared_ptr<const uint8_t>* blob, uint64_t* size) {
      return shared->MapPrepared(blob, size, parallel);
    };
  }
  weights->copy_to = [file = std::move(shared)](uint8_t* dst, const WeightRanges& skip) {
    return file->ReadWeights(dst, parallel, skip);
  };
  *out = std::move(model);
  return Status::Ok();
}

// The model with its weight blob left in the caller's buffer (valid for the whole load).
Status ReadFromMem(const void* data, size_t size, std::shared_ptr<om::Model>* out, WeightSource* weights) {
  if (data == nullptr) return Status(err::kInvalidParam, "model is NULL");
  if (size == 0) return Status(err::kInvalidParam, "modelSize is 0");
  auto model = std::make_shared<om::Model>();
  ASIM_RETURN_IF_ERROR(om::ReadModel(data, size, model.get(), om::WeightCopy::kLeaveInSource));
  const uint8_t* blob = static_cast<const uint8_t*>(data) + model->source_weight_offset;
  weights->size = model->source_weight_size;
  weights->copy_to = [blob, n = weights->size](uint8_t* dst, const WeightRanges& /*skip: none without reread*/) {
    std::memcpy(dst, blob, n);
    return Status::Ok();
  };
  *out = std::move(model);
  return Status::Ok();
}

}  // namespace

namespace {

// Models left loaded go with their device (aclrtResetDevice, aclFinalize), counted as leaks.
// aclInit also chooses the kernels' vector target ("sim" isa / ASCEND_SIM_ISA; "auto" by
// default, which also undoes a previous initialization's choice) and their host-thread cap.
static_assert(cfg::kMaxHostThreads == kernels::kMaxHostThreads);
class ModelExtension : public rt::RuntimeExtension {
 public:
  explicit ModelExtension(ModelManager* models) : models_(models) {}
  Status OnInit(const cfg::AclConfig& config) override {
    ASIM_RETURN_IF_ERROR(kernels::isa::Force(config.sim.isa));
    if (!kernels::SetHostThreads(config.sim.host_threads)) {
      return Status(err::kInvalidParam, fmt::format("host_threads {} is out of range", config.sim.host_threads));
    }
    if (config.sim.host_threads > 0) {
      ASIM_LOG_INFO("[KERNEL] host threads: {}{}", config.sim.host_threads,
                    config.sim.host_threads == 1 ? " (serial)" : "");
    }
    SetComputeEnabled(config.sim.compute);
    if (!config.sim.compute) {
      ASIM_LOG_INFO(
          "[ACL] compute off: kernels are not computed, only their simulated time (outputs are left as "
          "they are; dump is refused)");
    }
    return Status::Ok();
  }
  size_t OnDeviceRelease(int32_t device_id, bool log_leaks) override {
    return models_->UnloadAll(device_id, log_leaks);
  }

 private:
  ModelManager* const models_;
};

}  // namespace

std::shared_ptr<rt::RuntimeExtension> ModelManager::Extension() {
  return std::make_shared<ModelExtension>(this);
}

Status ModelManager::LoadFromFile(const std::string& path, const std::shared_ptr<rt::DeviceContext>& device,
                                  const LoadMemory& memory, uint32_t* model_id) {
  std::shared_ptr<om::Model> model;
  WeightSource weights;
  ASIM_RETURN_IF_ERROR(ReadFromFile(path, &model, &weights));
  return LoadParsed(std::move(model), std::move(weights), device, memory, model_id,
                    std::filesystem::path(path).stem().string());
}

Status ModelManager::LoadFromMem(const void* data, size_t size, const std::shared_ptr<rt::DeviceContext>& device,
                                 const LoadMemory& memory, uint32_t* model_id) {
  std::shared_ptr<om::Model> model;
  WeightSource weights;
  ASIM_RETURN_IF_ERROR(ReadFromMem(data, size, &model, &weights));
  return LoadParsed(std::move(model), std::move(weights), device, memory, model_id);
}

Status ModelManager::LoadParsed(std::shared_ptr<om::Model> model, WeightSource weights,
                                const std::shared_ptr<rt::DeviceContext>& device, const LoadMemory& memory,
                                uint32_t* model_id, std::string file_name) {
  if (!device) return Status(err::kInvalidParam, "no device to load model '" + model->name + "' on");
  uint32_t id = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    id = next_id_++;
  }
  std::shared_ptr<LoadedModel> loaded;
  ASIM_RETURN_IF_ERROR(LoadedModel::Load(std::move(model), memory, device, id, &loaded, std::move(weights)));
  loaded->set_file_name(std::move(file_name));
  ASIM_LOG_INFO("[ACL] loaded model '{}' as id {} on device {} (work {} bytes, weight {} bytes)", loaded->name(), id,
                loaded->device_id(), loaded->info()->work_size, loaded->info()->weight_size);
  std::lock_guard<std::mutex> lock(mutex_);
  models_[id] = std::move(loaded);
  *model_id = id;
  return Status::Ok();
}

Status ModelManager::Find(uint32_t model_id, std::shared_ptr<LoadedModel>* model) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = models_.find(model_id);
  if (it == models_.end()) {
    return Status(err::kInvalidModelId, "model id " + std::to_string(model_id) +
                                            " is not loaded (never loaded, already unloaded, or its device was reset)");
  }
  *model = it->second;
  return Status::Ok();
}

Status ModelManager::Unload(uint32_t model_id) {
  std::shared_ptr<LoadedModel> model;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = models_.find(model_id);
    if (it == models_.end()) {
      return Status(err::kInvalidModelId, "model id " + std::to_string(model_id) + " is not loaded");
    }
    model = std::move(it->second);
    models_.erase(it);
  }
  // Executions still in flight finish first: their tasks use the model's memory.
  model->Retire();
  return Status::Ok();
}

size_t ModelManager::UnloadAll(int32_t device_id, bool log_leaks) {
  std::vector<std::shared_ptr<LoadedModel>> removed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = models_.begin(); it != models_.end();) {
      if (device_id < 0 || it->second->device_id() == device_id) {
        removed.push_back(std::move(it->second));
        it = models_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& m : removed) {
    if (log_leaks) {
      ASIM_LOG_WARN("[ACL] device {}: model '{}' (id {}) was not unloaded; unloading it", m->device_id(), m->name(),
                    m->id());
    }
    m->Retire();
  }
  return removed.size();
}

size_t ModelManager::loaded_count() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return models_.size();
}

uint32_t ModelManager::next_model_id() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_id_;
}

Status ModelManager::QuerySizeFromFile(const std::string& path, size_t* work_size, size_t* weight_size) {
  om::ModelHeader header;
  ASIM_RETURN_IF_ERROR(om::ReadModelHeaderFile(path, &header));
  *work_size = static_cast<size_t>(header.work_size);
  *weight_size = static_cast<size_t>(header.weight_size);
  return Status::Ok();
}

Status ModelManager::QuerySizeFromMem(const void* data, size_t size, size_t* work_size, size_t* weight_size) {
  if (data == nullptr) return Status(err::kInvalidParam, "model is NULL");
  if (size == 0) return Status(err::kInvalidParam, "modelSize is 0");
  om::ModelHeader header;
  ASIM_RETURN_IF_ERROR(om::ReadModelHeader(data, size, &header));
  *work_size = static_cast<size_t>(header.work_size);
  *weight_size = static_cast<size_t>(header.weight_size);
  return Status::Ok();
}

Status ModelManager::QueryPartitions(const std::string& path, PartitionSizes* sizes) {
  om::ModelHeader header;
  ASIM_RETURN_IF_ERROR(om::ReadModelHeaderFile(path, &header));
  sizes->work_size = static_cast<size_t>(header.work_size);
  sizes->weight_size = static_cast<size_t>(header.weight_size);
  // The description alone: the prepared data (the filters packed for this simulator's host
  // kernels) is no more a part of it than the weights are.
  sizes->model_desc_size = static_cast<size_t>(header.file_size - header.weight_size - header.prepared_section_size);
  return Status::Ok();
}

Status ModelManager::GetInfo(uint32_t model_id, std::shared_ptr<const ModelInfo>* info) const {
  std::shared_ptr<LoadedModel> model;
  ASIM_RETURN_IF_ERROR(Find(model_id, &model));
  *info = model->info();
  return Status::Ok();
}

Status ModelManager::InfoFromFile(const std::string& path, std::shared_ptr<const ModelInfo>* info) {
  std::shared_ptr<om::Model> model;
  WeightSource unused;  // a description needs no weights
  ASIM_RETURN_IF_ERROR(ReadFromFile(path, &model, &unused));
  *info = ModelInfo::Build(*model);
  return Status::Ok();
}

Status ModelManager::InfoFromMem(const void* data, size_t size, std::shared_ptr<const ModelInfo>* info) {
  std::shared_ptr<om::Model> model;
  WeightSource unused;
  ASIM_RETURN_IF_ERROR(ReadFromMem(data, size, &model, &unused));
  *info = ModelInfo::Build(*model);
  return Status::Ok();
}

Status ModelManager::WeightResidency(uint32_t model_id, uint64_t* released, uint64_t* restored) const {
  std::shared_ptr<LoadedModel> m;
  ASIM_RETURN_IF_ERROR(Find(model_id, &m));
  if (released != nullptr) *released = m->released_weight_bytes();
  if (restored != nullptr) *restored = m->restored_weight_bytes();
  return Status::Ok();
}

Status ModelManager::PreparedFromFile(uint32_t model_id, size_t* nodes) const {
  std::shared_ptr<LoadedModel> m;
  ASIM_RETURN_IF_ERROR(Find(model_id, &m));
  *nodes = m->prepared_from_file();
  return Status::Ok();
}

Status ModelManager::CurrentGear(uint32_t model_id, int* gear) const {
  std::shared_ptr<LoadedModel> model;
  ASIM_RETURN_IF_ERROR(Find(model_id, &model));
  *gear = model->current_gear();
  return Status::Ok();
}

Status ModelManager::SetCurrentGear(uint32_t model_id, int gear) const {
  std::shared_ptr<LoadedModel> model;
  ASIM_RETURN_IF_ERROR(Find(model_id, &model));
  model->set_current_gear(gear);
  return Status::Ok();
}

Status ModelManager::LastOutputDims(uint32_t model_id, size_t index, std::vector<int64_t>* dims, bool* known) const {
  std::shared_ptr<LoadedModel> model;
  ASIM_RETURN_IF_ERROR(Find(model_id, &model));
  *known = model->LastOutputDims(index, dims);
  return Status::Ok();
}

Status ModelManager::Execute(uint32_t model_id, const ExecuteRequest& request, ExecuteResult* result) {
  std::shared_ptr<LoadedModel> model;
  ASIM_RETURN_IF_ERROR(Find(model_id, &model));
  return model->Execute(request, result);
}

}  // namespace asim::model
