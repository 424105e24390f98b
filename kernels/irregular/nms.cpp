// NonMaxSuppression (ONNX opset 10-11): per batch and class, boxes whose score exceeds
// score_threshold are taken greedily by descending score (equal scores: lower box index
// first); a box is dropped when its IoU with an already selected box exceeds
// iou_threshold; at most max_output_boxes_per_class per class (0 or absent: none).
// center_point_box 0: boxes are [y1, x1, y2, x2] (corners in any order); 1: [xc, yc, w, h].
// Boxes with zero area never suppress anything. Output: int64 [selected, 3] rows of
// (batch, class, box); its length depends on the data — InferShape gives the bound and
// compute reports the actual dims (kernels/common/shape/computed_shape.h).
// Owner: the AI CPU irregular family. AI CPU only, as on the chip.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for boxes/scores of the wrong
// shapes.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

Status Check(const std::vector<TensorSpec>& in) {
  const auto& b = in[0].dims;
  const auto& s = in[1].dims;
  // -1: a dim not known before execution (a dynamic input, a value-decided Reshape) matches any.
  auto same = [](int64_t x, int64_t y) { return x < 0 || y < 0 || x == y; };
  if (b.size() != 3 || !same(b[2], 4) || s.size() != 3 || !same(s[0], b[0]) || !same(s[2], b[1])) {
    return Status(err::kOpInputNotMatch, "NonMaxSuppression: boxes " + DimsToString(b) +
                                             " must be [B, N, 4] and scores " + DimsToString(s) + " [B, C, N]");
  }
  return Status::Ok();
}

Status NmsInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  ASIM_RETURN_IF_ERROR(Check(inputs));
  const auto& b = inputs[0].dims;
  const auto& s = inputs[1].dims;
  int64_t per_class = s[2] >= 0 ? s[2] : b[1];
  std::vector<int64_t> max_out;
  Status st;
  if (KnownInts(inputs, 2, "NonMaxSuppression max_output_boxes_per_class", &max_out, &st) && st.ok() &&
      !max_out.empty()) {
    if (per_class >= 0) per_class = std::clamp<int64_t>(max_out[0], 0, per_class);
  }
  TensorSpec o;
  o.dtype = DataType::kInt64;
  const int64_t batch = s[0] >= 0 ? s[0] : b[0];
  o.dims = {(batch < 0 || s[1] < 0 || per_class < 0) ? -1 : batch * s[1] * per_class, 3};
  outputs->assign(1, o);
  return Status::Ok();
}

struct Box {
  float y1, x1, y2, x2;
};

Box Corners(const float* b, bool center) {
  if (center) {
    const float xc = b[0], yc = b[1], w = b[2], h = b[3];
    return {yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2};
  }
  return {std::min(b[0], b[2]), std::min(b[1], b[3]), std::max(b[0], b[2]), std::max(b[1], b[3])};
}

bool Suppresses(const Box& a, const Box& b, float iou_threshold) {
  const float area_a = (a.y2 - a.y1) * (a.x2 - a.x1), area_b = (b.y2 - b.y1) * (b.x2 - b.x1);
  if (area_a <= 0 || area_b <= 0) return false;
  const float ih = std::min(a.y2, b.y2) - std::max(a.y1, b.y1);
  const float iw = std::min(a.x2, b.x2) - std::max(a.x1, b.x1);
  if (ih <= 0 || iw <= 0) return false;
  const float inter = ih * iw;
  return inter / (area_a + area_b - inter) > iou_threshold;
}

Status NmsCompute(KernelContext& ctx) {
  const TensorView& boxes = ctx.in(0);
  const TensorView& scores = ctx.in(1);
  const int64_t batches = scores.dims()[0], classes = scores.dims()[1], n = scores.dims()[2];
  int64_t max_out = 0;
  if (ctx.has_input(2) && ctx.in(2).ElementCount() > 0) {
    std::vector<int64_t> v;
    ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(2), "NonMaxSuppression max_output_boxes_per_class", &v));
    max_out = std::max<int64_t>(0, v[0]);
  }
  const bool has_iou = ctx.has_input(3) && ctx.in(3).ElementCount() > 0;
  const bool has_score = ctx.has_input(4) && ctx.in(4).ElementCount() > 0;
  const float iou = has_iou ? static_cast<float>(LoadAsDouble(ctx.in(3).dtype(), ctx.in(3).data, 0)) : 0.0f;
  const float score_min = has_score ? static_cast<float>(LoadAsDouble(ctx.in(4).dtype(), ctx.in(4).data, 0)) : 0.0f;
  const bool center = ctx.attrs->GetInt("center_point_box", 0) != 0;
  const float* box_data = boxes.as<const float>();
  const float* score_data = scores.as<const float>();
  const int64_t bound = ctx.out(0).dims()[0];
  int64_t* out = ctx.out(0).as<int64_t>();
  int64_t selected_total = 0;
  std::vector<int64_t> candidates, selected;
  for (int64_t b = 0; b < batches; ++b) {
    for (int64_t c = 0; c < classes; ++c) {
      const float* s = score_data + (b * classes + c) * n;
      candidates.clear();
      for (int64_t i = 0; i < n; ++i) {
        if (!has_score || s[i] > score_min) candidates.push_back(i);
      }
      std::stable_sort(candidates.begin(), candidates.end(), [&](int64_t x, int64_t y) { return s[x] > s[y]; });
      selected.clear();
      for (int64_t i : candidates) {
        if (static_cast<int64_t>(selected.size()) >= max_out) break;
        const Box bi = Corners(box_data + (b * n + i) * 4, center);
        bool keep = true;
        for (int64_t j : selected) {
          if (Suppresses(Corners(box_data + (b * n + j) * 4, center), bi, iou)) {
            keep = false;
            break;
          }
        }
        if (!keep) continue;
        selected.push_back(i);
        if (selected_total >= bound) return Status(err::kInternalError, "NonMaxSuppression: output bound exceeded");
        out[selected_total * 3 + 0] = b;
        out[selected_total * 3 + 1] = c;
        out[selected_total * 3 + 2] = i;
        ++selected_total;
      }
    }
  }
  return SetComputedDims(ctx, 0, {selected_total, 3}, "NonMaxSuppression");
}

// Sorting every class' scores plus, in the worst case, comparing each candidate with every
// box already selected.
WorkDesc NmsCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                 const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double n = static_cast<double>(std::max<int64_t>(2, inputs[1].dims[2]));
  const double lists = static_cast<double>(inputs[1].dims[0] * inputs[1].dims[1]);
  const double per_class = outputs[0].dims[0] / std::max(1.0, lists);
  w.aicpu_ops = static_cast<uint64_t>(lists * (n * std::log2(n) + n * std::max(1.0, per_class) * 8));
  w.aicpu_bytes = inputs[0].Bytes() + inputs[1].Bytes() + outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildNonMaxSuppression_AiCpu() {
  return KernelBuilder("NonMaxSuppression", Engine::kAiCpu)
      .Input("boxes", {DataType::kFloat})
      .Input("scores", {DataType::kFloat})
      .OptionalInput("max_output_boxes_per_class", {DataType::kInt64})
      .OptionalInput("iou_threshold", {DataType::kFloat})
      .OptionalInput("score_threshold", {DataType::kFloat})
      .Output("selected_indices", {DataType::kInt64})
      .ShapeFromCompute()
      .Attr("center_point_box", int64_t{0})
      .InferShape(NmsInfer)
      .Compute(NmsCompute)
      .Cost(NmsCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
