// Layout rules (see layout_rules.h). Thread safety and failure: as the header says.
#include "compiler/layout_rules.h"

#include <algorithm>
#include <set>

#include "base/format_shape.h"
#include "kernels/framework/registry.h"

namespace asim::atc {
namespace {

using kernels::TensorSpec;

// Elementwise ops with f(0, ..., 0) == 0: running them over padding lanes keeps them zero.
bool ZeroPreserving(const std::string& type) {
  static const std::set<std::string> kOps = {
      "Abs",      "Add",  "Asin",  "Asinh", "Atan",      "Atanh",    "Cast",           "Ceil", "Celu",
      "Elu",      "Erf",  "Floor", "Gelu",  "HardSwish", "Identity", "LeakyRelu",      "Max",  "Min",
      "Mish",     "Mul",  "Neg",   "Relu",  "Round",     "Selu",     "Sign",           "Sin",  "Sinh",
      "Softsign", "Sqrt", "Sub",   "Sum",   "Tan",       "Tanh",     "ThresholdedRelu"};
  return kOps.count(type) != 0;
}

bool SameLayout(const TensorSpec& a, const TensorSpec& b) {
  return a.format == b.format && a.dims == b.dims && a.origin_format == b.origin_format &&
         a.origin_dims == b.origin_dims && CubeC0(a.dtype) == CubeC0(b.dtype);
}

bool Present(const TensorSpec& t) {
  return t.dtype != DataType::kUndefined;
}

bool ElementwiseRule(const std::string& type, const kernels::AttrMap& attrs, const std::vector<TensorSpec>& inputs) {
  if (!ZeroPreserving(type)) return false;
  const TensorSpec* first = nullptr;
  for (const auto& t : inputs) {
    if (!Present(t)) continue;
    if (first == nullptr) {
      first = &t;
    } else if (!SameLayout(*first, t)) {
      return false;
    }
  }
  if (first == nullptr) return false;
  if (type == "Cast") {  // the block size C0 depends on the element size
    const DataType to = attrs.GetDataType("to", DataType::kUndefined);
    return to != DataType::kUndefined && CubeC0(to) == CubeC0(first->dtype);
  }
  return true;
}

bool Lists(const kernels::KernelDef& def, size_t input, Format format) {
  if (def.inputs.empty()) return false;
  const kernels::IoSpec& io = input < def.inputs.size() ? def.inputs[input] : def.inputs.back();
  return std::find(io.formats.begin(), io.formats.end(), format) != io.formats.end();
}

bool ListsEveryInternal(const kernels::KernelDef& def, const std::vector<TensorSpec>& inputs) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (Present(inputs[i]) && IsInternalFormat(inputs[i].format) && !Lists(def, i, inputs[i].format)) return false;
  }
  return true;
}

bool AnyInternal(const std::vector<TensorSpec>& inputs) {
  return std::any_of(inputs.begin(), inputs.end(),
                     [](const TensorSpec& t) { return Present(t) && IsInternalFormat(t.format); });
}

}  // namespace

bool IsInternalFormat(Format format) {
  switch (format) {
    case Format::kNc1hwc0:
    case Format::kFractalZ:
    case Format::kNc1hwc0C04:
    case Format::kFractalZC04:
    case Format::kFractalNz:
    case Format::kNdc1hwc0:
    case Format::kFractalZ3d:
    case Format::kFractalNzC0_16:
    case Format::kFractalNzC0_32:
    case Format::kFractalNzC0_2:
    case Format::kFractalNzC0_4:
    case Format::kFractalNzC0_8: return true;
    default: return false;
  }
}

Format PlainFormatOf(const TensorSpec& spec) {
  if (spec.origin_format != Format::kUndefined && !IsInternalFormat(spec.origin_format)) return spec.origin_format;
  if (spec.format == Format::kNc1hwc0 || spec.format == Format::kFractalZ || spec.format == Format::kNc1hwc0C04 ||
      spec.format == Format::kFractalZC04) {
    return Format::kNchw;
  }
  return Format::kNd;
}

bool MayKeepInternal(const std::string& type, const kernels::AttrMap& attrs, const std::vector<TensorSpec>& inputs) {
  if (!AnyInternal(inputs)) return false;
  if (ElementwiseRule(type, attrs, inputs)) return true;
  for (const kernels::KernelDef* def : kernels::KernelRegistry::Get().Find(type)) {
    if (ListsEveryInternal(*def, inputs)) return true;
  }
  return false;
}

bool KeepsInternal(const std::string& type, const kernels::AttrMap& attrs, const std::vector<TensorSpec>& inputs,
                   const kernels::KernelDef& def) {
  return ElementwiseRule(type, attrs, inputs) || ListsEveryInternal(def, inputs);
}

void KeepOrigin(const std::vector<TensorSpec>& inputs, TensorSpec* output) {
  if (!IsInternalFormat(output->format) || output->origin_format != Format::kUndefined) return;
  for (const auto& t : inputs) {
    if (Present(t) && t.format == output->format && t.dims == output->dims && t.origin_format != Format::kUndefined) {
      output->origin_format = t.origin_format;
      output->origin_dims = t.origin_dims;
      return;
    }
  }
}

void ChooseProducerLayout(const std::string& type, bool small_channel, kernels::AttrMap* attrs) {
  if (type != "Aipp" || attrs->GetInt("nhwc", 0) != 0) return;
  const bool c04 = small_channel && attrs->GetInt("channels", 3) <= 4;
  attrs->Set("out_c0", int64_t{c04 ? 4 : 16});
}

Format SmallChannelInput(const std::string& type, const kernels::AttrMap& attrs, const TensorSpec& x,
                         bool small_channel) {
  if (!small_channel || (type != "Conv" && type != "Conv2D")) return Format::kUndefined;
  const int64_t groups = type == "Conv" ? attrs.GetInt("group", 1) : attrs.GetInt("groups", 1);
  if (groups != 1 || x.dtype != DataType::kFloat16 || x.dims.size() != 4) return Format::kUndefined;
  if (x.format != Format::kNchw && x.format != Format::kNd && x.format != Format::kNhwc) return Format::kUndefined;
  const int64_t c = x.format == Format::kNhwc ? x.dims[3] : x.dims[1];
  return c >= 1 && c <= 4 ? Format::kNc1hwc0C04 : Format::kUndefined;
}

}  // namespace asim::atc
