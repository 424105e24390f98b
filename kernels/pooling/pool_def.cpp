// Shared declaration and launch glue of the pooling kernels (see pool_def.h): the ND /
// NCHW and NC1HWC0 layouts, shape inference (keeping the plain origin shape of a pooled
// NC1HWC0 output so TransData can convert it back), the typed launch and the work.
// Owner: pooling family. Thread safety: re-entrant. Failure: kOpInputNotMatch for ranks
// that fit no layout; the geometry's Status for bad attributes.
#include "kernels/pooling/pool_def.h"

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/values/type_dispatch.h"

namespace asim::kernels {
namespace {

using PoolTypes = ConcatTypes<FloatTypes, Types<int8_t, uint8_t>>::type;

Status Geometry(const std::vector<int64_t>& spatial, const AttrMap& attrs, bool global, PoolGeometry* g) {
  return global ? GlobalPoolGeometry(spatial, g) : MakePoolGeometry(spatial, attrs, g);
}

}  // namespace

Status PoolLayoutOf(const std::vector<int64_t>& dims, Format format, PoolLayout* layout) {
  if (format == Format::kNc1hwc0) {
    if (dims.size() != 5) return Status(err::kOpInputNotMatch, "NC1HWC0 x must have 5 dims, got " + DimsToString(dims));
    if (dims[4] > kMaxPoolLanes) return Status(err::kOpInputNotMatch, "C0 above 64 is not supported");
    layout->planes = dims[0] * dims[1];
    layout->lanes = dims[4];
    layout->spatial = {dims[2], dims[3]};
    return Status::Ok();
  }
  if (dims.size() < 3 || dims.size() > 5) {
    return Status(err::kOpInputNotMatch,
                  "x must be [N, C, D1, ..., Dk] with 1 to 3 spatial dims, got " + DimsToString(dims));
  }
  layout->planes = dims[0] * dims[1];
  layout->lanes = 1;
  layout->spatial.assign(dims.begin() + 2, dims.end());
  return Status::Ok();
}

std::vector<int64_t> PooledDims(const std::vector<int64_t>& dims, const std::vector<int64_t>& out_spatial) {
  std::vector<int64_t> out = dims;
  for (size_t i = 0; i < out_spatial.size(); ++i) out[2 + i] = out_spatial[i];  // NC1HWC0: H, W at 2, 3 too
  return out;
}

namespace {

// The plain view of a pooled NC1HWC0 output: the origin's H and W become the pooled ones.
void PoolOrigin(const TensorSpec& x, const std::vector<int64_t>& out_spatial, TensorSpec* y) {
  if (x.format != Format::kNc1hwc0 || x.origin_dims.size() != 4 || out_spatial.size() != 2) {
    y->origin_format = Format::kUndefined;  // unknown (the padded sizes are used on the way back)
    y->origin_dims.clear();
    return;
  }
  size_t h = 2;  // NCHW / ND
  if (x.origin_format == Format::kNhwc) h = 1;
  if (x.origin_format == Format::kHwcn) h = 0;
  y->origin_format = x.origin_format;
  y->origin_dims = x.origin_dims;
  y->origin_dims[h] = out_spatial[0];
  y->origin_dims[h + 1] = out_spatial[1];
}

}  // namespace

InferShapeFn PoolInfer(bool global, bool with_indices) {
  return [global, with_indices](const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                                std::vector<TensorSpec>* outputs) {
    const TensorSpec& x = inputs[0];
    PoolLayout layout;
    ASIM_RETURN_IF_ERROR(PoolLayoutOf(x.dims, x.format, &layout));
    TensorSpec y = x;
    y.host_data = nullptr;
    bool spatial_known = true;
    for (int64_t d : layout.spatial) spatial_known = spatial_known && d >= 0;
    std::vector<int64_t> out_spatial(layout.spatial.size(), -1);
    if (spatial_known) {
      PoolGeometry g;
      ASIM_RETURN_IF_ERROR(Geometry(layout.spatial, attrs, global, &g));
      out_spatial = g.OutDims();
    }
    y.dims = PooledDims(x.dims, out_spatial);
    PoolOrigin(x, out_spatial, &y);
    outputs->assign(1, y);
    if (with_indices && attrs.GetInt("output_indices", 0) != 0) {
      TensorSpec idx = y;
      idx.dtype = DataType::kInt64;
      outputs->push_back(idx);
    }
    return Status::Ok();
  };
}

ComputeFn PoolCompute(PoolKind kind, bool global) {
  return [kind, global](KernelContext& ctx) {
    const TensorView& x = ctx.in(0);
    PoolLayout layout;
    ASIM_RETURN_IF_ERROR(PoolLayoutOf(x.dims(), x.spec.format, &layout));
    PoolGeometry g;
    ASIM_RETURN_IF_ERROR(Geometry(layout.spatial, *ctx.attrs, global, &g));
    if (ctx.out(0).ElementCount() != layout.planes * layout.lanes * g.OutSize()) {
      return Status(
          err::kOpInputNotMatch,
          "pooled output must hold " + std::to_string(layout.planes * layout.lanes * g.OutSize()) + " elements");
    }
    PoolParams pp;
    pp.kind = kind;
    pp.count_include_pad = ctx.attrs->GetInt("count_include_pad", 0) != 0;
    pp.p = ctx.attrs->GetInt("p", 2);
    pp.column_major_indices = ctx.attrs->GetInt("storage_order", 0) != 0;
    if (pp.kind == PoolKind::kLp && pp.p < 1) return Status(err::kOpAttrNotMatch, "p must be at least 1");
    int64_t* indices = nullptr;
    if (ctx.outputs.size() > 1 && ctx.outputs[1].data != nullptr && layout.lanes == 1) {
      indices = ctx.outputs[1].as<int64_t>();
    }
    if (layout.planes * g.OutSize() == 0) return Status::Ok();
    return Dispatch(PoolTypes{}, x.dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      PoolTyped<S>(x.as<const S>(), ctx.out(0).as<S>(), indices, layout.planes, layout.lanes, g, pp);
      return Status::Ok();
    });
  };
}

CostFn PoolCost(Engine engine, bool global, double ops_per_tap) {
  return [engine, global, ops_per_tap](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                                       const AttrMap& attrs, const ChipTraits& chip) {
    PoolLayout layout;
    PoolGeometry g;
    double taps = 1;
    if (PoolLayoutOf(inputs[0].dims, inputs[0].format, &layout).ok() &&
        Geometry(layout.spatial, attrs, global, &g).ok()) {
      taps = static_cast<double>(g.KernelSize());
    }
    const double out_elems = outputs.empty() ? 0.0 : static_cast<double>(outputs[0].ElementCount());
    const double ops = out_elems * (taps * ops_per_tap + 1);
    if (engine == Engine::kAiCpu) return AiCpuWork(SpecsBytes(inputs) + SpecsBytes(outputs), ops);
    return VectorWork(SpecsBytes(inputs), SpecsBytes(outputs), ops, std::max<int64_t>(1, layout.planes), chip);
  };
}

}  // namespace asim::kernels
