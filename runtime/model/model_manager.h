// ModelManager: the models loaded in this process (acl_mdl.h load / unload / execute).
//
// Owns: every LoadedModel by model id (ids start at 1 and are never reused within a
// process), and the functions the acl_mdl shims call. A model is loaded on the device of
// the calling thread's current context; its weights are copied to device memory once and
// its task list is prepared at load (kernel bound, shapes checked, simulated cost decided).
// Thread safety: every member is thread-safe. Executions of one model are serialised on the
// device (each waits for the previous one's end, across streams), because they share the
// model's work memory; executions of different models overlap freely. aclFinalize and
// aclrtResetDevice unload what is left (and report it as a leak).
// Failure: Status with the AscendCL / GE code and a message naming the model, the input or
// output index and the expected vs given value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/status.h"
#include "base/tensor_desc.h"
#include "om/model.h"
#include "runtime/core/extension.h"
#include "runtime/core/objects.h"
#include "runtime/model/model_info.h"

namespace asim::model {

class LoadedModel;

// Caller-provided memory for a load (nullptr / 0 = the runtime allocates it).
struct LoadMemory {
  void* work = nullptr;
  size_t work_size = 0;
  void* weight = nullptr;
  size_t weight_size = 0;
};

// Where a model's weight blob comes from at load when the model does not hold it
// (om::Model::weights_in_source): the model file (read straight into device memory) or the
// caller's buffer of aclmdlLoadFromMem. `copy_to` writes the `size` bytes to dst; the
// loader calls it once and drops it before it repacks anything, so the weights are never
// held twice (a model file stays open for `reread` only: a file descriptor, no bytes).
using WeightRanges = std::vector<std::pair<uint64_t, uint64_t>>;  // (offset, size), sorted, disjoint
struct WeightSource {
  uint64_t size = 0;
  // Writes the blob to dst, all of it but the `skip` ranges (whose memory it leaves
  // untouched; a source may skip only when it has `reread`).
  std::function<Status(uint8_t* dst, const WeightRanges& skip)> copy_to;
  // Set only when the source outlives the load (a model file): the loaded model then does
  // not keep weights it no longer reads once it has repacked them (a convolution's filter),
  // nor even writes them to device memory; it reads them from the source when it needs them:
  // `read_range` during the load (repacking; the bytes copy_to checked), `reread` after it
  // (a dump, a path that cannot use the repacked copy; checked again).
  std::function<Status(uint64_t offset, uint64_t len, uint8_t* dst)> read_range;
  std::function<Status(uint64_t offset, uint64_t len, uint8_t* dst)> reread;
  // Set only for a model file with prepared data (om::Model::prepared): maps its blob
  // read-only after checking its CRC (om::ModelFile::MapPrepared); the nodes' kernels read
  // what fits them from the mapping instead of preparing it into fresh memory.
  std::function<Status(std::shared_ptr<const uint8_t>* blob, uint64_t* size)> map_prepared;
};

// One dataset entry as the executor sees it.
struct IoBuffer {
  void* data = nullptr;
  size_t size = 0;
  const TensorDesc* desc = nullptr;  // set by aclmdlSetDatasetTensorDesc, else nullptr
};

// One execution, with every handle already resolved by the caller (the API layer): the
// executor never looks up process state.
struct ExecuteRequest {
  std::vector<IoBuffer> inputs;
  std::vector<IoBuffer> outputs;
  std::vector<int64_t> dynamic_gear;  // chosen through aclmdlSetDynamic*; empty = read the tensor
  // Asynchronous executions run on this application stream (required, on the model's
  // device); synchronous ones on the model's own stream (this is ignored).
  std::shared_ptr<rt::Stream> stream;
  bool async = false;            // false: wait for the end (aclmdlExecute)
  int64_t timeout_ms = -1;       // synchronous wait limit (-1 = none)
  uint32_t aicpu_timeout_s = 0;  // aclrtSetOpExecuteTimeOut in effect (0 = CANN's default)
  // Objects the caller keeps alive for the call (the dataset's tensor descs behind `desc`).
  std::vector<std::shared_ptr<const void>> keep_alive;
};

// What a synchronous execution reports back (an asynchronous one reports nothing: its
// results exist only once the stream has run it; ask LastOutputDims then).
struct ExecuteResult {
  // Per model output: the actual dims when the output is data-dependent (its shape decided
  // by the values, e.g. NonZero's), empty otherwise.
  std::vector<std::vector<int64_t>> data_dependent_dims;
  // Per model output: the device memory the runtime allocated for it (the application gave
  // a NULL, 0-byte buffer for an output whose size is known only at execution); the
  // application owns it and frees it with aclrtFree. Empty entries elsewhere.
  std::vector<IoBuffer> allocated_outputs;
};

// aclmdlQueryExeOMDesc's partitions of a model file.
struct PartitionSizes {
  size_t work_size = 0;
  size_t weight_size = 0;
  size_t model_desc_size = 0;  // everything in the file but the weights and the prepared data
};

class ModelManager {
 public:
  // One per runtime context (runtime/api/runtime_context.h); tests construct their own.
  ModelManager() = default;
  ModelManager(const ModelManager&) = delete;
  ModelManager& operator=(const ModelManager&) = delete;
  // Its part in the runtime's lifecycle: aclInit's kernel settings (vector target, host
  // threads, compute mode); a released device's models are unloaded (and counted as
  // leaks). Refers to this manager (which must outlive the registration).
  std::shared_ptr<rt::RuntimeExtension> Extension();

  // Loads on `device` (the caller resolves the current context's device).
  Status LoadFromFile(const std::string& path, const std::shared_ptr<rt::DeviceContext>& device,
                      const LoadMemory& memory, uint32_t* model_id);
  Status LoadFromMem(const void* data, size_t size, const std::shared_ptr<rt::DeviceContext>& device,
                     const LoadMemory& memory, uint32_t* model_id);
  Status Unload(uint32_t model_id);

  // Exact sizes a load needs (aclmdlQuerySize / QuerySizeFromMem).
  static Status QuerySizeFromFile(const std::string& path, size_t* work_size, size_t* weight_size);
  static Status QuerySizeFromMem(const void* data, size_t size, size_t* work_size, size_t* weight_size);
  static Status QueryPartitions(const std::string& path, PartitionSizes* sizes);

  // Descriptions (aclmdlGetDesc / GetDescFromFile / GetDescFromMem).
  Status GetInfo(uint32_t model_id, std::shared_ptr<const ModelInfo>* info) const;
  static Status InfoFromFile(const std::string& path, std::shared_ptr<const ModelInfo>* info);
  static Status InfoFromMem(const void* data, size_t size, std::shared_ptr<const ModelInfo>* info);
  // The gear the model last executed (or was last set to run); 0 for static models and
  // dynamic models that never ran.
  Status CurrentGear(uint32_t model_id, int* gear) const;
  Status SetCurrentGear(uint32_t model_id, int gear) const;  // a gear chosen by aclmdlSetDynamic*
  // The actual dims of data-dependent output `index` (a dynamic output tensor) in the
  // latest execution that produced it; *known = false when the output is not data-dependent
  // or no execution produced it yet.
  Status LastOutputDims(uint32_t model_id, size_t index, std::vector<int64_t>* dims, bool* known) const;

  // Weight bytes the load left out of memory, and those read back since
  // (LoadedModel::released_weight_bytes; diagnostics and tests).
  Status WeightResidency(uint32_t model_id, uint64_t* released, uint64_t* restored) const;
  // How many nodes' prepared data the load read from the model file (LoadedModel::prepared_from_file).
  Status PreparedFromFile(uint32_t model_id, size_t* nodes) const;

  // `result` (may be nullptr) is filled by synchronous executions that succeed.
  Status Execute(uint32_t model_id, const ExecuteRequest& request, ExecuteResult* result = nullptr);

  // Unloads every model of `device_id` (-1 = all); returns how many were still loaded.
  size_t UnloadAll(int32_t device_id, bool log_leaks);
  size_t loaded_count() const;
  // The id the next load gets: models loaded from now on have ids >= this one (ids are never
  // reused), which is how aclmdlSetDump applies only to models loaded after it.
  uint32_t next_model_id() const;

 private:
  Status Find(uint32_t model_id, std::shared_ptr<LoadedModel>* model) const;
  // `file_name`: the .om file's name without directory and suffix, or empty (from memory).
  Status LoadParsed(std::shared_ptr<om::Model> model, WeightSource weights,
                    const std::shared_ptr<rt::DeviceContext>& device, const LoadMemory& memory, uint32_t* model_id,
                    std::string file_name = {});

  mutable std::mutex mutex_;
  uint32_t next_id_ = 1;
  std::unordered_map<uint32_t, std::shared_ptr<LoadedModel>> models_;
};

}  // namespace asim::model
