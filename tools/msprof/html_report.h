// msprof's HTML report: one self-contained file (inline CSS and SVG, no script, no network)
// for people who would rather look than read.
//
// Owns: the report's sections — the model executions' simulated times, per-op time bars
// (svg#op-bars), the engine split (svg#engine-split), a roofline-style plot of each AI Core
// op's arithmetic intensity (FLOPs per DDR/HBM byte, from the cost model's work) against the
// chip's limits (cube fp16 peak, vector peak, memory bandwidth) (svg#roofline), and the op
// table (table#ops).
// Thread safety: pure function. Failure: none (an empty profile gives a page saying so).
#pragma once

#include <string>

#include "profdata/records.h"

namespace asim::msprof {

std::string HtmlReport(const profdata::Profile& profile);

inline constexpr const char* kReportFile = "msprof_report.html";  // in mindstudio_profiler_output/

}  // namespace asim::msprof
