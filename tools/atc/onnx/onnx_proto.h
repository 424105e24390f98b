// The one place the converter includes ONNX's protobuf classes (onnx::ModelProto ...).
// The ONNX and protobuf headers are system includes of the imported targets (no warnings
// leak into -Werror builds). Thread safety and failure: declarations only.
#pragma once

#include <onnx/onnx_pb.h>
