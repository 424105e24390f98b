// ATC error codes (see atc_error.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/atc_error.h"

#include <cctype>
#include <cstring>

namespace asim::atc {

Status AtcError(const char* ecode, int32_t status_code, const std::string& message) {
  return Status(status_code, std::string(ecode) + ": " + message);
}

Status InvalidArgument(const std::string& param, const std::string& value, const std::string& reason) {
  return AtcError(ecode::kInvalidArgument, err::kInvalidParam,
                  "Value [" + value + "] for parameter [" + param + "] is invalid. Reason: " + reason);
}

std::string ErrorCodeOf(const Status& st) {
  const std::string& m = st.message();
  if (m.size() < 7 || m[0] != 'E' || m[6] != ':') return "";
  for (size_t i = 1; i < 6; ++i) {
    if (!std::isalnum(static_cast<unsigned char>(m[i]))) return "";
  }
  return m.substr(0, 6);
}

const char* SolutionFor(const std::string& ecode) {
  struct Entry {
    const char* code;
    const char* solution;
  };
  static const Entry kTable[] = {
      {"E10001", "Try again with a valid argument."},
      {"E10004", "Try again with a valid argument."},
      {"E10007", "Try again with a valid argument."},
      {"E10010", "Try again with --log set to debug, info, warning, error or null."},
      {"E16001",
       "Try again with a node name the ONNX model has (input names for --input_shape and "
       "--input_fp16_nodes, node names for --out_nodes)."},
      {"E16002",
       "Remove this type of operator from the model, or replace it with operators the converter "
       "supports (docs/atc.md lists them)."},
      {"E16004", "Invalid ONNX model. Modify the ONNX model and add the graph information."},
      {"E16005", "Invalid ONNX model. Keep one version for the default ('ai.onnx') domain."},
      {"E16006", "Invalid ONNX model. Fix the model where the ONNX checker points (onnx.checker.check_model)."},
      {"E16007",
       "Rewrite the named node with constructs the converter supports (docs/atc.md), or export the "
       "model with another opset."},
      {"E16008", "Check that the initializer's data (or its external data file next to the model) is complete."},
      {"E16009", "Invalid ONNX model. Check the shapes and types of the named node's inputs."},
      {"E19000", "Try again with a valid path whose directory exists."},
      {"E19001", "Check that the file exists and is readable."},
      {"E19004", "Check that the output directory exists, is writable and has free space."},
      {"E19005", "Check that the file is a valid model of the given --framework and that it is complete."},
      {"E19010",
       "Remove this layer type from the model, or replace it with layers the converter supports "
       "(docs/atc.md, \"Caffe layers\", lists them)."},
      {"E19011",
       "Convert with the .caffemodel trained for this .prototxt (layer names and blob shapes must "
       "match), and fix the named layer's parameters."},
      {"EZ3003",
       "Remove this operator from the model, or change its inputs to a dtype, format or shape the "
       "kernels support (docs/ops.md lists them)."},
      {"E19999", "Report the problem with the model and the command line."},
  };
  for (const auto& e : kTable) {
    if (ecode == e.code) return e.solution;
  }
  return "";
}

}  // namespace asim::atc
