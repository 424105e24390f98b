// om::Model: the offline model as the converter produces it and the runtime loads it.
//
// Owns: the in-memory form of a .om file — I/O descriptions, dynamic gears, one static graph
// per gear (nodes with their engine choice and attributes, tensors with their descriptors
// and their place in the memory plan) and the weight blob. om_writer.h turns it into bytes,
// om_reader.h validates bytes back into it, om_json.h renders it for `atc --mode=1`.
//
// The memory plan is decided at conversion time, so aclmdlQuerySize is exact: every tensor
// lives in the work memory (offset within work_size), in the weight blob (offset within
// weights), or in the caller's dataset buffer of input / output `io_index`. Several tensors
// may share work bytes when their lifetimes do not overlap (in-place reuse); node
// workspaces are work bytes too.
//
// A static model has one graph. A dynamic-batch / dynamic-image-size / dynamic-dims model
// has one graph per gear (graphs[i] runs gears[i]) and an extra last input named
// kDynamicTensorName that the application fills through aclmdlSetDynamicBatchSize & co.
// Weights are shared by all gears; work_size is the largest graph's.
//
// Thread safety: a value type; a loaded model is immutable and read concurrently.
// Failure: none here (the reader validates; Validate() reports the first inconsistency).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/kernel_def.h"

namespace asim::om {

// Format versions this build reads: 1, 2 (version 1 + the per-tensor "dynamic" flag) and 3
// (version 2 + the optional prepared-data section). The writer writes the lowest version that
// holds the model (FormatVersionOf), so a static model without prepared data still loads on a
// runtime that reads only version 1.
inline constexpr uint32_t kFormatVersion = 3;        // the newest version this build writes and reads
inline constexpr uint32_t kOldestFormatVersion = 1;  // the oldest it reads
inline constexpr uint64_t kWeightAlignment = 64;     // every weight starts on a 64-byte boundary
inline constexpr uint64_t kWorkAlignment = 512;      // every work tensor and workspace (CANN's 512)
inline constexpr const char* kDynamicTensorName = "ascend_mbatch_shape_data";  // ACL_DYNAMIC_TENSOR_NAME
inline constexpr const char* kDynamicAippName = "ascend_dynamic_aipp_data";    // ACL_DYNAMIC_AIPP_NAME
// Node attribute (string) of an AI CPU node: why the converter did not place it on the AI Core
// (each AI Core kernel's refusal), for profiling's aicpu_reason.
inline constexpr const char* kAiCpuReasonAttr = "_aicpu_reason";

// A CANN tensor descriptor: dims in the tensor's own format; origin_* the plain view an
// internal format (NC1HWC0, FRACTAL_Z ...) came from (kUndefined / empty when plain).
struct TensorDesc {
  DataType dtype = DataType::kFloat;
  Format format = Format::kNchw;
  std::vector<int64_t> dims;
  Format origin_format = Format::kUndefined;
  std::vector<int64_t> origin_dims;

  bool operator==(const TensorDesc&) const = default;
};

// Where a tensor's bytes are during an execution.
enum class TensorPlace : uint8_t {
  kWork = 0,    // work memory + offset
  kWeight = 1,  // weight memory + offset
  kInput = 2,   // the caller's input buffer io_index (+ offset, normally 0)
  kOutput = 3,  // the caller's output buffer io_index (+ offset, normally 0)
};
const char* TensorPlaceName(TensorPlace place);  // "work", "weight", "input", "output"

struct Tensor {
  std::string name;
  TensorDesc desc;
  TensorPlace place = TensorPlace::kWork;
  uint32_t io_index = 0;  // kInput / kOutput only
  uint64_t offset = 0;
  uint64_t size = 0;  // bytes reserved (>= the descriptor's byte size)
  // The tensor's dims are decided at execution (it is a data-dependent output such as
  // NonZero's, or computed from one): desc.dims are the upper bound the plan reserves, the
  // actual dims are known after its producer ran. Work and output tensors only (format
  // version 2).
  bool dynamic = false;

  bool operator==(const Tensor&) const = default;
};

struct Node {
  std::string name;
  std::string type;  // the kernel registry's op type ("Conv2D", "Relu", "TransData" ...)
  kernels::Engine engine = kernels::Engine::kAiCore;
  std::vector<int32_t> inputs;   // tensor indices into Graph::tensors; -1 = absent optional input
  std::vector<int32_t> outputs;  // tensor indices
  kernels::AttrMap attrs;
  uint64_t workspace_offset = 0;  // in work memory
  uint64_t workspace_size = 0;

  bool operator==(const Node& o) const {
    return name == o.name && type == o.type && engine == o.engine && inputs == o.inputs && outputs == o.outputs &&
           attrs.values() == o.attrs.values() && workspace_offset == o.workspace_offset &&
           workspace_size == o.workspace_size;
  }
};

// One static graph: nodes in execution (topological) order.
struct Graph {
  std::vector<Tensor> tensors;
  std::vector<Node> nodes;
  uint64_t work_size = 0;  // bytes of work memory this graph uses

  bool operator==(const Graph&) const = default;
};

// One model input or output as aclmdlDesc reports it.
struct IoDesc {
  std::string name;
  DataType dtype = DataType::kFloat;
  Format format = Format::kNchw;
  // -1 where the dimension depends on the gear; every dim of an output whose graph tensor
  // is dynamic (data-dependent: aclmdlGetCurOutputDims gives the actual dims)
  std::vector<int64_t> dims;
  uint64_t size = 0;  // bytes at the largest gear, or the bound (aclmdlGetInputSizeByIndex)

  bool operator==(const IoDesc&) const = default;
};

// What a kernel derived from a node's constant inputs at conversion (e.g. a convolution's
// filter repacked for the engine: kernels::KernelDef::export_prepared), stored so that a
// loader can map it from the file instead of deriving it again. `kind` and `params` say what
// the bytes are; the kernel that reads them checks both (and ignores what it would not make).
struct PreparedData {
  uint32_t graph = 0;  // graph index
  uint32_t node = 0;   // node index in that graph
  std::string kind;
  std::vector<int64_t> params;
  uint64_t offset = 0;  // in the prepared blob, a multiple of kPreparedDataAlignment
  uint64_t size = 0;
  bool operator==(const PreparedData&) const = default;
};
inline constexpr uint64_t kPreparedDataAlignment = 64;
inline constexpr size_t kMaxPreparedKindLength = 64;  // bytes of PreparedData::kind (at least 1)

enum class DynamicKind : uint8_t { kNone = 0, kBatch = 1, kImageSize = 2, kDims = 3 };
const char* DynamicKindName(DynamicKind kind);  // "none", "batch", "image_size", "dims"

struct Model {
  std::string name;                             // the --output base name
  std::string soc_version;                      // the chip it was built for ("Ascend310")
  std::string producer;                         // "atc 1.10.0 (asim)" or a test's name
  std::map<std::string, std::string> metadata;  // free-form build facts (command line, precision mode ...)

  std::vector<IoDesc> inputs;  // a dynamic model's last input is kDynamicTensorName
  std::vector<IoDesc> outputs;

  DynamicKind dynamic = DynamicKind::kNone;
  // Per gear, the values of the dynamic dimensions: batch {n}; image size {h, w}; dims the
  // values of every -1 of the (non-dynamic-tensor) inputs, in input order.
  std::vector<std::vector<int64_t>> gears;
  std::vector<Graph> graphs;  // one per gear (one for a static model)

  std::vector<uint8_t> weights;  // the weight blob; each weight at a kWeightAlignment offset
  // Set instead of `weights` when the blob was left in the buffer the model was read from
  // (ReadModel with WeightCopy::kLeaveInSource: the runtime uploads it from the mapped file
  // or the caller's memory straight to device memory instead of holding a copy): where it
  // is in that buffer. `weights` is then empty.
  bool weights_in_source = false;
  uint64_t source_weight_offset = 0;
  uint64_t source_weight_size = 0;

  // Prepared data (format version 3), sorted by (graph, node), at most one per node, with
  // disjoint ranges of `prepared_blob` in offset order. As with the weights, the blob may be
  // left in the source instead (ReadModel with kLeaveInSource, ModelFile): `prepared_blob` is
  // then empty and source_prepared_* say where the blob is in that buffer or file.
  std::vector<PreparedData> prepared;
  std::vector<uint8_t> prepared_blob;
  bool prepared_in_source = false;
  uint64_t source_prepared_offset = 0;
  uint64_t source_prepared_size = 0;

  uint64_t work_size() const;  // the largest graph's work_size
  uint64_t prepared_size() const { return prepared_in_source ? source_prepared_size : prepared_blob.size(); }
  uint64_t weight_size() const { return weights_in_source ? source_weight_size : weights.size(); }
  size_t data_input_count() const {  // inputs without the dynamic tensor
    return dynamic == DynamicKind::kNone || inputs.empty() ? inputs.size() : inputs.size() - 1;
  }

  // Structural consistency: every index, offset and size in range, graph I/O tensors match
  // the I/O descriptions, gears and graphs agree. Returns kDeserializeModel with the first
  // problem ("graph 0 node 3 'conv1' input 1: tensor index 99 >= 12 tensors").
  Status Validate() const;

  bool operator==(const Model& o) const = default;
};

// The format version the writer uses for `model`: 3 with prepared data, else 2 when a tensor
// is dynamic, else 1.
uint32_t FormatVersionOf(const Model& model);

// Bytes of `desc` as stored (elements of dims x dtype size); 0 for unknown dims.
uint64_t DescBytes(const TensorDesc& desc);

}  // namespace asim::om
