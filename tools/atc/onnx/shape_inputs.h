// Inputs whose values decide an output's shape, checked before an ONNX node is translated, so
// a refusal names the input the user must make constant (OneHot's depth, a window's size)
// instead of every non-constant input of the kernel, or a node inside a function's body.
//
// Owns: the table of (op type, input index) pairs. Only inputs whose value no bound can
// replace are listed (a Slice's starts or a reduction's axes give bounds and are not).
// Thread safety: the table is immutable. Failure: CheckShapeInputs returns NodeContext::
// NotConstant (E16007 "input i 'name' must be a constant ... known only at execution") for
// the first listed input that is neither a constant nor gear-dependent (a value computed from
// a --dynamic_dims input is resolved per gear, as the kernels' inference does).
#pragma once

#include "base/status.h"
#include "tools/atc/onnx/node_context.h"

namespace asim::atc::onnx_import {

Status CheckShapeInputs(NodeContext& c);

}  // namespace asim::atc::onnx_import
