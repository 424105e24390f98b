// OpCall: one single-operator call as the runtime sees it (op type, the input and output
// tensor descriptions, the attributes), and how a call is compared with a single-op model.
//
// Owns: value copies of the caller's descriptions (the application may destroy or change
// its aclTensorDesc objects after the call returns), their conversion to the description
// single-op models are compiled from (atc::SingleOpDesc), and the matching rule:
//   op type equal; same number of inputs and outputs; per tensor equal dtype and format and
//   the same rank with equal dims, where a model dim of -1 (or a model shape of [-2], unknown
//   rank) matches any value; an input the model has constant must be constant in the call
//   with the same bytes (the model has no input for it); attributes as op_attr.h's
//   AttrsMatch says. A call's constant input (aclSetTensorConst) compiles into the model.
// Thread safety: value types and pure functions. Failure: MatchOp reports the first
// difference in words ("input 1: model DT_FLOAT16 ND [16,16], call DT_FLOAT ND [16,16]").
#pragma once

#include <string>
#include <vector>

#include "base/tensor_desc.h"
#include "compiler/single_op.h"
#include "kernels/framework/attr.h"

namespace asim::op {

struct OpCall {
  std::string op_type;
  std::vector<TensorDesc> inputs;
  std::vector<TensorDesc> outputs;
  kernels::AttrMap attrs;

  // "Add(in: DT_FLOAT ND [2,3], DT_FLOAT ND [2,3]; out: DT_FLOAT ND [2,3]; attrs {})".
  std::string Text() const;
  // Whether any input or output dim is unknown (-1 / unknown rank).
  bool HasDynamicShape() const;
};

// How far a model got in matching a call (the further, the closer a candidate it is).
enum class MatchStage { kType = 0, kInputs = 1, kOutputs = 2, kAttrs = 3, kMatched = 4 };

// Compares the call with a model's description; `why` gets the first difference.
MatchStage MatchOp(const OpCall& call, const atc::SingleOpDesc& model, std::string* why);

// The call as a single-op description (for online compilation).
atc::SingleOpDesc DescOfCall(const OpCall& call);

// "DT_FLOAT16 ND [16,16]" of a model's tensor.
std::string TensorText(const atc::SingleOpTensor& t);
// A model description in one line, like OpCall::Text.
std::string DescText(const atc::SingleOpDesc& desc);
// Whether the description has an unknown dim (-1 or unknown rank) anywhere.
bool DescIsDynamic(const atc::SingleOpDesc& desc);

}  // namespace asim::op
