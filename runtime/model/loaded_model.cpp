// LoadedModel: load (memory, weights, prepared task lists) and execute (bind, submit).
#include "runtime/model/loaded_model.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "base/log.h"
#include "compiler/chip_traits.h"
#include "device_sim/cost/l2_reuse.h"
#include "device_sim/memory/address_space.h"
#include "kernels/common/host/large_buffer.h"
#include "kernels/common/host/parallel.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"
#include "om/tensor_spec.h"
#include "runtime/core/pointer_text.h"
#include "runtime/model/compute_mode.h"
#include "runtime/model/string_tensors.h"

namespace asim::model {
namespace {

// CANN's default op execute timeout for AI CPU operators when the application sets none
// (aclrtSetOpExecuteTimeOut(0) or never called).
constexpr uint32_t kDefaultAiCpuTimeoutSeconds = 28;

std::string Dims(const std::vector<int64_t>& dims) {
  return kernels::DimsToString(dims);
}

using om::SpecOf;

std::string IoText(const om::IoDesc& io) {
  return "'" + io.name + "' " + DataTypeName(io.dtype) + " " + Dims(io.dims) + " (" + std::to_string(io.size) +
         " bytes)";
}

// A kernel that fails while its task runs (an index out of range, a value it cannot take)
// is what real hardware reports as an exception of the engine running the task: the
// runtime's ACL_ERROR_RT_AICORE_EXCEPTION / ACL_ERROR_RT_AICPU_EXCEPTION, returned by the
// synchronization and given to the exception callback. The message keeps the simulator's
// explanation. An AI CPU timeout and host memory exhaustion keep their own codes.
constexpr int32_t kRtAicoreException = 507015;  // ACL_ERROR_RT_AICORE_EXCEPTION
constexpr int32_t kRtAicpuException = 507018;   // ACL_ERROR_RT_AICPU_EXCEPTION

Status AsDeviceFault(kernels::Engine engine, Status st) {
  if (st.ok() || st.code() == err::kRtAicpuTimeout || st.code() == err::kBadAlloc) return st;
  const bool aicpu = engine == kernels::Engine::kAiCpu;
  return Status(aicpu ? kRtAicpuException : kRtAicoreException,
                std::string(aicpu ? "AI CPU" : "AI Core") + " exception: " + st.message());
}

}  // namespace

LoadedModel::LoadedModel(std::shared_ptr<const om::Model> model, std::shared_ptr<rt::DeviceContext> device, uint32_t id)
    : model_(std::move(model)), device_(std::move(device)), id_(id) {}

LoadedModel::~LoadedModel() {
  // A destructor must not throw: should host memory run out while releasing (a free's
  // bookkeeping allocates), what is not released yet is left to the device's teardown.
  try {
    if (sync_stream_) device_->scheduler().DestroyStream(sync_stream_, /*force=*/false);
    if (owns_work_ && work_dev_ != nullptr) (void)device_->memory().Free(work_dev_);
    if (owns_weight_ && weight_dev_ != nullptr) (void)device_->memory().Free(weight_dev_);
  } catch (...) {
  }
}

std::string LoadedModel::Where(const om::Node& node) const {
  return "model '" + model_->name + "' (id " + std::to_string(id_) + ") node '" + node.name + "' (" + node.type + ", " +
         kernels::EngineName(node.engine) + ")";
}

Status LoadedModel::Load(std::shared_ptr<const om::Model> model, const LoadMemory& memory,
                         std::shared_ptr<rt::DeviceContext> device, uint32_t id, std::shared_ptr<LoadedModel>* out,
                         WeightSource weights) {
  const sim::SocSpec& spec = device->device().spec();
  if (model->soc_version != spec.soc_version && model->soc_version != spec.soc_name &&
      model->soc_version != spec.short_soc_version) {
    return Status(err::kGeLoadModel, "model '" + model->name + "' was built for " + model->soc_version +
                                         " but device " + std::to_string(device->id()) + " simulates " +
                                         spec.soc_version + ": convert it again with atc --soc_version=" +
                                         spec.soc_version + " (or set \"sim\": {\"soc_version\"} in acl.json)");
  }
  std::shared_ptr<LoadedModel> m(new LoadedModel(std::move(model), std::move(device), id));
  // Weights the model will not keep (see PlanSkippedWeights) are not even written to device
  // memory when the source can read them again: they are left out of the upload and read
  // from the file for repacking. Their memory then stays untouched, which the weight
  // memory's huge pages would defeat (a weight written next to them faults in 2 MiB).
  const bool can_skip =
      m->model_->weights_in_source && weights.reread && weights.read_range && memory.weight == nullptr;
  ASIM_RETURN_IF_ERROR(m->AllocateMemory(memory, /*huge_weight_pages=*/!can_skip));
  if (m->model_->weights_in_source) {
    if (!weights.copy_to || weights.size != m->model_->weight_size()) {
      return Status(err::kInternalError, "model '" + m->model_->name + "': its weight blob (" +
                                             std::to_string(m->model_->weight_size()) +
                                             " bytes) was not handed to the loader");
    }
  } else {
    const std::vector<uint8_t>& own = m->model_->weights;
    weights.size = own.size();
    weights.copy_to = [&own](uint8_t* dst, const WeightRanges& /*skip: none without reread*/) {
      if (!own.empty()) std::memcpy(dst, own.data(), own.size());
      return Status::Ok();
    };
  }
  using Clock = std::chrono::steady_clock;
  const auto upload_start = Clock::now();
  m->reread_ = std::move(weights.reread);
  WeightRanges skip;
  if (can_skip) skip = m->PlanSkippedWeights(spec);
  ASIM_RETURN_IF_ERROR(m->UploadWeights(weights, skip));
  m->read_range_ = std::move(weights.read_range);
  if (weights.map_prepared) {
    ASIM_RETURN_IF_ERROR(weights.map_prepared(&m->prepared_blob_, &m->prepared_blob_size_));
  }
  weights = {};  // the source's bytes go before Prepare's repacking (a model file stays open for reread_)
  const auto prepare_start = Clock::now();
  ASIM_RETURN_IF_ERROR(m->Prepare(spec));
  m->read_range_ = nullptr;
  m->staging_.reset();
  m->staging_bytes_ = 0;
  m->prepared_blob_.reset();  // unmapped now unless a node's prepared result reads from it
  if (!m->model_->prepared.empty()) {
    ASIM_LOG_INFO("[ACL] model '{}': {} of {} nodes' prepared data read from the model file{}", m->model_->name,
                  m->prepared_from_file_, m->model_->prepared.size(),
                  m->prepared_from_file_ == m->model_->prepared.size()
                      ? ""
                      : " (the others prepared again: made for another plan, or the model was not loaded from a file)");
  }
  const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  ASIM_LOG_DEBUG(
      "[ACL] model '{}': {} bytes of weights read and uploaded in {:.1f} ms, {} nodes prepared in {:.1f} ms, {} "
      "bytes of weights only prepared copies read left out of memory",
      m->model_->name, m->model_->weight_size(), ms(prepare_start - upload_start),
      m->model_->graphs.empty() ? size_t{0} : m->model_->graphs[0].nodes.size(), ms(Clock::now() - prepare_start),
      m->released_bytes_);
  m->info_ = ModelInfo::Build(*m->model_);
  const uint32_t limit = m->device_->device().spec().limits.max_streams;
  m->sync_stream_ = m->device_->scheduler().CreateStream(m->device_->NextStreamId(), 0, limit);
  if (m->sync_stream_) m->sync_stream_->SetErrorsPrivate(true);  // aclmdlExecute's result
  if (!m->sync_stream_) {
    return Status(err::kRtNoStreamResource, "device " + std::to_string(m->device_->id()) + " already has " +
                                                std::to_string(limit) +
                                                " streams, its limit: a loaded model needs one (destroy streams "
                                                "you no longer use)");
  }
  *out = std::move(m);
  return Status::Ok();
}

Status LoadedModel::AllocateMemory(const LoadMemory& memory, bool huge_weight_pages) {
  sim::DeviceMemory& mem = device_->memory();
  struct Region {
    const char* what;
    const char* size_arg;
    uint64_t need;
    void* given;
    size_t given_size;
    void** dev;
    uint8_t** sim;
    bool* owned;
  };
  Region regions[] = {
      {"work", "workSize", model_->work_size(), memory.work, memory.work_size, &work_dev_, &work_sim_, &owns_work_},
      {"weight", "weightSize", model_->weight_size(), memory.weight, memory.weight_size, &weight_dev_, &weight_sim_,
       &owns_weight_},
  };
  // The application's memory is checked before anything is allocated: a freed block given
  // as weight memory must not be taken for valid because the work memory allocated first
  // happened to land on it.
  for (Region& r : regions) {
    if (r.need == 0 || r.given == nullptr) continue;
    if (r.given_size < r.need) {
      return Status(err::kInvalidParam, std::string(r.size_arg) + " " + std::to_string(r.given_size) +
                                            " is smaller than the " + r.what + " memory model '" + model_->name +
                                            "' needs (" + std::to_string(r.need) +
                                            " bytes, as aclmdlQuerySize reports)");
    }
    void* sim = nullptr;
    Status st = mem.Translate(r.given, r.need, &sim);
    if (!st.ok()) {
      return Status(err::kInvalidParam, std::string(r.what) + " memory " + rt::PointerText(r.given) + " (" +
                                            std::to_string(r.need) + " bytes) is not device memory of device " +
                                            std::to_string(device_->id()) + ": " + st.message());
    }
    *r.dev = r.given;
    *r.sim = static_cast<uint8_t*>(sim);
  }
  for (Region& r : regions) {
    if (r.need == 0 || r.given != nullptr) continue;
    const std::string origin = std::string("aclmdlLoad ") + r.what + " memory of model '" + model_->name + "'";
    void* dev = nullptr;
    const bool huge = r.need >= (uint64_t{2} << 20) && (huge_weight_pages || r.dev != &weight_dev_);
    Status st = mem.Allocate(r.need, 0, huge ? sim::PageKind::kHuge : sim::PageKind::kNormal, origin, &dev);
    if (!st.ok() && st.code() == err::kRtMemoryAllocation) {
      st = mem.Allocate(r.need, 0, sim::PageKind::kNormal, origin, &dev);
    }
    if (!st.ok()) {
      return Status(st.code(), "loading model '" + model_->name + "' needs " + std::to_string(r.need) + " bytes of " +
                                   r.what + " memory: " + st.message());
    }
    void* sim = nullptr;
    ASIM_RETURN_IF_ERROR(mem.Translate(dev, r.need, &sim));
    *r.dev = dev;
    *r.sim = static_cast<uint8_t*>(sim);
    *r.owned = true;
  }
  return Status::Ok();
}

WeightRanges LoadedModel::PlanSkippedWeights(const sim::SocSpec& spec) {
  const kernels::ChipTraits chip = atc::ChipTraitsOf(spec);
  const uint64_t page = sim::AddressSpace::PageSize();
  const uint64_t base = reinterpret_cast<uint64_t>(weight_dev_);
  // Pages wholly inside a weight that every node reading it replaces with a prepared copy,
  // and no node reads as it is (a bias sharing the page). Which kernel a node gets is known
  // before its weights are: the registry's choice depends on the layouts only.
  std::vector<std::pair<uint64_t, uint64_t>> replaced, kept;  // device addresses [begin, end)
  uint64_t largest_replaced = 0;
  for (const om::Graph& g : model_->graphs) {
    for (const om::Node& node : g.nodes) {
      std::vector<kernels::TensorSpec> layouts;
      bool dynamic = false;
      for (int32_t t : node.inputs) {
        layouts.push_back(t < 0 ? kernels::TensorSpec{} : SpecOf(g.tensors[static_cast<size_t>(t)]));
        dynamic = dynamic || (t >= 0 && g.tensors[static_cast<size_t>(t)].dynamic);
      }
      for (int32_t t : node.outputs) dynamic = dynamic || g.tensors[static_cast<size_t>(t)].dynamic;
      const kernels::KernelDef* def = kernels::KernelRegistry::Get().FindForLayouts(node.type, node.engine, layouts);
      for (size_t i = 0; i < node.inputs.size(); ++i) {
        const int32_t t = node.inputs[i];
        if (t < 0) continue;
        const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
        if (tensor.place != om::TensorPlace::kWeight || tensor.size == 0) continue;
        const bool by_copy = def != nullptr && def->prepare && !dynamic &&
                             std::find(def->prepared_replaces.begin(), def->prepared_replaces.end(), i) !=
                                 def->prepared_replaces.end() &&
                             def->Match(layouts, node.attrs, chip).ok();
        const uint64_t begin = base + tensor.offset, end = begin + tensor.size;
        if (by_copy) {
          largest_replaced = std::max(largest_replaced, tensor.size);
          if ((begin + page - 1) / page < end / page) {
            replaced.emplace_back((begin + page - 1) / page * page, end / page * page);
          }
        } else {
          kept.emplace_back(begin / page * page, (end + page - 1) / page * page);
        }
      }
    }
  }
  // replaced minus kept, as sorted disjoint ranges of the blob; one range per weight (not
  // merged with the next one: a weight read back reads back itself only).
  const auto merge = [](std::vector<std::pair<uint64_t, uint64_t>>* v) {
    std::sort(v->begin(), v->end());
    std::vector<std::pair<uint64_t, uint64_t>> out;
    for (const auto& r : *v) {
      if (!out.empty() && r.first < out.back().second) {
        out.back().second = std::max(out.back().second, r.second);
      } else {
        out.push_back(r);
      }
    }
    *v = std::move(out);
  };
  merge(&replaced);
  merge(&kept);
  WeightRanges skip;
  size_t k = 0;
  for (auto [begin, end] : replaced) {
    while (k < kept.size() && kept[k].second <= begin) ++k;
    for (size_t j = k; begin < end; ++j) {
      const uint64_t stop = j < kept.size() ? std::min(end, kept[j].first) : end;
      if (stop > begin) skip.emplace_back(begin - base, stop - begin);
      if (j >= kept.size() || kept[j].first >= end) break;
      begin = std::max(begin, kept[j].second);
    }
  }
  for (const auto& [offset, size] : skip) {
    released_.push_back(ReleasedRun{offset, size, false});
    released_bytes_ += size;
  }
  if (largest_replaced > 0) {  // PrepareNode's staging buffer at once, not grown weight after weight
    staging_ = kernels::AllocateLarge<uint8_t>(static_cast<size_t>(largest_replaced));
    staging_bytes_ = staging_ ? largest_replaced : 0;
  }
  return skip;
}

Status LoadedModel::UploadWeights(const WeightSource& weights, const WeightRanges& skip) {
  if (weights.size == 0) return Status::Ok();
  sim::Scheduler& sched = device_->scheduler();
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kMemcpy;
  desc.engine = sim::EngineKind::kDmaH2D;
  desc.name = "LoadWeights";
  desc.bytes = weights.size;
  desc.duration_ps = sched.CopyDuration(sim::EngineKind::kDmaH2D, desc.bytes);
  uint8_t* dst = weight_sim_;
  sim::DeviceMemory& memory = device_->memory();
  void* dev = weight_dev_;
  desc.run = [dst, dev, &memory, &weights, &skip]() {
    // One call per written range, not a fault per page.
    uint64_t at = 0;
    for (size_t i = 0; i <= skip.size(); ++i) {
      const uint64_t stop = i < skip.size() ? skip[i].first : weights.size;
      if (stop > at) {
        // Huge pages where a kept range covers them (a fully connected layer's 8 MB): a page
        // fault each costs more than the read on some virtual machines.
        ASIM_RETURN_IF_ERROR(memory.AdviseHugePagesWithin(static_cast<uint8_t*>(dev) + at, stop - at));
        ASIM_RETURN_IF_ERROR(memory.Populate(static_cast<uint8_t*>(dev) + at, stop - at));
      }
      if (i < skip.size()) at = skip[i].first + skip[i].second;
    }
    return weights.copy_to(dst, skip);
  };  // RunSync: `weights` and `skip` outlive the task
  return sched.RunSync(std::move(desc));
}

Status LoadedModel::RestoreUnreplacedWeights(size_t graph, const PreparedNode& pn) const {
  if (released_.empty() || (pn.prepared != nullptr && !pn.dynamic)) return Status::Ok();
  // The kernel prepared nothing after all (a depthwise filter, read in place): the weights
  // PlanSkippedWeights left out for it are read in now.
  const om::Graph& g = model_->graphs[graph];
  for (int32_t t : pn.node->inputs) {
    if (t < 0) continue;
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
    if (tensor.place == om::TensorPlace::kWeight) ASIM_RETURN_IF_ERROR(RestoreWeights(tensor.offset, tensor.size));
  }
  return Status::Ok();
}

Status LoadedModel::RestoreWeights(uint64_t offset, uint64_t size) const {
  if (released_.empty()) return Status::Ok();
  std::lock_guard<std::mutex> lock(released_mutex_);
  for (ReleasedRun& run : released_) {
    if (run.restored || run.offset >= offset + size || run.offset + run.size <= offset) continue;
    void* dev = static_cast<uint8_t*>(weight_dev_) + run.offset;
    ASIM_RETURN_IF_ERROR(device_->memory().Populate(dev, run.size));
    // During the load, the bytes the upload checked (no second CRC pass); after it, checked again.
    const Status st = (read_range_ ? read_range_ : reread_)(run.offset, run.size, weight_sim_ + run.offset);
    if (!st.ok()) {
      return Status(st.code(), "model '" + model_->name + "': reading back " + std::to_string(run.size) +
                                   " bytes of weights left out of memory at load: " + st.message());
    }
    run.restored = true;
  }
  return Status::Ok();
}

Status LoadedModel::RestoreNodeWeights(size_t gear, const om::Node& node, size_t input) const {
  const om::Graph& g = model_->graphs[gear];
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    if (input != SIZE_MAX && i != input) continue;
    const int32_t t = node.inputs[i];
    if (t < 0) continue;
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
    if (tensor.place == om::TensorPlace::kWeight) ASIM_RETURN_IF_ERROR(RestoreWeights(tensor.offset, tensor.size));
  }
  return Status::Ok();
}

uint64_t LoadedModel::restored_weight_bytes() const {
  std::lock_guard<std::mutex> lock(released_mutex_);
  uint64_t bytes = 0;
  for (const ReleasedRun& run : released_) bytes += run.restored ? run.size : 0;
  return bytes;
}

Status LoadedModel::PrepareNode(size_t graph, const om::Node& node, const kernels::ChipTraits& chip,
                                PreparedNode* out) const {
  const om::Graph& g = model_->graphs[graph];
  std::vector<kernels::TensorSpec> layouts;
  for (int32_t t : node.inputs) {
    layouts.push_back(t < 0
                          ? kernels::TensorSpec{DataType::kUndefined, Format::kNd, {}, nullptr, Format::kUndefined, {}}
                          : SpecOf(g.tensors[static_cast<size_t>(t)]));
  }
  const kernels::KernelDef* def = kernels::KernelRegistry::Get().FindForLayouts(node.type, node.engine, layouts);
  if (def == nullptr) {
    return Status(err::kOpNotFound, Where(node) + ": this runtime has no " + kernels::EngineName(node.engine) +
                                        " kernel for op type '" + node.type + "'");
  }
  out->node = &node;
  out->def = def;
  if (Status st = CheckStringTensors(g, node); !st.ok()) return Status(st.code(), Where(node) + ": " + st.message());
  // The model file's prepared data for this node, if any (entries sorted by graph, node).
  const om::PreparedData* image = nullptr;
  if (prepared_blob_ != nullptr && def->adopt_prepared && !g.nodes.empty()) {
    const auto index = static_cast<uint32_t>(&node - g.nodes.data());
    const auto key = std::make_pair(static_cast<uint32_t>(graph), index);
    const auto it = std::lower_bound(model_->prepared.begin(), model_->prepared.end(), key,
                                     [](const om::PreparedData& e, const std::pair<uint32_t, uint32_t>& k) {
                                       return std::make_pair(e.graph, e.node) < k;
                                     });
    if (it != model_->prepared.end() && it->graph == key.first && it->node == key.second &&
        it->offset + it->size <= prepared_blob_size_) {
      image = &*it;
    }
  }
  // A weight the upload left out (PlanSkippedWeights) is read from the source for the
  // kernel's prepare only, into the load's staging buffer (reused node after node, freed
  // after the load; its bytes read on the kernels' threads, in 1 MiB pieces). With prepared
  // data for the node, only if the kernel does not take that data after all.
  uint64_t staged = 0;
  std::vector<size_t> deferred;  // inputs to stage if the prepared data does not fit
  const auto stage = [&](size_t i, kernels::TensorSpec* s) -> Status {
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(node.inputs[i])];
    if (staging_bytes_ < staged + tensor.size) {
      // A mapping of its own, so its pages go when the load ends (not kept by the heap).
      staging_.reset();
      staging_ = kernels::AllocateLarge<uint8_t>(static_cast<size_t>(staged + tensor.size));
      staging_bytes_ = staging_ ? staged + tensor.size : 0;
      if (!staging_) return Status(err::kBadAlloc, Where(node) + ": out of host memory");
    }
    uint8_t* dst = staging_.get() + staged;
    constexpr uint64_t kPiece = uint64_t{1} << 20;
    const int64_t pieces = static_cast<int64_t>((tensor.size + kPiece - 1) / kPiece);
    std::vector<Status> read(static_cast<size_t>(pieces));
    kernels::ParallelFor(pieces, 1, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k) {
        const uint64_t at = static_cast<uint64_t>(k) * kPiece, n = std::min(kPiece, tensor.size - at);
        read[static_cast<size_t>(k)] = read_range_(tensor.offset + at, n, dst + at);
      }
    });
    for (const Status& st : read) {
      if (!st.ok()) return Status(st.code(), Where(node) + ": " + st.message());
    }
    s->host_data = dst;
    staged += tensor.size;
    return Status::Ok();
  };
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    const int32_t t = node.inputs[i];
    if (t < 0) {
      out->inputs.push_back(
          kernels::TensorSpec{DataType::kUndefined, Format::kNd, {}, nullptr, Format::kUndefined, {}});
      continue;
    }
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
    kernels::TensorSpec s = SpecOf(tensor);
    if (tensor.place == om::TensorPlace::kWeight) {
      s.host_data = weight_sim_ + tensor.offset;
      if (Released(tensor.offset, tensor.size)) {
        const auto& replaces = def->prepared_replaces;
        if (read_range_ && def->prepare && std::find(replaces.begin(), replaces.end(), i) != replaces.end()) {
          if (image != nullptr) {
            s.host_data = nullptr;  // read only if the prepared data does not fit (below)
            deferred.push_back(i);
          } else {
            ASIM_RETURN_IF_ERROR(stage(i, &s));
          }
        } else {
          ASIM_RETURN_IF_ERROR(RestoreWeights(tensor.offset, tensor.size));
        }
      }
    }
    out->inputs.push_back(std::move(s));
  }
  Status st = def->Match(out->inputs, node.attrs, chip);
  if (!st.ok()) return Status(st.code(), Where(node) + ": the kernel refuses the model's inputs: " + st.message());
  st = def->ResolveAttrs(node.attrs, &out->attrs);
  if (!st.ok()) return Status(st.code(), Where(node) + ": " + st.message());
  std::vector<kernels::TensorSpec> inferred;
  if (def->infer_shape) {
    st = def->infer_shape(out->inputs, out->attrs, &inferred);
    if (!st.ok()) return Status(err::kDeserializeModel, Where(node) + ": shape inference failed: " + st.message());
  }
  if (inferred.size() < node.outputs.size()) {
    return Status(err::kDeserializeModel, Where(node) + ": the model gives " + std::to_string(node.outputs.size()) +
                                              " outputs but the kernel produces " + std::to_string(inferred.size()));
  }
  inferred.resize(node.outputs.size());
  bool dynamic_input = false;
  for (int32_t t : node.inputs) dynamic_input = dynamic_input || (t >= 0 && g.tensors[static_cast<size_t>(t)].dynamic);
  out->dynamic = dynamic_input;
  for (size_t i = 0; i < node.outputs.size(); ++i) {
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(node.outputs[i])];
    const kernels::TensorSpec& k = inferred[i];
    out->dynamic = out->dynamic || tensor.dynamic;
    // Data-dependent dims: planned at the kernel's bound, and the file must say so.
    if (!tensor.dynamic && (dynamic_input || def->OutputShapeComputed(i, out->inputs))) {
      return Status(err::kParseModel,
                    Where(node) + ": output " + std::to_string(i) + " '" + tensor.name + "' has dims decided at " +
                        "execution (" + (dynamic_input ? "an input is dynamic" : "the kernel computes them") +
                        ") but the model does not mark the tensor dynamic (om format version 2): convert the model "
                        "again with this atc");
    }
    if (!k.IsStatic()) {
      // Dims an input's values decide: the kernel infers them again at execution.
      if (!tensor.dynamic || node.engine != kernels::Engine::kAiCpu) {
        return Status(err::kParseModel,
                      Where(node) + ": output " + std::to_string(i) + " has a shape (" + Dims(k.dims) +
                          ") known only at execution but the model " +
                          (tensor.dynamic ? "runs the node on the AI Core" : "does not mark it dynamic") +
                          ": convert the model again with this atc");
      }
      out->by_values = true;
    }
    if (k.dims != tensor.desc.dims || k.dtype != tensor.desc.dtype) {
      return Status(err::kDeserializeModel, Where(node) + ": output " + std::to_string(i) + " '" + tensor.name +
                                                "' is " + DataTypeName(tensor.desc.dtype) + " " +
                                                Dims(tensor.desc.dims) + " in the model but the kernel infers " +
                                                DataTypeName(k.dtype) + " " + Dims(k.dims));
    }
    out->outputs.push_back(SpecOf(tensor));
  }
  // Unknown dims count as 1 here: a node sized by values gets its workspace at execution.
  const size_t workspace = def->workspace ? def->workspace(kernels::WithUnknownDimsAsOne(out->inputs),
                                                           kernels::WithUnknownDimsAsOne(out->outputs), out->attrs)
                                          : 0;
  if (workspace > node.workspace_size) {
    return Status(err::kDeserializeModel, Where(node) + ": the kernel needs " + std::to_string(workspace) +
                                              " bytes of workspace but the model plans " +
                                              std::to_string(node.workspace_size));
  }
  // Once per node, from the weights (uploaded before Prepare): e.g. a conv's repacked filter.
  if (def->prepare && !out->by_values) {
    if (image != nullptr) {
      kernels::PreparedImage view;
      view.kind = image->kind;
      view.params = image->params;
      view.data = prepared_blob_.get() + image->offset;
      view.size = static_cast<size_t>(image->size);
      out->prepared = def->adopt_prepared(out->inputs, out->attrs, view, prepared_blob_);
      if (out->prepared != nullptr) ++prepared_from_file_;
    }
    if (out->prepared == nullptr) {
      for (size_t i : deferred) ASIM_RETURN_IF_ERROR(stage(i, &out->inputs[i]));
      try {
        out->prepared = def->prepare(out->inputs, out->attrs);
      } catch (const std::bad_alloc&) {
        out->prepared = nullptr;  // compute works without it, only slower
      }
    }
  }
  for (size_t i = 0; i < node.inputs.size(); ++i) {  // staged bytes go now: the spec names device memory
    const int32_t t = node.inputs[i];
    if (t >= 0 && g.tensors[static_cast<size_t>(t)].place == om::TensorPlace::kWeight) {
      out->inputs[i].host_data = weight_sim_ + g.tensors[static_cast<size_t>(t)].offset;
    }
  }
  return Status::Ok();
}

bool LoadedModel::Released(uint64_t offset, uint64_t size) const {
  std::lock_guard<std::mutex> lock(released_mutex_);
  for (const ReleasedRun& run : released_) {
    if (!run.restored && run.offset < offset + size && offset < run.offset + run.size) return true;
  }
  return false;
}

Status LoadedModel::Prepare(const sim::SocSpec& spec) {
  const kernels::ChipTraits chip = atc::ChipTraitsOf(spec);
  // The prepared copies (repacked filters) share huge pages rather than each its own
  // mapping: most are under 2 MiB, and on some virtual machines every 4 KiB page fault costs
  // ~10 us (ResNet-50: 11,400 faults at load -> see docs/performance.md).
  const kernels::LargeArenaScope arena;
  graphs_.resize(model_->graphs.size());
  for (size_t gi = 0; gi < model_->graphs.size(); ++gi) {
    const om::Graph& g = model_->graphs[gi];
    // The L2 carries tensors from producer to consumer along the execution order, as the
    // cost model's L2ReuseModel describes (docs/cost_model.md).
    sim::L2ReuseModel l2(spec.buffers.l2_bytes);
    for (const om::Node& node : g.nodes) {
      PreparedNode pn;
      ASIM_RETURN_IF_ERROR(PrepareNode(gi, node, chip, &pn));
      WorkDesc work;
      // A node sized by values is costed with 1 for each unknown dim.
      if (pn.def->cost) {
        work = pn.def->cost(kernels::WithUnknownDimsAsOne(pn.inputs), kernels::WithUnknownDimsAsOne(pn.outputs),
                            pn.attrs, chip);
      }
      work.on_ai_cpu = node.engine == kernels::Engine::kAiCpu;
      sim::CostHints hints;
      uint64_t weight_bytes = 0;
      for (int32_t t : node.inputs) {
        if (t < 0) continue;
        const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
        if (tensor.place == om::TensorPlace::kWeight) {
          weight_bytes += tensor.size;
        } else {
          hints.mte2_l2_hit_bytes += l2.Read(static_cast<uint64_t>(t), tensor.size);
        }
      }
      l2.Stream(weight_bytes);
      // A dynamic node is costed at its bounds (the estimate stays that of load).
      for (int32_t t : node.outputs) {
        hints.mte3_l2_resident_bytes += l2.Write(static_cast<uint64_t>(t), g.tensors[static_cast<size_t>(t)].size);
      }
      if (work.on_ai_cpu) hints = sim::CostHints{};
      pn.estimate = sim::EstimateCost(work, spec, hints);
      pn.work = work;
      pn.hints = hints;
      pn.block_dim = pn.estimate.block_dim;
      if (const auto* names = node.attrs.Find("_datadump_original_op_names");
          names != nullptr && std::holds_alternative<std::vector<std::string>>(*names)) {
        pn.original_op_names =
            std::make_shared<const std::vector<std::string>>(std::get<std::vector<std::string>>(*names));
      }
      if (const auto* reason = node.attrs.Find(om::kAiCpuReasonAttr);
          reason != nullptr && std::holds_alternative<std::string>(*reason)) {
        pn.aicpu_reason = std::make_shared<const std::string>(std::get<std::string>(*reason));
      }
      graphs_[gi].dynamic = graphs_[gi].dynamic || pn.dynamic;
      ASIM_RETURN_IF_ERROR(RestoreUnreplacedWeights(gi, pn));
      graphs_[gi].nodes.push_back(std::move(pn));
    }
    if (!graphs_[gi].dynamic) {
      PlanPlainSources(gi);
      continue;
    }
    PlanComputeWhenOff(gi);
    std::vector<std::vector<std::pair<size_t, size_t>>>& consumers = graphs_[gi].consumers;
    consumers.resize(g.tensors.size());
    for (size_t n = 0; n < g.nodes.size(); ++n) {
      size_t slot = 0;  // KernelTaskInfo::inputs leaves absent inputs out
      for (int32_t t : g.nodes[n].inputs) {
        if (t < 0) continue;
        if (g.tensors[static_cast<size_t>(t)].dynamic) consumers[static_cast<size_t>(t)].emplace_back(n, slot);
        ++slot;
      }
    }
  }
  output_dims_.assign(model_->outputs.size(), {});
  return Status::Ok();
}

bool LoadedModel::PlainSourceFits(const PreparedNode& reader, const kernels::TensorSpec& plain) {
  if (!reader.def->workspace) return true;
  std::vector<kernels::TensorSpec> inputs = reader.inputs;
  inputs[0] = plain;
  return reader.def->workspace(inputs, reader.outputs, reader.attrs) <= reader.node->workspace_size;
}

void LoadedModel::PlanComputeWhenOff(size_t graph) {
  const om::Graph& g = model_->graphs[graph];
  PreparedGraph& pg = graphs_[graph];
  std::vector<int64_t> producer(g.tensors.size(), -1);
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    for (int32_t t : g.nodes[n].outputs) {
      if (t >= 0) producer[static_cast<size_t>(t)] = static_cast<int64_t>(n);
    }
  }
  std::vector<size_t> work;
  auto push_producer = [&](int32_t t) {
    if (t >= 0 && producer[static_cast<size_t>(t)] >= 0)
      work.push_back(static_cast<size_t>(producer[static_cast<size_t>(t)]));
  };
  auto is_value_input = [](const PreparedNode& pn, size_t i) {
    const kernels::KernelDef& def = *pn.def;
    if (i < def.inputs.size() && def.inputs[i].host_data_required) return true;
    for (const kernels::IoSpec& out : def.outputs) {
      for (int k : out.computed_unless_known) {
        if (static_cast<size_t>(k) == i) return true;
      }
    }
    // The AI CPU forms of Reshape, Expand ... declare their shape input as a plain input (a
    // data-dependent kernel's data input, NonZero's, is not a value input).
    if (!pn.by_values) return false;
    const kernels::TensorSpec& spec = pn.inputs[i];
    const bool integer = spec.dtype == DataType::kInt64 || spec.dtype == DataType::kInt32;
    return integer && spec.dims.size() <= 1 && spec.IsStatic() && spec.ElementCount() <= 64;
  };
  for (PreparedNode& pn : pg.nodes) {
    if (!pn.by_values && !pn.def->AnyOutputShapeComputed(pn.inputs)) continue;
    pn.computes_when_off = true;
    for (size_t i = 0; i < pn.node->inputs.size() && i < pn.inputs.size(); ++i) {
      if (is_value_input(pn, i)) push_producer(pn.node->inputs[i]);
    }
  }
  while (!work.empty()) {
    PreparedNode& pn = pg.nodes[work.back()];
    work.pop_back();
    if (pn.computes_when_off) continue;
    pn.computes_when_off = true;
    if (pn.node->type == "Shape" || pn.node->type == "Size") continue;  // reads dims only
    for (int32_t t : pn.node->inputs) push_producer(t);
  }
}

void LoadedModel::PlanPlainSources(size_t graph) {
  const om::Graph& g = model_->graphs[graph];
  std::vector<PreparedNode>& nodes = graphs_[graph].nodes;
  for (PreparedNode& td : nodes) {
    const om::Node& node = *td.node;
    if (node.type != "TransData" || node.inputs.size() != 1 || node.outputs.size() != 1 || node.inputs[0] < 0) continue;
    const kernels::TensorSpec& from = td.inputs[0];
    const kernels::TensorSpec& to = td.outputs[0];
    // From the application's buffer, which nothing in the model writes, so that it still
    // holds the image when the readers run (a work tensor's memory may be reused).
    const om::Tensor& source = g.tensors[static_cast<size_t>(node.inputs[0])];
    const om::Tensor& made = g.tensors[static_cast<size_t>(node.outputs[0])];
    if (source.place != om::TensorPlace::kInput || made.place != om::TensorPlace::kWork) continue;
    if (from.format != Format::kNchw || to.format != Format::kNc1hwc0 || from.dtype != to.dtype ||
        (from.dtype != DataType::kFloat && from.dtype != DataType::kFloat16) || from.dims.size() != 4 ||
        !from.IsStatic() || from.dims[1] > 4) {
      continue;
    }
    std::vector<PreparedNode*> readers;
    bool all_read_plain = true;
    for (PreparedNode& reader : nodes) {
      const std::vector<int32_t>& in = reader.node->inputs;
      for (size_t slot = 0; slot < in.size(); ++slot) {
        if (in[slot] != node.outputs[0]) continue;
        if (slot != 0 || !reader.def->reads_plain_source || !PlainSourceFits(reader, from)) all_read_plain = false;
        if (readers.empty() || readers.back() != &reader) readers.push_back(&reader);
      }
    }
    if (readers.empty() || !all_read_plain) continue;
    td.runs_for_observers_only = true;
    for (PreparedNode* reader : readers) {
      reader->plain_source = node.inputs[0];
      reader->plain_source_spec = from;
    }
  }
}

Status LoadedModel::SelectGear(const ExecuteRequest& request, size_t* gear) const {
  *gear = 0;
  if (model_->dynamic == om::DynamicKind::kNone) return Status::Ok();
  const int32_t code =
      model_->dynamic == om::DynamicKind::kBatch ? err::kGeDynamicBatchSizeInvalid : err::kGeShapeInvalid;
  std::vector<int64_t> values = request.dynamic_gear;
  const size_t dyn_index = model_->inputs.size() - 1;
  if (values.empty() && dyn_index < request.inputs.size()) {
    // The gear is whatever the dynamic tensor holds, as on the device.
    const size_t count = model_->gears.front().size();
    const IoBuffer& buf = request.inputs[dyn_index];
    void* sim = nullptr;
    if (buf.data != nullptr && buf.size >= count * sizeof(int64_t) &&
        device_->memory().Translate(buf.data, count * sizeof(int64_t), &sim).ok()) {
      values.resize(count);
      std::memcpy(values.data(), sim, count * sizeof(int64_t));
    }
  }
  const int index = info_->FindGear(values);
  if (index < 0) {
    std::string gears;
    for (const auto& g : model_->gears) gears += (gears.empty() ? "" : " ") + Dims(g);
    return Status(code, "model '" + model_->name + "' is dynamic (" + om::DynamicKindName(model_->dynamic) +
                            ") and its dynamic input " + std::to_string(dyn_index) + " '" + om::kDynamicTensorName +
                            "' selects " + (values.empty() ? std::string("no gear") : Dims(values)) +
                            ", which is not one of its gears " + gears +
                            ": call aclmdlSetDynamicBatchSize / aclmdlSetDynamicHWSize / aclmdlSetInputDynamicDims "
                            "before executing");
  }
  *gear = static_cast<size_t>(index);
  return Status::Ok();
}

Status LoadedModel::Bind(size_t gear, const ExecuteRequest& request, Binding* binding) const {
  const om::Graph& g = model_->graphs[gear];
  if (request.inputs.size() != model_->inputs.size()) {
    std::string list;
    for (const auto& io : model_->inputs) list += (list.empty() ? "" : ", ") + IoText(io);
    return Status(err::kModelInputNotMatch,
                  "model '" + model_->name + "' has " + std::to_string(model_->inputs.size()) + " input(s) [" + list +
                      "] but the input dataset has " + std::to_string(request.inputs.size()) + " buffer(s)");
  }
  if (request.outputs.size() != model_->outputs.size()) {
    std::string list;
    for (const auto& io : model_->outputs) list += (list.empty() ? "" : ", ") + IoText(io);
    return Status(err::kModelOutputNotMatch,
                  "model '" + model_->name + "' has " + std::to_string(model_->outputs.size()) + " output(s) [" + list +
                      "] but the output dataset has " + std::to_string(request.outputs.size()) + " buffer(s)");
  }
  // Dataset-side checks and translation of every buffer the graph touches.
  auto check = [&](bool input, size_t i, uint64_t need, uint8_t** sim) -> Status {
    const IoBuffer& buf = input ? request.inputs[i] : request.outputs[i];
    const om::IoDesc& io = input ? model_->inputs[i] : model_->outputs[i];
    const int32_t code = input ? err::kModelInputNotMatch : err::kModelOutputNotMatch;
    const std::string what = std::string(input ? "input " : "output ") + std::to_string(i) + " '" + io.name + "'";
    if (buf.desc != nullptr && buf.desc->data_type() != DataType::kUndefined && buf.desc->data_type() != io.dtype) {
      return Status(code, "model '" + model_->name + "' " + what + " is " + DataTypeName(io.dtype) +
                              " but the dataset's tensor desc says " + DataTypeName(buf.desc->data_type()));
    }
    if (buf.size < need) {
      return Status(code, "model '" + model_->name + "' " + what + " needs " + std::to_string(need) +
                              " bytes but its dataset buffer has " + std::to_string(buf.size) + " (aclmdlGet" +
                              (input ? "Input" : "Output") + "SizeByIndex gives the size)");
    }
    if (buf.data == nullptr) {
      if (need == 0) return Status::Ok();
      return Status(code, "model '" + model_->name + "' " + what + ": the dataset buffer's data is NULL");
    }
    void* p = nullptr;
    Status st = device_->memory().Translate(buf.data, need, &p);
    if (!st.ok()) {
      return Status(err::kInvalidParam, "model '" + model_->name + "' " + what + ": buffer " +
                                            rt::PointerText(buf.data) + " (" + std::to_string(need) +
                                            " bytes) is not device memory of device " + std::to_string(device_->id()) +
                                            " (allocate it with aclrtMalloc and copy the data there): " + st.message());
    }
    *sim = static_cast<uint8_t*>(p);
    return Status::Ok();
  };
  std::vector<uint8_t*> in_sim(request.inputs.size(), nullptr), out_sim(request.outputs.size(), nullptr);
  std::vector<uint64_t> in_need(request.inputs.size(), 0), out_need(request.outputs.size(), 0);
  for (const om::Tensor& t : g.tensors) {
    if (t.place == om::TensorPlace::kInput) in_need[t.io_index] = std::max(in_need[t.io_index], t.offset + t.size);
    if (t.place == om::TensorPlace::kOutput) out_need[t.io_index] = std::max(out_need[t.io_index], t.offset + t.size);
  }
  for (size_t i = 0; i < request.inputs.size(); ++i) ASIM_RETURN_IF_ERROR(check(true, i, in_need[i], &in_sim[i]));
  for (size_t i = 0; i < request.outputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(check(false, i, out_need[i], &out_sim[i]));
  }
  binding->outputs = request.outputs;
  binding->allocates_outputs = !request.async;
  ASIM_RETURN_IF_ERROR(
      BindStringBuffers(*model_, g, request, device_->memory(), &in_sim, &out_sim, &binding->string_bytes));
  binding->sim.resize(g.tensors.size());
  binding->dev.resize(g.tensors.size());
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    const om::Tensor& t = g.tensors[i];
    uint8_t* sim = nullptr;
    const uint8_t* dev = nullptr;
    switch (t.place) {
      case om::TensorPlace::kWork:
        sim = work_sim_;
        dev = static_cast<const uint8_t*>(work_dev_);
        break;
      case om::TensorPlace::kWeight:
        sim = weight_sim_;
        dev = static_cast<const uint8_t*>(weight_dev_);
        break;
      case om::TensorPlace::kInput:
        sim = in_sim[t.io_index];
        dev = static_cast<const uint8_t*>(request.inputs[t.io_index].data);
        break;
      case om::TensorPlace::kOutput:
        sim = out_sim[t.io_index];
        dev = static_cast<const uint8_t*>(request.outputs[t.io_index].data);
        break;
    }
    binding->sim[i] = sim == nullptr ? nullptr : sim + t.offset;
    binding->dev[i] = dev == nullptr ? nullptr : dev + t.offset;
  }
  return Status::Ok();
}

Status LoadedModel::RunNode(size_t gear, size_t index, const Binding& binding) const {
  const PreparedNode& pn = graphs_[gear].nodes[index];
  // Its readers read the plain source (PlanPlainSources): needed only by an observer.
  if (pn.runs_for_observers_only && !device_->scheduler().ObserversReadTensors()) return Status::Ok();
  const om::Node& node = *pn.node;
  kernels::KernelContext ctx;
  ctx.attrs = &pn.attrs;
  ctx.inputs.resize(node.inputs.size());
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    ctx.inputs[i].spec = pn.inputs[i];
    if (node.inputs[i] >= 0) ctx.inputs[i].data = binding.sim[static_cast<size_t>(node.inputs[i])];
  }
  ctx.outputs.resize(node.outputs.size());
  for (size_t i = 0; i < node.outputs.size(); ++i) {
    ctx.outputs[i].spec = pn.outputs[i];
    ctx.outputs[i].data = binding.sim[static_cast<size_t>(node.outputs[i])];
  }
  if (node.workspace_size > 0) {
    ctx.workspace = work_sim_ + node.workspace_offset;
    ctx.workspace_bytes = node.workspace_size;
  }
  ctx.prepared = pn.prepared.get();
  if (pn.plain_source >= 0) {
    ctx.plain_source.spec = pn.plain_source_spec;
    ctx.plain_source.data = binding.sim[static_cast<size_t>(pn.plain_source)];
  }
  if (!released_.empty()) {
    ctx.materialize = [this, gear, &node](size_t input) { return RestoreNodeWeights(gear, node, input); };
  }
  if (node.engine == kernels::Engine::kAiCpu) {
    // Kernels whose running time depends on the data (Loop, Scan) ask between passes.
    const uint32_t set = binding.aicpu_timeout_s;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(set > 0 ? set : kDefaultAiCpuTimeoutSeconds);
    ctx.interrupted = [deadline] { return std::chrono::steady_clock::now() > deadline; };
  }
  Status st;
  bool upstream_failed = false;
  try {
    if (pn.dynamic) st = BindActualShapes(gear, pn, binding, &ctx, &upstream_failed);
  } catch (const std::bad_alloc&) {
    st = Status(err::kBadAlloc, "out of host memory");
  }
  // A node after a failed one of the same execution: that failure is the execution's error
  // (and its one exception report); this node does nothing, and its outputs stay unproduced
  // so the nodes after it do the same.
  if (st.ok() && upstream_failed) return Status::Ok();
  // Timing-only mode (compute_mode.h): only what decides dims (PlanComputeWhenOff).
  NodeStrings strings;  // string inputs checked; string outputs written on the host, copied if they fit
  if (st.ok() && (ComputeEnabled() || pn.computes_when_off)) {
    st = strings.Stage(&ctx, *model_, model_->graphs[gear], node.inputs, binding.string_bytes);
    if (st.ok()) {
      // What each output can hold as placed (0 for one whose dims are not known before compute);
      // only a dynamic node can be placed again, so a static one (the hot path) records nothing.
      std::vector<uint64_t> capacity;
      if (pn.dynamic) {
        capacity.resize(ctx.outputs.size(), 0);
        for (size_t i = 0; i < ctx.outputs.size(); ++i) {
          if (ctx.outputs[i].spec.IsStatic()) capacity[i] = ctx.outputs[i].spec.Bytes();
        }
      }
      st = kernels::InvokeKernel(*pn.def, ctx);
      // An output the computation sizes may outgrow its bound (a Loop's carried value that
      // grows every iteration, a branch whose dims come from values): the kernel reported the
      // actual dims (computed_shape.h), so place those outputs at that size and run the node
      // again (such kernels only write their outputs).
      for (int retry = 0; !st.ok() && pn.dynamic && retry < 2; ++retry) {
        bool grew = false;
        Status placed;
        for (size_t i = 0; i < ctx.outputs.size() && placed.ok(); ++i) {
          const kernels::TensorSpec& spec = ctx.outputs[i].spec;
          if (!spec.IsStatic() || spec.Bytes() <= capacity[i]) continue;
          placed = PlaceSizedOutput(gear, pn, i, spec.Bytes(), binding, &ctx);
          capacity[i] = spec.Bytes();
          grew = true;
        }
        if (!placed.ok()) return Status(placed.code(), "while running " + Where(node) + ": " + placed.message());
        if (!grew) break;
        st = kernels::InvokeKernel(*pn.def, ctx);
      }
      st = AsDeviceFault(node.engine, std::move(st));
    }
    if (st.ok()) st = strings.Commit(ctx, *model_, model_->graphs[gear], node.outputs, binding.string_bytes);
  }
  if (!st.ok()) return Status(st.code(), "while running " + Where(node) + ": " + st.message());
  if (pn.dynamic) PublishShapes(gear, index, binding, ctx);
  return Status::Ok();
}

Status LoadedModel::BindActualShapes(size_t gear, const PreparedNode& pn, const Binding& binding,
                                     kernels::KernelContext* ctx, bool* upstream_failed) const {
  const om::Graph& g = model_->graphs[gear];
  const om::Node& node = *pn.node;
  ExecShapes& shapes = *binding.shapes;
  std::vector<kernels::TensorSpec> inputs = pn.inputs;
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    const int32_t t = node.inputs[i];
    if (t < 0) continue;
    const size_t ti = static_cast<size_t>(t);
    if (shapes.sim[ti] != nullptr) ctx->inputs[i].data = shapes.sim[ti];  // sized at execution
    // Values that decide output dims are read where the producer wrote them (same stream,
    // earlier task): the shape inference of CANN's dynamic-shape AI CPU ops does the same.
    if (pn.by_values) inputs[i].host_data = ctx->inputs[i].data;
    if (!g.tensors[ti].dynamic) continue;
    if (!shapes.produced[ti]) {  // its producer failed (or did nothing after a failure)
      *upstream_failed = true;
      return Status::Ok();
    }
    inputs[i].dims = shapes.dims[ti];
    ctx->inputs[i].spec.dims = inputs[i].dims;
  }
  std::vector<kernels::TensorSpec> inferred;
  if (pn.def->infer_shape) {
    Status st = pn.def->infer_shape(inputs, pn.attrs, &inferred);
    if (!st.ok()) return Status(st.code(), "shape inference with the actual input dims failed: " + st.message());
  }
  if (inferred.size() < node.outputs.size()) {
    return Status(err::kInternalError,
                  "shape inference with the actual input dims gave " + std::to_string(inferred.size()) + " outputs");
  }
  for (size_t i = 0; i < node.outputs.size(); ++i) {
    const om::Tensor& tensor = g.tensors[static_cast<size_t>(node.outputs[i])];
    kernels::TensorSpec& spec = ctx->outputs[i].spec;
    spec.dims = inferred[i].dims;
    if (!inferred[i].origin_dims.empty()) spec.origin_dims = inferred[i].origin_dims;
    const uint64_t bytes = om::DescBytes(om::TensorDesc{spec.dtype, spec.format, spec.dims, Format::kUndefined, {}});
    if (!spec.IsStatic() && pn.def->OutputShapeComputed(i, inputs)) {
      // Only the computation knows (a branch whose dims come from values): nothing is placed,
      // the kernel reports the dims and runs again at that size (RunNode).
      for (int64_t& d : spec.dims) d = std::max<int64_t>(d, 0);
      ctx->outputs[i].data = nullptr;
      continue;
    }
    if (!spec.IsStatic()) {
      return Status(err::kInternalError, "output " + std::to_string(i) + " '" + tensor.name + "' is " +
                                             Dims(spec.dims) + " even with the actual input values");
    }
    if (!kernels::MakeSpec(tensor.desc.dtype, tensor.desc.dims).IsStatic()) {
      ASIM_RETURN_IF_ERROR(PlaceSizedOutput(gear, pn, i, bytes, binding, ctx));
      continue;
    }
    if (bytes > tensor.size) {
      return Status(err::kInternalError,
                    "output " + std::to_string(i) + " '" + tensor.name + "' would be " + Dims(spec.dims) + " (" +
                        std::to_string(bytes) + " bytes) for the actual input dims, beyond the " +
                        std::to_string(tensor.size) + " bytes planned at its bound " + Dims(tensor.desc.dims));
    }
  }
  if (pn.def->workspace) {
    std::vector<kernels::TensorSpec> outputs;
    for (const kernels::TensorView& v : ctx->outputs) outputs.push_back(v.spec);
    const size_t need = pn.def->workspace(inputs, outputs, pn.attrs);
    if (need > ctx->workspace_bytes && pn.by_values) {  // planned with 1 for each unknown dim
      void* dev = nullptr;
      uint8_t* sim = nullptr;
      ASIM_RETURN_IF_ERROR(shapes.memory.Allocate(need, "workspace of " + Where(node), false, &dev, &sim));
      ctx->workspace = sim;
      ctx->workspace_bytes = need;
    } else if (need > ctx->workspace_bytes) {
      return Status(err::kInternalError, "the kernel needs " + std::to_string(need) +
                                             " bytes of workspace for the actual dims but the model plans " +
                                             std::to_string(ctx->workspace_bytes));
    }
  }
  return Status::Ok();
}

Status LoadedModel::PlaceSizedOutput(size_t gear, const PreparedNode& pn, size_t output, uint64_t bytes,
                                     const Binding& binding, kernels::KernelContext* ctx) const {
  const om::Graph& g = model_->graphs[gear];
  const size_t t = static_cast<size_t>(pn.node->outputs[output]);
  const om::Tensor& tensor = g.tensors[t];
  ExecShapes& shapes = *binding.shapes;
  void* dev = nullptr;
  uint8_t* sim = nullptr;
  if (tensor.place == om::TensorPlace::kWork) {
    ASIM_RETURN_IF_ERROR(shapes.memory.Allocate(bytes, "tensor '" + tensor.name + "' of model '" + model_->name + "'",
                                                false, &dev, &sim));
  } else if (tensor.place == om::TensorPlace::kOutput) {
    const IoBuffer& buf = binding.outputs[tensor.io_index];
    const std::string what = "model '" + model_->name + "' output " + std::to_string(tensor.io_index) + " '" +
                             model_->outputs[tensor.io_index].name + "'";
    if (buf.data == nullptr && buf.size == 0 && binding.allocates_outputs) {
      // AscendCL's first way for an output of unknown size: the runtime allocates it and the
      // application frees it (aclrtFree) after reading it.
      ASIM_RETURN_IF_ERROR(
          shapes.memory.Allocate(bytes, "aclmdlExecute " + what + " (free it with aclrtFree)", true, &dev, &sim));
      shapes.handed_outputs[tensor.io_index] = IoBuffer{dev, std::max<size_t>(bytes, 1), nullptr};
    } else if (buf.size < bytes || (buf.data == nullptr && bytes > 0)) {
      return Status(err::kModelOutputNotMatch,
                    what + " is " + Dims(ctx->outputs[output].spec.dims) + " in this execution: it needs " +
                        std::to_string(bytes) + " bytes but its dataset buffer has " + std::to_string(buf.size) +
                        (binding.allocates_outputs
                             ? " (give a larger buffer, or a NULL 0-byte one for the runtime to allocate)"
                             : " (give a larger buffer: only aclmdlExecute allocates an output given as NULL)"));
    } else if (buf.data != nullptr) {
      void* p = nullptr;
      ASIM_RETURN_IF_ERROR(device_->memory().Translate(buf.data, bytes, &p));
      dev = buf.data;
      sim = static_cast<uint8_t*>(p);
    }
  } else {
    return Status(err::kInternalError,
                  "tensor '" + tensor.name + "' has unknown dims but is not a work or output tensor");
  }
  shapes.sim[t] = sim;
  shapes.dev[t] = static_cast<const uint8_t*>(dev);
  ctx->outputs[output].data = sim;
  return Status::Ok();
}

void LoadedModel::PublishShapes(size_t gear, size_t index, const Binding& binding,
                                const kernels::KernelContext& ctx) const {
  const om::Graph& g = model_->graphs[gear];
  const PreparedGraph& pg = graphs_[gear];
  const om::Node& node = *pg.nodes[index].node;
  ExecShapes& shapes = *binding.shapes;
  auto set = [&shapes](observe::TaskTensor* tensor, const std::vector<int64_t>& dims, size_t t) {
    tensor->desc.dims = dims;
    tensor->bytes = DescBytes(tensor->desc);
    if (shapes.dev[t] != nullptr) tensor->device_addr = shapes.dev[t];  // sized at execution
  };
  for (size_t i = 0; i < node.outputs.size(); ++i) {
    const size_t t = static_cast<size_t>(node.outputs[i]);
    const om::Tensor& tensor = g.tensors[t];
    if (!tensor.dynamic) continue;
    const std::vector<int64_t>& dims = ctx.outputs[i].spec.dims;
    shapes.dims[t] = dims;
    shapes.produced[t] = true;
    if (observe::KernelTaskInfo* own = shapes.infos[index].get(); own != nullptr && i < own->outputs.size()) {
      set(&own->outputs[i], dims, t);
    }
    for (const auto& [consumer, slot] : pg.consumers[t]) {
      observe::KernelTaskInfo* info = shapes.infos[consumer].get();
      if (info != nullptr && slot < info->inputs.size()) set(&info->inputs[slot], dims, t);
    }
    if (tensor.place == om::TensorPlace::kOutput) {
      std::lock_guard<std::mutex> lock(output_dims_mutex_);
      output_dims_[tensor.io_index] = dims;
    }
  }
}

bool LoadedModel::LastOutputDims(size_t index, std::vector<int64_t>* dims) const {
  std::lock_guard<std::mutex> lock(output_dims_mutex_);
  if (index >= output_dims_.size() || output_dims_[index].empty()) return false;
  *dims = output_dims_[index];
  return true;
}

sim::TaskDesc LoadedModel::NodeTask(size_t gear, size_t index, uint64_t execution,
                                    std::shared_ptr<const Binding> binding) {
  const PreparedNode& pn = graphs_[gear].nodes[index];
  const om::Node& node = *pn.node;
  const om::Graph& g = model_->graphs[gear];
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kKernel;
  desc.engine = node.engine == kernels::Engine::kAiCpu ? sim::EngineKind::kAiCpu : sim::EngineKind::kAiCore;
  desc.name = node.name;
  desc.op_type = node.type;
  desc.block_dim = pn.block_dim;
  desc.duration_ps = pn.estimate.duration_ps;
  auto info = std::make_shared<observe::KernelTaskInfo>();
  info->model_id = id_;
  info->execution = execution;
  info->model_name = model_->name;
  info->model_file_name = file_name_;
  info->op_name = node.name;
  info->original_op_names = pn.original_op_names;
  info->aicpu_reason = pn.aicpu_reason;
  info->op_type = node.type;
  info->ai_cpu = node.engine == kernels::Engine::kAiCpu;
  info->block_dim = pn.block_dim;
  info->estimate = pn.estimate;
  info->work = pn.work;
  info->hints = pn.hints;
  auto tensor = [&](int32_t t) {
    const om::Tensor& ot = g.tensors[static_cast<size_t>(t)];
    return observe::TaskTensor{ot.desc, binding->dev[static_cast<size_t>(t)], DescBytes(ot.desc)};
  };
  for (int32_t t : node.inputs) {
    if (t >= 0) info->inputs.push_back(tensor(t));
  }
  for (int32_t t : node.outputs) info->outputs.push_back(tensor(t));
  if (!released_.empty()) {
    const LoadedModel* self = this;
    info->load_inputs = [self, gear, &node] { return self->RestoreNodeWeights(gear, node, SIZE_MAX); };
  }
  if (binding->shapes) binding->shapes->infos[index] = info;  // updated by the tasks as they run
  desc.info = std::move(info);
  // Not owning: Unload and device release wait for the last execution's end event (which
  // follows every task of this model in stream order) before the model goes away.
  const LoadedModel* self = this;
  desc.run = [self, gear, index, binding]() { return self->RunNode(gear, index, *binding); };
  return desc;
}

Status LoadedModel::Execute(const ExecuteRequest& request, ExecuteResult* result) {
  size_t gear = 0;
  ASIM_RETURN_IF_ERROR(SelectGear(request, &gear));
  auto binding = std::make_shared<Binding>();
  ASIM_RETURN_IF_ERROR(Bind(gear, request, binding.get()));
  binding->aicpu_timeout_s = request.aicpu_timeout_s;
  if (graphs_[gear].dynamic) {
    const size_t tensors = model_->graphs[gear].tensors.size();
    binding->shapes = std::make_shared<ExecShapes>(device_);
    binding->shapes->dims.resize(tensors);
    binding->shapes->produced.assign(tensors, false);
    binding->shapes->infos.resize(graphs_[gear].nodes.size());
    binding->shapes->sim.assign(tensors, nullptr);
    binding->shapes->dev.assign(tensors, nullptr);
    binding->shapes->handed_outputs.resize(model_->outputs.size());
  }

  std::shared_ptr<sim::HwStream> hw = sync_stream_;
  if (request.async) {
    const rt::Stream* app_stream = request.stream.get();
    if (app_stream == nullptr) {
      return Status(err::kInternalError, "model '" + model_->name + "': asynchronous execution without a stream");
    }
    if (app_stream->device_id() != device_->id()) {
      return Status(err::kResourceNotMatch, "model '" + model_->name + "' is loaded on device " +
                                                std::to_string(device_->id()) + " but stream " +
                                                rt::PointerText(app_stream) + " belongs to device " +
                                                std::to_string(app_stream->device_id()));
    }
    hw = request.stream->hw_ptr();
  }
  sim::Scheduler& sched = device_->scheduler();
  {
    std::lock_guard<std::mutex> lock(exec_mutex_);
    if (retired_) {
      return Status(err::kInvalidModelId, "model id " + std::to_string(id_) + " ('" + model_->name +
                                              "') was unloaded while this execution was being submitted");
    }
    // A synchronous execution without a time limit runs its tasks on this thread, which
    // would otherwise only wait for the stream's worker (two thread hand-offs, ~0.1-0.2 ms
    // per execution on a 2-vCPU VM); the model's lock is held meanwhile. With a limit the
    // worker runs them, so that the wait can give up.
    if (!request.async) hw->SetRunsInline(request.timeout_ms < 0);
    // Executions share the work memory: this one starts after the previous one ended.
    if (last_done_ && last_stream_ != hw) sched.WaitEvent(*hw, last_done_);
    const size_t n = graphs_[gear].nodes.size();
    const uint64_t execution = executions_++;
    if (binding->shapes) {
      // Every task (and its info) exists before the first runs: running tasks update the
      // infos of later ones.
      std::vector<sim::TaskDesc> tasks;
      tasks.reserve(n);
      for (size_t i = 0; i < n; ++i) tasks.push_back(NodeTask(gear, i, execution, binding));
      for (sim::TaskDesc& task : tasks) sched.Submit(*hw, std::move(task));
    } else {
      for (size_t i = 0; i < n; ++i) sched.Submit(*hw, NodeTask(gear, i, execution, binding));
    }
    auto done = std::make_shared<sim::SimEvent>(0);
    sched.RecordEvent(*hw, done);
    last_done_ = std::move(done);
    last_stream_ = hw;
    current_gear_.store(static_cast<int>(gear));
  }
  if (request.async) return Status::Ok();
  const Status st = sched.SynchronizeStream(*hw, request.timeout_ms);
  // Nobody will receive the outputs the runtime allocated for the application (after a
  // timeout the tasks may still write them: they stay allocated).
  if (binding->shapes && st.code() != err::kRtStreamSyncTimeout && (!st.ok() || result == nullptr)) {
    for (IoBuffer& b : binding->shapes->handed_outputs) {
      if (b.data != nullptr) (void)device_->memory().Free(b.data);
      b = IoBuffer{};
    }
  }
  ASIM_RETURN_IF_ERROR(st);
  if (result != nullptr) {
    result->data_dependent_dims.assign(model_->outputs.size(), {});
    result->allocated_outputs.assign(model_->outputs.size(), IoBuffer{});
    if (binding->shapes) result->allocated_outputs = binding->shapes->handed_outputs;
    if (binding->shapes) {
      const om::Graph& g = model_->graphs[gear];
      for (size_t t = 0; t < g.tensors.size(); ++t) {
        const om::Tensor& tensor = g.tensors[t];
        if (tensor.dynamic && tensor.place == om::TensorPlace::kOutput && binding->shapes->produced[t] &&
            tensor.io_index < result->data_dependent_dims.size()) {
          result->data_dependent_dims[tensor.io_index] = binding->shapes->dims[t];
        }
      }
    }
  }
  return Status::Ok();
}

void LoadedModel::Retire() {
  std::shared_ptr<sim::SimEvent> done;
  {
    std::lock_guard<std::mutex> lock(exec_mutex_);
    retired_ = true;
    done = last_done_;
  }
  if (done) (void)device_->scheduler().SynchronizeEvent(*done, -1);
}

}  // namespace asim::model
