// dump_compare: accuracy comparison of an operator dump against a ground truth, like
// msaccucmp compare: writes {out}/result_{YYYYMMDDhhmmss}.csv with the ten metrics per
// tensor, prints each output's cosine similarity, the worst rows and the first op whose
// cosine similarity is below the threshold.
//
//   dump_compare -m <my dump dir> -g <ground truth dir> [-o <out dir>] [--om model.om]
//                [--threshold 0.99] [--top 10] [-f NCHW|NHWC] [--quiet]
//
// Exit status: 0 when the comparison ran (whatever the metrics say), 1 on errors, 2 on bad
// usage.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tools/dump/compare.h"
#include "tools/dump/convert.h"

namespace {

void PrintRow(const asim::dumptool::CompareRow& r) {
  const std::string cos = r.compared ? asim::dumptool::FormatMetric(r.metrics.cosine) : "NaN";
  const std::string mae = r.compared ? asim::dumptool::FormatMetric(r.metrics.max_abs) : "NaN";
  std::printf("  %4zu  %-14s %-40s %-18s cos %s  max_abs %s%s%s\n", r.index, r.op_type.c_str(), r.tensor_index.c_str(),
              r.shape.c_str(), cos.c_str(), mae.c_str(), r.fail_reason.empty() ? "" : "  ", r.fail_reason.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Compare an operator dump with ground truth tensors (msaccucmp compare)", "dump_compare"};
  asim::dumptool::CompareOptions options;
  options.out_dir = ".";
  size_t top = 10;
  bool quiet = false;
  std::string format;
  app.add_option("-m,--my-dump", options.my_path, "my dump: dump files or dump2npy .npy files")->required();
  app.add_option("-g,--golden", options.golden_path, "ground truth: .npy files or dump files")->required();
  app.add_option("-o,--out", options.out_dir, "directory for result_{time}.csv");
  app.add_option("--om", options.om_path, "the .om, for the converter's fusion records");
  app.add_option("--threshold", options.threshold, "CosineSimilarity below this flags an op");
  app.add_option("--top", top, "how many of the worst rows to print");
  app.add_option("-f,--format", format, "plain layout for 4-D tensors: NCHW (default), NHWC or HWCN");
  app.add_flag("-q,--quiet", quiet, "do not print every output's cosine similarity");
  CLI11_PARSE(app, argc, argv);
  if (!format.empty()) {
    options.target_format = asim::dumptool::ParseFormatName(format);
    if (!options.target_format) {
      std::fprintf(stderr, "dump_compare: unknown format '%s'\n", format.c_str());
      return 2;
    }
  }

  asim::dumptool::CompareResult result;
  const asim::Status st = asim::dumptool::RunCompare(options, &result);
  if (!st.ok()) {
    std::fprintf(stderr, "dump_compare: %s\n", st.message().c_str());
    return 1;
  }
  size_t compared = 0;
  for (const auto& r : result.rows) compared += r.compared ? 1 : 0;
  if (!quiet) {
    std::printf("Per tensor (my dump vs ground truth):\n");
    for (const auto& r : result.rows) PrintRow(r);
  }
  std::vector<const asim::dumptool::CompareRow*> worst;
  for (const auto& r : result.rows) {
    if (r.compared) worst.push_back(&r);
  }
  std::sort(worst.begin(), worst.end(), [](const auto* a, const auto* b) {
    const double ca = std::isnan(a->metrics.cosine) ? -2 : a->metrics.cosine;
    const double cb = std::isnan(b->metrics.cosine) ? -2 : b->metrics.cosine;
    return ca < cb;
  });
  if (worst.size() > top) worst.resize(top);
  std::printf("Worst %zu by CosineSimilarity:\n", worst.size());
  for (const auto* r : worst) PrintRow(*r);
  if (result.first_below) {
    const auto& r = result.rows[*result.first_below];
    std::printf("First op below CosineSimilarity %.4f: %s (%s), %s = %s\n", options.threshold, r.npu_op.c_str(),
                r.op_type.c_str(), r.tensor_index.c_str(), asim::dumptool::FormatMetric(r.metrics.cosine).c_str());
  } else {
    std::printf("Every compared output has CosineSimilarity >= %.4f\n", options.threshold);
  }
  if (result.duplicates_ignored > 0) {
    std::printf(
        "note: %zu repeated dump(s) of the same op ignored (the earliest is compared); point -m at one "
        "data_index directory to choose\n",
        result.duplicates_ignored);
  }
  std::printf("dump_compare: %zu row(s), %zu compared; result: %s\n", result.rows.size(), compared,
              result.csv_path.c_str());
  // An accuracy check must not pass on what it could not read or on nothing at all.
  if (result.unreadable_files > 0) {
    std::fprintf(stderr, "dump_compare: %zu dump file(s) could not be read; their rows in %s say why\n",
                 result.unreadable_files, result.csv_path.c_str());
    return 1;
  }
  if (compared == 0) {
    std::fprintf(stderr, "dump_compare: no tensor was compared (no output of -m has a ground truth in -g)\n");
    return 1;
  }
  return 0;
}
