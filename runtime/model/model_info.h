// ModelInfo: what aclmdlDesc reports about a model, derived once from an om::Model.
//
// Owns: an immutable snapshot of the I/O descriptions, the dynamic gears, each gear's output
// dims (for aclmdlGetCurOutputDims) and each node's attributes rendered as text (for
// aclmdlGetOpAttr). Built from a loaded model (aclmdlGetDesc) or straight from a file or a
// buffer (aclmdlGetDescFromFile / FromMem) without loading it.
// Thread safety: immutable after Build; shared between descriptions.
// Failure: Build cannot fail on a validated model.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "om/model.h"

namespace asim::model {

struct ModelInfo {
  std::string name;
  std::string soc_version;
  std::vector<om::IoDesc> inputs;  // a dynamic model's last input is om::kDynamicTensorName
  std::vector<om::IoDesc> outputs;
  om::DynamicKind dynamic = om::DynamicKind::kNone;
  std::vector<std::vector<int64_t>> gears;                             // as om::Model::gears
  std::vector<std::vector<std::vector<int64_t>>> gear_inputs;          // [gear][input] dims (data inputs)
  std::vector<std::vector<std::vector<int64_t>>> gear_outputs;         // [gear][output] dims
  std::map<std::string, std::map<std::string, std::string>> op_attrs;  // node name -> attr -> text
  std::map<std::string, std::string> metadata;                         // om::Model::metadata (atc's AIPP records)
  uint64_t work_size = 0;
  uint64_t weight_size = 0;

  static std::shared_ptr<const ModelInfo> Build(const om::Model& model);
  // Index of the gear whose values equal `values`, or -1.
  int FindGear(const std::vector<int64_t>& values) const;
};

}  // namespace asim::model
