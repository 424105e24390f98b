// AclExecutor: runs one offline model (.om) once through libascendcl's public API, as an
// application does: aclInit + aclrtSetDevice(0) (the SoC comes from ASCEND_SIM_SOC_VERSION),
// aclmdlLoadFromFile, device buffers of aclmdlGetInputSizeByIndex / aclmdlGetOutputSizeByIndex
// bytes, aclrtMemcpy in, aclmdlExecute, aclrtMemcpy out. The dims of each output come from the
// output dataset's tensor desc (data-dependent outputs) or else aclmdlGetCurOutputDims.
// String (DT_STRING) inputs come packed in CANN's layout (heads {offset, length}, then the
// bytes: docs/models.md "String tensors"); a string output gets a buffer of the documented
// bound for element-wise string ops (2 x the string inputs' bytes + 32) and comes back
// trimmed to the bytes its heads use.
//
// Used by onnx_conformance_runner's libascendcl mode, inside a case's child process: the
// parent never initialises AscendCL. Includes only include/acl/ (no runtime internals).
// Thread safety: one call at a time per process (aclInit is process-wide). Failure: returns
// a one-line message naming the API call and its aclError; everything created is released.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asim::onnx_conformance {

struct AclOutput {
  std::string name;            // aclmdlGetOutputNameByIndex
  int32_t dtype = -1;          // aclDataType (numerically asim::DataType)
  std::vector<int64_t> dims;   // the actual dims after the execution
  std::vector<uint8_t> bytes;  // the output buffer (aclmdlGetOutputSizeByIndex bytes; strings: the bytes used)
};

// Runs `om_path` on `inputs` (the model's inputs in order; each buffer is copied into a
// device buffer of max(its size, the model's input size) bytes). "" on success.
std::string RunOmThroughAcl(const std::string& om_path, const std::vector<std::vector<uint8_t>>& inputs,
                            std::vector<AclOutput>* outputs);

}  // namespace asim::onnx_conformance
