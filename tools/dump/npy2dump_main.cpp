// npy2dump: .npy files -> dump files (the reverse of dump2npy; msaccucmp's npy -> dump).
//
//   npy2dump -i <.npy files or directories>... -o <output directory> [-f NC1HWC0|FRACTAL_Z|FRACTAL_NZ] [--c0 16]
//
// Files named by dump2npy are regrouped into their original dump file; other .npy files
// become one dump file each. Exit status: 0 on success, 1 on errors (listed), 2 on bad usage.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "tools/dump/convert.h"

int main(int argc, char** argv) {
  CLI::App app{"Convert .npy files to operator dump files", "npy2dump"};
  std::vector<std::string> inputs;
  std::string out_dir = ".", format, op_type = "NPY";
  uint64_t c0 = 16;
  app.add_option("-i,--input", inputs, ".npy files, or directories holding them")->required();
  app.add_option("-o,--out", out_dir, "output directory (created if missing)");
  app.add_option("-f,--format", format, "device format to lay the tensors out in (NC1HWC0, FRACTAL_Z, FRACTAL_NZ)");
  app.add_option("--c0", c0, "elements per C0 block (16; 32 for 8-bit types; 4 for *_C04)");
  app.add_option("--op-type", op_type, "op type for .npy files not named by dump2npy");
  CLI11_PARSE(app, argc, argv);

  asim::dumptool::NpyToDumpOptions options;
  options.c0 = c0;
  options.op_type = op_type;
  if (!format.empty()) {
    options.device_format = asim::dumptool::ParseFormatName(format);
    if (!options.device_format) {
      std::fprintf(stderr, "npy2dump: unknown format '%s'\n", format.c_str());
      return 2;
    }
  }
  asim::dumptool::ConvertSummary summary;
  const asim::Status st = asim::dumptool::ConvertNpyPaths(inputs, out_dir, options, &summary);
  for (const std::string& p : summary.problems) std::fprintf(stderr, "npy2dump: %s\n", p.c_str());
  if (!st.ok()) {
    std::fprintf(stderr, "npy2dump: %s\n", st.message().c_str());
    return 1;
  }
  std::printf("npy2dump: %zu tensor(s) -> %zu dump file(s) in %s\n", summary.tensors, summary.files, out_dir.c_str());
  return 0;
}
