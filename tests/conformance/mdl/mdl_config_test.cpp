// aclmdlConfigHandle / aclmdlExecConfigHandle: lifecycle, every attribute's value type and
// range, and the errors.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>

#include "conformance_util.h"
#include "mdl_raw_enum.h"

namespace {

constexpr aclError kInvalid = ACL_ERROR_INVALID_PARAM;

TEST(MdlConfig, CreateDestroy) {
  aclmdlConfigHandle* handle = aclmdlCreateConfigHandle();
  ASSERT_NE(handle, nullptr);
  EXPECT_ACL_OK(aclmdlDestroyConfigHandle(handle));
  EXPECT_ACL_ERROR(aclmdlDestroyConfigHandle(handle), kInvalid, "not live");
  EXPECT_ACL_ERROR(aclmdlDestroyConfigHandle(nullptr), kInvalid, "handle");
  size_t type = ACL_MDL_LOAD_FROM_FILE;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)), kInvalid, "not live");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(nullptr, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)), kInvalid, "handle");
}

class MdlConfigOpt : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(handle_ = aclmdlCreateConfigHandle(), nullptr); }
  void TearDown() override { EXPECT_ACL_OK(aclmdlDestroyConfigHandle(handle_)); }
  aclmdlConfigHandle* handle_ = nullptr;
};

TEST_F(MdlConfigOpt, SizeAttributes) {
  size_t value = 4096;
  for (aclmdlConfigAttr attr : {ACL_MDL_LOAD_TYPE_SIZET, ACL_MDL_MEM_SIZET, ACL_MDL_WEIGHT_SIZET,
                                ACL_MDL_WORKSPACE_SIZET, ACL_MDL_INPUTQ_NUM_SIZET, ACL_MDL_OUTPUTQ_NUM_SIZET}) {
    EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, attr, &value, sizeof(value)));
    EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, attr, &value, sizeof(uint32_t)), kInvalid, "valueSize");
  }
  // The load type is checked by aclmdlLoadWithConfig, not here (as in AscendCL).
  size_t bad_type = 99;
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_LOAD_TYPE_SIZET, &bad_type, sizeof(bad_type)));
}

TEST_F(MdlConfigOpt, Priority) {
  for (int32_t p : {0, 3, 7}) EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_PRIORITY_INT32, &p, sizeof(p)));
  int32_t p = 8;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PRIORITY_INT32, &p, sizeof(p)), kInvalid, "priority");
  p = -1;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PRIORITY_INT32, &p, sizeof(p)), kInvalid, "priority");
  p = 1;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PRIORITY_INT32, &p, sizeof(int64_t)), kInvalid, "valueSize");
}

TEST_F(MdlConfigOpt, PathsArePointersToStrings) {
  const char* path = "/tmp/model.om";
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_PATH_PTR, &path, sizeof(path)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WEIGHT_PATH_PTR, &path, sizeof(path)));
  const char* null_path = nullptr;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PATH_PTR, &null_path, sizeof(null_path)), kInvalid, "NULL");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_WEIGHT_PATH_PTR, &null_path, sizeof(null_path)), kInvalid,
                   "NULL");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PATH_PTR, path, 14), kInvalid, "valueSize");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_PATH_PTR, nullptr, sizeof(path)), kInvalid, "attrValue");
}

TEST_F(MdlConfigOpt, PointerAttributes) {
  uint8_t blob[8] = {};
  void* p = blob;
  const uint32_t queues[2] = {1, 2};
  const uint32_t* q = queues;
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_MEM_ADDR_PTR, &p, sizeof(p)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WEIGHT_ADDR_PTR, &p, sizeof(p)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WORKSPACE_ADDR_PTR, &p, sizeof(p)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_INPUTQ_ADDR_PTR, &q, sizeof(q)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_OUTPUTQ_ADDR_PTR, &q, sizeof(q)));
  void* null = nullptr;
  // Weight / workspace addresses may be NULL (the runtime allocates); the others may not.
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WEIGHT_ADDR_PTR, &null, sizeof(null)));
  EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WORKSPACE_ADDR_PTR, &null, sizeof(null)));
  for (aclmdlConfigAttr attr : {ACL_MDL_MEM_ADDR_PTR, ACL_MDL_INPUTQ_ADDR_PTR, ACL_MDL_OUTPUTQ_ADDR_PTR}) {
    EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, attr, &null, sizeof(null)), kInvalid, "NULL");
    EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, attr, &p, 4), kInvalid, "valueSize");
  }
}

TEST_F(MdlConfigOpt, WorkspaceMemOptimize) {
  for (size_t v : {size_t{ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT}, size_t{ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT}}) {
    EXPECT_ACL_OK(aclmdlSetConfigOpt(handle_, ACL_MDL_WORKSPACE_MEM_OPTIMIZE, &v, sizeof(v)));
  }
  size_t v = 2;
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_WORKSPACE_MEM_OPTIMIZE, &v, sizeof(v)), kInvalid,
                   "ACL_MDL_WORKSPACE_MEM_OPTIMIZE");
}

TEST_F(MdlConfigOpt, UnknownAndUnsupportedAttributes) {
  size_t v = 0;
  EXPECT_ACL_ERROR(MdlSetConfigOptRaw(handle_, 99, &v, sizeof(v)), kInvalid, "99");
  EXPECT_ACL_ERROR(MdlSetConfigOptRaw(handle_, -1, &v, sizeof(v)), kInvalid, "-1");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_MODEL_DESC_SIZET, &v, sizeof(v)), kInvalid, "not supported");
  EXPECT_ACL_ERROR(aclmdlSetConfigOpt(handle_, ACL_MDL_DYNAMIC_TASK_PTR, &v, sizeof(v)), kInvalid, "not supported");
}

TEST(MdlExecConfig, CreateDestroy) {
  aclmdlExecConfigHandle* handle = aclmdlCreateExecConfigHandle();
  ASSERT_NE(handle, nullptr);
  EXPECT_ACL_OK(aclmdlDestroyExecConfigHandle(handle));
  EXPECT_ACL_ERROR(aclmdlDestroyExecConfigHandle(handle), kInvalid, "not live");
  EXPECT_ACL_ERROR(aclmdlDestroyExecConfigHandle(nullptr), kInvalid, "handle");
  int32_t t = 10;
  EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(handle, ACL_MDL_STREAM_SYNC_TIMEOUT, &t, sizeof(t)), kInvalid, "not live");
}

TEST(MdlExecConfig, Options) {
  aclmdlExecConfigHandle* handle = aclmdlCreateExecConfigHandle();
  ASSERT_NE(handle, nullptr);
  for (aclmdlExecConfigAttr attr : {ACL_MDL_STREAM_SYNC_TIMEOUT, ACL_MDL_EVENT_SYNC_TIMEOUT}) {
    for (int32_t t : {-1, 0, 1000, INT32_MAX}) EXPECT_ACL_OK(aclmdlSetExecConfigOpt(handle, attr, &t, sizeof(t)));
    int32_t t = -2;
    EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(handle, attr, &t, sizeof(t)), kInvalid, ">= -1");
    EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(handle, attr, &t, sizeof(size_t)), kInvalid, "valueSize");
  }
  size_t n = 1024;
  for (aclmdlExecConfigAttr attr : {ACL_MDL_WORK_SIZET, ACL_MDL_MPAIMID_SIZET, ACL_MDL_AICQOS_SIZET,
                                    ACL_MDL_AICOST_SIZET, ACL_MDL_MEC_TIMETHR_SIZET}) {
    EXPECT_ACL_OK(aclmdlSetExecConfigOpt(handle, attr, &n, sizeof(n)));
    EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(handle, attr, &n, 4), kInvalid, "valueSize");
  }
  void* p = &n;
  EXPECT_ACL_OK(aclmdlSetExecConfigOpt(handle, ACL_MDL_WORK_ADDR_PTR, &p, sizeof(p)));
  EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(handle, ACL_MDL_WORK_ADDR_PTR, nullptr, sizeof(p)), kInvalid, "attrValue");
  EXPECT_ACL_ERROR(MdlSetExecConfigOptRaw(handle, 8, &n, sizeof(n)), kInvalid, "aclmdlExecConfigAttr");
  EXPECT_ACL_ERROR(MdlSetExecConfigOptRaw(handle, -5, &n, sizeof(n)), kInvalid, "aclmdlExecConfigAttr");
  EXPECT_ACL_ERROR(aclmdlSetExecConfigOpt(nullptr, ACL_MDL_WORK_SIZET, &n, sizeof(n)), kInvalid, "handle");
  EXPECT_ACL_OK(aclmdlDestroyExecConfigHandle(handle));
}

}  // namespace
