// BroadcastPlan construction (dropping size-1 dims, merging dims of equal broadcast
// pattern, per-input strides) and broadcast shape inference with unknown dims.
// Owner: elementwise family (kernels/common, shared). Thread safety: pure functions.
// Failure: kOpInputNotMatch for shapes that do not broadcast; kInvalidParam past
// BroadcastPlan::kMaxDims merged dims; kInternalError for a wrong input count (see
// broadcast_iter.h).
#include "kernels/common/shape/broadcast_iter.h"

namespace asim::kernels {

Status BroadcastPlan::Make(const std::vector<int64_t>& out_dims,
                           const std::vector<const std::vector<int64_t>*>& in_dims, BroadcastPlan* plan) {
  const int n = static_cast<int>(in_dims.size());
  if (n < 1 || n > kMaxInputs) {
    return Status(err::kInternalError, "BroadcastPlan takes 1 to 3 inputs, got " + std::to_string(n));
  }
  BroadcastPlan p;
  p.num_inputs_ = n;
  const size_t rank = out_dims.size();
  p.total_ = 1;
  for (int64_t d : out_dims) p.total_ *= d;
  // Right-aligned view of each input; broadcast flags per kept dim.
  struct Dim {
    int64_t size;
    std::array<bool, kMaxInputs> bcast;
  };
  std::vector<Dim> kept;
  for (size_t i = 0; i < rank; ++i) {
    Dim dim{out_dims[i], {}};
    for (int k = 0; k < n; ++k) {
      const std::vector<int64_t>& in = *in_dims[static_cast<size_t>(k)];
      if (in.size() > rank) {
        return Status(err::kOpInputNotMatch, "input " + std::to_string(k) + " shape " + DimsToString(in) +
                                                 " has more dims than the output " + DimsToString(out_dims));
      }
      const size_t lead = rank - in.size();
      const int64_t d = i < lead ? 1 : in[i - lead];
      if (d != out_dims[i] && d != 1) {
        return Status(err::kOpInputNotMatch, "input " + std::to_string(k) + " shape " + DimsToString(in) +
                                                 " does not broadcast to " + DimsToString(out_dims));
      }
      dim.bcast[static_cast<size_t>(k)] = d != out_dims[i];
    }
    if (dim.size == 1) continue;  // contributes nothing to any offset
    if (!kept.empty() && kept.back().bcast == dim.bcast) {
      kept.back().size *= dim.size;  // same pattern as the dim outside it: merge
    } else {
      kept.push_back(dim);
    }
  }
  if (kept.empty()) kept.push_back(Dim{1, {}});  // a scalar (or all-ones) output
  if (kept.size() > static_cast<size_t>(kMaxDims)) {
    return Status(err::kInvalidParam, "broadcast of " + DimsToString(out_dims) + " needs more than " +
                                          std::to_string(kMaxDims) + " merged dims");
  }
  // Element strides of each input over the merged dims (0 where it broadcasts).
  const int merged = static_cast<int>(kept.size());
  for (int k = 0; k < n; ++k) {
    int64_t stride = 1;
    for (int d = merged - 1; d >= 0; --d) {
      const Dim& dim = kept[static_cast<size_t>(d)];
      const bool b = dim.bcast[static_cast<size_t>(k)];
      const int64_t s = b ? 0 : stride;
      if (!b) stride *= dim.size;
      if (d == merged - 1) {
        p.inner_stride_[static_cast<size_t>(k)] = s == 0 ? 0 : 1;
      } else {
        p.strides_[static_cast<size_t>(k)][static_cast<size_t>(d)] = s;
      }
    }
  }
  p.inner_ = kept.back().size;
  p.outer_rank_ = merged - 1;
  for (int d = 0; d < p.outer_rank_; ++d) p.dims_[static_cast<size_t>(d)] = kept[static_cast<size_t>(d)].size;
  *plan = p;
  return Status::Ok();
}

Status BroadcastDims(const std::vector<std::vector<int64_t>>& shapes, std::vector<int64_t>* out) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  std::vector<int64_t> result(rank, 1);
  for (const auto& s : shapes) {
    const size_t lead = rank - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& r = result[lead + i];
      const int64_t d = s[i];
      if (d == 1 || d == r) continue;
      if (r == 1) {
        r = d;
      } else if (d < 0) {
        continue;  // unknown against known: the known one wins (or it fails at run time)
      } else if (r < 0) {
        r = d;
      } else {
        std::string text;
        for (size_t j = 0; j < shapes.size(); ++j) text += (j ? " and " : "") + DimsToString(shapes[j]);
        return Status(err::kOpInputNotMatch, "shapes " + text + " cannot be broadcast together");
      }
    }
  }
  *out = std::move(result);
  return Status::Ok();
}

}  // namespace asim::kernels
