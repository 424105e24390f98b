// RunAtc: the `atc` command line (tools/atc/cli/main.cpp calls it; tests may too).
//
// Owns the real tool's user interface for ONNX models: option spelling (--name=value or
// --name value; a single '-' prefix works as '--'; '-' and '_' are the same inside a name),
// the checks of ge/offline/main.cc in its order and codes (E10004 empty required option,
// E10007 --framework, E10010 --log, E10001 invalid values, E19xxx files), the console text
// ("ATC start working now, please wait for a moment.", "ATC run success, welcome to the
// next use.", "ATC run failed, Please check the detail log, Try 'atc --help' for more
// information" followed by "<code>: <message>" and "Solution: ..."), --mode=0 (ONNX ->
// <output>.om plus <output>_aicpu_report.txt, also printed), --mode=1 (.om -> JSON) and
// --singleop=ops.json --output=dir (one .om per op description, driver/single_op_build.h).
// --framework 1 and the other --mode values are refused (E10001, "a later version").
// Options of the real tool that change nothing here (--buffer_optimize, --core_type ...) are
// accepted and logged.
// Thread safety: sets the process log level; run one at a time. Failure: returns the exit
// status — 0 on success, 255 (the real tool's -1) on any failure, after printing it.
#pragma once

#include <ostream>

namespace asim::atc {

int RunAtc(int argc, const char* const* argv, std::ostream& out);

}  // namespace asim::atc
