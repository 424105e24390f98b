// String tensors (DT_STRING) as a model's inputs and outputs: how the executor checks them
// at load, binds their dataset buffers and lets a kernel write a string output.
//
// Owns: nothing beyond one node run's staging buffers (NodeStrings). The layout is
// CANN's (GE's StringHead {addr; len}, kernels/common/values/string_tensor.h): one 16-byte
// head {offset, length} per element in row-major order, offsets from the start of the
// dataset buffer, then the bytes of the elements, each followed by a NUL. docs/models.md,
// "String tensors", describes it for applications.
//
// - Load (CheckStringTensors): a DT_STRING tensor must be a model input or output, alone
//   at the start of its dataset buffer; a string tensor inside the model (in the work
//   memory, whose plan has no bytes for contents-sized tensors) is refused.
// - Bind (BindStringBuffers): the whole dataset buffer of a string input or output is
//   translated (its size is the application's: the model plans 0 bytes).
// - Run (NodeStrings), in the node's task (after an aclmdlExecuteAsync the input is only
//   complete then): every head of a string input is checked against its buffer before the
//   kernel reads it; the kernel writes a string output into a host buffer of
//   kernels::StringOutputCapacity bytes (the bound it is written against); after compute
//   the packed strings (16 x actual elements + the bytes with their NULs) are copied to the
//   start of the dataset buffer, or the run fails when the buffer is too small.
// Thread safety: free functions are re-entrant; a NodeStrings belongs to one node run. Failure: Status, never a crash:
// kParseModel at load (naming the node's tensor); kModelInputNotMatch for a string input buffer too small for its heads
// (or NULL); kInvalidParam for a string input whose heads point outside its buffer (naming the element) and for a
// buffer that is not device memory; kModelOutputNotMatch for a string output buffer too small for the result (with the
// bytes needed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/memory/device_memory.h"
#include "kernels/framework/kernel_def.h"
#include "om/model.h"
#include "runtime/model/model_manager.h"

namespace asim::model {

// Load: Ok when every DT_STRING tensor `node` reads or writes is a model input or output at
// offset 0 of its dataset buffer; kParseModel naming the tensor otherwise.
Status CheckStringTensors(const om::Graph& g, const om::Node& node);

// Checks a string buffer of `bytes` bytes at `data` holding `count` elements: the heads fit
// and each element's bytes lie inside the buffer. kModelInputNotMatch when the heads do not
// fit, kInvalidParam naming the element and its head when one points outside (`what` names
// the buffer: "model 'm' input 0 'x'").
Status CheckStringBuffer(const void* data, size_t bytes, int64_t count, const std::string& what);

// Bytes the `count` elements at `data` (valid heads) use: the end of the furthest element's
// NUL, at least the heads (16 x count).
size_t StringBufferExtent(const void* data, int64_t count);

// Bind: for every DT_STRING input / output tensor of `g`, the whole dataset buffer translated
// into (*in_sim / *out_sim)[io_index] and its size into (*capacity)[tensor] (resized to the
// graph's tensors, 0 for the others). Contents are not read here (NodeStrings::Stage).
Status BindStringBuffers(const om::Model& model, const om::Graph& g, const ExecuteRequest& request,
                         const sim::DeviceMemory& memory, std::vector<uint8_t*>* in_sim, std::vector<uint8_t*>* out_sim,
                         std::vector<size_t>* capacity);

// Run: one node's string inputs checked and string outputs staged on the host while its
// kernel writes them. `inputs` / `outputs` are the node's tensors in `g`; `capacity` is
// BindStringBuffers' (the dataset buffer bytes per tensor).
class NodeStrings {
 public:
  // Before compute (ctx's output dims final: the bound for data-dependent ones): the heads
  // of each DT_STRING input (a model input, or a model output a node read back) checked
  // against its dataset buffer (CheckStringBuffer), then
  // each DT_STRING output gets a host buffer of StringOutputCapacity bytes instead of its
  // dataset buffer, which is remembered. Nothing happens for a node without strings.
  Status Stage(kernels::KernelContext* ctx, const om::Model& model, const om::Graph& g,
               const std::vector<int32_t>& inputs, const std::vector<size_t>& capacity);
  // After compute: each staged output's packed strings, for its actual dims, copied to its
  // dataset buffer. kModelOutputNotMatch (nothing copied) naming the model output when they
  // do not fit.
  Status Commit(const kernels::KernelContext& ctx, const om::Model& model, const om::Graph& g,
                const std::vector<int32_t>& outputs, const std::vector<size_t>& capacity);
  // Bytes the last Commit wrote per output (0 for outputs that are not strings; empty when
  // the node has no string output).
  const std::vector<size_t>& written() const { return written_; }

 private:
  std::vector<std::vector<uint8_t>> host_;  // per output (empty for non-string ones)
  std::vector<void*> dataset_;              // per output: where the dataset buffer is
  std::vector<size_t> written_;
};

}  // namespace asim::model
