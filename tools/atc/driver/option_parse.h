// Parsers for the values of atc's options, in the real tool's syntax:
//   --input_shape        "data:1,3,224,224;x:-1,10"  (name:dims, ';' between inputs; the
//                        last ':' splits, so names may contain ':'; "x:" is a scalar)
//   --dynamic_batch_size "1,2,4"          --dynamic_image_size "224,224;448,448"
//   --dynamic_dims       "1,224,224;8,448,448" (one profile per ';')
//   --output_type        "FP16" for every output, or "node:0:FP16;node:1:FP32"
//   --out_nodes          "node:0;node2:1"  --input_fp16_nodes "a;b"
//   --input_format       NCHW, NHWC, ND, NCDHW, NDHWC
//   --fusion_switch_file text lines "PassName:off" or the JSON form
//                        {"Switch":{"GraphFusion":{"ALL":"off"}, "UBFusion":{...}}}
// Thread safety: pure functions (the fusion switch parser reads its file). Failure: E10001
// (kInvalidParam) "Value [v] for parameter [--p] is invalid. Reason: ..." saying what is
// wrong at which position; E19001 for a fusion switch file that cannot be opened.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim::atc {

using NamedDims = std::vector<std::pair<std::string, std::vector<int64_t>>>;
using Gears = std::vector<std::vector<int64_t>>;

Status ParseInputShape(const std::string& text, NamedDims* out);
Status ParseDynamicBatchSize(const std::string& text, Gears* out);
Status ParseDynamicImageSize(const std::string& text, Gears* out);
Status ParseDynamicDims(const std::string& text, Gears* out);

struct OutputTypes {
  DataType all = DataType::kUndefined;  // one type for every output
  struct PerOutput {
    std::string node;
    int index = 0;
    DataType dtype = DataType::kUndefined;
  };
  std::vector<PerOutput> per_output;
};
Status ParseOutputType(const std::string& text, OutputTypes* out);

// "node:0;node2:1" (an index is required).
Status ParseOutNodes(const std::string& text, std::vector<std::pair<std::string, int>>* out);
// "a;b" (empty entries are refused).
Status ParseNameList(const std::string& param, const std::string& text, std::vector<std::string>* out);
Status ParseInputFormat(const std::string& text, Format* out);

// Pass name -> on (true) / off (false); "ALL" applies to every pass of its section.
struct FusionSwitches {
  std::map<std::string, bool> passes;
  bool all_off = false;
  bool Enabled(const std::string& pass) const;
};
Status ParseFusionSwitchFile(const std::string& path, FusionSwitches* out);

}  // namespace asim::atc
