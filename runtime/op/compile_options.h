// CompileOptionStore: the process's online-compilation options (aclSetCompileopt,
// aclopSetCompileFlag) and whether the application uses online compilation at all.
//
// Owns: option values by aclCompileOpt number (strings, as the API passes them), the
// compile flag, and the "online compilation in effect" bit that decides whether a call
// with no matching single-op model is compiled on demand (see docs/single_op.md):
// set by any acl_op_compiler.h call (aclopCompile*, aclSetCompileopt, aclopSetCompileFlag),
// as an application that links libacl_op_compiler does on real CANN.
// Values are checked where the real option has a fixed set (ACL_PRECISION_MODE,
// ACL_OP_JIT_COMPILE, ACL_OP_DETERMINISTIC ...); free-form options (directories, lists)
// are stored as given. The values reach the compiled models' metadata.
// Thread safety: every member is thread-safe. Failure: kInvalidParam naming the option and
// the accepted values.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "base/status.h"

namespace asim::op {

// aclCompileOpt values (acl_op_compiler.h), without including it.
enum CompileOpt : int32_t {
  kPrecisionMode = 0,
  kAicoreNum = 1,
  kAutoTuneMode = 2,
  kOpSelectImplMode = 3,
  kOptypelistForImplmode = 4,
  kOpDebugLevel = 5,
  kDebugDir = 6,
  kOpCompilerCacheMode = 7,
  kOpCompilerCacheDir = 8,
  kOpPerformanceMode = 9,
  kOpJitCompile = 10,
  kOpDeterministic = 11,
  kCustomizeDtypes = 12,
  kOpPrecisionMode = 13,
  kAllowHf32 = 14,
  kPrecisionModeV2 = 15,
  kOpDebugOption = 16,
  kCompileOptCount = 17,
};

class CompileOptionStore {
 public:
  CompileOptionStore() = default;

  Status Set(int32_t opt, const std::string& value);
  // The value set for `opt` ("" when never set); kInvalidParam for an unknown option.
  Status Value(int32_t opt, std::string* value) const;
  static const char* OptName(int32_t opt);  // "ACL_PRECISION_MODE", nullptr if unknown

  Status SetCompileFlag(int32_t flag);  // ACL_OP_COMPILE_DEFAULT (0) / ACL_OP_COMPILE_FUZZ (1)
  int32_t compile_flag() const;

  // Online compilation in effect (any acl_op_compiler.h call so far, or a JIT "enable").
  void MarkOnlineUsed();
  bool online() const;

  // Every option set, as metadata for compiled models ("acl_compile_opt.ACL_PRECISION_MODE").
  std::map<std::string, std::string> AsMetadata() const;

  // aclFinalize: back to the defaults.
  void Reset();

 private:
  mutable std::mutex mutex_;
  std::map<int32_t, std::string> values_;
  int32_t compile_flag_ = 0;
  bool online_ = false;
};

}  // namespace asim::op
