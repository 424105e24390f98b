// KernelDef: one kernel, declared once — its op type, engine, the dtypes and formats each
// input and output accepts, its attributes with defaults, and the functions that infer
// output shapes, size its workspace, compute, and describe its work for the cost model.
//
// Owns: the declaration and the builder used to write it. Kernels know nothing of streams,
// simulated time, dumps or profiling: they see TensorViews, attributes and a workspace.
// Thread safety: a KernelDef is immutable once registered; its functions must be
// re-entrant (they run concurrently on several streams).
// Failure: every function returns Status; Match explains in words why a kernel refuses a
// given set of inputs.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/status.h"
#include "base/work.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

// The repository-relative path of a kernel's source file ("kernels/cube/conv2d.cpp"),
// from its __FILE__ (an absolute path in this build): the part from the last "/kernels/"
// on. docs/ops.md names each kernel's file with it, so it cannot go stale as files move.
constexpr const char* KernelSourcePath(const char* file) {
  const char* found = file;
  for (const char* p = file; *p != '\0'; ++p) {
    if (*p == '/' && p[1] == 'k' && p[2] == 'e' && p[3] == 'r' && p[4] == 'n' && p[5] == 'e' && p[6] == 'l' &&
        p[7] == 's' && p[8] == '/') {
      found = p + 1;
    }
  }
  return found;
}

enum class Engine { kAiCore, kAiCpu };
const char* EngineName(Engine engine);  // "AI_CORE", "AI_CPU"

// What one input or output accepts.
struct IoSpec {
  std::string name;
  std::vector<DataType> dtypes;  // empty = any
  std::vector<Format> formats;   // empty = any
  bool optional = false;
  bool variadic = false;            // the last input / output may repeat (Concat, Sum, If ...)
  int same_dtype_as = -1;           // index of the input whose dtype this one must equal
  bool host_data_required = false;  // value must be known at selection (shape inputs)
  // Outputs only: the dims InferShape gives are an upper bound (what the runtime allocates)
  // and compute reports the actual dims through SetComputedDims
  // (kernels/common/shape/computed_shape.h). With computed_unless_known set that holds only
  // when one of those inputs is present without a value known at selection (Compress's
  // condition, a reduction's axes, Slice's starts / ends / axes / steps); otherwise
  // InferShape's dims are exact.
  bool computed_shape = false;
  std::vector<int> computed_unless_known = {};  // inputs; empty = always computed
};

struct KernelContext {
  std::vector<TensorView> inputs;  // absent optional inputs have data == nullptr and no dims
  std::vector<TensorView> outputs;
  const AttrMap* attrs = nullptr;
  void* workspace = nullptr;
  size_t workspace_bytes = 0;
  // What the kernel's PrepareFn derived at model load from its constant inputs (nullptr when
  // it has none or was not prepared: compute must work without it).
  const void* prepared = nullptr;
  // Makes input `i`'s bytes readable when the loader left them out of memory (a weight in
  // KernelDef::prepared_replaces, left out of memory once `prepared` was made):
  // compute calls Materialize(i) before it reads such an input itself. Empty: every input
  // is in memory.
  std::function<Status(size_t)> materialize;
  // True once the kernel must give up (the runtime's op execute timeout, aclrtSetOpExecuteTimeOut,
  // has passed); empty: never. Kernels whose running time depends on the data (Loop, Scan)
  // ask between passes and return err::kRtAicpuTimeout.
  std::function<bool()> interrupted;
  // Input 0's values in the plain NCHW layout the model's TransData made it from, when the
  // runtime left that TransData's output unwritten (KernelDef::reads_plain_source): compute
  // must then read x from here; data == nullptr otherwise.
  TensorView plain_source;

  const TensorView& in(size_t i) const { return inputs[i]; }
  TensorView& out(size_t i) { return outputs[i]; }
  bool has_input(size_t i) const { return i < inputs.size() && inputs[i].data != nullptr; }
  Status Materialize(size_t i) const { return materialize ? materialize(i) : Status::Ok(); }
  bool Interrupted() const { return interrupted && interrupted(); }
};

using InferShapeFn = std::function<Status(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                                          std::vector<TensorSpec>* outputs)>;
using WorkspaceFn = std::function<size_t(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                                         const AttrMap& attrs)>;
using ComputeFn = std::function<Status(KernelContext& ctx)>;
using CostFn = std::function<WorkDesc(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                                      const AttrMap& attrs, const ChipTraits& chip)>;
// Work a kernel does once per model node instead of once per execution: given the node's
// inputs, where constant ones (weights) carry their bytes in TensorSpec::host_data, returns
// data compute later finds in KernelContext::prepared (e.g. a repacked filter), or nullptr.
// The result must describe what it was made for, so compute can tell whether it still fits
// the inputs it runs with (a dynamic node's shapes change).
using PrepareFn =
    std::function<std::shared_ptr<const void>(const std::vector<TensorSpec>& inputs, const AttrMap& attrs)>;
// What a PrepareFn made, as bytes a model file can store (om::PreparedData) and a loader map
// back: `kind` and `params` say exactly what the bytes are, so a loader can tell whether they
// are what its own prepare would make here (another host may plan another layout).
struct PreparedImage {
  std::string kind;
  std::vector<int64_t> params;
  const void* data = nullptr;  // owned by the prepared result (export) or the caller (adopt)
  size_t size = 0;
};
// Fills *out from a PrepareFn result; false when it has no image (atc then stores nothing).
using ExportPreparedFn = std::function<bool(const void* prepared, PreparedImage* out)>;
// The PrepareFn result for these inputs (constant ones' host_data may be null) read from
// `image` in place, `keep` owning its bytes; nullptr when the image is not exactly what
// prepare would make here (the loader then runs prepare).
using AdoptPreparedFn =
    std::function<std::shared_ptr<const void>(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                                              const PreparedImage& image, std::shared_ptr<const void> keep)>;
// Extra acceptance rule beyond dtypes/formats (static shapes, attribute values, chip
// capability). Returns Ok, or a Status whose message is the reason to refuse.
using ConstraintFn =
    std::function<Status(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits& chip)>;

struct KernelDef {
  std::string op_type;
  Engine engine = Engine::kAiCore;
  std::vector<IoSpec> inputs;
  std::vector<IoSpec> outputs;
  std::vector<AttrSpec> attrs;
  InferShapeFn infer_shape;
  WorkspaceFn workspace;
  ComputeFn compute;
  PrepareFn prepare;  // optional
  // Whether compute given what `prepare` made writes the same bytes as without it (true), or
  // may take another algorithm that rounds differently, within the kernel's documented
  // tolerance (false: the convolution's Winograd path for filters transformed at load).
  bool prepared_same_bytes = true;
  // Inputs whose bytes compute, given a non-null `prepare` result, reads only after
  // KernelContext::Materialize (e.g. the convolution's filter, which it reads from its
  // repacked copy): a loader may leave them out of memory once the node is prepared.
  std::vector<size_t> prepared_replaces;
  // Whether compute reads input 0 from KernelContext::plain_source when that is given: its
  // result is then the same bytes as from input 0 itself (the convolution, whose NC1HWC0
  // input an image's 3 channels pad to 16 lanes; it repacks them from either layout).
  bool reads_plain_source = false;
  // Optional, both or neither: what `prepare` made as bytes for a model file, and back.
  ExportPreparedFn export_prepared;
  AdoptPreparedFn adopt_prepared;
  CostFn cost;
  std::vector<ConstraintFn> constraints;
  std::string source;  // "kernels/activation/relu.cpp" (for docs and diagnostics)

  // Ok when this kernel accepts these inputs on this chip, else the reason it refuses
  // ("input 0 'x' dtype DT_INT64 not in {DT_FLOAT16, DT_FLOAT}").
  Status Match(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits& chip) const;
  // The attributes with declared defaults filled in; kInvalidParam for a missing required
  // attribute or a wrong type.
  Status ResolveAttrs(const AttrMap& given, AttrMap* resolved) const;
  // True when output `output`'s dims, for these inputs, are decided by compute (IoSpec's
  // computed_shape): InferShape gave a bound and the actual dims are read back after compute.
  bool OutputShapeComputed(size_t output, const std::vector<TensorSpec>& inputs) const;
  bool AnyOutputShapeComputed(const std::vector<TensorSpec>& inputs) const;
};

// Fluent declaration:
//   KernelBuilder("Relu", Engine::kAiCore)
//       .Input("x", {kFloat16, kFloat}).Output("y", {}, {}, /*same_as=*/0)
//       .InferShape(SameShapeAsInput0).Compute(ReluCompute).Cost(ElementwiseCost(1)).Build();
class KernelBuilder {
 public:
  KernelBuilder(std::string op_type, Engine engine);
  KernelBuilder& Input(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats = {});
  KernelBuilder& OptionalInput(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats = {});
  KernelBuilder& VariadicInput(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats = {});
  KernelBuilder& HostInput(std::string name, std::vector<DataType> dtypes);  // value needed at selection
  KernelBuilder& SameDtypeAs(int input_index);  // applies to the last declared input or output
  KernelBuilder& Output(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats = {});
  // The last output, repeated as often as InferShape says (what it declares, e.g.
  // ShapeFromCompute, holds for every repetition).
  KernelBuilder& VariadicOutput(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats = {});
  // Applies to the last declared output: its dims are decided by compute (a bound from
  // InferShape, the actual dims from SetComputedDims) — always, or only when input
  // `input_index` has no value known at selection.
  KernelBuilder& ShapeFromCompute();
  KernelBuilder& ShapeFromComputeUnlessKnown(int input_index);
  KernelBuilder& ShapeFromComputeUnlessKnown(std::vector<int> input_indices);  // unless all are known
  KernelBuilder& Attr(std::string name, AttrValue default_value);
  KernelBuilder& RequiredAttr(std::string name, AttrType type);
  // Read only when given (no default is filled in): e.g. CANN's name for a default attribute.
  KernelBuilder& OptionalAttr(std::string name, AttrType type);
  KernelBuilder& InferShape(InferShapeFn fn);
  KernelBuilder& Workspace(WorkspaceFn fn);
  KernelBuilder& Compute(ComputeFn fn);
  // `replaces`: KernelDef::prepared_replaces.
  KernelBuilder& Prepare(PrepareFn fn, bool same_bytes = true, std::vector<size_t> replaces = {});
  KernelBuilder& PreparedImages(ExportPreparedFn export_fn, AdoptPreparedFn adopt_fn);
  KernelBuilder& ReadsPlainSource();  // KernelDef::reads_plain_source
  KernelBuilder& Cost(CostFn fn);
  KernelBuilder& Constraint(ConstraintFn fn);
  KernelBuilder& StaticShapesOnly();        // AI Core kernels: every input dim known
  KernelBuilder& Source(std::string path);  // pass ASIM_KERNEL_SOURCE
  KernelDef Build();

 private:
  KernelDef def_;
  IoSpec* last_io_ = nullptr;
};

}  // namespace asim::kernels

// The calling kernel file's path for KernelBuilder::Source.
#define ASIM_KERNEL_SOURCE (::asim::kernels::KernelSourcePath(__FILE__))
