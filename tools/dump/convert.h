// Conversion between dump files and .npy files (msaccucmp convert, ascend_tools_hw.md 2.5).
//
// dump -> npy: every input and output of a dump file becomes
// "{dump file name}.{input|output}.{index}.npy", converted from its device format (NC1HWC0,
// FRACTAL_Z, FRACTAL_NZ ...) back to its original layout and shape (layout.h) unless
// keep_device_layout; bf16 is widened to float32 (NumPy has no bf16).
// npy -> dump: .npy files named as dump2npy names them are grouped back into one dump file
// per original dump file name (inputs and outputs at their indices); any other .npy
// ("{op}.{output}.{timestamp}.npy" ground truth, or free names) becomes a dump file with one
// output named "{op_type}.{name}.0.0.{timestamp}". Tensors are laid out in `device_format`
// when given and the tensor fits it (else kept plain, with a note), else written with
// FORMAT_RESERVED as msaccucmp does for data from .npy.
// Owner: tools/dump. Thread safety: reentrant (reads and writes the given paths).
// Failure: Status naming the file; directory conversions go on past a bad file and list
// the problems in the summary.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "dumpfmt/dump_record.h"
#include "tools/dump/layout.h"
#include "tools/dump/npy.h"

namespace asim::dumptool {

struct ConvertOptions {
  bool keep_device_layout = false;
  std::optional<int32_t> target_format;  // plain layout for 4-D originals (NCHW, NHWC, HWCN)
};

struct NpyTensor {
  std::string name;  // "{file}.{input|output}.{index}.npy"
  NpyArray array;
  std::string note;  // why the device layout was kept, if it was
};

struct ConvertSummary {
  size_t files = 0;
  size_t tensors = 0;
  std::vector<std::string> problems;
};

Status PlainToNpy(const PlainTensor& tensor, NpyArray* out);
Status NpyToPlain(const NpyArray& array, PlainTensor* out);

// One dump record (read from a file named `file_name`) as .npy arrays.
Status RecordToNpy(const dump::DumpRecord& record, std::string_view file_name, const ConvertOptions& options,
                   std::vector<NpyTensor>* out);

// Dump files under `input` (itself when it is a file; directories searched recursively for
// names that parse as dump file names), sorted by path.
std::vector<std::string> FindDumpFiles(const std::string& input);

// Converts `input` (a dump file or a directory) into `out_dir` (created if missing).
Status ConvertDumpPath(const std::string& input, const std::string& out_dir, const ConvertOptions& options,
                       ConvertSummary* summary);

struct NpyToDumpOptions {
  std::optional<int32_t> device_format;
  uint64_t c0 = 16;
  std::string op_type = "NPY";  // for .npy files not named by dump2npy
};

// Converts .npy files (paths, or directories holding them) into dump files in `out_dir`.
Status ConvertNpyPaths(const std::vector<std::string>& inputs, const std::string& out_dir,
                       const NpyToDumpOptions& options, ConvertSummary* summary);

// The OutputFormat number of a name ("NCHW", "FRACTAL_Z", "FORMAT_NC1HWC0" ...).
std::optional<int32_t> ParseFormatName(std::string_view name);

}  // namespace asim::dumptool
