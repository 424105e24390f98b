// FrontEndOptions: what every framework importer (tools/atc/onnx, tools/atc/caffe) takes from
// atc's command line, so the driver fills it once.
// Owns nothing; a value type. Thread safety: none needed. Failure: none.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/format.h"
#include "kernels/framework/chip.h"
#include "om/model.h"

namespace asim::atc {

struct FrontEndOptions {
  std::string model_path;  // --model
  // --input_shape: input name -> dims (-1 = set per gear of a dynamic model).
  std::vector<std::pair<std::string, std::vector<int64_t>>> input_shapes;
  Format input_format = Format::kUndefined;  // --input_format; NCHW for 4-D inputs when unset
  om::DynamicKind dynamic = om::DynamicKind::kNone;
  std::vector<std::vector<int64_t>> gears;
  std::string dynamic_option;                          // "--dynamic_batch_size" ... for messages
  std::vector<std::pair<std::string, int>> out_nodes;  // --out_nodes: node (layer) name, output (top) index
  kernels::ChipTraits chip;
  bool fold_constants = true;
};

}  // namespace asim::atc
