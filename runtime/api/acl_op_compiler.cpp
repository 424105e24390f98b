// acl_op_compiler.h: online compilation of single ops (aclopCompile, aclopCompileAndExecute,
// aclopCompileAndExecuteV2) and the compile options (aclSetCompileopt, aclGetCompileoptSize,
// aclGetCompileopt, aclopSetCompileFlag). The compilation itself is atc's single-op compiler
// (runtime/op/op_service.h); any call here switches on-demand compilation on for the process.
#include <cstring>
#include <string>

#include "acl/acl_op_compiler.h"
#include "runtime/api/acl_op_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/op/compile_options.h"
#include "runtime/op/op_service.h"

namespace asim::api {
Status ExecuteSingleOp(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[],
                       const aclDataBuffer* const inputs[], int num_outputs, const aclTensorDesc* const output_desc[],
                       const aclDataBuffer* const outputs[], const aclopAttr* attr, aclrtStream stream,
                       bool update_outputs, bool compile);
}  // namespace asim::api

namespace {

using asim::Status;
namespace err = asim::err;
namespace op = asim::op;

// The engine and compile type arguments: ACL_ENGINE_SYS / AICORE / VECTOR are all honoured by
// the registry's own choice (AI Core first, AI CPU fallback); ACL_COMPILE_UNREGISTERED (a
// custom op from opPath) has no equivalent here.
// Both are read with RawEnum by the callers: out-of-range values are never loaded as the enums.
Status CheckCompileArgs(int32_t engine, int32_t flag) {
  if (engine < ACL_ENGINE_SYS || engine > ACL_ENGINE_VECTOR) {
    return Status(err::kInvalidParam, "engineType " + std::to_string(engine) +
                                          " is not an aclopEngineType (ACL_ENGINE_SYS 0, ACL_ENGINE_AICORE 1, "
                                          "ACL_ENGINE_VECTOR 2)");
  }
  if (flag == ACL_COMPILE_UNREGISTERED) {
    return Status(err::kApiNotSupport,
                  "compileFlag ACL_COMPILE_UNREGISTERED (a custom operator from opPath) is not supported by the "
                  "simulated device: only the operators of its kernel registry compile (docs/ops.md)");
  }
  if (flag != ACL_COMPILE_SYS) {
    return Status(err::kInvalidParam, "compileFlag " + std::to_string(flag) +
                                          " is not an aclopCompileType (ACL_COMPILE_SYS 0, "
                                          "ACL_COMPILE_UNREGISTERED 1)");
  }
  asim::api::Ctx().ops().compile_options().MarkOnlineUsed();
  return Status::Ok();
}

}  // namespace

extern "C" {

aclError aclopCompile(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[], int numOutputs,
                      const aclTensorDesc* const outputDesc[], const aclopAttr* attr, aclopEngineType engineType,
                      aclopCompileType compileFlag, const char* opPath) {
  ACL_API_BEGIN("aclopCompile");
  ACL_API_REQUIRE_INIT();
  (void)opPath;  // only for ACL_COMPILE_UNREGISTERED
  Status st = CheckCompileArgs(asim::api::RawEnum(engineType), asim::api::RawEnum(compileFlag));
  op::OpCall call;
  if (st.ok()) st = asim::api::BuildOpCall(opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &call);
  std::shared_ptr<const op::OpModelEntry> entry;
  if (st.ok()) st = asim::api::PrepareOpHere(&call, op::CompilePolicy::kAlways, &entry);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclopCompileAndExecute(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[],
                                const aclDataBuffer* const inputs[], int numOutputs,
                                const aclTensorDesc* const outputDesc[], aclDataBuffer* const outputs[],
                                const aclopAttr* attr, aclopEngineType engineType, aclopCompileType compileFlag,
                                const char* opPath, aclrtStream stream) {
  ACL_API_BEGIN("aclopCompileAndExecute");
  ACL_API_REQUIRE_INIT();
  (void)opPath;
  Status st = CheckCompileArgs(asim::api::RawEnum(engineType), asim::api::RawEnum(compileFlag));
  if (!st.ok()) ACL_API_RETURN(st);
  ACL_API_RETURN(asim::api::ExecuteSingleOp(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr,
                                            stream, false, true));
  ACL_API_END();
}

aclError aclopCompileAndExecuteV2(const char* opType, int numInputs, aclTensorDesc* inputDesc[],
                                  aclDataBuffer* inputs[], int numOutputs, aclTensorDesc* outputDesc[],
                                  aclDataBuffer* outputs[], aclopAttr* attr, aclopEngineType engineType,
                                  aclopCompileType compileFlag, const char* opPath, aclrtStream stream) {
  ACL_API_BEGIN("aclopCompileAndExecuteV2");
  ACL_API_REQUIRE_INIT();
  (void)opPath;
  Status st = CheckCompileArgs(asim::api::RawEnum(engineType), asim::api::RawEnum(compileFlag));
  if (!st.ok()) ACL_API_RETURN(st);
  ACL_API_RETURN(asim::api::ExecuteSingleOp(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr,
                                            stream, true, true));
  ACL_API_END();
}

aclError aclSetCompileopt(aclCompileOpt opt, const char* value) {
  ACL_API_BEGIN("aclSetCompileopt");
  ACL_API_CHECK_NOT_NULL(value);
  ACL_API_RETURN(asim::api::Ctx().ops().compile_options().Set(asim::api::RawEnum(opt), value));
  ACL_API_END();
}

size_t aclGetCompileoptSize(aclCompileOpt opt) {
  return asim::api::Guarded<size_t>("aclGetCompileoptSize", 0, [&]() -> size_t {
    std::string value;
    Status st = asim::api::Ctx().ops().compile_options().Value(asim::api::RawEnum(opt), &value);
    if (!st.ok()) {
      asim::api::SetRecentError("aclGetCompileoptSize", st.code(), st.message());
      return 0;
    }
    return value.size() + 1;  // with the terminating NUL
  });
}

aclError aclGetCompileopt(aclCompileOpt opt, char* value, size_t length) {
  ACL_API_BEGIN("aclGetCompileopt");
  ACL_API_CHECK_NOT_NULL(value);
  std::string text;
  Status st = asim::api::Ctx().ops().compile_options().Value(asim::api::RawEnum(opt), &text);
  if (!st.ok()) ACL_API_RETURN(st);
  if (length < text.size() + 1) {
    ACL_API_FAIL(err::kInvalidParam, "length " + std::to_string(length) + " is too small for the value of " +
                                         op::CompileOptionStore::OptName(asim::api::RawEnum(opt)) + " (" +
                                         std::to_string(text.size() + 1) + " bytes, aclGetCompileoptSize)");
  }
  std::memcpy(value, text.c_str(), text.size() + 1);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclopSetCompileFlag(aclOpCompileFlag flag) {
  ACL_API_BEGIN("aclopSetCompileFlag");
  ACL_API_RETURN(asim::api::Ctx().ops().compile_options().SetCompileFlag(asim::api::RawEnum(flag)));
  ACL_API_END();
}

}  // extern "C"
