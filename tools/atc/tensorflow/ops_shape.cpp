// TensorFlow's data-movement ops (see ops.h). Pads, ConcatV2, Squeeze and Transpose work on a
// value stored NCHW by remapping their axes; the others read the logical layout. Inputs that
// decide a shape (Reshape's shape, StridedSlice's begin / end / strides, Pad's paddings ...)
// are read as constants where the op needs them at conversion, else cast to int64 for the
// kernels, which take them at run time.
#include <algorithm>
#include <climits>

#include "tools/atc/tensorflow/ops.h"

namespace asim::atc::tf_import {
namespace {

Status Identity(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(-1));
  const size_t n = c.op() == "IdentityN" ? static_cast<size_t>(c.input_count()) : 1;
  for (size_t k = 0; k < n; ++k) c.SetOutput(k, c.in(static_cast<int>(k)));
  return Status::Ok();
}

// Pad, PadV2 and MirrorPad.
Status Pad(NodeContext& c) {
  const bool v2 = c.op() == "PadV2";
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(v2 ? 3 : 2));
  std::vector<int64_t> p;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "paddings", &p));
  const size_t rank = c.rank(0);
  if (p.size() != 2 * rank) {
    return c.Malformed("has " + std::to_string(p.size()) + " paddings for a " + std::to_string(rank) +
                       "-D input; it takes [rank, 2]");
  }
  const TfValue x = c.in(0);
  std::vector<int64_t> pads(2 * rank);
  for (size_t a = 0; a < rank; ++a) {
    const size_t at = x.nchw ? static_cast<size_t>(NchwAxis(static_cast<int64_t>(a))) : a;
    pads[at] = p[2 * a];
    pads[rank + at] = p[2 * a + 1];
  }
  kernels::AttrMap attrs;
  std::vector<int> in{x.id, c.ConstInt64("pads", pads)};
  if (c.op() == "MirrorPad") {
    const std::string mode = c.AttrString("mode", "");
    if (mode != "REFLECT") return c.Unsupported("mode \"" + mode + "\" (REFLECT is supported)");
    attrs.Set("mode", std::string("reflect"));
  } else if (v2) {
    int value = c.in(2).id;
    if (c.graph().value(value).dtype != c.graph().value(x.id).dtype) {
      return c.Malformed("pads with a constant_values of another type than its input");
    }
    in.push_back(value);
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Pad", in, attrs, &y));
  c.SetOutput(0, TfValue{y, x.nchw});
  return Status::Ok();
}

// ConcatV2 (values..., axis) and the old Concat (axis, values...).
Status Concat(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(-1));
  if (c.input_count() < 2) return c.Malformed("has no axis input");
  const bool v2 = c.op() == "ConcatV2";
  const int axis_input = v2 ? c.input_count() - 1 : 0;
  const int first = v2 ? 0 : 1, last = v2 ? c.input_count() - 1 : c.input_count();
  int64_t raw = 0;
  ASIM_RETURN_IF_ERROR(c.ConstInt(axis_input, "axis", &raw));
  const size_t rank = c.rank(first);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, raw, rank, "axis", &axis));
  bool nchw = rank == 4;
  bool any = false;
  for (int i = first; i < last; ++i) {
    nchw = nchw && c.rank(i) == 4;
    any = any || c.in(i).nchw;
  }
  nchw = nchw && any;
  std::vector<int> in;
  for (int i = first; i < last; ++i) in.push_back(nchw ? c.NchwOf(c.in(i)) : c.Plain(i));
  if (in.size() == 1) {
    c.SetOutput(0, TfValue{in[0], nchw});
    return Status::Ok();
  }
  kernels::AttrMap a;
  a.Set("axis", nchw ? NchwAxis(static_cast<int64_t>(axis)) : static_cast<int64_t>(axis));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", in, a, &y));
  c.SetOutput(0, TfValue{y, nchw});
  return Status::Ok();
}

Status Pack(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(-1));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, c.AttrInt("axis", 0), c.rank(0) + 1, "axis", &axis));
  const int axes = c.ConstInt64("axes", {static_cast<int64_t>(axis)});
  std::vector<int> parts;
  for (int i = 0; i < c.input_count(); ++i) {
    int u = -1;
    ASIM_RETURN_IF_ERROR(c.EmitOne("Unsqueeze", {c.Plain(i), axes}, {}, &u,
                                   c.input_count() == 1 ? "" : "unsqueeze" + std::to_string(i)));
    parts.push_back(u);
  }
  int y = parts[0];
  if (parts.size() > 1) {
    kernels::AttrMap a;
    a.Set("axis", static_cast<int64_t>(axis));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", parts, a, &y));
  }
  c.SetOutput(0, y);
  return Status::Ok();
}

// Splits input `x` along `axis` into `sizes` and, with squeeze, drops the axis (Unpack).
Status SplitInto(NodeContext& c, int x, size_t axis, const std::vector<int64_t>& sizes, bool squeeze) {
  std::vector<int> outs;
  kernels::AttrMap a;
  a.Set("axis", static_cast<int64_t>(axis));
  const int n = static_cast<int>(sizes.size());
  if (n == 1) {
    outs.push_back(x);
  } else {
    ASIM_RETURN_IF_ERROR(c.Emit("Split", {x, c.ConstInt64("split", sizes)}, a, n, &outs, squeeze ? "split" : ""));
  }
  for (int k = 0; k < n; ++k) {
    int y = outs[static_cast<size_t>(k)];
    if (squeeze) {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Squeeze", {y, c.ConstInt64("axes", {static_cast<int64_t>(axis)})}, {}, &y,
                                     k == 0 ? "" : "squeeze" + std::to_string(k)));
    }
    c.SetOutput(static_cast<size_t>(k), y);
  }
  return Status::Ok();
}

Status Unpack(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, c.AttrInt("axis", 0), c.rank(0), "axis", &axis));
  const int64_t n = c.dims(0)[axis];
  if (n <= 0 || c.AttrInt("num", n) != n) {
    return c.Malformed("unpacks " + std::to_string(c.AttrInt("num", n)) + " tensors from axis " + std::to_string(axis) +
                       " of " + DimsText(c.dims(0)));
  }
  return SplitInto(c, c.Plain(0), axis, std::vector<int64_t>(static_cast<size_t>(n), 1), true);
}

// Split (axis, value; num_split) and SplitV (value, size_splits, axis).
Status Split(NodeContext& c) {
  const bool v = c.op() == "SplitV";
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(v ? 3 : 2));
  const int value = v ? 0 : 1;
  int64_t raw = 0;
  ASIM_RETURN_IF_ERROR(c.ConstInt(v ? 2 : 0, "axis", &raw));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, raw, c.rank(value), "axis", &axis));
  const int64_t dim = c.dims(value)[axis];
  std::vector<int64_t> sizes;
  if (v) {
    ASIM_RETURN_IF_ERROR(c.ConstInts(1, "size_splits", &sizes));
    int64_t known = 0, unknown = 0;
    for (int64_t s : sizes) s < 0 ? ++unknown : known += s;
    for (auto& s : sizes) {
      if (s < 0) s = dim - known;
    }
    if (unknown > 1 || known > dim || (unknown == 0 && known != dim)) {
      return c.Malformed("splits a dim of " + std::to_string(dim) + " into " + DimsText(sizes));
    }
  } else {
    const int64_t n = c.AttrInt("num_split", 1);
    if (n <= 0 || dim % n != 0) {
      return c.Malformed("splits a dim of " + std::to_string(dim) + " into " + std::to_string(n) + " equal parts");
    }
    sizes.assign(static_cast<size_t>(n), dim / n);
  }
  return SplitInto(c, c.Plain(value), axis, sizes, false);
}

Status Reshape(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  kernels::AttrMap a;
  int shape = -1;
  if (c.IsConst(1)) {
    std::vector<int64_t> s;
    ASIM_RETURN_IF_ERROR(c.ConstInts(1, "shape", &s));
    if (std::find(s.begin(), s.end(), 0) != s.end()) a.Set("allowzero", int64_t{1});  // TensorFlow's 0 is a 0
    shape = c.ConstInt64("shape", s);
  } else {
    ASIM_RETURN_IF_ERROR(c.Int64Input(1, &shape));
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {c.Plain(0), shape}, a, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status Squeeze(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  const auto d = c.dims(0);
  std::vector<size_t> axes;
  const auto given = c.AttrInts("squeeze_dims");
  for (int64_t a : given) {
    size_t x = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, a, d.size(), "squeeze_dims", &x));
    if (d[x] != 1) return c.Malformed("squeezes axis " + std::to_string(x) + " of " + DimsText(d) + ", not 1");
    axes.push_back(x);
  }
  if (given.empty()) {
    for (size_t i = 0; i < d.size(); ++i) {
      if (d[i] == 1) axes.push_back(i);
    }
  }
  std::sort(axes.begin(), axes.end());
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  const TfValue x = c.in(0);
  if (axes.empty()) {
    c.SetOutput(0, x);
    return Status::Ok();
  }
  std::vector<int64_t> physical, perm;
  if (x.nchw) {
    RemovedAxesNchw(axes, &physical, &perm);
  } else {
    for (size_t a : axes) physical.push_back(static_cast<int64_t>(a));
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Squeeze", {x.id, c.ConstInt64("axes", physical)}, {}, &y, perm.empty() ? "" : "squeeze"));
  if (!perm.empty()) ASIM_RETURN_IF_ERROR(c.Transpose(y, perm, "", &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status ExpandDims(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int64_t raw = 0;
  ASIM_RETURN_IF_ERROR(c.ConstInt(1, "dim", &raw));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, raw, c.rank(0) + 1, "dim", &axis));
  int y = -1;
  ASIM_RETURN_IF_ERROR(
      c.EmitOne("Unsqueeze", {c.Plain(0), c.ConstInt64("axes", {static_cast<int64_t>(axis)})}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status TransposeOp(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  std::vector<int64_t> perm;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "perm", &perm));
  const size_t rank = c.rank(0);
  std::vector<int64_t> sorted = perm;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i) {
    if (sorted.size() != rank || sorted[i] != static_cast<int64_t>(i)) {
      return c.Malformed("has perm " + DimsText(perm) + ", not a permutation of its " + std::to_string(rank) + " axes");
    }
  }
  const TfValue x = c.in(0);
  // Reading a value stored NCHW: the logical axis p is stored at NchwAxis(p).
  if (x.nchw) {
    for (auto& p : perm) p = NchwAxis(p);
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.Transpose(x.id, perm, "", &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status Shape(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(1));
  const DataType out = c.AttrType("out_type", DataType::kInt32);
  int y = -1;
  if (!c.dynamic(0)) {
    y = c.ConstInt64("shape", c.dims(0));
  } else {
    const TfValue x = c.in(0);
    ASIM_RETURN_IF_ERROR(c.EmitOne("Shape", {x.id}, {}, &y, x.nchw ? "stored" : ""));
    if (x.nchw) {
      kernels::AttrMap a;
      a.Set("axis", int64_t{0});
      ASIM_RETURN_IF_ERROR(c.EmitOne("Gather", {y, c.ConstInt64("nhwc", kToNhwc)}, a, &y));
    }
  }
  ASIM_RETURN_IF_ERROR(c.CastTo(y, out, "out_type", &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

bool Bit(int64_t mask, size_t i) {
  return i < 63 && ((mask >> i) & 1) != 0;
}

// StridedSlice with constant begin / end / strides: one Slice over the input axes the spec
// touches, a Squeeze for shrink_axis_mask and an Unsqueeze for new_axis_mask.
Status StridedSlice(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(4));
  std::vector<int64_t> begin, end, strides;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "begin", &begin));
  ASIM_RETURN_IF_ERROR(c.ConstInts(2, "end", &end));
  ASIM_RETURN_IF_ERROR(c.ConstInts(3, "strides", &strides));
  const size_t n = begin.size();
  if (end.size() != n || strides.size() != n) {
    return c.Malformed("has begin, end and strides of " + std::to_string(n) + ", " + std::to_string(end.size()) +
                       " and " + std::to_string(strides.size()) + " values; they must agree");
  }
  const int64_t bm = c.AttrInt("begin_mask", 0), em = c.AttrInt("end_mask", 0);
  const int64_t ellipsis = c.AttrInt("ellipsis_mask", 0), new_axis = c.AttrInt("new_axis_mask", 0);
  const int64_t shrink = c.AttrInt("shrink_axis_mask", 0);
  const auto d = c.dims(0);
  const size_t rank = d.size();
  size_t real = 0;
  bool seen_ellipsis = false;
  for (size_t i = 0; i < n; ++i) {
    if (Bit(ellipsis, i)) {
      if (seen_ellipsis) return c.Malformed("has more than one ellipsis in ellipsis_mask");
      seen_ellipsis = true;
    } else if (!Bit(new_axis, i)) {
      ++real;
    }
  }
  if (real > rank)
    return c.Malformed("indexes " + std::to_string(real) + " axes of a " + std::to_string(rank) + "-D input");
  std::vector<int64_t> starts, ends, axes, steps, squeeze, unsqueeze;
  size_t dim = 0, out_pos = 0, real_seen = 0;
  for (size_t i = 0; i < n; ++i) {
    if (Bit(ellipsis, i)) {
      const size_t cover = rank - dim - (real - real_seen);
      dim += cover;
      out_pos += cover;
      continue;
    }
    if (Bit(new_axis, i)) {
      unsqueeze.push_back(static_cast<int64_t>(out_pos++));
      continue;
    }
    ++real_seen;
    const size_t axis = dim++;
    const int64_t s = strides[i];
    if (s == 0) return c.Malformed("has stride 0 at index " + std::to_string(i));
    if (Bit(shrink, i)) {
      int64_t b = begin[i];
      if (b < 0) b += d[axis];
      if (b < 0 || b >= d[axis]) {
        return c.Malformed("takes index " + std::to_string(begin[i]) + " of axis " + std::to_string(axis) + " (size " +
                           std::to_string(d[axis]) + ")");
      }
      starts.push_back(b);
      ends.push_back(b + 1);
      steps.push_back(1);
      axes.push_back(static_cast<int64_t>(axis));
      squeeze.push_back(static_cast<int64_t>(axis));
      continue;
    }
    ++out_pos;
    const int64_t b = Bit(bm, i) ? (s > 0 ? 0 : INT64_MAX) : begin[i];
    const int64_t e = Bit(em, i) ? (s > 0 ? INT64_MAX : INT64_MIN) : end[i];
    if (s == 1 && b == 0 && e == INT64_MAX) continue;  // the whole axis
    starts.push_back(b);
    ends.push_back(e);
    steps.push_back(s);
    axes.push_back(static_cast<int64_t>(axis));
  }
  int y = c.Plain(0);
  const bool slice = !starts.empty(), sq = !squeeze.empty(), unsq = !unsqueeze.empty();
  const bool main_is_last_slice = !sq && !unsq;
  if (slice) {
    ASIM_RETURN_IF_ERROR(c.EmitOne("Slice",
                                   {y, c.ConstInt64("starts", starts), c.ConstInt64("ends", ends),
                                    c.ConstInt64("axes", axes), c.ConstInt64("steps", steps)},
                                   {}, &y, main_is_last_slice ? "" : "slice"));
  }
  if (sq) {
    ASIM_RETURN_IF_ERROR(
        c.EmitOne("Squeeze", {y, c.ConstInt64("squeeze_axes", squeeze)}, {}, &y, unsq ? "squeeze" : ""));
  }
  if (unsq) {
    ASIM_RETURN_IF_ERROR(c.EmitOne("Unsqueeze", {y, c.ConstInt64("new_axes", unsqueeze)}, {}, &y));
  }
  if (!slice && !sq && !unsq) ASIM_RETURN_IF_ERROR(c.EmitOne("Identity", {y}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status SliceOp(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(3));
  std::vector<int64_t> begin, size;
  ASIM_RETURN_IF_ERROR(c.ConstInts(1, "begin", &begin));
  ASIM_RETURN_IF_ERROR(c.ConstInts(2, "size", &size));
  const auto d = c.dims(0);
  if (begin.size() != d.size() || size.size() != d.size()) {
    return c.Malformed("has begin " + DimsText(begin) + " and size " + DimsText(size) + " for a " +
                       std::to_string(d.size()) + "-D input");
  }
  std::vector<int64_t> ends, axes;
  for (size_t i = 0; i < d.size(); ++i) {
    ends.push_back(size[i] < 0 ? INT64_MAX : begin[i] + size[i]);
    axes.push_back(static_cast<int64_t>(i));
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(
      "Slice", {c.Plain(0), c.ConstInt64("starts", begin), c.ConstInt64("ends", ends), c.ConstInt64("axes", axes)}, {},
      &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// Gather (params, indices) and GatherV2 (params, indices, axis).
Status Gather(NodeContext& c) {
  const bool v2 = c.op() == "GatherV2";
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(v2 ? 3 : 2));
  int64_t axis = 0;
  if (v2) ASIM_RETURN_IF_ERROR(c.ConstInt(2, "axis", &axis));
  if (c.AttrInt("batch_dims", 0) != 0) return c.Unsupported("batch_dims " + std::to_string(c.AttrInt("batch_dims", 0)));
  size_t a = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, axis, c.rank(0), "axis", &a));
  kernels::AttrMap attrs;
  attrs.Set("axis", static_cast<int64_t>(a));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Gather", {c.Plain(0), c.Plain(1)}, attrs, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status Fill(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  if (c.rank(1) != 0) return c.Malformed("fills with a " + std::to_string(c.rank(1)) + "-D value; it takes a scalar");
  int dims = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Int64Input(0, &dims));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Expand", {c.Plain(1), dims}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status Tile(NodeContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectInputs(2));
  int repeats = -1, y = -1;
  ASIM_RETURN_IF_ERROR(c.Int64Input(1, &repeats));
  ASIM_RETURN_IF_ERROR(c.EmitOne("Tile", {c.Plain(0), repeats}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

}  // namespace

void AddShapeOps(Table* t) {
  for (const char* op :
       {"Identity", "IdentityN", "StopGradient", "Snapshot", "PreventGradient", "PlaceholderWithDefault"}) {
    t->emplace_back(op, &Identity);
  }
  t->emplace_back("Pad", &Pad);
  t->emplace_back("PadV2", &Pad);
  t->emplace_back("MirrorPad", &Pad);
  t->emplace_back("ConcatV2", &Concat);
  t->emplace_back("Concat", &Concat);
  t->emplace_back("Pack", &Pack);
  t->emplace_back("Unpack", &Unpack);
  t->emplace_back("Split", &Split);
  t->emplace_back("SplitV", &Split);
  t->emplace_back("Reshape", &Reshape);
  t->emplace_back("Squeeze", &Squeeze);
  t->emplace_back("ExpandDims", &ExpandDims);
  t->emplace_back("Transpose", &TransposeOp);
  t->emplace_back("Shape", &Shape);
  t->emplace_back("StridedSlice", &StridedSlice);
  t->emplace_back("Slice", &SliceOp);
  t->emplace_back("Gather", &Gather);
  t->emplace_back("GatherV2", &Gather);
  t->emplace_back("Fill", &Fill);
  t->emplace_back("Tile", &Tile);
}

}  // namespace asim::atc::tf_import
