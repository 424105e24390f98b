// OpCall: text, matching against single-op models, conversion. See op_call.h.
#include "runtime/op/op_call.h"

#include "kernels/framework/tensor.h"
#include "runtime/op/op_attr.h"

namespace asim::op {
namespace {

std::string CallTensorText(const TensorDesc& t) {
  return std::string(DataTypeName(t.data_type())) + " " + FormatName(t.format()) + " " +
         kernels::DimsToString(t.dims());
}

bool DimsMatch(const std::vector<int64_t>& call, const std::vector<int64_t>& model) {
  if (model.size() == 1 && model[0] == TensorDesc::kUnknownRank) return true;
  if (call.size() != model.size()) return false;
  for (size_t i = 0; i < call.size(); ++i) {
    if (model[i] != TensorDesc::kUnknownDim && model[i] != call[i]) return false;
  }
  return true;
}

bool TensorsMatch(const char* what, const std::vector<TensorDesc>& call, const std::vector<atc::SingleOpTensor>& model,
                  std::string* why) {
  if (call.size() != model.size()) {
    *why = std::string("the model has ") + std::to_string(model.size()) + " " + what + "(s), the call " +
           std::to_string(call.size());
    return false;
  }
  for (size_t i = 0; i < call.size(); ++i) {
    const TensorDesc& c = call[i];
    const atc::SingleOpTensor& m = model[i];
    if (c.data_type() != m.dtype || c.format() != m.format || !DimsMatch(c.dims(), m.dims)) {
      *why = std::string(what) + " " + std::to_string(i) + ": model " + TensorText(m) + ", call " + CallTensorText(c);
      return false;
    }
    // A model compiled with a constant input serves only calls with the same constant.
    if (m.is_const && (!c.IsConst() || c.const_data() != m.const_data)) {
      *why = std::string(what) + " " + std::to_string(i) + ": the model has it constant (aclSetTensorConst) " +
             (c.IsConst() ? "with other values than the call's" : "and the call does not");
      return false;
    }
  }
  return true;
}

std::string TensorList(const std::vector<TensorDesc>& ts) {
  std::string out;
  for (size_t i = 0; i < ts.size(); ++i) out += (i ? ", " : "") + CallTensorText(ts[i]);
  return out;
}

std::string ModelTensorList(const std::vector<atc::SingleOpTensor>& ts) {
  std::string out;
  for (size_t i = 0; i < ts.size(); ++i) out += (i ? ", " : "") + TensorText(ts[i]);
  return out;
}

bool Dynamic(const std::vector<int64_t>& dims) {
  for (int64_t d : dims) {
    if (d < 0) return true;
  }
  return false;
}

}  // namespace

std::string OpCall::Text() const {
  return op_type + "(in: " + TensorList(inputs) + "; out: " + TensorList(outputs) + "; attrs " + AttrMapText(attrs) +
         ")";
}

bool OpCall::HasDynamicShape() const {
  for (const auto& t : inputs) {
    if (Dynamic(t.dims())) return true;
  }
  for (const auto& t : outputs) {
    if (Dynamic(t.dims())) return true;
  }
  return false;
}

std::string TensorText(const atc::SingleOpTensor& t) {
  return std::string(DataTypeName(t.dtype)) + " " + FormatName(t.format) + " " + kernels::DimsToString(t.dims);
}

std::string DescText(const atc::SingleOpDesc& desc) {
  return desc.op_type + "(in: " + ModelTensorList(desc.inputs) + "; out: " + ModelTensorList(desc.outputs) +
         "; attrs " + AttrMapText(desc.attrs) + ")";
}

bool DescIsDynamic(const atc::SingleOpDesc& desc) {
  for (const auto& t : desc.inputs) {
    if (Dynamic(t.dims)) return true;
  }
  for (const auto& t : desc.outputs) {
    if (Dynamic(t.dims)) return true;
  }
  return false;
}

MatchStage MatchOp(const OpCall& call, const atc::SingleOpDesc& model, std::string* why) {
  if (call.op_type != model.op_type) {
    *why = "op type '" + model.op_type + "'";
    return MatchStage::kType;
  }
  if (!TensorsMatch("input", call.inputs, model.inputs, why)) return MatchStage::kInputs;
  if (!TensorsMatch("output", call.outputs, model.outputs, why)) return MatchStage::kOutputs;
  if (!AttrsMatch(call.op_type, call.attrs, model.attrs, why)) return MatchStage::kAttrs;
  return MatchStage::kMatched;
}

atc::SingleOpDesc DescOfCall(const OpCall& call) {
  atc::SingleOpDesc desc;
  desc.op_type = call.op_type;
  auto convert = [](const TensorDesc& t) {
    atc::SingleOpTensor s;
    s.dtype = t.data_type();
    s.format = t.format();
    s.dims = t.dims();
    s.name = t.name();
    if (t.origin_format() != Format::kUndefined && t.origin_format() != t.format()) {
      s.origin_format = t.origin_format();
      if (t.has_origin_shape()) s.origin_dims = t.origin_dims();
    }
    return s;
  };
  for (const auto& t : call.inputs) {
    desc.inputs.push_back(convert(t));
    if (t.IsConst() && !t.const_data().empty()) {
      desc.inputs.back().is_const = true;
      desc.inputs.back().const_data = t.const_data();
    }
  }
  for (const auto& t : call.outputs) desc.outputs.push_back(convert(t));
  desc.attrs = call.attrs;
  return desc;
}

}  // namespace asim::op
