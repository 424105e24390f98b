// RunMsame: the msame model runner (tools/msame/main.cpp calls it), an application of the
// public AscendCL API like the real msame (Ascend/tools, msame/), with its command line
// (options.h), console lines and output layout:
//   <output>/<YYYYMMDD_HHMMSS>/<stem>_output_<i>.bin|.txt|.npy
// where <stem> is the model file's stem for .bin/.npy file inputs and zero-filled inputs, and
// each input file's stem for directory inputs (one file set per run). The directory name is
// printed on its own line before the first inference; a second run in the same second gets
// "_1", "_2" ... appended. Profiling goes to <output>/profiler, dumps to <output>/dump.
//
// Flow: options -> input files resolved -> aclInit .. stream -> (profiling / dump) -> model
// loaded and described -> dynamic options checked -> buffers, datasets, gear -> the
// inferences (--loop times, or once per file set), each printed as
//   "Inference time: <host ms>ms (simulated device: <ms> ms)"
// then the averages ("Inference average time: ..." and, for more than one inference,
// "Inference average time without first time: ..."; the simulated device's as
// "Simulated device average time: ...") -> everything released -> "[INFO] Execute sample
// success" -> device reset and aclFinalize.
// Thread safety: one call at a time (aclInit / aclFinalize are process-wide). Failure: an
// "[ERROR] ..." line naming what failed and where, everything released, return 1.
#pragma once

namespace asim::msame {

int RunMsame(int argc, const char* const* argv);

}  // namespace asim::msame
