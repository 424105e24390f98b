// acl_op.h: op attributes, single-op models (aclopSetModelDir, aclopLoad), execution
// (aclopExecute, aclopExecuteV2, handles, aclopCast), aclopUpdateParams, aclopInferShape,
// aclopSetMaxOpQueueNum — argument checks here, the work in runtime/op.
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl_op.h"
#include "runtime/api/acl_op_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/op/op_catalog.h"
#include "runtime/op/op_service.h"

namespace {

using asim::Status;
namespace err = asim::err;
namespace op = asim::op;
using asim::api::OpAttrs;
using asim::api::OpHandles;

Status SetAttr(aclopAttr* attr, const char* name, asim::kernels::AttrValue value) {
  if (attr == nullptr) return Status(err::kInvalidParam, "attr must not be NULL");
  if (name == nullptr) return Status(err::kInvalidParam, "attrName must not be NULL");
  auto object = OpAttrs().Find(attr);
  if (!object) return Status(err::kInvalidParam, "attr is not a live aclopAttr (aclopCreateAttr)");
  return object->Set(name, std::move(value));
}

Status CheckList(int num_values, const void* values) {
  if (num_values < 0) return Status(err::kInvalidParam, "numValues " + std::to_string(num_values) + " is negative");
  if (num_values > 0 && values == nullptr) {
    return Status(err::kInvalidParam, "values is NULL but numValues is " + std::to_string(num_values));
  }
  return Status::Ok();
}

// `raw` is read with RawEnum: an out-of-range aclDataType is never loaded as the enum.
Status CheckDataType(int32_t raw, const char* what) {
  if (!asim::IsValidDataType(raw)) {
    return Status(err::kInvalidParam, std::string(what) + " " + std::to_string(raw) + " is not an aclDataType");
  }
  return Status::Ok();
}

// aclopExecute / aclopExecuteV2 / aclopCompileAndExecute*: the whole call.
Status Execute(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[],
               const aclDataBuffer* const inputs[], int num_outputs, const aclTensorDesc* const output_desc[],
               const aclDataBuffer* const outputs[], const aclopAttr* attr, aclrtStream stream, bool update_outputs,
               op::CompilePolicy policy) {
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().core().RequireInit());
  op::OpCall call;
  ASIM_RETURN_IF_ERROR(asim::api::BuildOpCall(op_type, num_inputs, input_desc, num_outputs, output_desc, attr, &call));
  std::vector<op::OpBuffer> in, out;
  ASIM_RETURN_IF_ERROR(asim::api::CollectOpBuffers("input", num_inputs, inputs, &in));
  ASIM_RETURN_IF_ERROR(asim::api::CollectOpBuffers("output", num_outputs, outputs, &out));
  op::OpTarget target;
  ASIM_RETURN_IF_ERROR(asim::api::OpTargetHere(stream, &target));
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().ops().ExecuteOp(&call, in, out, target, policy));
  if (update_outputs) asim::api::UpdateOutputDescs(call, const_cast<aclTensorDesc* const*>(output_desc));
  return Status::Ok();
}

}  // namespace

namespace asim::api {

// Shared with acl_op_compiler.cpp.
Status ExecuteSingleOp(const char* op_type, int num_inputs, const aclTensorDesc* const input_desc[],
                       const aclDataBuffer* const inputs[], int num_outputs, const aclTensorDesc* const output_desc[],
                       const aclDataBuffer* const outputs[], const aclopAttr* attr, aclrtStream stream,
                       bool update_outputs, bool compile) {
  return Execute(op_type, num_inputs, input_desc, inputs, num_outputs, output_desc, outputs, attr, stream,
                 update_outputs, compile ? op::CompilePolicy::kAlways : op::CompilePolicy::kIfOnline);
}

}  // namespace asim::api

extern "C" {

// ---- attributes ---------------------------------------------------------------------

aclopAttr* aclopCreateAttr() {
  return asim::api::Guarded<aclopAttr*>("aclopCreateAttr", nullptr, [] {
    return static_cast<aclopAttr*>(OpAttrs().Add(std::make_shared<op::OpAttr>()));
  });
}

void aclopDestroyAttr(const aclopAttr* attr) {
  asim::api::Guarded<int>("aclopDestroyAttr", 0, [&] {
    if (attr == nullptr) return 0;
    if (!OpAttrs().Remove(attr)) {
      asim::api::SetRecentError("aclopDestroyAttr", err::kInvalidParam,
                                "attr is not a live aclopAttr (destroyed twice, or never created)");
    }
    return 0;
  });
}

aclError aclopSetAttrBool(aclopAttr* attr, const char* attrName, uint8_t attrValue) {
  ACL_API_BEGIN("aclopSetAttrBool");
  ACL_API_RETURN(SetAttr(attr, attrName, attrValue != 0));
  ACL_API_END();
}

aclError aclopSetAttrInt(aclopAttr* attr, const char* attrName, int64_t attrValue) {
  ACL_API_BEGIN("aclopSetAttrInt");
  ACL_API_RETURN(SetAttr(attr, attrName, attrValue));
  ACL_API_END();
}

aclError aclopSetAttrFloat(aclopAttr* attr, const char* attrName, float attrValue) {
  ACL_API_BEGIN("aclopSetAttrFloat");
  ACL_API_RETURN(SetAttr(attr, attrName, attrValue));
  ACL_API_END();
}

aclError aclopSetAttrString(aclopAttr* attr, const char* attrName, const char* attrValue) {
  ACL_API_BEGIN("aclopSetAttrString");
  ACL_API_CHECK_NOT_NULL(attrValue);
  ACL_API_RETURN(SetAttr(attr, attrName, std::string(attrValue)));
  ACL_API_END();
}

aclError aclopSetAttrDataType(aclopAttr* attr, const char* attrName, aclDataType attrValue) {
  ACL_API_BEGIN("aclopSetAttrDataType");
  Status st = CheckDataType(asim::api::RawEnum(attrValue), "attrValue");
  if (!st.ok()) ACL_API_RETURN(st);
  ACL_API_RETURN(SetAttr(attr, attrName, static_cast<asim::DataType>(asim::api::RawEnum(attrValue))));
  ACL_API_END();
}

aclError aclopSetAttrListDataType(aclopAttr* attr, const char* attrName, int numValues, const aclDataType values[]) {
  ACL_API_BEGIN("aclopSetAttrListDataType");
  Status st = CheckList(numValues, values);
  if (!st.ok()) ACL_API_RETURN(st);
  std::vector<asim::DataType> list;
  for (int i = 0; i < numValues; ++i) {
    st = CheckDataType(asim::api::RawEnum(values[i]), ("values[" + std::to_string(i) + "]").c_str());
    if (!st.ok()) ACL_API_RETURN(st);
    list.push_back(static_cast<asim::DataType>(asim::api::RawEnum(values[i])));
  }
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(list)));
  ACL_API_END();
}

aclError aclopSetAttrListBool(aclopAttr* attr, const char* attrName, int numValues, const uint8_t* values) {
  ACL_API_BEGIN("aclopSetAttrListBool");
  Status st = CheckList(numValues, values);
  if (!st.ok()) ACL_API_RETURN(st);
  std::vector<bool> list;
  for (int i = 0; i < numValues; ++i) list.push_back(values[i] != 0);
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(list)));
  ACL_API_END();
}

aclError aclopSetAttrListInt(aclopAttr* attr, const char* attrName, int numValues, const int64_t* values) {
  ACL_API_BEGIN("aclopSetAttrListInt");
  Status st = CheckList(numValues, values);
  if (!st.ok()) ACL_API_RETURN(st);
  std::vector<int64_t> list(values, values + numValues);
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(list)));
  ACL_API_END();
}

aclError aclopSetAttrListFloat(aclopAttr* attr, const char* attrName, int numValues, const float* values) {
  ACL_API_BEGIN("aclopSetAttrListFloat");
  Status st = CheckList(numValues, values);
  if (!st.ok()) ACL_API_RETURN(st);
  std::vector<float> list(values, values + numValues);
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(list)));
  ACL_API_END();
}

aclError aclopSetAttrListString(aclopAttr* attr, const char* attrName, int numValues, const char** values) {
  ACL_API_BEGIN("aclopSetAttrListString");
  Status st = CheckList(numValues, values);
  if (!st.ok()) ACL_API_RETURN(st);
  std::vector<std::string> list;
  for (int i = 0; i < numValues; ++i) {
    if (values[i] == nullptr) ACL_API_FAIL(err::kInvalidParam, "values[" + std::to_string(i) + "] is NULL");
    list.emplace_back(values[i]);
  }
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(list)));
  ACL_API_END();
}

aclError aclopSetAttrListListInt(aclopAttr* attr, const char* attrName, int numLists, const int* numValues,
                                 const int64_t* const values[]) {
  ACL_API_BEGIN("aclopSetAttrListListInt");
  if (numLists < 0) ACL_API_FAIL(err::kInvalidParam, "numLists " + std::to_string(numLists) + " is negative");
  if (numLists > 0 && (numValues == nullptr || values == nullptr)) {
    ACL_API_FAIL(err::kInvalidParam,
                 "numValues and values must not be NULL when numLists is " + std::to_string(numLists));
  }
  std::vector<std::vector<int64_t>> lists;
  for (int i = 0; i < numLists; ++i) {
    if (numValues[i] < 0) {
      ACL_API_FAIL(err::kInvalidParam,
                   "numValues[" + std::to_string(i) + "] " + std::to_string(numValues[i]) + " is negative");
    }
    if (numValues[i] > 0 && values[i] == nullptr) {
      ACL_API_FAIL(err::kInvalidParam, "values[" + std::to_string(i) + "] is NULL but numValues[" + std::to_string(i) +
                                           "] is " + std::to_string(numValues[i]));
    }
    lists.emplace_back(values[i], values[i] + numValues[i]);
  }
  ACL_API_RETURN(SetAttr(attr, attrName, std::move(lists)));
  ACL_API_END();
}

// ---- single-op models ---------------------------------------------------------------

aclError aclopSetModelDir(const char* modelDir) {
  ACL_API_BEGIN("aclopSetModelDir");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(modelDir);
  size_t loaded = 0;
  ACL_API_RETURN(asim::api::Ctx().ops().catalog().LoadDir(modelDir, &loaded));
  ACL_API_END();
}

aclError aclopLoad(const void* model, size_t modelSize) {
  ACL_API_BEGIN("aclopLoad");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(model);
  ACL_API_RETURN_IF_ERROR(asim::api::Ctx().core().CheckHostReadable(kApi, "model", model, modelSize));
  ACL_API_RETURN(asim::api::Ctx().ops().catalog().LoadMem(model, modelSize));
  ACL_API_END();
}

aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum) {
  ACL_API_BEGIN("aclopSetMaxOpQueueNum");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(asim::api::Ctx().ops().catalog().SetMaxOnline(maxOpNum));
  ACL_API_END();
}

// ---- execution ----------------------------------------------------------------------

aclError aclopExecute(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[],
                      const aclDataBuffer* const inputs[], int numOutputs, const aclTensorDesc* const outputDesc[],
                      aclDataBuffer* const outputs[], const aclopAttr* attr, aclrtStream stream) {
  ACL_API_BEGIN("aclopExecute");
  ACL_API_RETURN(Execute(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr, stream, false,
                         op::CompilePolicy::kIfOnline));
  ACL_API_END();
}

aclError aclopExecuteV2(const char* opType, int numInputs, aclTensorDesc* inputDesc[], aclDataBuffer* inputs[],
                        int numOutputs, aclTensorDesc* outputDesc[], aclDataBuffer* outputs[], aclopAttr* attr,
                        aclrtStream stream) {
  ACL_API_BEGIN("aclopExecuteV2");
  ACL_API_RETURN(Execute(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr, stream, true,
                         op::CompilePolicy::kIfOnline));
  ACL_API_END();
}

aclError aclopCreateHandle(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[], int numOutputs,
                           const aclTensorDesc* const outputDesc[], const aclopAttr* opAttr, aclopHandle** handle) {
  ACL_API_BEGIN("aclopCreateHandle");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(handle);
  auto object = std::make_shared<op::PreparedOp>();
  Status st = asim::api::BuildOpCall(opType, numInputs, inputDesc, numOutputs, outputDesc, opAttr, &object->call);
  if (st.ok()) st = asim::api::PrepareOpHere(&object->call, op::CompilePolicy::kIfOnline, &object->entry);
  if (!st.ok()) ACL_API_RETURN(st);
  *handle = static_cast<aclopHandle*>(OpHandles().Add(std::move(object)));
  return ACL_SUCCESS;
  ACL_API_END();
}

void aclopDestroyHandle(aclopHandle* handle) {
  asim::api::Guarded<int>("aclopDestroyHandle", 0, [&] {
    if (handle == nullptr) return 0;
    if (!OpHandles().Remove(handle)) {
      asim::api::SetRecentError("aclopDestroyHandle", err::kInvalidParam,
                                "handle is not a live aclopHandle (destroyed twice, or never created)");
    }
    return 0;
  });
}

aclError aclopExecWithHandle(aclopHandle* handle, int numInputs, const aclDataBuffer* const inputs[], int numOutputs,
                             aclDataBuffer* const outputs[], aclrtStream stream) {
  ACL_API_BEGIN("aclopExecWithHandle");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(handle);
  auto object = OpHandles().Find(handle);
  if (!object) ACL_API_FAIL(err::kInvalidParam, "handle is not a live aclopHandle (aclopCreateHandle)");
  if (numInputs != static_cast<int>(object->call.inputs.size()) ||
      numOutputs != static_cast<int>(object->call.outputs.size())) {
    ACL_API_FAIL(err::kInvalidParam, "the handle's op " + object->call.op_type + " has " +
                                         std::to_string(object->call.inputs.size()) + " input(s) and " +
                                         std::to_string(object->call.outputs.size()) + " output(s), the call gives " +
                                         std::to_string(numInputs) + " and " + std::to_string(numOutputs));
  }
  std::vector<op::OpBuffer> in, out;
  Status st = asim::api::CollectOpBuffers("input", numInputs, inputs, &in);
  if (st.ok()) st = asim::api::CollectOpBuffers("output", numOutputs, outputs, &out);
  op::OpTarget target;
  if (st.ok()) st = asim::api::OpTargetHere(stream, &target);
  if (!st.ok()) ACL_API_RETURN(st);
  op::OpCall call = object->call;  // RunOp updates output shapes: the handle's copy stays as created
  ACL_API_RETURN(asim::api::Ctx().ops().RunOp(object->entry, &call, in, out, target));
  ACL_API_END();
}

aclError aclopCast(const aclTensorDesc* srcDesc, const aclDataBuffer* srcBuffer, const aclTensorDesc* dstDesc,
                   aclDataBuffer* dstBuffer, uint8_t truncate, aclrtStream stream) {
  ACL_API_BEGIN("aclopCast");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(srcDesc);
  ACL_API_CHECK_NOT_NULL(srcBuffer);
  ACL_API_CHECK_NOT_NULL(dstDesc);
  ACL_API_CHECK_NOT_NULL(dstBuffer);
  auto dst = asim::api::TensorDescs().Find(dstDesc);
  if (!dst) ACL_API_FAIL(err::kInvalidParam, "dstDesc is not a live tensor descriptor");
  op::OpAttr attr;
  attr.mutable_map().Set("dst_type", static_cast<int64_t>(dst->data_type()));
  // truncate is reserved: CANN's Cast has no such attribute (the real aclopCast adds one only
  // to a Cast prototype that declares it), so the model is matched without it.
  (void)truncate;
  aclopAttr* attr_handle = static_cast<aclopAttr*>(OpAttrs().Add(std::make_shared<op::OpAttr>(attr)));
  const aclTensorDesc* in_desc[] = {srcDesc};
  const aclTensorDesc* out_desc[] = {dstDesc};
  const aclDataBuffer* in_buf[] = {srcBuffer};
  const aclDataBuffer* out_buf[] = {dstBuffer};
  Status st = Execute("Cast", 1, in_desc, in_buf, 1, out_desc, out_buf, attr_handle, stream, false,
                      op::CompilePolicy::kIfOnline);
  OpAttrs().Remove(attr_handle);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclopCreateHandleForCast(aclTensorDesc* srcDesc, aclTensorDesc* dstDesc, uint8_t truncate,
                                  aclopHandle** handle) {
  ACL_API_BEGIN("aclopCreateHandleForCast");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(srcDesc);
  ACL_API_CHECK_NOT_NULL(dstDesc);
  ACL_API_CHECK_NOT_NULL(handle);
  auto dst = asim::api::TensorDescs().Find(dstDesc);
  if (!dst) ACL_API_FAIL(err::kInvalidParam, "dstDesc is not a live tensor descriptor");
  auto attr = std::make_shared<op::OpAttr>();
  attr->mutable_map().Set("dst_type", static_cast<int64_t>(dst->data_type()));
  (void)truncate;  // reserved, as in aclopCast
  aclopAttr* attr_handle = static_cast<aclopAttr*>(OpAttrs().Add(attr));
  const aclTensorDesc* in_desc[] = {srcDesc};
  const aclTensorDesc* out_desc[] = {dstDesc};
  auto object = std::make_shared<op::PreparedOp>();
  Status st = asim::api::BuildOpCall("Cast", 1, in_desc, 1, out_desc, attr_handle, &object->call);
  OpAttrs().Remove(attr_handle);
  if (st.ok()) st = asim::api::PrepareOpHere(&object->call, op::CompilePolicy::kIfOnline, &object->entry);
  if (!st.ok()) ACL_API_RETURN(st);
  *handle = static_cast<aclopHandle*>(OpHandles().Add(std::move(object)));
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclopUpdateParams(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[], int numOutputs,
                           const aclTensorDesc* const outputDesc[], const aclopAttr* attr) {
  ACL_API_BEGIN("aclopUpdateParams");
  ACL_API_REQUIRE_INIT();
  op::OpCall call;
  Status st = asim::api::BuildOpCall(opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &call);
  std::shared_ptr<const op::OpModelEntry> entry;
  if (st.ok()) st = asim::api::PrepareOpHere(&call, op::CompilePolicy::kIfOnline, &entry);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclopInferShape(const char* opType, int numInputs, aclTensorDesc* inputDesc[], aclDataBuffer* inputs[],
                         int numOutputs, aclTensorDesc* outputDesc[], aclopAttr* attr) {
  ACL_API_BEGIN("aclopInferShape");
  ACL_API_REQUIRE_INIT();
  op::OpCall call;
  Status st = asim::api::BuildOpCall(opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &call);
  if (!st.ok()) ACL_API_RETURN(st);
  // Host data of inputs whose value decides the shapes (Reshape's shape ...): the buffers
  // when given (host memory, as CANN's aclopInferShape takes them) unless the desc is const.
  if (inputs != nullptr) {
    for (int i = 0; i < numInputs; ++i) {
      auto buf = inputs[i] == nullptr ? nullptr : asim::api::DataBuffers().Find(inputs[i]);
      if (!buf || buf->data == nullptr || buf->size == 0 || call.inputs[static_cast<size_t>(i)].IsConst()) continue;
      if (call.inputs[static_cast<size_t>(i)].placement() == 0) continue;  // device memory: not readable here
      (void)call.inputs[static_cast<size_t>(i)].SetConst(buf->data, buf->size);
    }
  }
  asim::sim::SocSpec spec;
  st = asim::api::InferSpecHere(&spec);
  if (st.ok()) st = op::InferOpShape(&call, spec);
  if (!st.ok()) ACL_API_RETURN(st);
  asim::api::UpdateOutputDescs(call, outputDesc);
  return ACL_SUCCESS;
  ACL_API_END();
}

}  // extern "C"
