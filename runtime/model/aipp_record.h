// The AIPP record atc writes for each AIPP input of a model (om metadata "aipp.<input index>",
// tools/atc/aipp/insert_aipp.h): "key=v1,v2,...;key=..." with "224x224" counting as two
// numbers. What aclmdlGetAippType, aclmdlGetFirstAippInfo, aclmdlGetInputDims and the dynamic
// AIPP checks read.
// Owns: nothing. Thread safety: pure functions. Failure: a missing key reads as absent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/model/model_info.h"

namespace asim::model {

using AippRecord = std::map<std::string, std::vector<double>>;

// The record text of input `index`, or nullptr when the input has no AIPP.
const std::string* AippRecordText(const ModelInfo& info, size_t index);
// The record's numbers by key (empty for an input without AIPP).
AippRecord ParseAippRecord(const std::string& text);
AippRecord AippRecordOf(const ModelInfo& info, size_t index);
// Number `k` of `key`, or `fallback` when absent.
double AippRecordValue(const AippRecord& record, const char* key, size_t k = 0, double fallback = -1);

// The image dims CANN reports for a static-AIPP input, [N, H, W, C] (N from the stored dims,
// C from the image format), or empty for any other input (dynamic AIPP included).
std::vector<int64_t> StaticAippImageDims(const ModelInfo& info, size_t index);
// The same as aclmdlGetInputDimsV2 reports them: H scaled and C per format so that the
// product is the image's bytes (YUV420SP_U8 [N, H*1.5, W, 1], YUV422SP_U8 [N, H*2, W, 1],
// YUV400_U8 [N, H, W, 1], RGB888_U8 [N, H, W, 3], XRGB8888_U8 [N, H, W, 4] ...).
std::vector<int64_t> StaticAippImageDimsV2(const ModelInfo& info, size_t index);

}  // namespace asim::model
