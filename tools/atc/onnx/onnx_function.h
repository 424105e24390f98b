// Function expansion: an ONNX op without a translation whose schema defines it as a
// function (a fixed body, or one built from the node's attributes and input types, as
// SoftmaxCrossEntropyLoss, NegativeLogLikelihoodLoss, DynamicQuantizeLinear, the window
// functions ...) is replaced by its body's nodes, which the importer then translates.
//
// Owns the body instantiation, as ONNX's own function_expand_helper does it: function
// inputs and outputs become the node's (absent optional ones ""), every internal value is
// renamed "<prefix><name>", attribute references (ref_attr_name) take the node's attribute
// or the schema's default (or are dropped), and the body's default-domain opset (its
// opset_import) is reported so its nodes are translated with the semantics they were
// written for. Thread safety: pure (the schema registry is thread-safe).
// Failure: *expandable = false when the schema has no function at this opset; Status
// E16007 (kParseModel) when building the body throws, naming the node.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "tools/atc/onnx/onnx_proto.h"

namespace asim::atc::onnx_import {

struct FunctionBody {
  std::vector<onnx::NodeProto> nodes;
  int64_t opset = 0;  // the body's default-domain opset, 0 when it does not say
};

Status ExpandFunction(const onnx::NodeProto& node, int64_t opset, const std::vector<onnx::TypeProto>& input_types,
                      const std::string& prefix, bool* expandable, FunctionBody* body);

}  // namespace asim::atc::onnx_import
