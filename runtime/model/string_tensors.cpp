// String tensors as model inputs and outputs (see string_tensors.h). Thread safety and
// failure: as the header says.
#include "runtime/model/string_tensors.h"

#include <algorithm>
#include <cstring>

#include "kernels/common/values/string_tensor.h"
#include "runtime/core/pointer_text.h"

namespace asim::model {
namespace {

std::string IoWhat(const om::Model& model, bool input, const om::Tensor& t) {
  const std::vector<om::IoDesc>& ios = input ? model.inputs : model.outputs;
  const std::string name = t.io_index < ios.size() ? ios[t.io_index].name : t.name;
  return "model '" + model.name + "' " + (input ? "input " : "output ") + std::to_string(t.io_index) + " '" + name +
         "'";
}

}  // namespace

Status CheckStringTensors(const om::Graph& g, const om::Node& node) {
  for (const std::vector<int32_t>* list : {&node.inputs, &node.outputs}) {
    for (int32_t t : *list) {
      if (t < 0 || g.tensors[static_cast<size_t>(t)].desc.dtype != DataType::kString) continue;
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
      const bool io = tensor.place == om::TensorPlace::kInput || tensor.place == om::TensorPlace::kOutput;
      if (!io) {
        return Status(err::kParseModel, "tensor '" + tensor.name +
                                            "' is DT_STRING inside the model: this runtime supports string "
                                            "tensors only as model inputs and outputs (the memory plan has no "
                                            "bytes for a tensor sized by its contents)");
      }
      if (tensor.offset != 0) {
        return Status(err::kParseModel, "DT_STRING tensor '" + tensor.name + "' lies at offset " +
                                            std::to_string(tensor.offset) +
                                            " of its dataset buffer: a string tensor must start it (its heads' "
                                            "offsets count from the buffer's start)");
      }
    }
  }
  return Status::Ok();
}

Status CheckStringBuffer(const void* data, size_t bytes, int64_t count, const std::string& what) {
  const auto n = static_cast<uint64_t>(std::max<int64_t>(count, 0));
  if (n > bytes / kernels::kStringHeadBytes) {
    return Status(err::kModelInputNotMatch,
                  what + " is DT_STRING with " + std::to_string(n) + " elements: their 16-byte heads need " +
                      std::to_string(n * kernels::kStringHeadBytes) + " bytes but its dataset buffer has " +
                      std::to_string(bytes) + " (CANN's string layout, docs/models.md \"String tensors\")");
  }
  const auto* base = static_cast<const uint8_t*>(data);
  for (uint64_t i = 0; i < n; ++i) {
    kernels::StringHead head;
    std::memcpy(&head, base + i * kernels::kStringHeadBytes, sizeof head);
    if (head.offset > bytes || head.length > bytes - head.offset) {
      return Status(err::kInvalidParam, what + " is DT_STRING: the head of element " + std::to_string(i) + " (offset " +
                                            std::to_string(head.offset) + ", length " + std::to_string(head.length) +
                                            ") points outside its " + std::to_string(bytes) + "-byte dataset buffer");
    }
  }
  return Status::Ok();
}

size_t StringBufferExtent(const void* data, int64_t count) {
  const auto n = static_cast<size_t>(std::max<int64_t>(count, 0));
  size_t end = n * kernels::kStringHeadBytes;
  const auto* base = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < n; ++i) {
    kernels::StringHead head;
    std::memcpy(&head, base + i * kernels::kStringHeadBytes, sizeof head);
    end = std::max<size_t>(end, static_cast<size_t>(head.offset + head.length + 1));  // with its NUL
  }
  return end;
}

Status BindStringBuffers(const om::Model& model, const om::Graph& g, const ExecuteRequest& request,
                         const sim::DeviceMemory& memory, std::vector<uint8_t*>* in_sim, std::vector<uint8_t*>* out_sim,
                         std::vector<size_t>* capacity) {
  capacity->assign(g.tensors.size(), 0);
  for (size_t t = 0; t < g.tensors.size(); ++t) {
    const om::Tensor& tensor = g.tensors[t];
    const bool input = tensor.place == om::TensorPlace::kInput;
    if (tensor.desc.dtype != DataType::kString || (!input && tensor.place != om::TensorPlace::kOutput)) continue;
    const std::vector<IoBuffer>& bufs = input ? request.inputs : request.outputs;
    std::vector<uint8_t*>& sims = input ? *in_sim : *out_sim;
    if (tensor.io_index >= bufs.size() || tensor.io_index >= sims.size()) continue;  // Bind checked the counts
    const IoBuffer& buf = bufs[tensor.io_index];
    const std::string what = IoWhat(model, input, tensor);
    if (buf.data == nullptr || buf.size == 0) {
      return Status(input ? err::kModelInputNotMatch : err::kModelOutputNotMatch,
                    what + " is DT_STRING: its dataset buffer is " + (buf.data == nullptr ? "NULL" : "empty") +
                        " (a string tensor's buffer holds its heads and bytes: docs/models.md \"String tensors\")");
    }
    void* p = nullptr;
    Status st = memory.Translate(buf.data, buf.size, &p);
    if (!st.ok()) {
      return Status(err::kInvalidParam, what + ": buffer " + rt::PointerText(buf.data) + " (" +
                                            std::to_string(buf.size) + " bytes) is not device memory: " + st.message());
    }
    sims[tensor.io_index] = static_cast<uint8_t*>(p);
    (*capacity)[t] = buf.size;
  }
  return Status::Ok();
}

Status NodeStrings::Stage(kernels::KernelContext* ctx, const om::Model& model, const om::Graph& g,
                          const std::vector<int32_t>& inputs, const std::vector<size_t>& capacity) {
  for (size_t i = 0; i < ctx->inputs.size() && i < inputs.size(); ++i) {
    const kernels::TensorView& in = ctx->inputs[i];
    if (in.dtype() != DataType::kString || inputs[i] < 0) continue;
    const auto t = static_cast<size_t>(inputs[i]);
    const om::Tensor& tensor = g.tensors[t];
    // A model output read by a later node is checked too: its producer may not have run.
    ASIM_RETURN_IF_ERROR(CheckStringBuffer(in.data, t < capacity.size() ? capacity[t] : 0, in.ElementCount(),
                                           IoWhat(model, tensor.place == om::TensorPlace::kInput, tensor)));
  }
  const size_t n = ctx->outputs.size();
  host_.clear();
  dataset_.clear();
  written_.clear();
  for (size_t i = 0; i < n; ++i) {
    kernels::TensorView& out = ctx->outputs[i];
    if (out.dtype() != DataType::kString) continue;
    if (host_.empty()) {  // nodes without string outputs (nearly all) allocate nothing
      host_.resize(n);
      dataset_.assign(n, nullptr);
      written_.assign(n, 0);
    }
    host_[i].assign(kernels::StringOutputCapacity(*ctx, i), 0);
    dataset_[i] = out.data;
    out.data = host_[i].data();
  }
  return Status::Ok();
}

Status NodeStrings::Commit(const kernels::KernelContext& ctx, const om::Model& model, const om::Graph& g,
                           const std::vector<int32_t>& outputs, const std::vector<size_t>& capacity) {
  for (size_t i = 0; i < host_.size() && i < outputs.size(); ++i) {
    if (host_[i].empty()) continue;
    const auto t = static_cast<size_t>(outputs[i]);
    const int64_t count = ctx.outputs[i].ElementCount();
    if (static_cast<uint64_t>(count) > host_[i].size() / kernels::kStringHeadBytes) {
      return Status(err::kInternalError, IoWhat(model, false, g.tensors[t]) + ": the kernel reports " +
                                             std::to_string(count) + " strings, more heads than its " +
                                             std::to_string(host_[i].size()) + "-byte output holds");
    }
    const size_t need = std::min(StringBufferExtent(host_[i].data(), count), host_[i].size());
    const size_t have = t < capacity.size() ? capacity[t] : 0;
    if (need > have || dataset_[i] == nullptr) {
      return Status(err::kModelOutputNotMatch,
                    IoWhat(model, false, g.tensors[t]) + " is DT_STRING: its " + std::to_string(count) +
                        " strings (dims " + kernels::DimsToString(ctx.outputs[i].dims()) + ") need " +
                        std::to_string(need) + " bytes but its dataset buffer has " + std::to_string(have) +
                        " (a string output needs at most 16 x its bound's elements + 2 x the bytes of the "
                        "node's string inputs + 1: docs/models.md \"String tensors\")");
    }
    std::memcpy(dataset_[i], host_[i].data(), need);
    written_[i] = need;
  }
  return Status::Ok();
}

}  // namespace asim::model
