// BuildSingleOps: `atc --singleop=ops.json --output=dir`: every op description of the file
// (ascend_tools_hw.md 1.5, parsed by compiler/single_op.h) compiled for one SoC and written
// as dir/{SingleOpFileStem}.om, which aclopSetModelDir / aclopLoad read back.
//
// All-or-nothing: every entry is parsed and compiled before the first file is written, and
// a failed write removes the files this call wrote, so a failure leaves no partial output.
// Errors in atc's families: E19001 the file cannot be read, E19005 it is not JSON (with the
// byte position), E10001 an entry is malformed ("Value [ops.json] for parameter
// [--singleop] is invalid. Reason: ops.json op 2 'GEMM': input_desc[3].type 'half16' is
// not a tensor type ..."), EZ3003 no kernel takes an op (naming file, index, op and the
// registry's reasons), E19000 / E19004 the output directory or a file cannot be written.
// Thread safety: reads and writes files; concurrent calls on different outputs are fine.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "compiler/compile_report.h"

namespace asim::atc {

struct SingleOpBuildOptions {
  std::string json_path;   // --singleop
  std::string output_dir;  // --output
  std::string soc_version = "Ascend310";
  std::string command_line;  // stored in every model's metadata
};

struct SingleOpWritten {
  std::string op_type;
  std::string path;  // output_dir/stem.om
  CompileReport report;
};

Status BuildSingleOps(const SingleOpBuildOptions& options, std::vector<SingleOpWritten>* written);

}  // namespace asim::atc
