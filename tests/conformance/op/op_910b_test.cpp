// Conformance of single ops on an Ascend910B2, a chip for which CANN ships pre-built binary
// kernels: aclopExecuteV2 runs without a model directory or any acl_op_compiler.h call.
// Public API only.
#include <gtest/gtest.h>

#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"
#include "op_util.h"

namespace {

using conformance::DevTensor;

::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(
    new conformance::AclEnvironment("{\"sim\": {\"soc_version\": \"Ascend910B2\"}}"));

TEST(Op910B, ExecuteV2RunsWithoutAModel) {
  DevTensor a(ACL_FLOAT, {3}), b(ACL_FLOAT, {3}), y(ACL_FLOAT, {3});
  a.UploadFloats({1, 2, 3});
  b.UploadFloats({0.5f, 0.25f, 0.125f});
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  aclDataBuffer* in_buf[] = {a.buffer(), b.buffer()};
  aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
  ASSERT_ACL_OK(aclopExecuteV2("Mul", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{0.5f, 0.5f, 0.375f}));
  // An op type with no kernel at all is still not found.
  EXPECT_ACL_ERROR(aclopExecuteV2("NoSuchOp", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, s),
                   ACL_ERROR_OP_NOT_FOUND, "NoSuchOp");
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

}  // namespace
