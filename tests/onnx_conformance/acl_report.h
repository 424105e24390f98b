// AclReport: the Markdown report of onnx_conformance_runner's libascendcl mode (--mode=acl,
// and --mode=both, whose interpreter results become a second column): totals per category
// (node tests split into tensor-only and sequence/optional ones, simple, pytorch-converted,
// pytorch-operator), the most frequent refusal and failure reasons, per op, per test.
// Thread safety: none needed (called once by the runner's main). Failure: a file that cannot
// be written is reported on stderr and returns false.
#pragma once

#include <string>
#include <vector>

#include "tests/onnx_conformance/case_result.h"

namespace asim::onnx_conformance {

struct ReportInfo {
  std::string path;     // the .md written
  std::string command;  // the command line that regenerates it
  std::string soc, precision;
  std::string source;        // what the cases are (one sentence)
  bool interpreter = false;  // results carry the interpreter column too
};

// The category a case counts in: its kind, node tests split by tensor_only.
std::string Category(const Case& c);

bool WriteAclReport(const ReportInfo& info, const std::vector<Result>& results);

}  // namespace asim::onnx_conformance
