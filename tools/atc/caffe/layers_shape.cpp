// Caffe's shape layers (see layers.h): Concat, Slice (at slice_point, or in equal parts),
// Split and Silence (no op), Flatten (axis .. end_axis into one), Reshape (Caffe's 0 = copy,
// -1 = infer, over [axis, axis + num_axes)), Permute (SSD), ArgMax (Caffe's float indices,
// per sample over the flattened C, H, W when no axis is given) and Crop (the first bottom
// cut to the second's size from `axis` on, at `offset`).
// Shapes are static here (the importer resolves every input dim at conversion), so Flatten
// and Reshape become a Reshape whose leading dims stay 0 ("copy"): a dynamic batch still works.
#include "tools/atc/caffe/layers.h"

namespace asim::atc::caffe_import {
namespace {

Status Concat(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(-1, 1));
  const auto& p = c.param().concat_param();
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.has_concat_dim() ? static_cast<int64_t>(p.concat_dim()) : p.axis(),
                                     c.dims(0).size(), "axis", &axis));
  if (c.bottom_count() == 1) {
    c.SetTop(0, c.bottom(0));
    return Status::Ok();
  }
  std::vector<int> in;
  for (int i = 0; i < c.bottom_count(); ++i) in.push_back(c.bottom(i));
  kernels::AttrMap a;
  a.Set("axis", static_cast<int64_t>(axis));
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", in, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status Slice(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, -1));
  const auto& p = c.param().slice_param();
  const auto dims = c.dims(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(
      NormalizeAxis(c, p.has_slice_dim() ? static_cast<int64_t>(p.slice_dim()) : p.axis(), dims.size(), "axis", &axis));
  const int64_t extent = dims[axis];
  const int64_t tops = c.top_count();
  std::vector<int64_t> sizes;
  if (p.slice_point_size() > 0) {
    if (p.slice_point_size() != tops - 1) {
      return c.Malformed("has " + std::to_string(p.slice_point_size()) + " slice_point(s) for " + std::to_string(tops) +
                         " tops (one fewer than the tops is needed)");
    }
    int64_t prev = 0;
    for (uint32_t point : p.slice_point()) {
      if (point <= prev || point >= extent) {
        return c.Malformed("has slice_point " + std::to_string(point) + ": the points must increase inside (0, " +
                           std::to_string(extent) + ")");
      }
      sizes.push_back(point - prev);
      prev = point;
    }
    sizes.push_back(extent - prev);
  } else {
    if (extent % tops != 0) {
      return c.Malformed("splits axis " + std::to_string(axis) + " of size " + std::to_string(extent) + " into " +
                         std::to_string(tops) + " equal parts, which does not divide (give slice_point)");
    }
    sizes.assign(static_cast<size_t>(tops), extent / tops);
  }
  if (tops == 1) {
    c.SetTop(0, c.bottom(0));
    return Status::Ok();
  }
  kernels::AttrMap a;
  a.Set("axis", static_cast<int64_t>(axis));
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit("Split", {c.bottom(0), c.ConstInt64("split", sizes)}, a, static_cast<int>(tops), &outs));
  c.SetTops(outs);
  return Status::Ok();
}

Status Split(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, -1));
  for (int k = 0; k < c.top_count(); ++k) c.SetTop(k, c.bottom(0));
  return Status::Ok();
}

Status Silence(LayerContext&) {
  return Status::Ok();
}

// A Reshape to `shape` (0 = copy the input dim at the same index, -1 = infer).
Status EmitReshape(LayerContext& c, const std::vector<int64_t>& shape) {
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {c.bottom(0), c.ConstInt64("shape", shape)}, {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

Status Flatten(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().flatten_param();
  const auto dims = c.dims(0);
  size_t axis = 0, end = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.axis(), dims.size(), "axis", &axis));
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.end_axis(), dims.size(), "end_axis", &end));
  if (end < axis) return c.Malformed("has end_axis " + std::to_string(end) + " before axis " + std::to_string(axis));
  std::vector<int64_t> shape(axis, 0);
  shape.push_back(-1);
  for (size_t i = end + 1; i < dims.size(); ++i) shape.push_back(dims[i]);
  return EmitReshape(c, shape);
}

Status Reshape(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().reshape_param();
  const auto dims = c.dims(0);
  const int64_t rank = static_cast<int64_t>(dims.size());
  int64_t axis = p.axis() < 0 ? p.axis() + rank + 1 : p.axis();  // Caffe: -1 is after the last axis
  if (axis < 0 || axis > rank)
    return c.Malformed("has axis " + std::to_string(p.axis()) + ", out of range for " + DimsText(dims));
  const int64_t end = p.num_axes() < 0 ? rank : axis + p.num_axes();
  if (p.num_axes() < -1 || end > rank) {
    return c.Malformed("has num_axes " + std::to_string(p.num_axes()) + " from axis " + std::to_string(axis) +
                       ", beyond its bottom " + DimsText(dims));
  }
  std::vector<int64_t> shape(static_cast<size_t>(axis), 0);
  int inferred = 0;
  for (int i = 0; i < p.shape().dim_size(); ++i) {
    const int64_t d = p.shape().dim(i);
    if (d < -1) return c.Malformed("has shape dim " + std::to_string(d) + " (only -1, 0 and positive dims)");
    if (d == 0 && axis + i >= rank)
      return c.Malformed("copies dim " + std::to_string(axis + i) + " (0), which " + DimsText(dims) + " lacks");
    inferred += d == -1;
    // 0 copies the input dim at axis + i: the same index in the output, as Reshape's 0 means.
    shape.push_back(d);
  }
  if (inferred > 1) return c.Malformed("infers more than one dim (-1)");
  for (int64_t i = end; i < rank; ++i) shape.push_back(dims[static_cast<size_t>(i)]);
  return EmitReshape(c, shape);
}

Status Permute(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().permute_param();
  const size_t rank = c.dims(0).size();
  std::vector<int64_t> perm;
  std::vector<bool> used(rank, false);
  for (uint32_t o : p.order()) {
    if (o >= rank || used[o])
      return c.Malformed("has order with axis " + std::to_string(o) + " repeated or out of range for rank " +
                         std::to_string(rank));
    used[o] = true;
    perm.push_back(o);
  }
  for (size_t i = 0; i < rank; ++i) {
    if (!used[i]) perm.push_back(static_cast<int64_t>(i));  // SSD appends the axes not named
  }
  kernels::AttrMap a;
  a.Set("perm", perm);
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Transpose", {c.bottom(0)}, a, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

// Caffe's ArgMax: top_k indices (as floats) along `axis`; without an axis, over each sample's
// flattened C, H, W, as [N, 1, top_k] ([N, 2, top_k] with out_max_val: indices then values).
// With an axis, out_max_val gives the values instead of the indices.
Status ArgMax(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(1, 1));
  const auto& p = c.param().argmax_param();
  const auto dims = c.dims(0);
  int x = c.bottom(0);
  size_t axis = 1;
  if (p.has_axis()) {
    ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.axis(), dims.size(), "axis", &axis));
  } else if (dims.size() != 2) {
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {x, c.ConstInt64("flat_shape", {0, -1})}, {}, &x, "flatten"));
  }
  const int64_t extent = p.has_axis() ? dims[axis] : [&] {
    int64_t n = 1;
    for (size_t i = 1; i < dims.size(); ++i) n *= dims[i];
    return n;
  }();
  const int64_t k = p.top_k();
  if (k < 1 || k > extent)
    return c.Malformed("has top_k " + std::to_string(k) + " for " + std::to_string(extent) + " values");
  kernels::AttrMap a;
  a.Set("axis", static_cast<int64_t>(axis));
  std::vector<int> topk;
  ASIM_RETURN_IF_ERROR(c.Emit("TopK", {x, c.ConstInt64("k", {k})}, a, 2, &topk, "topk"));
  kernels::AttrMap cast;
  cast.Set("to", DataType::kFloat);  // Caffe's indices are floats
  int y = -1;
  if (p.has_axis()) {
    if (p.out_max_val()) {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Identity", {topk[0]}, {}, &y));
    } else {
      ASIM_RETURN_IF_ERROR(c.EmitOne("Cast", {topk[1]}, cast, &y));
    }
    c.SetTop(0, y);
    return Status::Ok();
  }
  int idx = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne("Cast", {topk[1]}, cast, &idx, "indices"));
  if (!p.out_max_val()) {
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {idx, c.ConstInt64("shape", {0, 1, k})}, {}, &y));
  } else {
    kernels::AttrMap cat;
    cat.Set("axis", int64_t{1});
    int i3 = -1, v3 = -1;
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {idx, c.ConstInt64("ishape", {0, 1, k})}, {}, &i3, "ishape"));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Reshape", {topk[0], c.ConstInt64("vshape", {0, 1, k})}, {}, &v3, "vshape"));
    ASIM_RETURN_IF_ERROR(c.EmitOne("Concat", {i3, v3}, cat, &y));
  }
  c.SetTop(0, y);
  return Status::Ok();
}

Status Crop(LayerContext& c) {
  ASIM_RETURN_IF_ERROR(c.ExpectIo(2, 1));
  const auto& p = c.param().crop_param();
  const auto dims = c.dims(0);
  const auto ref = c.dims(1);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(c, p.axis(), dims.size(), "axis", &axis));
  if (ref.size() != dims.size()) {
    return c.Malformed("crops " + DimsText(dims) + " to the size of " + DimsText(ref) + ", which has another rank");
  }
  const size_t n = dims.size() - axis;
  if (p.offset_size() != 0 && p.offset_size() != 1 && static_cast<size_t>(p.offset_size()) != n) {
    return c.Malformed("has " + std::to_string(p.offset_size()) + " offsets for " + std::to_string(n) +
                       " cropped axes (0, 1 or one per axis)");
  }
  std::vector<int64_t> starts, ends, axes;
  for (size_t i = axis; i < dims.size(); ++i) {
    const int64_t off = p.offset_size() == 0 ? 0 : p.offset(p.offset_size() == 1 ? 0 : static_cast<int>(i - axis));
    if (off + ref[i] > dims[i]) {
      return c.Malformed("crops axis " + std::to_string(i) + " of " + DimsText(dims) + " at offset " +
                         std::to_string(off) + " to size " + std::to_string(ref[i]) + ", past its end");
    }
    starts.push_back(off);
    ends.push_back(off + ref[i]);
    axes.push_back(static_cast<int64_t>(i));
  }
  int y = -1;
  ASIM_RETURN_IF_ERROR(c.EmitOne(
      "Slice", {c.bottom(0), c.ConstInt64("starts", starts), c.ConstInt64("ends", ends), c.ConstInt64("axes", axes)},
      {}, &y));
  c.SetTop(0, y);
  return Status::Ok();
}

}  // namespace

void AddShapeLayers(Table* t) {
  t->emplace_back("ArgMax", &ArgMax);
  t->emplace_back("Concat", &Concat);
  t->emplace_back("Crop", &Crop);
  t->emplace_back("Flatten", &Flatten);
  t->emplace_back("Permute", &Permute);
  t->emplace_back("Reshape", &Reshape);
  t->emplace_back("Silence", &Silence);
  t->emplace_back("Slice", &Slice);
  t->emplace_back("Split", &Split);
}

}  // namespace asim::atc::caffe_import
