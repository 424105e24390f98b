// Loop (ONNX): runs `body` on the AI CPU while the iteration count is below M and the
// condition holds. Inputs: M (optional int64 scalar), cond (optional bool scalar), the N
// loop-carried initial values, then the values the body reads from the enclosing graph.
// The body takes (iteration_num, cond, N carried, captured) and gives (cond, N carried,
// K scan outputs); the node gives the N final carried values and the K scan outputs, each
// the per-iteration values stacked on a new first axis.
// Shapes: every output is data-dependent (the iteration count is): the bound of a carried
// value is its per-iteration shape, of a scan output M x its per-iteration shape — so a
// Loop with scan outputs needs M known when the model is converted. Carried values may
// change shape between iterations within their bound; scan outputs must keep theirs.
// Owner: the AI CPU control family. Thread safety: re-entrant.
// Failure: kInvalidParam for a body that does not match the inputs, a Loop that has scan
// outputs but no known M, or neither M nor cond (it would never end); kInternalError when
// a result outgrows its bound; a body node's Status, prefixed with "body node ...".
#include <cstring>
#include <limits>
#include <optional>

#include "kernels/common/shape/computed_shape.h"
#include "kernels/control/subgraph_runner.h"

namespace asim::kernels {
namespace {

constexpr int64_t kMaxBoundElements = int64_t{1} << 34;  // a scan output bound beyond this is surely no bound

struct LoopShape {
  std::shared_ptr<const SubgraphRunner> body;
  size_t carried = 0;  // N
  size_t scans = 0;    // K
};

Status LoadBody(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, LoopShape* s) {
  ASIM_RETURN_IF_ERROR(SubgraphRunner::FromAttr(attrs, "body", &s->body));
  const Subgraph& g = s->body->graph();
  if (g.formal_inputs() < 2) {
    return Status(err::kInvalidParam, "Loop: the body has " + std::to_string(g.formal_inputs()) +
                                          " inputs, it needs iteration_num and cond first");
  }
  s->carried = g.formal_inputs() - 2;
  if (g.outputs.size() < 1 + s->carried) {
    return Status(err::kInvalidParam, "Loop: the body gives " + std::to_string(g.outputs.size()) +
                                          " outputs, it needs cond and the " + std::to_string(s->carried) +
                                          " carried values");
  }
  s->scans = g.outputs.size() - 1 - s->carried;
  if (inputs.size() < 2) return Status(err::kInvalidParam, "Loop: M and cond slots are missing");
  return Status::Ok();
}

// The body's inputs as the node's inputs describe them (iteration_num and cond are scalars).
std::vector<TensorSpec> BodyInputs(const std::vector<TensorSpec>& inputs) {
  std::vector<TensorSpec> in;
  in.push_back(MakeSpec(DataType::kInt64, {}));
  in.push_back(MakeSpec(DataType::kBool, {}));
  in.insert(in.end(), inputs.begin() + 2, inputs.end());
  return in;
}

// M when it is known at selection; nullopt otherwise.
std::optional<int64_t> KnownTripCount(const TensorSpec& m) {
  if (m.dtype != DataType::kInt64 || m.host_data == nullptr || m.ElementCount() != 1) return std::nullopt;
  return *static_cast<const int64_t*>(m.host_data);
}

Status LoopMatch(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  LoopShape s;
  ASIM_RETURN_IF_ERROR(LoadBody(inputs, attrs, &s));
  if (inputs[0].dtype == DataType::kUndefined && inputs[1].dtype == DataType::kUndefined) {
    return Status(err::kInvalidParam, "Loop: neither M nor cond is given, so the loop would never end");
  }
  return s.body->CheckInputs(BodyInputs(inputs), 0);
}

Status LoopInferWithWork(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs,
                         WorkDesc* work) {
  LoopShape s;
  ASIM_RETURN_IF_ERROR(LoadBody(inputs, attrs, &s));
  std::vector<TensorSpec> body_out;
  WorkDesc body_work;
  ASIM_RETURN_IF_ERROR(s.body->Infer(BodyInputs(inputs), &body_out, &body_work));
  if (body_out[0].dtype != DataType::kBool) {
    return Status(err::kInvalidParam, std::string("Loop: the body's first output (the condition) is ") +
                                          DataTypeName(body_out[0].dtype) + ", it must be DT_BOOL");
  }
  const std::optional<int64_t> trips = KnownTripCount(inputs[0]);
  outputs->clear();
  for (size_t k = 0; k < s.carried; ++k) {
    const TensorSpec& initial = inputs[2 + k];
    TensorSpec o = body_out[1 + k];
    if (o.dtype != initial.dtype) {
      return Status(err::kInvalidParam, "Loop: carried value " + std::to_string(k) + " enters as " +
                                            DataTypeName(initial.dtype) + " but the body gives " +
                                            DataTypeName(o.dtype));
    }
    // A value that keeps its shape keeps its dims. One whose shape changes from one
    // iteration to the next (ONNX allows it: a sequence that grows by a token per iteration)
    // has the changing dims unknown (-1) until the loop has run: the runtime places it at the
    // size the computation reports (computed_shape.h).
    if (o.dims.size() == initial.dims.size()) {
      for (size_t d = 0; d < o.dims.size(); ++d) {
        if (o.dims[d] != initial.dims[d] || o.dims[d] < 0) o.dims[d] = -1;
      }
    } else if (initial.ElementCount() > o.ElementCount()) {
      o.dims = initial.dims;
    }
    outputs->push_back(std::move(o));
  }
  for (size_t k = 0; k < s.scans; ++k) {
    TensorSpec o = body_out[1 + s.carried + k];
    o.format = Format::kNd;
    if (!trips) {  // the number of iterations is known only at execution
      o.dims.insert(o.dims.begin(), -1);
      outputs->push_back(std::move(o));
      continue;
    }
    const int64_t per = std::max<int64_t>(o.ElementCount(), 1);
    if (*trips < 0 || *trips > kMaxBoundElements / per) {
      return Status(err::kInvalidParam, "Loop: trip count M = " + std::to_string(*trips) + " makes scan output " +
                                            std::to_string(k) + " too large to bound");
    }
    o.dims.insert(o.dims.begin(), *trips);
    o.format = Format::kNd;
    outputs->push_back(std::move(o));
  }
  // An unknown trip count is estimated as one iteration.
  *work = WorkDesc{};
  AddBodyWork(body_work, static_cast<double>(trips ? std::max<int64_t>(*trips, 0) : 1), work);
  return Status::Ok();
}

Status LoopCompute(KernelContext& ctx) {
  LoopShape s;
  std::vector<TensorSpec> specs;
  for (const auto& in : ctx.inputs) specs.push_back(in.spec);
  ASIM_RETURN_IF_ERROR(LoadBody(specs, *ctx.attrs, &s));
  for (size_t i : {size_t{0}, size_t{1}}) {
    if (ctx.has_input(i) && ctx.in(i).ElementCount() != 1) {
      return Status(err::kInvalidParam, std::string("Loop: ") + (i == 0 ? "M" : "cond") + " has " +
                                            std::to_string(ctx.in(i).ElementCount()) + " elements, not one");
    }
  }
  const int64_t trips = ctx.has_input(0) ? *ctx.in(0).as<const int64_t>() : std::numeric_limits<int64_t>::max();
  bool cond = ctx.has_input(1) ? *ctx.in(1).as<const uint8_t>() != 0 : true;
  if (!ctx.has_input(0) && !ctx.has_input(1)) {
    return Status(err::kInvalidParam, "Loop: neither M nor cond is given, so the loop would never end");
  }
  int64_t iteration = 0;
  std::vector<HostTensor> carried;
  for (size_t k = 0; k < s.carried; ++k) carried.push_back(HostTensor{ctx.in(2 + k).spec, ctx.in(2 + k).data, nullptr});
  std::vector<HostTensor> captured;
  for (size_t i = 2 + s.carried; i < ctx.inputs.size(); ++i) {
    captured.push_back(HostTensor{ctx.in(i).spec, ctx.in(i).data, nullptr});
  }
  // Scan pieces are kept until the end: the outputs' dims are only known then, and an output
  // that outgrows its bound is reported (with its actual dims) before anything is written.
  std::vector<std::vector<HostTensor>> scan_pieces(s.scans);
  std::vector<std::vector<int64_t>> scan_dims(s.scans);
  while (iteration < trips && cond) {
    if (ctx.Interrupted()) {
      return Status(err::kRtAicpuTimeout, "Loop: stopped in iteration " + std::to_string(iteration) +
                                              ": the op execute timeout (aclrtSetOpExecuteTimeOut) has passed");
    }
    auto iter_value = std::make_shared<int64_t>(iteration);
    auto cond_value = std::make_shared<uint8_t>(cond ? 1 : 0);
    std::vector<HostTensor> in;
    in.push_back(HostTensor{MakeSpec(DataType::kInt64, {}), iter_value.get(), iter_value});
    in.push_back(HostTensor{MakeSpec(DataType::kBool, {}), cond_value.get(), cond_value});
    in.insert(in.end(), carried.begin(), carried.end());
    in.insert(in.end(), captured.begin(), captured.end());
    std::vector<HostTensor> out;
    ASIM_RETURN_IF_ERROR(s.body->Run(in, &out, ctx.interrupted));
    const HostTensor& cond_out = out[0];
    if (cond_out.spec.ElementCount() != 1) {
      return Status(err::kInvalidParam, "Loop: the body's cond output has " +
                                            std::to_string(cond_out.spec.ElementCount()) + " elements, not one");
    }
    cond = *static_cast<const uint8_t*>(cond_out.data) != 0;
    for (size_t k = 0; k < s.carried; ++k) carried[k] = out[1 + k];
    for (size_t k = 0; k < s.scans; ++k) {
      const HostTensor& piece = out[1 + s.carried + k];
      TensorView& o = ctx.out(s.carried + k);
      if (iteration == 0) {
        scan_dims[k] = piece.spec.dims;
      } else if (piece.spec.dims != scan_dims[k]) {
        return Status(err::kInvalidParam, "Loop: scan output " + std::to_string(k) + " is " +
                                              DimsToString(piece.spec.dims) + " in iteration " +
                                              std::to_string(iteration) + " but " + DimsToString(scan_dims[k]) +
                                              " before (scan outputs keep one shape)");
      }
      if (piece.spec.dtype != o.spec.dtype) {
        return Status(err::kInvalidParam, "Loop: scan output " + std::to_string(k) + " is " +
                                              DataTypeName(piece.spec.dtype) + ", planned as " +
                                              DataTypeName(o.spec.dtype));
      }
      scan_pieces[k].push_back(piece);
    }
    ++iteration;
  }
  // Every output's dims before any failure is returned (see CopyToComputedOutputs).
  Status first;
  for (size_t k = 0; k < s.scans; ++k) {
    std::vector<int64_t> dims = iteration > 0 ? scan_dims[k] : ctx.out(s.carried + k).spec.dims;
    if (iteration > 0) {
      dims.insert(dims.begin(), iteration);
    } else {
      dims[0] = 0;  // no iteration: the bound's per-iteration shape, none of it
    }
    Status st = SetComputedDims(ctx, s.carried + k, dims, "Loop");
    if (!st.ok() && first.ok()) first = st;
  }
  Status carried_st = CopyToComputedOutputs(carried, ctx, "Loop");
  ASIM_RETURN_IF_ERROR(first);
  ASIM_RETURN_IF_ERROR(carried_st);
  for (size_t k = 0; k < s.scans; ++k) {
    auto* dst = static_cast<uint8_t*>(ctx.out(s.carried + k).data);
    for (const HostTensor& piece : scan_pieces[k]) {
      const size_t bytes = piece.spec.Bytes();
      if (bytes > 0) std::memcpy(dst, piece.data, bytes);
      dst += bytes;
    }
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildLoop_AiCpu() {
  return KernelBuilder("Loop", Engine::kAiCpu)
      .OptionalInput("M", {DataType::kInt64})
      .OptionalInput("cond", {DataType::kBool})
      .VariadicInput("v_initial", {})
      .VariadicOutput("v_final_and_scan_outputs", {})
      .ShapeFromCompute()
      .RequiredAttr("body", AttrType::kString)
      .Constraint(LoopMatch)
      .InferShape(InferShapeFrom(LoopInferWithWork))
      .Compute(LoopCompute)
      .Cost(CostFrom(LoopInferWithWork))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
