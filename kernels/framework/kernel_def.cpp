#include "kernels/framework/kernel_def.h"

#include <algorithm>

namespace asim::kernels {
namespace {

template <typename T, typename NameFn>
std::string ListText(const std::vector<T>& values, NameFn name) {
  std::string s = "{";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::string(name(values[i]));
  return s + "}";
}

}  // namespace

const char* EngineName(Engine engine) {
  return engine == Engine::kAiCore ? "AI_CORE" : "AI_CPU";
}

Status KernelDef::Match(const std::vector<TensorSpec>& given, const AttrMap& attrs, const ChipTraits& chip) const {
  const std::string who = op_type + "/" + EngineName(engine) + ": ";
  size_t min_inputs = 0;
  for (const auto& io : inputs) {
    if (!io.optional && !io.variadic) ++min_inputs;
  }
  const bool has_variadic = !inputs.empty() && inputs.back().variadic;
  if (given.size() < min_inputs || (!has_variadic && given.size() > inputs.size())) {
    return Status(err::kOpInputNotMatch, who + "takes " + std::to_string(min_inputs) +
                                             (has_variadic ? " or more" : "") + " input(s), got " +
                                             std::to_string(given.size()));
  }
  for (size_t i = 0; i < given.size(); ++i) {
    const IoSpec& io = i < inputs.size() ? inputs[i] : inputs.back();
    const TensorSpec& t = given[i];
    if (t.dtype == DataType::kUndefined && io.optional) continue;  // absent optional input
    const std::string where = "input " + std::to_string(i) + " '" + io.name + "' ";
    if (!io.dtypes.empty() && std::find(io.dtypes.begin(), io.dtypes.end(), t.dtype) == io.dtypes.end()) {
      return Status(err::kUnsupportedDataType,
                    who + where + "dtype " + DataTypeName(t.dtype) + " not in " + ListText(io.dtypes, DataTypeName));
    }
    if (!io.formats.empty() && std::find(io.formats.begin(), io.formats.end(), t.format) == io.formats.end()) {
      return Status(err::kFormatNotMatch,
                    who + where + "format " + FormatName(t.format) + " not in " + ListText(io.formats, FormatName));
    }
    if (io.same_dtype_as >= 0 && static_cast<size_t>(io.same_dtype_as) < given.size() &&
        given[static_cast<size_t>(io.same_dtype_as)].dtype != t.dtype) {
      return Status(err::kUnsupportedDataType, who + where + "dtype " + DataTypeName(t.dtype) + " differs from input " +
                                                   std::to_string(io.same_dtype_as) + "'s " +
                                                   DataTypeName(given[static_cast<size_t>(io.same_dtype_as)].dtype));
    }
    if (io.host_data_required && t.host_data == nullptr) {
      return Status(err::kOpInputNotMatch, who + where + "must be a constant (its value decides the output shape)");
    }
  }
  for (const auto& rule : constraints) {
    Status st = rule(given, attrs, chip);
    if (!st.ok()) return Status(st.code(), who + st.message());
  }
  return Status::Ok();
}

Status KernelDef::ResolveAttrs(const AttrMap& given, AttrMap* resolved) const {
  AttrMap out = given;
  for (const auto& spec : attrs) {
    const AttrValue* v = given.Find(spec.name);
    if (v == nullptr) {
      if (spec.required) {
        return Status(err::kOpAttrNotMatch, op_type + ": required attribute '" + spec.name + "' (" +
                                                AttrTypeName(spec.type) + ") is missing");
      }
      if (spec.has_default) out.Set(spec.name, spec.default_value);
      continue;
    }
    AttrType have = TypeOf(*v);
    bool numeric_ok = (spec.type == AttrType::kFloat && have == AttrType::kInt) ||
                      (spec.type == AttrType::kInt && have == AttrType::kBool) ||
                      (spec.type == AttrType::kBool && have == AttrType::kInt) ||
                      (spec.type == AttrType::kDataType && have == AttrType::kInt) ||
                      (spec.type == AttrType::kListFloat && have == AttrType::kListInt);
    if (have != spec.type && !numeric_ok) {
      return Status(err::kOpAttrNotMatch, op_type + ": attribute '" + spec.name + "' is " + AttrTypeName(have) +
                                              ", expected " + AttrTypeName(spec.type));
    }
  }
  *resolved = std::move(out);
  return Status::Ok();
}

bool KernelDef::OutputShapeComputed(size_t output, const std::vector<TensorSpec>& given) const {
  if (outputs.empty() || (output >= outputs.size() && !outputs.back().variadic)) return false;
  const IoSpec& io = output < outputs.size() ? outputs[output] : outputs.back();
  if (!io.computed_shape) return false;
  if (io.computed_unless_known.empty()) return true;
  // Absent (no dtype) or a value known at selection: InferShape's dims are exact.
  for (int k : io.computed_unless_known) {
    const size_t i = static_cast<size_t>(k);
    if (i < given.size() && given[i].dtype != DataType::kUndefined && given[i].host_data == nullptr) return true;
  }
  return false;
}

bool KernelDef::AnyOutputShapeComputed(const std::vector<TensorSpec>& given) const {
  for (size_t o = 0; o < outputs.size(); ++o) {
    if (OutputShapeComputed(o, given)) return true;
  }
  return false;
}

KernelBuilder::KernelBuilder(std::string op_type, Engine engine) {
  def_.op_type = std::move(op_type);
  def_.engine = engine;
}

KernelBuilder& KernelBuilder::Input(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats) {
  def_.inputs.push_back(IoSpec{std::move(name), std::move(dtypes), std::move(formats)});
  last_io_ = &def_.inputs.back();
  return *this;
}

KernelBuilder& KernelBuilder::OptionalInput(std::string name, std::vector<DataType> dtypes,
                                            std::vector<Format> formats) {
  Input(std::move(name), std::move(dtypes), std::move(formats));
  last_io_->optional = true;
  return *this;
}

KernelBuilder& KernelBuilder::VariadicInput(std::string name, std::vector<DataType> dtypes,
                                            std::vector<Format> formats) {
  Input(std::move(name), std::move(dtypes), std::move(formats));
  last_io_->variadic = true;
  return *this;
}

KernelBuilder& KernelBuilder::HostInput(std::string name, std::vector<DataType> dtypes) {
  Input(std::move(name), std::move(dtypes));
  last_io_->host_data_required = true;
  return *this;
}

KernelBuilder& KernelBuilder::SameDtypeAs(int input_index) {
  if (last_io_ != nullptr) last_io_->same_dtype_as = input_index;
  return *this;
}

KernelBuilder& KernelBuilder::Output(std::string name, std::vector<DataType> dtypes, std::vector<Format> formats) {
  def_.outputs.push_back(IoSpec{std::move(name), std::move(dtypes), std::move(formats)});
  last_io_ = &def_.outputs.back();
  return *this;
}

KernelBuilder& KernelBuilder::VariadicOutput(std::string name, std::vector<DataType> dtypes,
                                             std::vector<Format> formats) {
  Output(std::move(name), std::move(dtypes), std::move(formats));
  last_io_->variadic = true;
  return *this;
}

KernelBuilder& KernelBuilder::ShapeFromCompute() {
  if (last_io_ != nullptr) last_io_->computed_shape = true;
  return *this;
}

KernelBuilder& KernelBuilder::ShapeFromComputeUnlessKnown(int input_index) {
  return ShapeFromComputeUnlessKnown(std::vector<int>{input_index});
}

KernelBuilder& KernelBuilder::ShapeFromComputeUnlessKnown(std::vector<int> input_indices) {
  if (last_io_ != nullptr) {
    last_io_->computed_shape = true;
    last_io_->computed_unless_known = std::move(input_indices);
  }
  return *this;
}

KernelBuilder& KernelBuilder::Attr(std::string name, AttrValue default_value) {
  AttrSpec spec;
  spec.type = TypeOf(default_value);
  spec.name = std::move(name);
  spec.default_value = std::move(default_value);
  def_.attrs.push_back(std::move(spec));
  return *this;
}

KernelBuilder& KernelBuilder::OptionalAttr(std::string name, AttrType type) {
  AttrSpec spec;
  spec.name = std::move(name);
  spec.type = type;
  spec.has_default = false;
  def_.attrs.push_back(std::move(spec));
  return *this;
}

KernelBuilder& KernelBuilder::RequiredAttr(std::string name, AttrType type) {
  OptionalAttr(std::move(name), type);
  def_.attrs.back().required = true;
  return *this;
}

KernelBuilder& KernelBuilder::InferShape(InferShapeFn fn) {
  def_.infer_shape = std::move(fn);
  return *this;
}
KernelBuilder& KernelBuilder::Workspace(WorkspaceFn fn) {
  def_.workspace = std::move(fn);
  return *this;
}
KernelBuilder& KernelBuilder::Compute(ComputeFn fn) {
  def_.compute = std::move(fn);
  return *this;
}
KernelBuilder& KernelBuilder::Prepare(PrepareFn fn, bool same_bytes, std::vector<size_t> replaces) {
  def_.prepare = std::move(fn);
  def_.prepared_same_bytes = same_bytes;
  def_.prepared_replaces = std::move(replaces);
  return *this;
}
KernelBuilder& KernelBuilder::PreparedImages(ExportPreparedFn export_fn, AdoptPreparedFn adopt_fn) {
  def_.export_prepared = std::move(export_fn);
  def_.adopt_prepared = std::move(adopt_fn);
  return *this;
}
KernelBuilder& KernelBuilder::ReadsPlainSource() {
  def_.reads_plain_source = true;
  return *this;
}
KernelBuilder& KernelBuilder::Cost(CostFn fn) {
  def_.cost = std::move(fn);
  return *this;
}
KernelBuilder& KernelBuilder::Constraint(ConstraintFn fn) {
  def_.constraints.push_back(std::move(fn));
  return *this;
}
KernelBuilder& KernelBuilder::StaticShapesOnly() {
  return Constraint([](const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits&) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!inputs[i].IsStatic()) {
        return Status(err::kOpInputNotMatch, "input " + std::to_string(i) + " has dynamic shape " +
                                                 DimsToString(inputs[i].dims) + "; AI Core kernels need static shapes");
      }
    }
    return Status::Ok();
  });
}
KernelBuilder& KernelBuilder::Source(std::string path) {
  def_.source = std::move(path);
  return *this;
}

KernelDef KernelBuilder::Build() {
  return std::move(def_);
}

}  // namespace asim::kernels
