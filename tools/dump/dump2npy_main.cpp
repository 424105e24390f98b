// dump2npy: dump files -> .npy, one per tensor, as msaccucmp convert names them
// ({dump file}.{input|output}.{index}.npy), converted back to the original layout.
//
//   dump2npy -d <dump file or directory> -o <output directory> [-f NCHW|NHWC|HWCN] [--device-layout]
//
// Exit status: 0 when every file converted, 1 when some could not (listed), 2 on bad usage.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "tools/dump/convert.h"

int main(int argc, char** argv) {
  CLI::App app{"Convert operator dump files to .npy (one file per input and output tensor)", "dump2npy"};
  std::string input, out_dir = ".", format;
  bool device_layout = false;
  app.add_option("-d,--dump", input, "a dump file, or a directory searched recursively")->required();
  app.add_option("-o,--out", out_dir, "output directory (created if missing)");
  app.add_option("-f,--format", format, "plain layout for 4-D tensors: NCHW (default), NHWC or HWCN");
  app.add_flag("--device-layout", device_layout, "keep the device layout (NC1HWC0 ...) as dumped");
  CLI11_PARSE(app, argc, argv);

  asim::dumptool::ConvertOptions options;
  options.keep_device_layout = device_layout;
  if (!format.empty()) {
    options.target_format = asim::dumptool::ParseFormatName(format);
    if (!options.target_format) {
      std::fprintf(stderr, "dump2npy: unknown format '%s'\n", format.c_str());
      return 2;
    }
  }
  asim::dumptool::ConvertSummary summary;
  const asim::Status st = asim::dumptool::ConvertDumpPath(input, out_dir, options, &summary);
  for (const std::string& p : summary.problems) std::fprintf(stderr, "dump2npy: %s\n", p.c_str());
  if (!st.ok()) {
    std::fprintf(stderr, "dump2npy: %s\n", st.message().c_str());
    return 1;
  }
  std::printf("dump2npy: %zu dump file(s) -> %zu .npy file(s) in %s\n", summary.files, summary.tensors,
              out_dir.c_str());
  return summary.files > 0 && summary.problems.empty() ? 0 : 1;
}
