// FaultSpec: one fault to inject, as acl.json ("sim": {"faults": ...}) and ASCEND_SIM_FAULTS
// describe it, and the parser of the text form shared by both.
//
// Owns: the fault vocabulary and its text syntax (docs/testing-your-app.md):
//   faults  := fault (';' fault)*
//   fault   := type [':' key '=' value (',' key '=' value)*]
//   type    := malloc | model_execute | task_timeout | channel_send
//   keys    := nth     the first call (or task) that fails, counted from aclInit, 1-based
//                      (default 1)
//              count   how many consecutive ones fail from there (default 1; 0 = all)
//              model   model_execute: the model id (required)
//              code    model_execute / channel_send: the aclError returned (defaults 507011
//                      ACL_ERROR_RT_MODEL_EXECUTE / 500001 ACL_ERROR_FAILURE)
//              channel channel_send: the channel name (default: any channel)
// e.g. "malloc:nth=3;model_execute:model=1,code=507011;task_timeout:nth=5;channel_send".
// Owner: runtime/config. Thread safety: pure functions. Failure: ParseFaults returns false
// with a message naming the offending entry; the output is then untouched.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace asim::cfg {

enum class FaultType { kMalloc, kModelExecute, kTaskTimeout, kChannelSend };

struct FaultSpec {
  FaultType type = FaultType::kMalloc;
  uint64_t nth = 1;
  uint64_t count = 1;  // 0: every one from nth on
  uint32_t model_id = 0;
  int32_t code = 0;     // 0: the type's default code
  std::string channel;  // empty: any channel
};

inline constexpr int32_t kDefaultModelExecuteFaultCode = 507011;  // ACL_ERROR_RT_MODEL_EXECUTE
inline constexpr int32_t kDefaultChannelSendFaultCode = 500001;   // ACL_ERROR_FAILURE

const char* FaultTypeName(FaultType type);  // "malloc", "model_execute", ...

// One fault from its type and key/value pairs (the JSON object form and the text form).
bool MakeFault(std::string_view type, const std::vector<std::pair<std::string, std::string>>& keys, FaultSpec* out,
               std::string* error);

// The whole text form; empty text gives an empty list.
bool ParseFaults(std::string_view text, std::vector<FaultSpec>* out, std::string* error);

// The text form of one fault ("model_execute:nth=1,count=1,model=3,code=507011").
std::string FaultText(const FaultSpec& fault);

}  // namespace asim::cfg
