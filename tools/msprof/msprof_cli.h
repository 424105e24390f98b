// The msprof command line (ascend_tools_hw.md 3.3), for the simulated device:
//
//   msprof --output=<dir> [collection options] --application="<app> [args]"
//   msprof --output=<dir> [collection options] <app> [args]        (the newer form)
//       runs the application with profiling on: the options become the environment
//       PROFILING_MODE=true and PROFILING_OPTIONS=<acl.json "profiler" object as JSON>, which
//       libascendcl's aclInit reads; at aclFinalize the application writes PROF_* under <dir>;
//       msprof then re-exports it, writes msprof_report.html and prints the analysis.
//   msprof --export=on --output=<PROF dir, or a dir holding PROF_* dirs> [--model-id=N]
//          [--iteration-id=N] [--baseline=<PROF dir>]
//       rebuilds mindstudio_profiler_output/ from the raw data (and the HTML report), prints
//       the analysis, and with --baseline the per-op comparison.
//   msprof --analyze=on (or --summary) --output=<PROF dir> [--baseline=<PROF dir>]   analysis only.
// Collection options: --ascendcl, --runtime-api, --task-time (on|off|l0|l1|l2), --aicpu,
// --ai-core, --aic-metrics, --aic-mode (task-based only), --aic-freq, --l2, --hccl,
// --msproftx, --training-trace, --storage-limit, --sys-hardware-mem(-freq), and the
// system-sampling switches of the real tool (accepted; the simulator has nothing to sample).
// Owns: option parsing and validation, running the application, locating its new PROF_*
// directories. Thread safety: RunMsprof is not reentrant (it forks). Failure: exit code 1
// with an "[ERROR]" line; the application's own non-zero exit code is passed through.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace asim::msprof {

int RunMsprof(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// "./app -n 3 'a b'" -> {"./app", "-n", "3", "a b"} (whitespace separated; single or double
// quotes group).
std::vector<std::string> SplitCommand(const std::string& command);

}  // namespace asim::msprof
