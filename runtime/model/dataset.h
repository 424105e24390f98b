// Dataset: the list of data buffers a model reads or writes (aclmdlDataset), and the tensor
// descriptions and the gear set on it.
//
// Owns: copies of the tensor descriptions set on it (SetDesc copies; the copy is registered in
// the IoObjects' descriptor registry so the aclGetTensorDesc* getters accept it, survives the
// application destroying its own description, is overwritten in place by a later SetDesc on
// the same index and is released with the dataset), and the gear chosen by
// aclmdlSetDynamicBatchSize / SetDynamicHWSize / SetInputDynamicDims. The buffers belong to
// the application: the dataset holds them by weak reference, so one destroyed while still
// listed is reported by Collect instead of read.
// Who owns it: the ModelObjects registry (model_objects.h); the handle is its address.
// Thread safety: none (as in AscendCL, an application must not mutate a dataset from two
// threads at once). Failure: Status kInvalidParam naming the index and the problem.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "base/tensor_desc.h"
#include "runtime/core/io_objects.h"
#include "runtime/model/model_info.h"
#include "runtime/model/model_manager.h"

namespace asim::model {

class Dataset {
 public:
  size_t size() const { return entries_.size(); }
  void AddBuffer(const std::shared_ptr<rt::DataBuffer>& buffer);
  // The handle the application added at `index` (it may have been destroyed since).
  rt::DataBuffer* BufferHandle(size_t index) const { return entries_[index].handle; }
  // The buffer at `index`, or nullptr when the application destroyed it.
  std::shared_ptr<rt::DataBuffer> Buffer(size_t index) const { return entries_[index].buffer.lock(); }
  // The dataset's copy of the description at `index`, or nullptr when none is set.
  TensorDesc* Desc(size_t index) const { return entries_[index].desc.get(); }

  // Copies `source` into the entry at `index` (nullptr clears it); registers new copies in
  // `descs`. kInvalidParam when index >= size().
  Status SetDesc(size_t index, const TensorDesc* source, rt::HandleRegistry<TensorDesc>& descs);
  // Releases the description copies (aclmdlDestroyDataset).
  void ReleaseDescs(rt::HandleRegistry<TensorDesc>& descs);

  // The gear's values chosen for the next execution (as om::Model::gears); empty = none.
  const std::vector<int64_t>& gear() const { return gear_; }
  void set_gear(std::vector<int64_t> values) { gear_ = std::move(values); }

  // The executor's view of the buffers; `what` ("input" / "output") names the dataset in
  // messages. `keep` holds the description copies alive for the execution; a copy the
  // application destroyed (aclDestroyTensorDesc on what aclmdlGetDatasetTensorDesc gave) is
  // not live in `descs` and is ignored.
  Status Collect(const char* what, const rt::HandleRegistry<TensorDesc>& descs, std::vector<IoBuffer>* out,
                 std::vector<std::shared_ptr<const void>>* keep) const;

  // After a synchronous execution: the description of each data-dependent output takes the
  // dims the execution computed (one set by the application gets the new shape; otherwise one
  // is created with the output's data type, format and name and registered in `descs`,
  // also in place of a copy the application destroyed), and the data buffer of each output
  // the runtime allocated points at that memory.
  void ApplyOutputDims(const ModelInfo& info, const ExecuteResult& result, rt::HandleRegistry<TensorDesc>& descs);

 private:
  struct Entry {
    rt::DataBuffer* handle = nullptr;
    std::weak_ptr<rt::DataBuffer> buffer;
    std::shared_ptr<TensorDesc> desc;  // registered in the descriptor registry
  };
  std::vector<Entry> entries_;
  std::vector<int64_t> gear_;
};

}  // namespace asim::model
