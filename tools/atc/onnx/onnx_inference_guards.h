// Preconditions in front of ONNX 1.12's shape-inference functions that read past the end of
// a shape or an attribute list, or divide by an attribute, when a (malformed) model breaks an
// assumption they make without checking it — a crash inside libonnx, not an error.
//
// Owns: the list of guarded operators and what each guard checks. Installing wraps each
// guarded schema's inference function (every version of the operator in ONNX's schema
// registry) with a check that throws onnx::InferenceError, which InferShapes reports as a
// per-node inference error like any other; a model that satisfies the precondition runs the
// original function unchanged. Found by the onnx_import fuzz target (docs/testing.md).
// Thread safety: InstallOnnxInferenceGuards is idempotent and safe to call from any thread
// (std::call_once); call it before the first InferShapes.
// Failure: none at install; a schema missing from the registry is skipped.
#pragma once

namespace asim::atc::onnx_import {

void InstallOnnxInferenceGuards();

}  // namespace asim::atc::onnx_import
