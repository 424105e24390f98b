// CompileOptionStore: aclSetCompileopt values and the online-compilation switch. See
// compile_options.h.
#include "runtime/op/compile_options.h"

#include <algorithm>
#include <vector>

namespace asim::op {
namespace {

struct OptInfo {
  const char* name;
  std::vector<const char*> values;  // empty = free form
};

const OptInfo& Info(int32_t opt) {
  static const OptInfo kInfo[kCompileOptCount] = {
      {"ACL_PRECISION_MODE",
       {"force_fp32", "force_fp16", "cube_fp16in_fp32out", "allow_mix_precision", "allow_fp32_to_fp16",
        "must_keep_origin_dtype", "allow_mix_precision_fp16", "allow_mix_precision_bf16", "allow_fp32_to_bf16"}},
      {"ACL_AICORE_NUM", {}},
      {"ACL_AUTO_TUNE_MODE", {}},
      {"ACL_OP_SELECT_IMPL_MODE", {"high_performance", "high_precision"}},
      {"ACL_OPTYPELIST_FOR_IMPLMODE", {}},
      {"ACL_OP_DEBUG_LEVEL", {"0", "1", "2", "3", "4"}},
      {"ACL_DEBUG_DIR", {}},
      {"ACL_OP_COMPILER_CACHE_MODE", {"enable", "disable", "force"}},
      {"ACL_OP_COMPILER_CACHE_DIR", {}},
      {"ACL_OP_PERFORMANCE_MODE", {"normal", "high"}},
      {"ACL_OP_JIT_COMPILE", {"enable", "disable"}},
      {"ACL_OP_DETERMINISTIC", {"0", "1"}},
      {"ACL_CUSTOMIZE_DTYPES", {}},
      {"ACL_OP_PRECISION_MODE", {}},
      {"ACL_ALLOW_HF32", {"true", "false"}},
      {"ACL_PRECISION_MODE_V2",
       {"fp16", "origin", "cube_fp16in_fp32out", "mixed_float16", "mixed_bfloat16", "cube_hif8", "mixed_hif8"}},
      {"ACL_OP_DEBUG_OPTION", {}},
  };
  return kInfo[opt];
}

bool Known(int32_t opt) {
  return opt >= 0 && opt < kCompileOptCount;
}

}  // namespace

const char* CompileOptionStore::OptName(int32_t opt) {
  return Known(opt) ? Info(opt).name : nullptr;
}

Status CompileOptionStore::Set(int32_t opt, const std::string& value) {
  if (!Known(opt)) {
    return Status(err::kInvalidParam, "opt " + std::to_string(opt) +
                                          " is not an aclCompileOpt (ACL_PRECISION_MODE 0 .. ACL_OP_DEBUG_OPTION 16)");
  }
  const OptInfo& info = Info(opt);
  if (!info.values.empty() &&
      std::none_of(info.values.begin(), info.values.end(), [&](const char* v) { return value == v; })) {
    std::string list;
    for (const char* v : info.values) list += (list.empty() ? "" : ", ") + std::string(v);
    return Status(err::kInvalidParam, std::string(info.name) + " value '" + value + "' is not one of: " + list);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  values_[opt] = value;
  online_ = true;
  return Status::Ok();
}

Status CompileOptionStore::Value(int32_t opt, std::string* value) const {
  if (!Known(opt)) {
    return Status(err::kInvalidParam, "opt " + std::to_string(opt) + " is not an aclCompileOpt");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = values_.find(opt);
  *value = it == values_.end() ? std::string() : it->second;
  return Status::Ok();
}

Status CompileOptionStore::SetCompileFlag(int32_t flag) {
  if (flag != 0 && flag != 1) {
    return Status(err::kInvalidParam, "flag " + std::to_string(flag) +
                                          " is not an aclOpCompileFlag (ACL_OP_COMPILE_DEFAULT 0, "
                                          "ACL_OP_COMPILE_FUZZ 1)");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  compile_flag_ = flag;
  online_ = true;
  return Status::Ok();
}

int32_t CompileOptionStore::compile_flag() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return compile_flag_;
}

void CompileOptionStore::MarkOnlineUsed() {
  std::lock_guard<std::mutex> lock(mutex_);
  online_ = true;
}

bool CompileOptionStore::online() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return online_;
}

std::map<std::string, std::string> CompileOptionStore::AsMetadata() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::map<std::string, std::string> out;
  for (const auto& [opt, value] : values_) out[std::string("acl_compile_opt.") + Info(opt).name] = value;
  return out;
}

void CompileOptionStore::Reset() {
  std::lock_guard<std::mutex> lock(mutex_);
  values_.clear();
  compile_flag_ = 0;
  online_ = false;
}

}  // namespace asim::op
