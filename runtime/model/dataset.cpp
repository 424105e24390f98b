// Dataset: buffers by weak reference, description copies, the data-dependent output dims.
#include "runtime/model/dataset.h"

#include <string>
#include <utility>

namespace asim::model {

void Dataset::AddBuffer(const std::shared_ptr<rt::DataBuffer>& buffer) {
  Entry entry;
  entry.handle = buffer.get();
  entry.buffer = buffer;
  entries_.push_back(std::move(entry));
}

Status Dataset::SetDesc(size_t index, const TensorDesc* source, rt::HandleRegistry<TensorDesc>& descs) {
  if (index >= entries_.size()) {
    return Status(err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the dataset has " +
                                          std::to_string(entries_.size()) + " buffer(s)");
  }
  std::shared_ptr<TensorDesc>& slot = entries_[index].desc;
  if (source == nullptr) {  // clears the entry
    if (slot) descs.Remove(slot.get());
    slot.reset();
    return Status::Ok();
  }
  if (slot) {
    if (slot.get() != source) *slot = *source;  // same handle, new contents
    return Status::Ok();
  }
  slot = std::make_shared<TensorDesc>(*source);
  descs.Add(slot);
  return Status::Ok();
}

void Dataset::ReleaseDescs(rt::HandleRegistry<TensorDesc>& descs) {
  for (Entry& entry : entries_) {
    if (entry.desc) descs.Remove(entry.desc.get());
    entry.desc.reset();
  }
}

Status Dataset::Collect(const char* what, const rt::HandleRegistry<TensorDesc>& descs, std::vector<IoBuffer>* out,
                        std::vector<std::shared_ptr<const void>>* keep) const {
  out->reserve(entries_.size());
  for (size_t i = 0; i < entries_.size(); ++i) {
    std::shared_ptr<rt::DataBuffer> buffer = entries_[i].buffer.lock();
    if (!buffer) {
      return Status(err::kInvalidParam, std::string(what) + " dataset buffer " + std::to_string(i) +
                                            " was destroyed (aclDestroyDataBuffer) while still in the dataset");
    }
    IoBuffer io;
    io.data = buffer->data;
    io.size = buffer->size;
    if (entries_[i].desc && descs.Find(entries_[i].desc.get())) {
      io.desc = entries_[i].desc.get();
      keep->push_back(entries_[i].desc);
    }
    out->push_back(io);
  }
  return Status::Ok();
}

void Dataset::ApplyOutputDims(const ModelInfo& info, const ExecuteResult& result,
                              rt::HandleRegistry<TensorDesc>& descs) {
  for (size_t i = 0; i < entries_.size() && i < info.outputs.size(); ++i) {
    if (i < result.allocated_outputs.size() && result.allocated_outputs[i].data != nullptr) {
      // The runtime allocated this output: the data buffer now points at it (the application
      // frees it with aclrtFree and resets the buffer with aclUpdateDataBuffer).
      if (std::shared_ptr<rt::DataBuffer> buffer = entries_[i].buffer.lock()) {
        buffer->data = result.allocated_outputs[i].data;
        buffer->size = result.allocated_outputs[i].size;
      }
    }
    if (i >= result.data_dependent_dims.size() || result.data_dependent_dims[i].empty()) continue;
    const std::vector<int64_t>& dims = result.data_dependent_dims[i];
    std::shared_ptr<TensorDesc>& slot = entries_[i].desc;
    if (slot && descs.Find(slot.get())) {
      (void)slot->SetShape(static_cast<int>(dims.size()), dims.data());
      continue;
    }
    const om::IoDesc& io = info.outputs[i];
    slot = std::make_shared<TensorDesc>(io.dtype, io.format, dims);
    slot->set_name(io.name);
    descs.Add(slot);
  }
}

}  // namespace asim::model
