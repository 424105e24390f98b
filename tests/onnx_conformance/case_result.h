// Case, Outcome, Result: one ONNX backend test case of onnx_conformance_runner and what each
// mode (libascendcl, interpreter) made of it; shared by the runner and the report writers.
// Thread safety: plain values. Failure: none.
#pragma once

#include <string>

namespace asim::onnx_conformance {

struct Case {
  std::string name, kind, op;
  std::string dir;  // holds model.onnx and test_data_set_0/
  double rtol = 1e-3, atol = 1e-7;
  int inputs = 0, outputs = 0;
  bool tensor_only = true;  // every graph input and output is a tensor (no sequence, optional)
};

struct Outcome {
  std::string status;  // pass, fail, unsupported ("" when the mode did not run)
  std::string detail;
};

struct Result {
  Case c;
  Outcome acl, interp;
  // The outcome the totals and --min-pass count: acl's when it ran.
  const Outcome& primary() const { return acl.status.empty() ? interp : acl; }
};

}  // namespace asim::onnx_conformance
