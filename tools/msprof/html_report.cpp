// msprof's HTML report. See html_report.h.
//
// Thread safety: pure function. Failure: none.
#include "tools/msprof/html_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "profdata/summaries.h"
#include "tools/msprof/analysis.h"

namespace asim::msprof {
namespace {

std::string Esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

const char* Color(const std::string& task_type) {
  if (task_type == "AI_CPU") return "#e8833a";
  if (task_type == "AI_VECTOR_CORE") return "#4caf50";
  return "#3f7fbf";
}

const char* kStyle = R"(<style>
body { font-family: sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
table { border-collapse: collapse; font-size: 12px; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.note { color: #666; font-size: 12px; }
svg text { font-size: 11px; font-family: sans-serif; }
</style>
)";

void OpBars(const std::vector<OpStat>& ops, std::ostringstream& o) {
  const size_t n = std::min<size_t>(ops.size(), 40);
  const double max = ops.empty() ? 1.0 : std::max(ops.front().total_us, 1e-9);
  const int row = 18, left = 260, width = 560;
  o << "<svg id=\"op-bars\" width=\"" << left + width + 120 << "\" height=\"" << row * n + 10 << "\">\n";
  for (size_t i = 0; i < n; ++i) {
    const OpStat& s = ops[i];
    const double w = std::max(1.0, width * s.total_us / max);
    const int y = static_cast<int>(i) * row + 4;
    o << "<text x=\"" << left - 6 << "\" y=\"" << y + 12 << "\" text-anchor=\"end\">" << Esc(s.op_name) << " ("
      << Esc(s.op_type) << ")</text>";
    o << "<rect x=\"" << left << "\" y=\"" << y << "\" width=\"" << Fixed(w, 1) << "\" height=\"" << row - 4
      << "\" fill=\"" << Color(s.task_type) << "\"><title>" << Esc(s.op_name) << ": " << Fixed(s.total_us) << " us in "
      << s.count << " runs, " << s.task_type << "</title></rect>";
    o << "<text x=\"" << left + w + 4 << "\" y=\"" << y + 12 << "\">" << Fixed(s.total_us) << " us</text>\n";
  }
  o << "</svg>\n";
}

void EngineSplit(const std::vector<OpStat>& ops, std::ostringstream& o) {
  std::map<std::string, double> engines;
  double all = 0;
  for (const OpStat& s : ops) {
    engines[s.task_type] += s.total_us;
    all += s.total_us;
  }
  const int width = 800;
  o << "<svg id=\"engine-split\" width=\"" << width + 20 << "\" height=\"70\">\n";
  double x = 0;
  int legend = 0;
  for (const auto& [type, us] : engines) {
    const double w = all > 0 ? width * us / all : 0;
    o << "<rect x=\"" << Fixed(x, 1) << "\" y=\"4\" width=\"" << Fixed(std::max(w, 1.0), 1)
      << "\" height=\"24\" fill=\"" << Color(type) << "\"><title>" << type << "</title></rect>\n";
    o << "<rect x=\"" << legend << "\" y=\"40\" width=\"12\" height=\"12\" fill=\"" << Color(type) << "\"/>";
    o << "<text x=\"" << legend + 16 << "\" y=\"51\">" << type << " " << Fixed(all > 0 ? 100.0 * us / all : 0, 1)
      << "% (" << Fixed(us) << " us)</text>\n";
    x += w;
    legend += 260;
  }
  o << "</svg>\n";
}

// Log-scale mapping of [lo, hi] onto [a, b] pixels.
double LogMap(double v, double lo, double hi, double a, double b) {
  const double t = (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return a + (b - a) * std::clamp(t, 0.0, 1.0);
}

void Roofline(const profdata::Profile& p, const std::vector<OpStat>& ops, std::ostringstream& o) {
  const profdata::ChipInfo chip = p.devices.empty() ? profdata::ChipInfo{} : p.devices.front().chip;
  const double ghz = chip.aicore_freq_mhz / 1000.0;
  const double cube_peak = chip.ai_core_count * chip.cube_fp16_macs_per_cycle * 2.0 * ghz;  // GFLOP/s
  const double vector_peak = chip.ai_core_count * chip.vector_bytes_per_cycle / 2.0 * ghz;  // fp16 op/s
  const double bw = chip.memory_gbps;                                                       // GB/s
  const double x_lo = 0.01, x_hi = 10000, y_lo = 0.1, y_hi = std::max(cube_peak * 2, 10.0);
  const int w = 720, h = 420, l = 70, r = 20, t = 20, b = 50;
  const auto X = [&](double v) { return LogMap(v, x_lo, x_hi, l, w - r); };
  const auto Y = [&](double v) { return LogMap(v, y_lo, y_hi, h - b, t); };
  o << "<svg id=\"roofline\" width=\"" << w << "\" height=\"" << h << "\">\n";
  o << "<rect x=\"" << l << "\" y=\"" << t << "\" width=\"" << w - l - r << "\" height=\"" << h - t - b
    << "\" fill=\"none\" stroke=\"#999\"/>\n";
  for (double v = x_lo; v <= x_hi * 1.001; v *= 10) {
    o << "<text x=\"" << X(v) << "\" y=\"" << h - b + 16 << "\" text-anchor=\"middle\">" << Fixed(v, v < 1 ? 2 : 0)
      << "</text>";
  }
  for (double v = y_lo; v <= y_hi * 1.001; v *= 10) {
    o << "<text x=\"" << l - 6 << "\" y=\"" << Y(v) + 4 << "\" text-anchor=\"end\">" << Fixed(v, v < 1 ? 1 : 0)
      << "</text>";
  }
  o << "<text x=\"" << (l + w - r) / 2 << "\" y=\"" << h - 10
    << "\" text-anchor=\"middle\">arithmetic intensity (FLOP per DDR/HBM byte)</text>";
  o << "<text x=\"14\" y=\"" << (t + h - b) / 2 << "\" transform=\"rotate(-90 14 " << (t + h - b) / 2
    << ")\" text-anchor=\"middle\">GFLOP/s (simulated)</text>\n";
  if (bw > 0 && cube_peak > 0) {
    // Memory roof up to the ridge, then the compute roofs.
    const double ridge = cube_peak / bw;
    o << "<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\"" << X(x_lo) << "," << Y(bw * x_lo)
      << " " << X(ridge) << "," << Y(cube_peak) << " " << X(x_hi) << "," << Y(cube_peak) << "\"/>";
    o << "<text x=\"" << X(x_hi) - 4 << "\" y=\"" << Y(cube_peak) + 14
      << "\" text-anchor=\"end\" fill=\"#c0392b\">cube fp16 peak " << Fixed(cube_peak / 1000, 2) << " TFLOP/s; memory "
      << Fixed(bw, 1) << " GB/s</text>\n";
    o << "<line x1=\"" << X(vector_peak / bw) << "\" y1=\"" << Y(vector_peak) << "\" x2=\"" << X(x_hi) << "\" y2=\""
      << Y(vector_peak) << "\" stroke=\"#27ae60\" stroke-dasharray=\"4 3\"/>";
    o << "<text x=\"" << X(x_hi) - 4 << "\" y=\"" << Y(vector_peak) + 14 << "\" text-anchor=\"end\" fill=\"#27ae60\">"
      << "vector fp16 peak " << Fixed(vector_peak, 0) << " GFLOP/s</text>\n";
  }
  size_t points = 0;
  for (const OpStat& s : ops) {
    if (s.flops <= 0 || s.gm_bytes <= 0 || s.avg_us <= 0) continue;
    const double ai = s.flops / s.gm_bytes;
    const double gflops = s.flops / (s.avg_us * 1e-6) / 1e9;
    o << "<circle class=\"op\" cx=\"" << Fixed(X(ai), 1) << "\" cy=\"" << Fixed(Y(gflops), 1) << "\" r=\"4\" fill=\""
      << Color(s.task_type) << "\" fill-opacity=\"0.7\"><title>" << Esc(s.op_name) << " (" << Esc(s.op_type)
      << "): " << Fixed(ai, 2) << " FLOP/B, " << Fixed(gflops, 1) << " GFLOP/s</title></circle>\n";
    ++points;
  }
  o << "</svg>\n<p class=\"note\">" << points
    << " ops with a known work description. Time includes each task's fixed overhead, so short ops sit well "
       "below the roofs.</p>\n";
}

void OpTable(const std::vector<OpStat>& ops, std::ostringstream& o) {
  o << "<table id=\"ops\"><tr><th>Op Name</th><th>OP Type</th><th>Task Type</th><th>Count</th><th>Total(us)</th>"
       "<th>Avg(us)</th><th>aicore_time(us)</th><th>mac_ratio</th><th>vec_ratio</th><th>mte2_ratio</th>"
       "<th>memory_bound</th><th>AI CPU reason</th></tr>\n";
  for (const OpStat& s : ops) {
    const auto m = [&](double v) { return s.has_counters ? Fixed(v) : std::string("N/A"); };
    o << "<tr><td>" << Esc(s.op_name) << "</td><td>" << Esc(s.op_type) << "</td><td>" << s.task_type << "</td><td>"
      << s.count << "</td><td>" << Fixed(s.total_us) << "</td><td>" << Fixed(s.avg_us) << "</td><td>"
      << m(s.aicore_time_us) << "</td><td>" << m(s.mac_ratio) << "</td><td>" << m(s.vec_ratio) << "</td><td>"
      << m(s.mte2_ratio) << "</td><td>" << m(s.memory_bound) << "</td><td style=\"text-align:left\">"
      << Esc(s.aicpu_reason) << "</td></tr>\n";
  }
  o << "</table>\n";
}

}  // namespace

std::string HtmlReport(const profdata::Profile& p) {
  std::ostringstream o;
  std::string socs;
  for (const auto& d : p.devices) socs += (socs.empty() ? "" : ", ") + d.chip.soc_version;
  o << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>msprof report " << Esc(p.dir_name) << "</title>\n"
    << kStyle << "</head><body>\n";
  o << "<h1>msprof report: " << Esc(p.dir_name) << "</h1>\n<p class=\"note\">" << Esc(socs.empty() ? "no device" : socs)
    << " (simulated by ascend-sim). Device times are simulated and deterministic; AI Core metrics come from the cost "
       "model.</p>\n";
  const auto executions = profdata::Executions(p);
  if (!executions.empty()) {
    o << "<h2>Model executions</h2>\n<table id=\"executions\"><tr><th>Model</th><th>Execution</th><th>Device</th>"
         "<th>Simulated time(us)</th><th>Tasks</th></tr>\n";
    for (const auto& e : executions) {
      o << "<tr><td>" << Esc(e.model_name) << " (id " << e.model_id << ")</td><td>" << e.execution + 1 << "</td><td>"
        << e.device_id << "</td><td>" << Fixed(static_cast<double>(e.end_ps - e.start_ps) / 1e6) << "</td><td>"
        << e.tasks << "</td></tr>\n";
    }
    o << "</table>\n";
  }
  const std::vector<OpStat> ops = OpStats(p);
  if (ops.empty()) {
    o << "<p>No kernel tasks were recorded.</p></body></html>\n";
    return o.str();
  }
  o << "<h2>Time per op (all executions)</h2>\n";
  OpBars(ops, o);
  o << "<h2>Engine split</h2>\n";
  EngineSplit(ops, o);
  o << "<h2>Roofline</h2>\n";
  Roofline(p, ops, o);
  o << "<h2>Ops</h2>\n";
  OpTable(ops, o);
  o << "</body></html>\n";
  return o.str();
}

}  // namespace asim::msprof
