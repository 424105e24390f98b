// dump <-> npy conversion. See convert.h.
#include "tools/dump/convert.h"

#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>

#include "base/fp16.h"
#include "dumpfmt/dump_file.h"
#include "dumpfmt/dump_naming.h"
#include "dumpfmt/dump_types.h"

namespace asim::dumptool {
namespace fs = std::filesystem;

namespace {

uint64_t NowMicros() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

uint64_t Elements(const std::vector<uint64_t>& shape) {
  uint64_t n = 1;
  for (uint64_t d : shape) n *= d;
  return n;
}

Status MakeDir(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Status(err::kWriteFile, fmt::format("cannot create '{}': {}", dir, ec.message()));
  return Status::Ok();
}

dump::DumpTensor FromPlain(const PlainTensor& p) {
  dump::DumpTensor t;
  t.data_type = p.data_type;
  t.format = dump::kFormatReserved;
  t.shape = p.shape;
  t.original_shape = p.shape;
  t.data = p.data;
  return t;
}

// `plain` as a dump tensor, in the device format when it fits.
dump::DumpTensor Lay(const PlainTensor& plain, const NpyToDumpOptions& options, std::string* note) {
  if (options.device_format) {
    dump::DumpTensor t;
    const Status st = ToDeviceLayout(plain, *options.device_format, options.c0, &t);
    if (st.ok()) return t;
    *note = st.message();
  }
  return FromPlain(plain);
}

}  // namespace

std::optional<int32_t> ParseFormatName(std::string_view name) {
  if (name.starts_with("FORMAT_")) name.remove_prefix(7);
  for (int32_t v = 0; v <= 255; ++v) {
    if (name == dump::DumpFormatName(v)) return v;
  }
  return std::nullopt;
}

Status PlainToNpy(const PlainTensor& t, NpyArray* out) {
  NpyArray a;
  a.shape = t.shape;
  if (t.data_type == dump::kDtBf16) {
    a.descr = "<f4";
    const size_t n = t.data.size() / 2;
    a.data.resize(n * 4);
    for (size_t i = 0; i < n; ++i) {
      uint16_t h;
      std::memcpy(&h, t.data.data() + 2 * i, 2);
      const float f = Bf16ToFloat(h);
      std::memcpy(a.data.data() + 4 * i, &f, 4);
    }
  } else {
    a.descr = NpyDescrOf(t.data_type);
    if (a.descr.empty()) {
      return Status(err::kUnsupportedDataType,
                    fmt::format("{} has no NumPy type", dump::DumpDataTypeName(t.data_type)));
    }
    a.data = t.data;
  }
  *out = std::move(a);
  return Status::Ok();
}

Status NpyToPlain(const NpyArray& a, PlainTensor* out) {
  PlainTensor p;
  p.data_type = DumpDataTypeOfNpy(a.descr);
  if (p.data_type == dump::kDtUndefined) {
    return Status(err::kUnsupportedDataType, fmt::format("NumPy type '{}' has no dump data type", a.descr));
  }
  p.format = a.shape.size() == 4 ? dump::kFormatNchw : dump::kFormatNd;
  p.shape = a.shape;
  p.data = a.data;
  *out = std::move(p);
  return Status::Ok();
}

Status RecordToNpy(const dump::DumpRecord& record, std::string_view file_name, const ConvertOptions& options,
                   std::vector<NpyTensor>* out) {
  std::vector<NpyTensor> result;
  const std::optional<int32_t> input_hint = InputSourceHint(record);
  auto hint = [&](bool input) { return input ? input_hint : std::nullopt; };
  auto add = [&](const dump::DumpTensor& t, bool input, size_t index) -> Status {
    NpyTensor n;
    n.name = dump::NpyFileName(file_name, input, index);
    PlainTensor plain;
    Status st = options.keep_device_layout ? Status(err::kInvalidParam, "device layout kept")
                                           : ToOriginalLayout(t, options.target_format, &plain, hint(input));
    if (!st.ok()) {
      if (!options.keep_device_layout) n.note = st.message();
      plain = PlainTensor{t.data_type, t.format, t.shape, t.data};
      if (dump::DumpDataTypeSize(t.data_type) * Elements(t.shape) != t.data.size()) {
        return Status(err::kParseFile,
                      fmt::format("{}: {} {} {}: the data does not fill the shape", n.name,
                                  dump::DumpDataTypeName(t.data_type), dump::DumpFormatName(t.format), t.data.size()));
      }
    }
    ASIM_RETURN_IF_ERROR(PlainToNpy(plain, &n.array));
    result.push_back(std::move(n));
    return Status::Ok();
  };
  for (size_t i = 0; i < record.inputs.size(); ++i) ASIM_RETURN_IF_ERROR(add(record.inputs[i], true, i));
  for (size_t i = 0; i < record.outputs.size(); ++i) ASIM_RETURN_IF_ERROR(add(record.outputs[i], false, i));
  *out = std::move(result);
  return Status::Ok();
}

std::vector<std::string> FindDumpFiles(const std::string& input) {
  std::vector<std::string> files;
  std::error_code ec;
  if (fs::is_regular_file(input, ec)) return {input};
  for (auto it = fs::recursive_directory_iterator(input, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    dump::DumpFileNameParts parts;
    if (dump::ParseDumpFileName(it->path().filename().string(), &parts)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

Status ConvertDumpPath(const std::string& input, const std::string& out_dir, const ConvertOptions& options,
                       ConvertSummary* summary) {
  std::error_code ec;
  if (!fs::exists(input, ec)) return Status(err::kInvalidFile, fmt::format("'{}' does not exist", input));
  const std::vector<std::string> files = FindDumpFiles(input);
  if (files.empty()) return Status(err::kInvalidFile, fmt::format("no dump files found in '{}'", input));
  ASIM_RETURN_IF_ERROR(MakeDir(out_dir));
  for (const std::string& path : files) {
    dump::DumpRecord record;
    Status st = dump::ReadDumpFile(path, &record);
    std::vector<NpyTensor> tensors;
    if (st.ok()) st = RecordToNpy(record, fs::path(path).filename().string(), options, &tensors);
    if (!st.ok()) {
      summary->problems.push_back(st.message());
      continue;
    }
    ++summary->files;
    for (const NpyTensor& t : tensors) {
      if (!t.note.empty()) summary->problems.push_back(fmt::format("{}: device layout kept: {}", t.name, t.note));
      st = WriteNpy((fs::path(out_dir) / t.name).string(), t.array);
      if (!st.ok()) return st;
      ++summary->tensors;
    }
  }
  return Status::Ok();
}

Status ConvertNpyPaths(const std::vector<std::string>& inputs, const std::string& out_dir,
                       const NpyToDumpOptions& options, ConvertSummary* summary) {
  std::vector<std::string> npys;
  for (const std::string& in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      for (const auto& e : fs::directory_iterator(in, ec)) {
        if (e.path().extension() == ".npy") npys.push_back(e.path().string());
      }
    } else {
      npys.push_back(in);
    }
  }
  std::sort(npys.begin(), npys.end());
  if (npys.empty()) return Status(err::kInvalidFile, "no .npy files given");
  ASIM_RETURN_IF_ERROR(MakeDir(out_dir));

  struct Group {
    std::map<size_t, dump::DumpTensor> inputs, outputs;
  };
  std::map<std::string, Group> groups;  // by dump file name
  std::map<std::string, std::string> op_names;
  for (const std::string& path : npys) {
    NpyArray array;
    PlainTensor plain;
    Status st = ReadNpy(path, &array);
    if (st.ok()) st = NpyToPlain(array, &plain);
    if (!st.ok()) {
      summary->problems.push_back(st.message());
      continue;
    }
    const std::string name = fs::path(path).filename().string();
    std::string note;
    dump::DumpTensor tensor = Lay(plain, options, &note);
    if (!note.empty()) summary->problems.push_back(fmt::format("{}: kept plain: {}", name, note));
    ++summary->tensors;
    dump::NpyFileNameParts parts;
    dump::GroundTruthNameParts truth;
    std::string file;
    if (dump::ParseNpyFileName(name, &parts)) {
      file = dump::DumpFileName(parts.file.op_type, parts.file.op_name, parts.file.task_id, parts.file.stream_id,
                                parts.file.timestamp);
      op_names[file] = parts.file.op_name;
      Group& g = groups[file];
      (parts.input ? g.inputs : g.outputs)[parts.index] = std::move(tensor);
      continue;
    }
    std::string op = name.substr(0, name.size() - 4);
    uint64_t timestamp = NowMicros();
    size_t index = 0;
    if (dump::ParseGroundTruthNpyName(name, &truth)) {
      op = truth.op_name;
      timestamp = truth.timestamp;
      index = truth.output_index;
    }
    file = dump::DumpFileName(options.op_type, op, 0, 0, timestamp);
    op_names[file] = dump::SanitizeDumpName(op);
    groups[file].outputs[index] = std::move(tensor);
  }
  for (auto& [file, g] : groups) {
    dump::DumpRecord record;
    record.op_name = op_names[file];
    dump::DumpFileNameParts parts;
    record.dump_time = dump::ParseDumpFileName(file, &parts) ? parts.timestamp : NowMicros();
    bool complete = true;
    for (auto* side : {&g.inputs, &g.outputs}) {
      size_t expect = 0;
      for (auto& [index, tensor] : *side) {
        complete &= index == expect++;
        (side == &g.inputs ? record.inputs : record.outputs).push_back(std::move(tensor));
      }
    }
    if (!complete) {
      summary->problems.push_back(fmt::format("{}: tensor indices have gaps; tensors are stored in index order", file));
    }
    const Status st = dump::WriteDumpFile((fs::path(out_dir) / file).string(), record);
    if (!st.ok()) return st;
    ++summary->files;
  }
  return Status::Ok();
}

}  // namespace asim::dumptool
