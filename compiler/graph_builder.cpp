// GraphBuilder: records the plain graph and remembers the first misuse (see graph_builder.h).
// Thread safety and failure: as the header says.
#include "compiler/graph_builder.h"

#include <algorithm>
#include <cstring>

#include "compiler/compiler.h"
#include "kernels/framework/tensor.h"

namespace asim::atc {

void GraphBuilder::Fail(const std::string& message) {
  if (graph_.error.ok()) graph_.error = Status(err::kInvalidParam, message);
}

bool GraphBuilder::CheckName(const std::string& what, const std::string& name) {
  std::vector<std::string>& names = what == "output" ? output_names_ : names_;
  if (name.empty()) {
    Fail(what + " has an empty name");
    return false;
  }
  if (std::find(names.begin(), names.end(), name) != names.end()) {
    Fail(what + " '" + name + "': the name is already used");
    return false;
  }
  names.push_back(name);
  return true;
}

int GraphBuilder::NewValue(PlainValue::Kind kind, int index, int output) {
  graph_.values.push_back(PlainValue{kind, index, output});
  return static_cast<int>(graph_.values.size()) - 1;
}

int GraphBuilder::Input(std::string name, DataType dtype, std::vector<int64_t> dims, Format format) {
  CheckName("input", name);
  // DT_STRING inputs have no fixed element size: their bytes are the caller's
  // (kernels/common/values/string_tensor.h), the plan gives them none.
  if (DataTypeSize(dtype) == 0 && dtype != DataType::kString) {
    Fail("input '" + name + "': data type " + DataTypeName(dtype) + " has no byte size");
  }
  for (int64_t d : dims) {
    if (d < -1) Fail("input '" + name + "': dims " + kernels::DimsToString(dims) + " (only -1 may be negative)");
  }
  graph_.inputs.push_back(PlainInput{std::move(name), dtype, std::move(dims), format});
  return NewValue(PlainValue::Kind::kInput, static_cast<int>(graph_.inputs.size()) - 1, 0);
}

int GraphBuilder::Constant(std::string name, DataType dtype, std::vector<int64_t> dims, const void* data) {
  CheckName("constant", name);
  PlainConstant c;
  c.dtype = dtype;
  c.format = dims.size() == 4 ? Format::kNchw : Format::kNd;
  kernels::TensorSpec spec;
  spec.dtype = dtype;
  spec.dims = dims;
  bool known = spec.IsStatic();
  if (!known) Fail("constant '" + name + "': dims " + kernels::DimsToString(dims) + " must all be >= 0");
  if (DataTypeSize(dtype) == 0) Fail("constant '" + name + "': data type " + DataTypeName(dtype) + " has no byte size");
  const size_t bytes = known ? spec.Bytes() : 0;
  if (bytes != 0 && data == nullptr) Fail("constant '" + name + "': no data for " + std::to_string(bytes) + " bytes");
  c.bytes.resize(data == nullptr ? 0 : bytes);
  if (!c.bytes.empty()) std::memcpy(c.bytes.data(), data, bytes);
  c.name = std::move(name);
  c.dims = std::move(dims);
  graph_.constants.push_back(std::move(c));
  return NewValue(PlainValue::Kind::kConstant, static_cast<int>(graph_.constants.size()) - 1, 0);
}

std::vector<int> GraphBuilder::Op(std::string type, std::string name, std::vector<int> inputs, kernels::AttrMap attrs,
                                  int num_outputs) {
  CheckName("op", name);
  if (type.empty()) Fail("op '" + name + "' has no type");
  if (num_outputs < 1) Fail("op '" + name + "': num_outputs " + std::to_string(num_outputs) + " must be >= 1");
  const int known = static_cast<int>(graph_.values.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i] < -1 || inputs[i] >= known) {
      Fail("op '" + name + "' input " + std::to_string(i) + ": value " + std::to_string(inputs[i]) +
           " does not exist (" + std::to_string(known) + " values so far)");
    }
  }
  PlainOp op{std::move(type), std::move(name), std::move(inputs), std::move(attrs), {}};
  graph_.ops.push_back(std::move(op));
  const int index = static_cast<int>(graph_.ops.size()) - 1;
  std::vector<int> outputs;
  for (int k = 0; k < std::max(num_outputs, 1); ++k) outputs.push_back(NewValue(PlainValue::Kind::kOpOutput, index, k));
  graph_.ops.back().outputs = outputs;
  return outputs;
}

void GraphBuilder::Output(int value, std::string name, Format format) {
  CheckName("output", name);
  if (value < 0 || value >= static_cast<int>(graph_.values.size())) {
    Fail("output '" + name + "': value " + std::to_string(value) + " does not exist (" +
         std::to_string(graph_.values.size()) + " values)");
  }
  graph_.outputs.push_back(PlainOutput{value, std::move(name), format});
}

Status GraphBuilder::Compile(const CompileOptions& options, om::Model* out, CompileReport* report) const {
  return CompileGraph(graph_, options, out, report);
}

}  // namespace asim::atc
