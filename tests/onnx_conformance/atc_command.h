// AtcCommand: converts an ONNX model with the real atc binary, as a user does: spawns
// `atc --model=M --framework=5 --output=O --soc_version=S --precision_mode=P
// [--input_shape="name:d0,d1;..."]` and collects its console output.
//
// Used by onnx_conformance_runner's libascendcl mode inside a case's child process.
// Thread safety: none needed (one spawn at a time per caller; no shared state). Failure:
// returns kRefused with atc's error lines (E-code lines, else its last lines) when atc
// exits non-zero, kCrashed when it is killed by a signal (its own 60 s alarm included) or
// cannot be started.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace asim::onnx_conformance {

struct AtcRequest {
  std::string atc;                                                         // path of the atc binary
  std::string model;                                                       // model.onnx
  std::string output;                                                      // --output (atc writes <output>.om)
  std::string soc;                                                         // --soc_version
  std::string precision;                                                   // --precision_mode
  std::vector<std::pair<std::string, std::vector<int64_t>>> input_shapes;  // --input_shape, when non-empty
};

enum class AtcOutcome { kConverted, kRefused, kCrashed };

// The --input_shape value: "name:d0,d1;name2:" (a scalar has no dims).
std::string InputShapeText(const AtcRequest& r);

// Runs atc; *message gets atc's reason when it did not convert.
AtcOutcome RunAtc(const AtcRequest& r, std::string* message);

}  // namespace asim::onnx_conformance
