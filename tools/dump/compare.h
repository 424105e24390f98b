// Accuracy comparison of two sets of tensors, as msaccucmp compare does
// (ascend_tools_hw.md sections 2.6 and 2.7).
//
// Owns: finding the tensors of each side, matching them and writing the result CSV.
// A side is a directory searched recursively (or one file) holding any of:
//   dump files  {op_type}.{op_name}.{task}.{stream}.{timestamp}      (inputs and outputs)
//   dump2npy    {dump file name}.{input|output}.{index}.npy
//   framework   {op_name}.{output_index}.{timestamp}.npy             (outputs; ground truth)
// If an op was dumped more than once (several data_index directories), the earliest dump
// is used and the others are counted. Tensors match by sanitised op name, input/output and
// index; with an .om (--om), a node carrying the converter's fusion record
// (_datadump_origin_name, or the last of _datadump_original_op_names) matches the ground
// truth of that original op. Device layouts are converted back first (layout.h).
// Rows follow my side's execution order (dump timestamp, task id). The CSV is
//   Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,Address,TensorIndex,Shape,
//   <the ten metrics>,CompareFailReason
// with each Address column dropped when that side is .npy; metrics as '%.6f', 'NaN' when
// they cannot be computed, '*' for a missing ground truth.
// Owner: tools/dump. Thread safety: reentrant. Failure: Status (a side that holds no
// tensors, an unreadable --om, an unwritable output directory); a tensor that cannot be
// read or compared becomes a row with its CompareFailReason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/status.h"
#include "tools/dump/metrics.h"

namespace asim::dumptool {

struct CompareOptions {
  std::string my_path;      // -m: my output (the NPU dump)
  std::string golden_path;  // -g: the ground truth
  std::string out_dir;      // the CSV goes to {out_dir}/result_{YYYYMMDDhhmmss}.csv
  std::string om_path;      // optional fusion records
  std::optional<int32_t> target_format;
  double threshold = 0.99;  // CosineSimilarity below it flags an op
};

struct CompareRow {
  size_t index = 0;  // op sequence number on my side
  std::string op_type;
  std::string npu_op;
  std::string npu_dtype;
  std::string npu_address;
  std::string golden_op;  // "*" when there is none
  std::string golden_dtype;
  std::string golden_address;
  std::string tensor_index;  // "{op}:output:0"
  std::string shape;         // "[1,64,112,112]"
  bool compared = false;
  Metrics metrics;
  std::string fail_reason;
};

struct CompareResult {
  std::vector<CompareRow> rows;
  bool my_has_address = false;
  bool golden_has_address = false;
  std::string csv_path;
  size_t duplicates_ignored = 0;
  size_t unreadable_files = 0;        // dump files that could not be read (each has a row saying why)
  std::optional<size_t> first_below;  // row of the first op whose cosine < threshold
};

Status RunCompare(const CompareOptions& options, CompareResult* result);

// CSV text of a result (what RunCompare writes).
std::string CompareCsv(const CompareResult& result);

}  // namespace asim::dumptool
