// atc --singleop (see single_op_build.h). Thread safety and failure: as the header says.
#include "tools/atc/driver/single_op_build.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/chip_traits.h"
#include "compiler/single_op.h"
#include "om/om_writer.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc {
namespace {

Status ReadSingleOpFile(const std::string& path, std::vector<SingleOpDesc>* descs) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return AtcError(ecode::kOpenFile, err::kInvalidFile,
                    "Failed to open file [" + path + "] (--singleop): no such file.");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return AtcError(ecode::kOpenFile, err::kInvalidFile, "Failed to open file [" + path + "] (--singleop).");
  const Status st = ParseSingleOpFile(text.str(), path, descs);
  if (st.code() == err::kParseFile) {
    return AtcError(ecode::kParseFile, err::kParseFile, "Failed to parse file [" + path + "]: " + st.message() + ".");
  }
  if (!st.ok()) return InvalidArgument("--singleop", path, st.message());
  return Status::Ok();
}

}  // namespace

Status BuildSingleOps(const SingleOpBuildOptions& options, std::vector<SingleOpWritten>* written) {
  written->clear();
  const std::string& path = options.json_path;
  std::vector<SingleOpDesc> descs;
  ASIM_RETURN_IF_ERROR(ReadSingleOpFile(path, &descs));
  kernels::ChipTraits chip;
  Status soc = ChipTraitsForSoc(options.soc_version, &chip);
  if (!soc.ok()) return InvalidArgument("--soc_version", options.soc_version, soc.message());
  const std::string file_name = std::filesystem::path(path).filename().string();
  struct Built {
    std::string stem;
    om::Model model;
    SingleOpWritten info;
  };
  std::vector<Built> built;
  for (size_t i = 0; i < descs.size(); ++i) {
    const std::string where = file_name + " op " + std::to_string(i);
    const SingleOpDesc& desc = descs[i];
    Built b;
    b.stem = SingleOpFileStem(i, desc);
    CompileOptions co;
    co.soc_version = options.soc_version;
    co.model_name = b.stem;
    co.producer = "atc 1.10.0 (asim)";
    if (!options.command_line.empty()) co.metadata["command_line"] = options.command_line;
    Status st = CompileSingleOp(desc, co, &b.model, &b.info.report);
    if (!st.ok()) {
      const std::string msg = where + ": " + st.message();
      if (st.code() == err::kOpOutputNotMatch || st.code() == err::kInvalidParam) {
        return InvalidArgument("--singleop", path, msg);
      }
      return AtcError(ecode::kNoKernel, st.code(), "No supported Ops kernel and engine are found for " + msg);
    }
    b.info.op_type = desc.op_type;
    built.push_back(std::move(b));
  }

  const std::filesystem::path dir(options.output_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir, ec)) {
    return AtcError(ecode::kInvalidPath, err::kInvalidFile,
                    "Path [" + options.output_dir +
                        "] for parameter [--output] is invalid: the directory cannot be "
                        "created.");
  }
  std::vector<SingleOpWritten> done;
  for (Built& b : built) {
    const std::string om_path = (dir / (b.stem + ".om")).string();
    Status st = om::WriteModelFile(b.model, om_path);
    if (!st.ok()) {
      for (const SingleOpWritten& w : done) std::filesystem::remove(w.path, ec);
      std::filesystem::remove(om_path, ec);
      return AtcError(ecode::kWriteFile, err::kWriteFile, "Failed to write file [" + om_path + "]: " + st.message());
    }
    b.info.path = om_path;
    done.push_back(std::move(b.info));
  }
  *written = std::move(done);
  return Status::Ok();
}

}  // namespace asim::atc
