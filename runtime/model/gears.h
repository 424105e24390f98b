// Gears of dynamic models: choosing the one the next execution runs
// (aclmdlSetDynamicBatchSize, aclmdlSetDynamicHWSize, aclmdlSetInputDynamicDims) and the
// facts about a model's gear input.
//
// ChooseGear records the gear's values in the input dataset (Dataset::gear, which the
// executor uses) and writes them into the dataset's buffer at `index`, the model's
// ACL_DYNAMIC_TENSOR_NAME input, as the real one does (host-to-device copy; int32 elements
// when that input is a 4-byte integer tensor, else int64). Checks and codes, in order
// (AscendCL's / GE's where it has one):
//  - no buffer at `index`, a destroyed one, one with a NULL address: kInvalidParam;
//  - the model id: whatever the model manager says (not loaded / unknown id);
//  - a static model, or a dynamic model of another kind: kGeDynamicBatchSizeInvalid (145013),
//    as GE reports for a model whose gear list does not contain the value;
//  - `index` not the ACL_DYNAMIC_TENSOR_NAME input: kInvalidParam (GE does not check this and
//    would overwrite that input; we refuse);
//  - the values (from `values_of`): its error (DimsGearValues: kGeDynamicInputLengthInvalid);
//  - values that are not one of the model's gears: kGeDynamicBatchSizeInvalid for all three
//    kinds (GE uses this code for image sizes and dims too);
//  - a buffer smaller than the values it must hold: kGeDynamicInputLengthInvalid;
//  - the copy: the runtime's error (e.g. the buffer is host memory).
// Owns: nothing. Thread safety: as the dataset's (none). Failure: as above; the dataset is
// unchanged on failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "base/status.h"
#include "runtime/core/runtime.h"
#include "runtime/model/dataset.h"
#include "runtime/model/model_info.h"
#include "runtime/model/model_manager.h"

namespace asim::model {

// The index of the input named ACL_DYNAMIC_TENSOR_NAME, or -1.
int64_t DynamicTensorIndex(const ModelInfo& info);
// Every data input's dims (all but the gear input), concatenated in input order.
std::vector<int64_t> DataInputDims(const ModelInfo& info);
// The values at the -1 positions of `given`, all data inputs' dims as aclmdlSetInputDynamicDims
// takes them; kGeDynamicInputLengthInvalid for a wrong count or a static dim changed.
Status DimsGearValues(const ModelInfo& info, const std::vector<int64_t>& given, std::vector<int64_t>* values);

// The gear's values, from the model (they may depend on it, for dims).
using GearValuesFn = std::function<Status(const ModelInfo&, std::vector<int64_t>*)>;
// `what` names the values in messages ("batch size", "image size", "dims").
Status ChooseGear(rt::Runtime& runtime, const ModelManager& models, uint32_t model_id, Dataset& set, size_t index,
                  om::DynamicKind kind, const char* what, const GearValuesFn& values_of);

}  // namespace asim::model
