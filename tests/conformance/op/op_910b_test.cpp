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

// CANN's own op types for ops the ONNX-named kernels implement (kernels/variants): MatMulV2
// with transpose_x2 and a bias, BatchMatMulV2, TransposeD (perm attribute), ReduceSumD (axes
// attribute, keep_dims default false), as CANN's operator prototypes declare them.
TEST(Op910B, CannVariantOpTypesRun) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  auto run = [&](const char* type, std::vector<const DevTensor*> ins, const DevTensor& out, aclopAttr* attr) {
    std::vector<aclTensorDesc*> in_desc;
    std::vector<aclDataBuffer*> in_buf;
    for (const DevTensor* t : ins) {
      in_desc.push_back(t->desc());
      in_buf.push_back(t->buffer());
    }
    aclTensorDesc* out_desc[] = {out.desc()};
    aclDataBuffer* out_buf[] = {out.buffer()};
    const aclError ret = aclopExecuteV2(type, static_cast<int>(ins.size()), in_desc.data(), in_buf.data(), 1, out_desc,
                                        out_buf, attr, s);
    return ret == ACL_SUCCESS ? aclrtSynchronizeStream(s) : ret;
  };
  // MatMulV2: x1 [2,3] x x2^T with x2 [2,3] stored transposed, plus bias [2].
  DevTensor x1(ACL_FLOAT, {2, 3}), x2(ACL_FLOAT, {2, 3}), bias(ACL_FLOAT, {2}), mm(ACL_FLOAT, {2, 2});
  x1.UploadFloats({1, 2, 3, 4, 5, 6});
  x2.UploadFloats({1, 0, 0, 0, 1, 1});
  bias.UploadFloats({10, 20});
  aclopAttr* mm_attr = aclopCreateAttr();
  ASSERT_ACL_OK(aclopSetAttrBool(mm_attr, "transpose_x1", 0));
  ASSERT_ACL_OK(aclopSetAttrBool(mm_attr, "transpose_x2", 1));
  ASSERT_ACL_OK(aclopSetAttrInt(mm_attr, "offset_x", 0));
  ASSERT_ACL_OK(run("MatMulV2", {&x1, &x2, &bias}, mm, mm_attr));
  EXPECT_EQ(mm.DownloadFloats(), (std::vector<float>{11, 25, 14, 31}));
  // A quantized call (offset_x != 0) is refused, not computed without its offset.
  ASSERT_ACL_OK(aclopSetAttrInt(mm_attr, "offset_x", 3));
  EXPECT_EQ(run("MatMulV2", {&x1, &x2, &bias}, mm, mm_attr), ACL_ERROR_OP_ATTR_NOT_MATCH);
  aclopDestroyAttr(mm_attr);

  // BatchMatMulV2: [2,1,2] x [2,2,1] (adj defaults false).
  DevTensor b1(ACL_FLOAT, {2, 1, 2}), b2(ACL_FLOAT, {2, 2, 1}), bmm(ACL_FLOAT, {2, 1, 1});
  b1.UploadFloats({1, 2, 3, 4});
  b2.UploadFloats({5, 6, 7, 8});
  ASSERT_ACL_OK(run("BatchMatMulV2", {&b1, &b2}, bmm, nullptr));
  EXPECT_EQ(bmm.DownloadFloats(), (std::vector<float>{17, 53}));

  // TransposeD: perm [1, 0] as an attribute.
  DevTensor t(ACL_FLOAT, {3, 2});
  aclopAttr* perm_attr = aclopCreateAttr();
  const int64_t perm[] = {1, 0};
  ASSERT_ACL_OK(aclopSetAttrListInt(perm_attr, "perm", 2, perm));
  ASSERT_ACL_OK(run("TransposeD", {&x1}, t, perm_attr));
  EXPECT_EQ(t.DownloadFloats(), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  aclopDestroyAttr(perm_attr);

  // ReduceSumD: axes [1] as an attribute; keep_dims false by default, true on request.
  DevTensor sum(ACL_FLOAT, {2}), sum_kept(ACL_FLOAT, {2, 1});
  aclopAttr* axes_attr = aclopCreateAttr();
  const int64_t axes[] = {1};
  ASSERT_ACL_OK(aclopSetAttrListInt(axes_attr, "axes", 1, axes));
  ASSERT_ACL_OK(run("ReduceSumD", {&x1}, sum, axes_attr));
  EXPECT_EQ(sum.DownloadFloats(), (std::vector<float>{6, 15}));
  ASSERT_ACL_OK(aclopSetAttrBool(axes_attr, "keep_dims", 1));
  ASSERT_ACL_OK(run("ReduceSumD", {&x1}, sum_kept, axes_attr));
  EXPECT_EQ(sum_kept.DownloadFloats(), (std::vector<float>{6, 15}));
  aclopDestroyAttr(axes_attr);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

}  // namespace
