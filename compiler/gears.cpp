// Gear resolution (see gears.h). Thread safety and failure: as the header says.
#include "compiler/gears.h"

#include <algorithm>
#include <string>

#include "kernels/framework/tensor.h"

namespace asim::atc {
namespace {

using kernels::DimsToString;

Status Bad(const std::string& message) {
  return Status(err::kInvalidParam, message);
}

std::string InputText(const PlainInput& in) {
  return "input '" + in.name + "' " + DimsToString(in.dims);
}

// Indices of the H and W dims of a 4-D NCHW / NHWC input.
bool HwIndices(const PlainInput& in, size_t* h) {
  if (in.dims.size() != 4) return false;
  if (in.format == Format::kNchw || in.format == Format::kNd) {
    *h = 2;
    return true;
  }
  if (in.format == Format::kNhwc) {
    *h = 1;
    return true;
  }
  return false;
}

// Which dims of `in` the gear values replace for `kind` (checked: every -1 is covered).
Status DynamicPositions(const PlainInput& in, om::DynamicKind kind, std::vector<size_t>* positions) {
  positions->clear();
  std::vector<size_t> minus;
  for (size_t d = 0; d < in.dims.size(); ++d) {
    if (in.dims[d] == -1) minus.push_back(d);
  }
  if (minus.empty()) return Status::Ok();
  switch (kind) {
    case om::DynamicKind::kNone:
      return Bad(InputText(in) +
                 " has -1 dims but no dynamic option gives their values (atc: --dynamic_batch_size, "
                 "--dynamic_image_size or --dynamic_dims)");
    case om::DynamicKind::kBatch:
      if (minus != std::vector<size_t>{0}) {
        return Bad(InputText(in) + ": a dynamic-batch model may have -1 only in dim 0");
      }
      break;
    case om::DynamicKind::kImageSize: {
      size_t h = 0;
      if (!HwIndices(in, &h) || minus != std::vector<size_t>{h, h + 1}) {
        return Bad(InputText(in) + ": a dynamic-image-size model needs -1 in exactly H and W of a 4-D " +
                   "NCHW or NHWC input");
      }
      break;
    }
    case om::DynamicKind::kDims: break;
  }
  *positions = minus;
  return Status::Ok();
}

}  // namespace

size_t DynamicValueCount(om::DynamicKind kind, const std::vector<PlainInput>& inputs) {
  switch (kind) {
    case om::DynamicKind::kNone: return 0;
    case om::DynamicKind::kBatch: return 1;
    case om::DynamicKind::kImageSize: return 2;
    case om::DynamicKind::kDims: break;
  }
  size_t n = 0;
  for (const auto& in : inputs) n += static_cast<size_t>(std::count(in.dims.begin(), in.dims.end(), int64_t{-1}));
  return n;
}

Status ResolveGears(const std::vector<PlainInput>& inputs, om::DynamicKind kind,
                    const std::vector<std::vector<int64_t>>& gears, std::vector<GearShapes>* out) {
  out->clear();
  std::vector<std::vector<size_t>> positions(inputs.size());
  bool any_dynamic = false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(DynamicPositions(inputs[i], kind, &positions[i]));
    any_dynamic = any_dynamic || !positions[i].empty();
  }
  GearShapes base;
  for (const auto& in : inputs) base.push_back(in.dims);
  if (kind == om::DynamicKind::kNone) {
    if (!gears.empty()) return Bad("a static model has no gears (" + std::to_string(gears.size()) + " given)");
    out->push_back(base);
    return Status::Ok();
  }
  const std::string kind_name = om::DynamicKindName(kind);
  if (!any_dynamic) return Bad("a dynamic " + kind_name + " model needs an input with -1 dims");
  if (gears.empty()) return Bad("a dynamic " + kind_name + " model needs at least one gear");
  const size_t count = DynamicValueCount(kind, inputs);
  for (size_t g = 0; g < gears.size(); ++g) {
    const std::vector<int64_t>& gear = gears[g];
    const std::string where = "gear " + std::to_string(g) + " " + DimsToString(gear);
    if (gear.size() != count) {
      return Bad(where + ": a dynamic " + kind_name + " model needs " + std::to_string(count) + " values per gear");
    }
    const int64_t min_value = kind == om::DynamicKind::kDims ? 0 : 1;
    for (int64_t v : gear) {
      if (v < min_value) return Bad(where + ": values must be >= " + std::to_string(min_value));
    }
    if (std::find(gears.begin(), gears.begin() + static_cast<std::ptrdiff_t>(g), gear) !=
        gears.begin() + static_cast<std::ptrdiff_t>(g)) {
      return Bad(where + " is given twice");
    }
    GearShapes shapes = base;
    size_t next = 0;  // dims: the next gear value
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (size_t k = 0; k < positions[i].size(); ++k) {
        const int64_t value =
            kind == om::DynamicKind::kDims ? gear[next++] : gear[kind == om::DynamicKind::kBatch ? 0 : k];
        shapes[i][positions[i][k]] = value;
      }
    }
    out->push_back(std::move(shapes));
  }
  return Status::Ok();
}

std::string InputShapesText(const std::vector<PlainInput>& inputs) {
  std::string text;
  for (const PlainInput& in : inputs) {
    if (!text.empty()) text += ";";
    text += in.name + ":";
    for (size_t d = 0; d < in.dims.size(); ++d) text += (d == 0 ? "" : ",") + std::to_string(in.dims[d]);
  }
  return text;
}

}  // namespace asim::atc
