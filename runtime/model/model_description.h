// ModelDescription: what aclmdlDesc answers — a model's inputs and outputs, their dims as
// AscendCL reports them, the dynamic gears, and the names in aclmdlIODims.
//
// Owns: a shared, immutable ModelInfo snapshot (so the strings it hands out stay valid while
// the description lives and is not refilled) and where it came from (a loaded model's id, or
// a file / buffer). An unfilled description reads as a model without inputs or outputs, as
// in AscendCL. Dims are the description's: -1 marks a dimension that depends on the gear.
// As in AscendCL:
//  - a static-AIPP input reports the image, [N, H, W, C] (aipp_record.h); other inputs the
//    dims they are stored with;
//  - InputDimsRange is empty (rangeCount 0) for a model with gears, [d, d] per dimension
//    otherwise (-1: unbounded);
//  - CurOutputDims: the gear the loaded model last ran (or was set to run); for a description
//    of a file or a buffer, the largest gear's; for a data-dependent output of a loaded model,
//    the dims its latest execution produced (the bound before the first);
//  - the name in aclmdlIODims is the tensor's, or, when it does not fit kMaxTensorNameLen
//    with its NUL, "acl_modelId_<id>_input_<index>" ("_output_"), which RealName maps back.
// Who owns it: the ModelObjects registry (model_objects.h); the handle is its address.
// Thread safety: none (AscendCL does not synchronise a description either).
// Failure: Status kInvalidParam naming the index / argument; the model manager's error for a
// model that is no longer loaded.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/model/model_info.h"
#include "runtime/model/model_manager.h"

namespace asim::model {

inline constexpr size_t kMaxTensorNameLen = 128;  // ACL_MAX_TENSOR_NAME_LEN

struct NamedDims {
  std::string name;
  std::vector<int64_t> dims;
};

class ModelDescription {
 public:
  void Fill(std::shared_ptr<const ModelInfo> info, uint32_t model_id, bool from_loaded_model);
  void Clear();
  bool filled() const { return info_ != nullptr; }
  uint32_t model_id() const { return model_id_; }
  const std::shared_ptr<const ModelInfo>& info() const { return info_; }
  const std::vector<om::IoDesc>& inputs() const;
  const std::vector<om::IoDesc>& outputs() const;

  // kInvalidParam naming `index` and the count when index >= count ("input" / "output").
  static Status CheckIndex(const char* what, size_t index, size_t count);

  Status InputDims(size_t index, NamedDims* out) const;
  // aclmdlGetInputDimsV2: InputDims but for a static-AIPP input (StaticAippImageDimsV2).
  Status InputDimsV2(size_t index, NamedDims* out) const;
  Status OutputDims(size_t index, NamedDims* out) const;
  Status CurOutputDims(const ModelManager& models, size_t index, NamedDims* out) const;
  // Per dimension [min, max]; empty for a model with gears.
  Status InputDimsRange(size_t index, std::vector<std::array<int64_t, 2>>* ranges) const;

  // The gears of `kind` (empty when the description is unfilled or of another kind).
  const std::vector<std::vector<int64_t>>& Gears(om::DynamicKind kind) const;
  // Per dims gear: every data input's dims, concatenated in input order, with the gear's
  // values in place of the -1s (aclmdlGetInputDynamicDims).
  Status DimsGearInputs(std::vector<std::vector<int64_t>>* per_gear) const;

  // The tensor name for a name from aclmdlIODims (itself, or the one a conversion name
  // stands for), or nullptr when it is neither.
  const char* RealName(const std::string& name) const;

 private:
  std::string DimsName(bool input, size_t index) const;
  bool IsTensorName(const std::string& name) const;
  const std::vector<int64_t>& GearOutputDims(size_t gear, size_t index) const;
  size_t LargestGear(size_t index) const;  // the gear whose output `index` has the most elements

  std::shared_ptr<const ModelInfo> info_;
  uint32_t model_id_ = 0;  // 0 when filled from a file or memory (no loaded model)
  bool from_loaded_model_ = false;
};

}  // namespace asim::model
