// Names of dump directories and files, and of the .npy files the converter writes
// (ascend_tools_hw.md sections 2.2 and 2.5):
//
//   {dump_path}/{time}/{device_id}/{model_name}/{model_id}/{data_index}/   model ops
//   {dump_path}/{time}/{device_id}/                                         single ops
//   {op_type}.{op_name}.{task_id}.{stream_id}.{timestamp}                   one dump file
//   {dump file name}.{input|output}.{index}.npy                             one converted tensor
//   {op_name}.{output_index}.{timestamp}.npy                                framework ground truth
//
// time is YYYYMMDDhhmmss (local time); timestamp is microseconds since the epoch (16
// digits). Op and model names have '.', '/', '\' and ' ' replaced by '_' as the real
// runtime does, so the '.'-separated fields of a file name parse back unambiguously.
// Owner: dumpfmt. Thread safety: pure functions (DumpTimeDirName reads the
// time zone). Failure: the Parse* functions return false for names of another shape.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace asim::dump {

std::string SanitizeDumpName(std::string_view name);

std::string DumpFileName(std::string_view op_type, std::string_view op_name, uint64_t task_id, uint32_t stream_id,
                         uint64_t timestamp_us);

struct DumpFileNameParts {
  std::string op_type;
  std::string op_name;
  uint64_t task_id = 0;
  uint32_t stream_id = 0;
  uint64_t timestamp = 0;
};
bool ParseDumpFileName(std::string_view file_name, DumpFileNameParts* parts);

std::string DumpTimeDirName(std::chrono::system_clock::time_point when);

std::string ModelDumpDir(std::string_view dump_path, std::string_view time_dir, uint32_t device_id,
                         std::string_view model_name, uint32_t model_id, uint64_t data_index);
std::string SingleOpDumpDir(std::string_view dump_path, std::string_view time_dir, uint32_t device_id);

// "{dump_file_name}.{input|output}.{index}.npy"
std::string NpyFileName(std::string_view dump_file_name, bool input, size_t index);

struct NpyFileNameParts {
  DumpFileNameParts file;
  bool input = false;
  size_t index = 0;
};
bool ParseNpyFileName(std::string_view npy_name, NpyFileNameParts* parts);

// "{op_name}.{output_index}.{timestamp}.npy" (op_name sanitised).
std::string GroundTruthNpyName(std::string_view op_name, size_t output_index, uint64_t timestamp_us);

struct GroundTruthNameParts {
  std::string op_name;
  size_t output_index = 0;
  uint64_t timestamp = 0;
};
bool ParseGroundTruthNpyName(std::string_view npy_name, GroundTruthNameParts* parts);

}  // namespace asim::dump
