// Scan (ONNX opset 9+): runs `body` on the AI CPU once per position of the scan axis. Inputs:
// N initial state values, then num_scan_inputs (M) scan inputs, then the values the body
// reads from the enclosing graph. Each pass the body takes (N states, M slices, captured) —
// a slice is its scan input at one position of scan_input_axes[j], taken from the end when
// scan_input_directions[j] is 1 — and gives (N states, K scan output pieces). The node gives
// the N final states and the K scan outputs: the pieces stacked along scan_output_axes[k]
// (in reverse when scan_output_directions[k] is 1). Output shapes follow from the inputs'
// (exact, not data-dependent): the states keep their shape, every scan input has the same
// length along its axis.
// Owner: the AI CPU control family. Thread safety: re-entrant.
// Failure: kInvalidParam for attributes out of range, scan inputs of different lengths, a
// body that does not match the inputs or changes a state's shape; a body node's Status.
#include <cstring>

#include "kernels/common/shape/shape_utils.h"
#include "kernels/control/subgraph_runner.h"

namespace asim::kernels {
namespace {

struct ScanPlan {
  std::shared_ptr<const SubgraphRunner> body;
  size_t states = 0;   // N
  size_t scans = 0;    // M
  size_t outputs = 0;  // K
  std::vector<size_t> in_axes;
  std::vector<bool> in_reverse;
  std::vector<int64_t> out_axes;  // as given (normalized per output rank later)
  std::vector<bool> out_reverse;
  int64_t length = 0;  // positions along the scan axis
};

Status Plan(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, ScanPlan* p) {
  ASIM_RETURN_IF_ERROR(SubgraphRunner::FromAttr(attrs, "body", &p->body));
  const Subgraph& g = p->body->graph();
  const int64_t m = attrs.GetInt("num_scan_inputs", 0);
  if (m < 1 || static_cast<size_t>(m) > g.formal_inputs()) {
    return Status(err::kInvalidParam, "Scan: num_scan_inputs " + std::to_string(m) + " is not in 1.." +
                                          std::to_string(g.formal_inputs()) + " (the body's inputs)");
  }
  p->scans = static_cast<size_t>(m);
  p->states = g.formal_inputs() - p->scans;
  if (g.outputs.size() < p->states) {
    return Status(err::kInvalidParam, "Scan: the body gives " + std::to_string(g.outputs.size()) +
                                          " outputs, fewer than its " + std::to_string(p->states) + " states");
  }
  p->outputs = g.outputs.size() - p->states;
  if (inputs.size() != g.inputs.size()) {
    return Status(err::kInvalidParam, "Scan: " + std::to_string(inputs.size()) + " inputs, the body takes " +
                                          std::to_string(g.inputs.size()) + " (" + std::to_string(g.captured) +
                                          " captured)");
  }
  const auto list = [&](const char* name, size_t count, std::vector<int64_t>* out) -> Status {
    *out = attrs.GetInts(name, {});
    if (out->empty()) out->assign(count, 0);
    if (out->size() != count) {
      return Status(err::kInvalidParam, std::string("Scan: ") + name + " has " + std::to_string(out->size()) +
                                            " entries, it needs " + std::to_string(count));
    }
    return Status::Ok();
  };
  std::vector<int64_t> axes, dirs, out_dirs;
  ASIM_RETURN_IF_ERROR(list("scan_input_axes", p->scans, &axes));
  ASIM_RETURN_IF_ERROR(list("scan_input_directions", p->scans, &dirs));
  ASIM_RETURN_IF_ERROR(list("scan_output_axes", p->outputs, &p->out_axes));
  ASIM_RETURN_IF_ERROR(list("scan_output_directions", p->outputs, &out_dirs));
  for (size_t j = 0; j < p->scans; ++j) {
    const TensorSpec& in = inputs[p->states + j];
    size_t axis = 0;
    Status st = NormalizeAxis(axes[j], in.dims.size(), &axis);
    if (!st.ok() || in.dims.empty()) {
      return Status(err::kInvalidParam, "Scan: scan_input_axes[" + std::to_string(j) +
                                            "] = " + std::to_string(axes[j]) + " does not fit scan input " +
                                            std::to_string(j) + " " + DimsToString(in.dims));
    }
    p->in_axes.push_back(axis);
    p->in_reverse.push_back(dirs[j] != 0);
    const int64_t length = in.dims[axis];
    if (j == 0) p->length = length;
    if (length != p->length) {
      return Status(err::kInvalidParam, "Scan: scan input " + std::to_string(j) + " has length " +
                                            std::to_string(length) + " along its axis, scan input 0 has " +
                                            std::to_string(p->length));
    }
  }
  for (int64_t d : out_dirs) p->out_reverse.push_back(d != 0);
  return Status::Ok();
}

std::vector<TensorSpec> BodyInputs(const std::vector<TensorSpec>& inputs, const ScanPlan& p) {
  std::vector<TensorSpec> in(inputs.begin(), inputs.end());
  for (size_t j = 0; j < p.scans; ++j) {
    TensorSpec& s = in[p.states + j];
    s.dims.erase(s.dims.begin() + static_cast<std::ptrdiff_t>(p.in_axes[j]));
    s.format = Format::kNd;
    s.host_data = nullptr;
  }
  return in;
}

// The output axis of scan output k, for a per-iteration piece of rank `rank`.
Status OutputAxis(const ScanPlan& p, size_t k, size_t rank, size_t* axis) {
  Status st = NormalizeAxis(p.out_axes[k], rank + 1, axis);
  if (!st.ok()) {
    return Status(err::kInvalidParam, "Scan: scan_output_axes[" + std::to_string(k) +
                                          "] = " + std::to_string(p.out_axes[k]) + " does not fit rank " +
                                          std::to_string(rank + 1));
  }
  return Status::Ok();
}

Status ScanInferWithWork(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs,
                         WorkDesc* work) {
  ScanPlan p;
  ASIM_RETURN_IF_ERROR(Plan(inputs, attrs, &p));
  std::vector<TensorSpec> body_out;
  WorkDesc body_work;
  ASIM_RETURN_IF_ERROR(p.body->Infer(BodyInputs(inputs, p), &body_out, &body_work));
  // Scan writes its outputs where they were planned: their dims must follow from the inputs'
  // dims (a Loop sizes its outputs by what it computes, and takes such bodies).
  for (size_t k = 0; k < body_out.size(); ++k) {
    if (!body_out[k].IsStatic()) {
      return Status(err::kInvalidParam, "Scan: the body's output " + std::to_string(k) + " is " +
                                            DimsToString(body_out[k].dims) +
                                            ": its dims come from values known only at execution, which a Scan "
                                            "does not take (a Loop does)");
    }
  }
  outputs->clear();
  for (size_t k = 0; k < p.states; ++k) outputs->push_back(body_out[k]);
  for (size_t k = 0; k < p.outputs; ++k) {
    TensorSpec o = body_out[p.states + k];
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(OutputAxis(p, k, o.dims.size(), &axis));
    o.dims.insert(o.dims.begin() + static_cast<std::ptrdiff_t>(axis), p.length);
    o.format = Format::kNd;
    outputs->push_back(std::move(o));
  }
  *work = WorkDesc{};
  AddBodyWork(body_work, static_cast<double>(p.length), work);
  return Status::Ok();
}

Status ScanMatch(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  ScanPlan p;
  ASIM_RETURN_IF_ERROR(Plan(inputs, attrs, &p));
  return p.body->CheckInputs(BodyInputs(inputs, p), 0);
}

// Elements before / after `axis` of `dims`, and the element size.
struct AxisSplit {
  int64_t outer = 1;
  size_t inner_bytes = 0;
};

AxisSplit SplitAt(const std::vector<int64_t>& dims, size_t axis, DataType dtype) {
  AxisSplit s;
  int64_t inner = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d < axis) s.outer *= dims[d];
    if (d > axis) inner *= dims[d];
  }
  s.inner_bytes = static_cast<size_t>(inner) * DataTypeSize(dtype);
  return s;
}

Status ScanCompute(KernelContext& ctx) {
  std::vector<TensorSpec> specs;
  for (const auto& in : ctx.inputs) specs.push_back(in.spec);
  ScanPlan p;
  ASIM_RETURN_IF_ERROR(Plan(specs, *ctx.attrs, &p));
  std::vector<HostTensor> states;
  for (size_t k = 0; k < p.states; ++k) states.push_back(HostTensor{ctx.in(k).spec, ctx.in(k).data, nullptr});
  std::vector<HostTensor> captured;
  for (size_t i = p.states + p.scans; i < ctx.inputs.size(); ++i) {
    captured.push_back(HostTensor{ctx.in(i).spec, ctx.in(i).data, nullptr});
  }
  for (int64_t t = 0; t < p.length; ++t) {
    if (ctx.Interrupted()) {
      return Status(err::kRtAicpuTimeout, "Scan: stopped at position " + std::to_string(t) +
                                              ": the op execute timeout (aclrtSetOpExecuteTimeOut) has passed");
    }
    std::vector<HostTensor> in = states;
    for (size_t j = 0; j < p.scans; ++j) {
      const TensorView& src = ctx.in(p.states + j);
      const AxisSplit split = SplitAt(src.dims(), p.in_axes[j], src.dtype());
      const int64_t position = p.in_reverse[j] ? p.length - 1 - t : t;
      TensorSpec slice_spec = MakeSpec(src.dtype(), src.dims());
      slice_spec.dims.erase(slice_spec.dims.begin() + static_cast<std::ptrdiff_t>(p.in_axes[j]));
      auto slice = std::make_shared<std::vector<uint8_t>>(std::max<size_t>(slice_spec.Bytes(), 1));
      for (int64_t o = 0; o < split.outer; ++o) {
        std::memcpy(
            slice->data() + static_cast<size_t>(o) * split.inner_bytes,
            static_cast<const uint8_t*>(src.data) + static_cast<size_t>(o * p.length + position) * split.inner_bytes,
            split.inner_bytes);
      }
      in.push_back(HostTensor{slice_spec, slice->data(), slice});
    }
    in.insert(in.end(), captured.begin(), captured.end());
    std::vector<HostTensor> out;
    ASIM_RETURN_IF_ERROR(p.body->Run(in, &out, ctx.interrupted));
    for (size_t k = 0; k < p.states; ++k) {
      if (out[k].spec.dims != ctx.out(k).dims() || out[k].spec.dtype != ctx.out(k).dtype()) {
        return Status(err::kInvalidParam, "Scan: the body gives state " + std::to_string(k) + " as " +
                                              DataTypeName(out[k].spec.dtype) + " " + DimsToString(out[k].spec.dims) +
                                              ", it is " + DataTypeName(ctx.out(k).dtype()) + " " +
                                              DimsToString(ctx.out(k).dims()) + " (states keep their shape)");
      }
      states[k] = out[k];
    }
    for (size_t k = 0; k < p.outputs; ++k) {
      const HostTensor& piece = out[p.states + k];
      TensorView& dst = ctx.out(p.states + k);
      size_t axis = 0;
      ASIM_RETURN_IF_ERROR(OutputAxis(p, k, piece.spec.dims.size(), &axis));
      std::vector<int64_t> expect = dst.dims();
      if (axis < expect.size()) expect.erase(expect.begin() + static_cast<std::ptrdiff_t>(axis));
      if (piece.spec.dims != expect || piece.spec.dtype != dst.dtype()) {
        return Status(err::kInvalidParam, "Scan: scan output " + std::to_string(k) + " piece is " +
                                              DataTypeName(piece.spec.dtype) + " " + DimsToString(piece.spec.dims) +
                                              " in iteration " + std::to_string(t) + ", planned " +
                                              DataTypeName(dst.dtype()) + " " + DimsToString(expect));
      }
      const AxisSplit split = SplitAt(dst.dims(), axis, dst.dtype());
      const int64_t position = p.out_reverse[k] ? p.length - 1 - t : t;
      for (int64_t o = 0; o < split.outer; ++o) {
        std::memcpy(static_cast<uint8_t*>(dst.data) + static_cast<size_t>(o * p.length + position) * split.inner_bytes,
                    static_cast<const uint8_t*>(piece.data) + static_cast<size_t>(o) * split.inner_bytes,
                    split.inner_bytes);
      }
    }
  }
  for (size_t k = 0; k < p.states; ++k) {
    if (states[k].spec.dims != ctx.out(k).dims()) {
      return Status(err::kInvalidParam, "Scan: state " + std::to_string(k) + " is " +
                                            DimsToString(states[k].spec.dims) + ", planned " +
                                            DimsToString(ctx.out(k).dims()));
    }
    const size_t bytes = ctx.out(k).Bytes();
    if (bytes > 0) std::memcpy(ctx.out(k).data, states[k].data, bytes);
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildScan_AiCpu() {
  return KernelBuilder("Scan", Engine::kAiCpu)
      .VariadicInput("initial_state_and_scan_inputs", {})
      .VariadicOutput("final_state_and_scan_outputs", {})
      .RequiredAttr("body", AttrType::kString)
      .RequiredAttr("num_scan_inputs", AttrType::kInt)
      .Attr("scan_input_axes", std::vector<int64_t>{})
      .Attr("scan_input_directions", std::vector<int64_t>{})
      .Attr("scan_output_axes", std::vector<int64_t>{})
      .Attr("scan_output_directions", std::vector<int64_t>{})
      .Constraint(ScanMatch)
      .InferShape(InferShapeFrom(ScanInferWithWork))
      .Compute(ScanCompute)
      .Cost(CostFrom(ScanInferWithWork))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
