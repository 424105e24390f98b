// Conformance of acl_op.h and acl_op_compiler.h on the default chip (Ascend310, which has no
// pre-built binary kernels: a single op runs only from a model directory, aclopLoad or
// online compilation). Public API only. ctest runs every TEST in its own process, so the
// tests that need online compilation off come first and also hold when run in one process.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "acl/acl_prof.h"
#include "conformance_util.h"
#include "op_raw_enum.h"
#include "op_util.h"

namespace {

using conformance::DevTensor;
using conformance::LastMsg;
using conformance::RecentMsg;

::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

aclrtStream NewStream() {
  aclrtStream s = nullptr;
  EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  return s;
}

// Add of two [rows, cols] tensors through aclopExecuteV2.
aclError RunAdd(DevTensor& a, DevTensor& b, DevTensor& y, aclrtStream stream, aclopAttr* attr = nullptr) {
  aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  aclDataBuffer* in_buf[] = {a.buffer(), b.buffer()};
  aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
  return aclopExecuteV2("Add", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, stream);
}

aclError CompileAdd(DevTensor& a, DevTensor& b, DevTensor& y) {
  const aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  return aclopCompile("Add", 2, in_desc, 1, out_desc, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr);
}

std::vector<float> Iota(size_t n, float start, float step) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = start + step * static_cast<float>(i);
  return v;
}

// ---- without online compilation ----------------------------------------------------

TEST(OpNoModel, ExecuteWithoutModelOrCompilationIsOpNotFound) {
  DevTensor a(ACL_FLOAT, {2, 3}), b(ACL_FLOAT, {2, 3}), y(ACL_FLOAT, {2, 3});
  aclrtStream s = NewStream();
  EXPECT_ACL_ERROR(RunAdd(a, b, y, s), ACL_ERROR_OP_NOT_FOUND, "atc --singleop");
  EXPECT_NE(LastMsg().find("aclopCompile"), std::string::npos) << LastMsg();
  aclopHandle* handle = nullptr;
  const aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  EXPECT_ACL_ERROR(aclopCreateHandle("Add", 2, in_desc, 1, out_desc, nullptr, &handle), ACL_ERROR_OP_NOT_FOUND, "Add");
  EXPECT_ACL_ERROR(aclopUpdateParams("Add", 2, in_desc, 1, out_desc, nullptr), ACL_ERROR_OP_NOT_FOUND, "Add");
  // When no kernel could run it either, the message says so with the registry's reasons.
  DevTensor str(ACL_STRING, {4}), str_out(ACL_STRING, {4});
  const aclTensorDesc* s_in[] = {str.desc()};
  const aclTensorDesc* s_out[] = {str_out.desc()};
  EXPECT_ACL_ERROR(aclopUpdateParams("Exp", 1, s_in, 1, s_out, nullptr), ACL_ERROR_OP_NOT_FOUND,
                   "no kernel of this runtime would run it either");
  EXPECT_NE(LastMsg().find("DT_STRING"), std::string::npos) << LastMsg();
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

TEST(OpNoModel, AfterCompileTheSameOpRunsAndAMismatchNamesTheClosestModel) {
  DevTensor a(ACL_FLOAT, {2, 3}), b(ACL_FLOAT, {2, 3}), y(ACL_FLOAT, {2, 3});
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  // A different shape is compiled on demand now (online compilation is in effect).
  DevTensor c(ACL_FLOAT, {4}), d(ACL_FLOAT, {4}), z(ACL_FLOAT, {4});
  aclrtStream s = NewStream();
  c.UploadFloats({1, 2, 3, 4});
  d.UploadFloats({10, 20, 30, 40});
  ASSERT_ACL_OK(RunAdd(c, d, z, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(z.DownloadFloats(), (std::vector<float>{11, 22, 33, 44}));
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// ---- attributes ---------------------------------------------------------------------

TEST(OpAttr, EverySetterAcceptsValidValues) {
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_NE(attr, nullptr);
  EXPECT_ACL_OK(aclopSetAttrBool(attr, "b", 1));
  EXPECT_ACL_OK(aclopSetAttrInt(attr, "i", -7));
  EXPECT_ACL_OK(aclopSetAttrFloat(attr, "f", 0.5f));
  EXPECT_ACL_OK(aclopSetAttrString(attr, "s", "NCHW"));
  EXPECT_ACL_OK(aclopSetAttrDataType(attr, "dt", ACL_FLOAT16));
  const aclDataType dts[] = {ACL_FLOAT, ACL_INT8};
  EXPECT_ACL_OK(aclopSetAttrListDataType(attr, "ldt", 2, dts));
  const uint8_t bools[] = {1, 0, 1};
  EXPECT_ACL_OK(aclopSetAttrListBool(attr, "lb", 3, bools));
  const int64_t ints[] = {1, 2, 3, 4};
  EXPECT_ACL_OK(aclopSetAttrListInt(attr, "li", 4, ints));
  EXPECT_ACL_OK(aclopSetAttrListInt(attr, "empty", 0, nullptr));
  const float floats[] = {0.25f, 2.0f};
  EXPECT_ACL_OK(aclopSetAttrListFloat(attr, "lf", 2, floats));
  const char* strings[] = {"a", "bc"};
  EXPECT_ACL_OK(aclopSetAttrListString(attr, "ls", 2, strings));
  const int64_t l0[] = {1, 2};
  const int64_t l1[] = {3};
  const int64_t* lists[] = {l0, l1};
  const int counts[] = {2, 1};
  EXPECT_ACL_OK(aclopSetAttrListListInt(attr, "lli", 2, counts, lists));
  // Setting a name again replaces it (also with another type).
  EXPECT_ACL_OK(aclopSetAttrInt(attr, "b", 3));
  aclopDestroyAttr(attr);
  aclopDestroyAttr(nullptr);  // like free(NULL)
}

TEST(OpAttr, SettersRejectBadArguments) {
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_NE(attr, nullptr);
  EXPECT_ACL_ERROR(aclopSetAttrInt(nullptr, "i", 1), ACL_ERROR_INVALID_PARAM, "attr");
  EXPECT_ACL_ERROR(aclopSetAttrInt(attr, nullptr, 1), ACL_ERROR_INVALID_PARAM, "attrName");
  EXPECT_ACL_ERROR(aclopSetAttrInt(attr, "", 1), ACL_ERROR_INVALID_PARAM, "attrName");
  EXPECT_ACL_ERROR(aclopSetAttrString(attr, "s", nullptr), ACL_ERROR_INVALID_PARAM, "attrValue");
  // 60 is inside aclDataType's value range (so the cast is defined C++ and UBSan's enum check
  // stays quiet) but names no data type.
  EXPECT_ACL_ERROR(aclopSetAttrDataType(attr, "dt", static_cast<aclDataType>(60)), ACL_ERROR_INVALID_PARAM, "60");
  EXPECT_ACL_ERROR(aclopSetAttrListInt(attr, "li", -1, nullptr), ACL_ERROR_INVALID_PARAM, "negative");
  EXPECT_ACL_ERROR(aclopSetAttrListInt(attr, "li", 2, nullptr), ACL_ERROR_INVALID_PARAM, "values");
  EXPECT_ACL_ERROR(aclopSetAttrListFloat(attr, "lf", 1, nullptr), ACL_ERROR_INVALID_PARAM, "values");
  EXPECT_ACL_ERROR(aclopSetAttrListBool(attr, "lb", 1, nullptr), ACL_ERROR_INVALID_PARAM, "values");
  const char* strings[] = {"a", nullptr};
  EXPECT_ACL_ERROR(aclopSetAttrListString(attr, "ls", 2, strings), ACL_ERROR_INVALID_PARAM, "values[1]");
  const aclDataType dts[] = {ACL_FLOAT, static_cast<aclDataType>(61)};
  EXPECT_ACL_ERROR(aclopSetAttrListDataType(attr, "ldt", 2, dts), ACL_ERROR_INVALID_PARAM, "values[1]");
  const int counts[] = {1, -2};
  const int64_t l0[] = {1};
  const int64_t* lists[] = {l0, nullptr};
  EXPECT_ACL_ERROR(aclopSetAttrListListInt(attr, "lli", 2, counts, lists), ACL_ERROR_INVALID_PARAM, "numValues[1]");
  const int counts2[] = {1, 1};
  EXPECT_ACL_ERROR(aclopSetAttrListListInt(attr, "lli", 2, counts2, lists), ACL_ERROR_INVALID_PARAM, "values[1]");
  EXPECT_ACL_ERROR(aclopSetAttrListListInt(attr, "lli", -1, counts2, lists), ACL_ERROR_INVALID_PARAM, "numLists");
  EXPECT_ACL_ERROR(aclopSetAttrListListInt(attr, "lli", 1, nullptr, lists), ACL_ERROR_INVALID_PARAM, "NULL");
  aclopDestroyAttr(attr);
  // A destroyed attribute object is not live any more.
  EXPECT_ACL_ERROR(aclopSetAttrInt(attr, "i", 1), ACL_ERROR_INVALID_PARAM, "live");
  aclopDestroyAttr(attr);
  EXPECT_NE(RecentMsg().find("aclopAttr"), std::string::npos) << LastMsg();
}

// ---- execution with online compilation --------------------------------------------------

class OpExec : public ::testing::Test {
 protected:
  void SetUp() override { stream_ = NewStream(); }
  void TearDown() override { EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS); }
  aclrtStream stream_ = nullptr;
};

TEST_F(OpExec, AddFp32AndFp16AfterAclopCompile) {
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
    DevTensor a(dt, {3, 5}), b(dt, {3, 5}), y(dt, {3, 5});
    ASSERT_ACL_OK(CompileAdd(a, b, y));
    const std::vector<float> x0 = Iota(15, -3.0f, 0.5f), x1 = Iota(15, 1.0f, 0.25f);
    a.UploadFloats(x0);
    b.UploadFloats(x1);
    ASSERT_ACL_OK(RunAdd(a, b, y, stream_));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
    const std::vector<float> got = y.DownloadFloats();
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], x0[i] + x1[i], 1e-3) << i;
  }
}

// Add of a [2,1,3] and a [4,3] whose output description has unknown dims (-1): the V2
// calls fill them in from the kernel's inference.
struct BroadcastAdd {
  DevTensor a{ACL_FLOAT, {2, 1, 3}}, b{ACL_FLOAT, {4, 3}}, y{ACL_FLOAT, {2, 4, 3}};
  aclTensorDesc* out = nullptr;
  aclTensorDesc* in_desc[2] = {};
  aclDataBuffer* in_buf[2] = {};
  aclTensorDesc* out_desc[1] = {};
  aclDataBuffer* out_buf[1] = {};

  BroadcastAdd() {
    const int64_t unknown[] = {-1, -1, -1};
    out = aclCreateTensorDesc(ACL_FLOAT, 3, unknown, ACL_FORMAT_ND);
    a.UploadFloats(Iota(6, 0, 1));
    b.UploadFloats(Iota(12, 100, 1));
    in_desc[0] = a.desc();
    in_desc[1] = b.desc();
    in_buf[0] = a.buffer();
    in_buf[1] = b.buffer();
    out_desc[0] = out;
    out_buf[0] = y.buffer();
  }
  ~BroadcastAdd() { aclDestroyTensorDesc(out); }
  BroadcastAdd(const BroadcastAdd&) = delete;
  BroadcastAdd& operator=(const BroadcastAdd&) = delete;

  // After the call and a synchronize: the filled-in dims and the sums.
  void Check() {
    ASSERT_EQ(aclGetTensorDescNumDims(out), 3u);
    int64_t d = 0;
    EXPECT_ACL_OK(aclGetTensorDescDimV2(out, 1, &d));
    EXPECT_EQ(d, 4);
    const std::vector<float> got = y.DownloadFloats();
    EXPECT_EQ(got[0], 100.0f);
    EXPECT_EQ(got[23], 5.0f + 111.0f);
  }
};

TEST_F(OpExec, ExecuteV2FillsOutputDimsTheKernelInfers) {
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_JIT_COMPILE, "enable"));
  BroadcastAdd add;
  ASSERT_ACL_OK(aclopExecuteV2("Add", 2, add.in_desc, add.in_buf, 1, add.out_desc, add.out_buf, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  add.Check();
}

TEST_F(OpExec, CompileAndExecuteV2CompilesRunsAndFillsOutputDims) {
  // No aclSetCompileopt first: the call compiles the op itself.
  BroadcastAdd add;
  ASSERT_ACL_OK(aclopCompileAndExecuteV2("Add", 2, add.in_desc, add.in_buf, 1, add.out_desc, add.out_buf, nullptr,
                                         ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  add.Check();
  // An op no kernel runs is the registry's error, not a crash.
  EXPECT_NE(aclopCompileAndExecuteV2("NoSuchOp", 2, add.in_desc, add.in_buf, 1, add.out_desc, add.out_buf, nullptr,
                                     ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr, stream_),
            ACL_SUCCESS);
}

TEST_F(OpExec, ADynamicShapeCompileServesEveryShape) {
  // aclopCompile with -1 dims (and their ranges) as dynamic-shape callers do: it succeeds,
  // again too, and calls with known dims run.
  DevTensor a(ACL_FLOAT, {-1, 16}), b(ACL_FLOAT, {-1, 16}), y(ACL_FLOAT, {-1, 16});
  int64_t range[2][ACL_TENSOR_SHAPE_RANGE_NUM] = {{1, 64}, {16, 16}};
  for (DevTensor* t : {&a, &b, &y}) ASSERT_ACL_OK(aclSetTensorShapeRange(t->desc(), 2, range));
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  for (const int64_t n : {3, 5}) {
    DevTensor x0(ACL_FLOAT, {n, 16}), x1(ACL_FLOAT, {n, 16}), out(ACL_FLOAT, {n, 16});
    x0.UploadFloats(Iota(static_cast<size_t>(n) * 16, 0.0f, 1.0f));
    x1.UploadFloats(std::vector<float>(static_cast<size_t>(n) * 16, 2.0f));
    ASSERT_ACL_OK(RunAdd(x0, x1, out, stream_));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
    const std::vector<float> got = out.DownloadFloats();
    for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], static_cast<float>(i) + 2.0f) << n << " " << i;
  }
  // An op type no kernel implements is still refused at the compile.
  const aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  EXPECT_NE(aclopCompile("NoSuchOp", 2, in_desc, 1, out_desc, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr),
            ACL_SUCCESS);
}

TEST_F(OpExec, CannAttributeNamesAreReadAndUnknownOnesRefused) {
  // CANN's LeakyRelu slope is `negative_slope`, SoftmaxV2's axis list `axes`; an attribute the
  // op does not read is refused rather than silently ignored.
  DevTensor x(ACL_FLOAT, {2, 4}), y(ACL_FLOAT, {2, 4});
  x.UploadFloats({-4, -2, -1, 0, 1, 2, 3, 4});
  aclTensorDesc* in_desc[] = {x.desc()};
  aclDataBuffer* in_buf[] = {x.buffer()};
  aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_ACL_OK(aclopSetAttrFloat(attr, "negative_slope", 0.25f));
  ASSERT_ACL_OK(aclopCompileAndExecute("LeakyRelu", 1, in_desc, in_buf, 1, out_desc, out_buf, attr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{-1, -0.5f, -0.25f, 0, 1, 2, 3, 4}));
  aclopDestroyAttr(attr);
  // Without a slope: CANN's prototype default, negative_slope 0.0 (not ONNX's 0.01).
  ASSERT_ACL_OK(aclopCompileAndExecute("LeakyRelu", 1, in_desc, in_buf, 1, out_desc, out_buf, nullptr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{0, 0, 0, 0, 1, 2, 3, 4}));

  attr = aclopCreateAttr();
  const int64_t axes[] = {0};
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "axes", 1, axes));
  ASSERT_ACL_OK(aclopCompileAndExecute("Softmax", 1, in_desc, in_buf, 1, out_desc, out_buf, attr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const std::vector<float> soft = y.DownloadFloats();
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(soft[c] + soft[4 + c], 1.0f, 1e-5f) << c;  // columns sum to 1
  aclopDestroyAttr(attr);

  attr = aclopCreateAttr();
  ASSERT_ACL_OK(aclopSetAttrFloat(attr, "slope_typo", 0.5f));
  EXPECT_ACL_ERROR(aclopCompileAndExecute("Relu", 1, in_desc, in_buf, 1, out_desc, out_buf, attr, ACL_ENGINE_SYS,
                                          ACL_COMPILE_SYS, nullptr, stream_),
                   ACL_ERROR_OP_ATTR_NOT_MATCH, "attribute 'slope_typo' is not one this runtime's Relu reads");
  aclopDestroyAttr(attr);
}

TEST_F(OpExec, ConstantInputsSetTheShapesOfReshapeAndTopK) {
  // An input whose value decides the output's shape (Reshape's shape, TopK's k) is given
  // with aclSetTensorConst: the op compiles with it, and each other constant is another op.
  DevTensor x(ACL_FLOAT, {2, 3});
  x.UploadFloats({1, 5, 3, 4, 2, 6});
  int64_t shape[2] = {3, 2};
  DevTensor shape_in(ACL_INT64, {2});
  ASSERT_ACL_OK(aclSetTensorConst(shape_in.desc(), shape, sizeof(shape)));
  DevTensor y(ACL_FLOAT, {3, 2});
  aclTensorDesc* in_desc[2] = {x.desc(), shape_in.desc()};
  aclDataBuffer* in_buf[2] = {x.buffer(), shape_in.buffer()};
  aclTensorDesc* out_desc[1] = {y.desc()};
  aclDataBuffer* out_buf[1] = {y.buffer()};
  ASSERT_ACL_OK(aclopCompileAndExecute("Reshape", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{1, 5, 3, 4, 2, 6}));
  // Another constant is another model: [6] instead of [3, 2].
  int64_t flat[2] = {6, 1};
  ASSERT_ACL_OK(aclSetTensorConst(shape_in.desc(), flat, sizeof(flat)));
  DevTensor y2(ACL_FLOAT, {6, 1});
  out_desc[0] = y2.desc();
  out_buf[0] = y2.buffer();
  ASSERT_ACL_OK(aclopCompileAndExecute("Reshape", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y2.DownloadFloats(), (std::vector<float>{1, 5, 3, 4, 2, 6}));

  int64_t k = 2;
  DevTensor k_in(ACL_INT64, {1});
  ASSERT_ACL_OK(aclSetTensorConst(k_in.desc(), &k, sizeof(k)));
  DevTensor values(ACL_FLOAT, {2, 2}), indices(ACL_INT64, {2, 2});
  aclTensorDesc* topk_in[2] = {x.desc(), k_in.desc()};
  aclDataBuffer* topk_buf[2] = {x.buffer(), k_in.buffer()};
  aclTensorDesc* topk_out[2] = {values.desc(), indices.desc()};
  aclDataBuffer* topk_out_buf[2] = {values.buffer(), indices.buffer()};
  ASSERT_ACL_OK(aclopCompileAndExecute("TopK", 2, topk_in, topk_buf, 2, topk_out, topk_out_buf, nullptr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(values.DownloadFloats(), (std::vector<float>{5, 3, 6, 4}));
  const std::vector<uint8_t> raw = indices.Download();
  std::vector<int64_t> idx(4);
  std::memcpy(idx.data(), raw.data(), sizeof(int64_t) * 4);
  EXPECT_EQ(idx, (std::vector<int64_t>{1, 2, 2, 0}));
}

TEST_F(OpExec, Nc1hwc0DescriptionsKeepTheirLayout) {
  // Add on fp16 NC1HWC0 tensors [1,1,2,2,16] (CANN's single-op template style): the output
  // buffer is in the same layout, so the sum is element by element in storage order.
  DevTensor a(ACL_FLOAT16, {1, 1, 2, 2, 16}, ACL_FORMAT_NC1HWC0), b(ACL_FLOAT16, {1, 1, 2, 2, 16}, ACL_FORMAT_NC1HWC0),
      y(ACL_FLOAT16, {1, 1, 2, 2, 16}, ACL_FORMAT_NC1HWC0);
  const std::vector<float> x0 = Iota(64, -8.0f, 0.25f), x1 = Iota(64, 3.0f, 0.5f);
  a.UploadFloats(x0);
  b.UploadFloats(x1);
  aclTensorDesc* in_desc[2] = {a.desc(), b.desc()};
  aclDataBuffer* in_buf[2] = {a.buffer(), b.buffer()};
  aclTensorDesc* out_desc[1] = {y.desc()};
  aclDataBuffer* out_buf[1] = {y.buffer()};
  ASSERT_ACL_OK(aclopCompileAndExecute("Add", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const std::vector<float> got = y.DownloadFloats();
  ASSERT_EQ(got.size(), 64u);
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], x0[i] + x1[i], 1e-2) << i;
}

TEST_F(OpExec, DeprecatedAclopExecuteRuns) {
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_JIT_COMPILE, "enable"));
  DevTensor a(ACL_FLOAT, {4}), y(ACL_FLOAT, {4});
  a.UploadFloats({-1, 2, -3, 4});
  const aclTensorDesc* in_desc[] = {a.desc()};
  const aclDataBuffer* in_buf[] = {a.buffer()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  ASSERT_ACL_OK(aclopExecute("Relu", 1, in_desc, in_buf, 1, out_desc, out_buf, nullptr, stream_));
#pragma GCC diagnostic pop
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{0, 2, 0, 4}));
}

TEST_F(OpExec, Conv2DWithCannAttributesMatchesAHostConvolution) {
  // x [1,2,5,5], filter [3,2,3,3], stride 2, pad 1: y [1,3,3,3].
  DevTensor x(ACL_FLOAT16, {1, 2, 5, 5}, ACL_FORMAT_NCHW), w(ACL_FLOAT16, {3, 2, 3, 3}, ACL_FORMAT_NCHW),
      y(ACL_FLOAT16, {1, 3, 3, 3}, ACL_FORMAT_NCHW);
  std::vector<float> xv(50), wv(54);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = static_cast<float>((i * 7) % 11) * 0.125f - 0.5f;
  for (size_t i = 0; i < wv.size(); ++i) wv[i] = static_cast<float>((i * 5) % 7) * 0.25f - 0.75f;
  x.UploadFloats(xv);
  w.UploadFloats(wv);
  aclopAttr* attr = aclopCreateAttr();
  const int64_t strides[] = {1, 1, 2, 2}, pads[] = {1, 1, 1, 1}, dilations[] = {1, 1, 1, 1};
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "strides", 4, strides));
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "pads", 4, pads));
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "dilations", 4, dilations));
  ASSERT_ACL_OK(aclopSetAttrInt(attr, "groups", 1));
  ASSERT_ACL_OK(aclopSetAttrString(attr, "data_format", "NCHW"));
  const aclTensorDesc* in_desc[] = {x.desc(), w.desc()};
  const aclDataBuffer* in_buf[] = {x.buffer(), w.buffer()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
  ASSERT_ACL_OK(aclopCompileAndExecute("Conv2D", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, ACL_ENGINE_SYS,
                                       ACL_COMPILE_SYS, nullptr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const std::vector<float> got = y.DownloadFloats();
  auto h = [](float v) { return aclFloat16ToFloat(aclFloatToFloat16(v)); };
  for (int oc = 0; oc < 3; ++oc) {
    for (int oh = 0; oh < 3; ++oh) {
      for (int ow = 0; ow < 3; ++ow) {
        float acc = 0;
        for (int ic = 0; ic < 2; ++ic) {
          for (int kh = 0; kh < 3; ++kh) {
            for (int kw = 0; kw < 3; ++kw) {
              const int ih = oh * 2 - 1 + kh, iw = ow * 2 - 1 + kw;
              if (ih < 0 || ih >= 5 || iw < 0 || iw >= 5) continue;
              acc += h(xv[static_cast<size_t>((ic * 5 + ih) * 5 + iw)]) *
                     h(wv[static_cast<size_t>(((oc * 2 + ic) * 3 + kh) * 3 + kw)]);
            }
          }
        }
        EXPECT_NEAR(got[static_cast<size_t>((oc * 3 + oh) * 3 + ow)], acc, 0.02 + 0.01 * std::fabs(acc))
            << oc << "," << oh << "," << ow;
      }
    }
  }
  // The same call again is matched (no recompilation needed); through V2 as well.
  aclTensorDesc* in_desc2[] = {x.desc(), w.desc()};
  aclDataBuffer* in_buf2[] = {x.buffer(), w.buffer()};
  aclTensorDesc* out_desc2[] = {y.desc()};
  ASSERT_ACL_OK(aclopExecuteV2("Conv2D", 2, in_desc2, in_buf2, 1, out_desc2, out_buf, attr, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), got);
  // A different stride is another op: compiled on demand, with another output shape.
  const int64_t strides1[] = {1, 1, 1, 1};
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "strides", 4, strides1));
  EXPECT_ACL_ERROR(aclopExecuteV2("Conv2D", 2, in_desc2, in_buf2, 1, out_desc2, out_buf, attr, stream_),
                   ACL_ERROR_OP_OUTPUT_NOT_MATCH, "output_desc[0]");
  aclopDestroyAttr(attr);
}

TEST_F(OpExec, CastBothWaysAndThroughAHandle) {
  ASSERT_ACL_OK(aclSetCompileopt(ACL_PRECISION_MODE, "allow_fp32_to_fp16"));
  DevTensor src(ACL_FLOAT, {6}), half(ACL_FLOAT16, {6}), back(ACL_FLOAT, {6});
  src.UploadFloats({0.5f, -1.25f, 3.0f, 1000.0f, -0.0f, 65504.0f});
  ASSERT_ACL_OK(aclopCast(src.desc(), src.buffer(), half.desc(), half.buffer(), 0, stream_));
  ASSERT_ACL_OK(aclopCast(half.desc(), half.buffer(), back.desc(), back.buffer(), 1, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(back.DownloadFloats(), (std::vector<float>{0.5f, -1.25f, 3.0f, 1000.0f, -0.0f, 65504.0f}));

  aclopHandle* handle = nullptr;
  ASSERT_ACL_OK(aclopCreateHandleForCast(src.desc(), half.desc(), 0, &handle));
  src.UploadFloats({1, 2, 3, 4, 5, 6});
  const aclDataBuffer* in[] = {src.buffer()};
  aclDataBuffer* out[] = {half.buffer()};
  ASSERT_ACL_OK(aclopExecWithHandle(handle, 1, in, 1, out, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(half.DownloadFloats(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  aclopDestroyHandle(handle);

  EXPECT_ACL_ERROR(aclopCast(nullptr, src.buffer(), half.desc(), half.buffer(), 0, stream_), ACL_ERROR_INVALID_PARAM,
                   "srcDesc");
  EXPECT_ACL_ERROR(aclopCast(src.desc(), nullptr, half.desc(), half.buffer(), 0, stream_), ACL_ERROR_INVALID_PARAM,
                   "srcBuffer");
  EXPECT_ACL_ERROR(aclopCreateHandleForCast(src.desc(), half.desc(), 0, nullptr), ACL_ERROR_INVALID_PARAM, "handle");
}

TEST_F(OpExec, HandlesRunTheirOpAndCheckTheirArguments) {
  DevTensor a(ACL_FLOAT, {8}), b(ACL_FLOAT, {8}), y(ACL_FLOAT, {8});
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  const aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  aclopHandle* handle = nullptr;
  ASSERT_ACL_OK(aclopCreateHandle("Add", 2, in_desc, 1, out_desc, nullptr, &handle));
  a.UploadFloats(Iota(8, 0, 1));
  b.UploadFloats(Iota(8, 0, 2));
  const aclDataBuffer* in[] = {a.buffer(), b.buffer()};
  aclDataBuffer* out[] = {y.buffer()};
  for (int i = 0; i < 3; ++i) ASSERT_ACL_OK(aclopExecWithHandle(handle, 2, in, 1, out, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(y.DownloadFloats(), Iota(8, 0, 3));
  EXPECT_ACL_ERROR(aclopExecWithHandle(handle, 1, in, 1, out, stream_), ACL_ERROR_INVALID_PARAM, "2 input(s)");
  EXPECT_ACL_ERROR(aclopExecWithHandle(handle, 2, nullptr, 1, out, stream_), ACL_ERROR_INVALID_PARAM, "inputs");
  EXPECT_ACL_ERROR(aclopExecWithHandle(nullptr, 2, in, 1, out, stream_), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(aclopCreateHandle("Add", 2, in_desc, 1, out_desc, nullptr, nullptr), ACL_ERROR_INVALID_PARAM,
                   "handle");
  aclopDestroyHandle(handle);
  EXPECT_ACL_ERROR(aclopExecWithHandle(handle, 2, in, 1, out, stream_), ACL_ERROR_INVALID_PARAM, "live");
  aclopDestroyHandle(nullptr);
}

TEST_F(OpExec, UpdateParamsCompilesWhenOnline) {
  DevTensor a(ACL_FLOAT, {8}), b(ACL_FLOAT, {8}), y(ACL_FLOAT, {8});
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_JIT_COMPILE, "enable"));
  const aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  EXPECT_ACL_OK(aclopUpdateParams("Mul", 2, in_desc, 1, out_desc, nullptr));
  EXPECT_ACL_ERROR(aclopUpdateParams(nullptr, 2, in_desc, 1, out_desc, nullptr), ACL_ERROR_INVALID_PARAM, "opType");
}

TEST_F(OpExec, BadArgumentsAreInvalidParamWithTheirIndex) {
  DevTensor a(ACL_FLOAT, {2, 3}), b(ACL_FLOAT, {2, 3}), y(ACL_FLOAT, {2, 3});
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  aclTensorDesc* in_desc[] = {a.desc(), b.desc()};
  aclDataBuffer* in_buf[] = {a.buffer(), b.buffer()};
  aclTensorDesc* out_desc[] = {y.desc()};
  aclDataBuffer* out_buf[] = {y.buffer()};
  EXPECT_ACL_ERROR(aclopExecuteV2(nullptr, 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "opType");
  EXPECT_ACL_ERROR(aclopExecuteV2("", 2, in_desc, in_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "opType");
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", -1, in_desc, in_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "numInputs");
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, in_buf, -3, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "numOutputs");
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, nullptr, in_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "inputDesc");
  aclTensorDesc* null_desc[] = {a.desc(), nullptr};
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, null_desc, in_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "inputDesc[1]");
  aclDataBuffer* null_buf[] = {a.buffer(), nullptr};
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, null_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "inputs[1]");
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, in_buf, 1, out_desc, nullptr, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "outputs");
  // A buffer smaller than its desc's bytes.
  aclDataBuffer* small = aclCreateDataBuffer(b.dev(), 8);
  aclDataBuffer* small_buf[] = {a.buffer(), small};
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, small_buf, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "inputs[1] has 8 bytes");
  aclDestroyDataBuffer(small);
  // Host memory is not device memory: an error, not a crash.
  std::vector<float> host(6, 1.0f);
  aclDataBuffer* host_buf = aclCreateDataBuffer(host.data(), host.size() * sizeof(float));
  aclDataBuffer* host_in[] = {host_buf, b.buffer()};
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, host_in, 1, out_desc, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM, "not device memory");
  aclDestroyDataBuffer(host_buf);
  // A stale attribute object.
  aclopAttr* attr = aclopCreateAttr();
  aclopDestroyAttr(attr);
  EXPECT_ACL_ERROR(aclopExecuteV2("Add", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, stream_),
                   ACL_ERROR_INVALID_PARAM, "attr");
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(OpExec, OpsWithoutKernelsGetTheRegistrysExplanation) {
  DevTensor a(ACL_FLOAT, {4}), y(ACL_FLOAT, {4});
  const aclTensorDesc* in_desc[] = {a.desc()};
  const aclTensorDesc* out_desc[] = {y.desc()};
  EXPECT_ACL_ERROR(aclopCompile("NoSuchOp", 1, in_desc, 1, out_desc, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr),
                   ACL_ERROR_OP_NOT_FOUND, "NoSuchOp");
  DevTensor s(ACL_STRING, {4}), ys(ACL_STRING, {4});
  const aclTensorDesc* sin[] = {s.desc()};
  const aclTensorDesc* sout[] = {ys.desc()};
  EXPECT_ACL_ERROR(aclopCompile("Exp", 1, sin, 1, sout, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr),
                   ACL_ERROR_UNSUPPORTED_DATA_TYPE, "Exp");
  EXPECT_ACL_ERROR(OpCompileRaw("Exp", 1, in_desc, 1, out_desc, 7, ACL_COMPILE_SYS), ACL_ERROR_INVALID_PARAM,
                   "engineType");
  EXPECT_ACL_ERROR(
      aclopCompile("Exp", 1, in_desc, 1, out_desc, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_UNREGISTERED, "/tmp/op"),
      ACL_ERROR_API_NOT_SUPPORT, "ACL_COMPILE_UNREGISTERED");
  EXPECT_ACL_ERROR(OpCompileRaw("Exp", 1, in_desc, 1, out_desc, ACL_ENGINE_SYS, 9), ACL_ERROR_INVALID_PARAM,
                   "compileFlag");
}

TEST(OpInferShape, FillsOutputDimsWithoutExecuting) {
  const int64_t a_dims[] = {2, 1, 3}, b_dims[] = {4, 3}, unknown[] = {-1, -1, -1};
  aclTensorDesc* a = aclCreateTensorDesc(ACL_FLOAT, 3, a_dims, ACL_FORMAT_ND);
  aclTensorDesc* b = aclCreateTensorDesc(ACL_FLOAT, 2, b_dims, ACL_FORMAT_ND);
  aclTensorDesc* y = aclCreateTensorDesc(ACL_FLOAT, 3, unknown, ACL_FORMAT_ND);
  aclTensorDesc* in[] = {a, b};
  aclTensorDesc* out[] = {y};
  ASSERT_ACL_OK(aclopInferShape("Add", 2, in, nullptr, 1, out, nullptr));
  int64_t d = 0;
  EXPECT_ACL_OK(aclGetTensorDescDimV2(y, 0, &d));
  EXPECT_EQ(d, 2);
  EXPECT_ACL_OK(aclGetTensorDescDimV2(y, 1, &d));
  EXPECT_EQ(d, 4);
  // MatMul with transpose_x2.
  const int64_t m_dims[] = {5, 7}, n_dims[] = {9, 7}, two_unknown[] = {-1, -1};
  aclTensorDesc* m = aclCreateTensorDesc(ACL_FLOAT16, 2, m_dims, ACL_FORMAT_ND);
  aclTensorDesc* n = aclCreateTensorDesc(ACL_FLOAT16, 2, n_dims, ACL_FORMAT_ND);
  aclTensorDesc* mo = aclCreateTensorDesc(ACL_FLOAT16, 2, two_unknown, ACL_FORMAT_ND);
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_ACL_OK(aclopSetAttrBool(attr, "transpose_x2", 1));
  aclTensorDesc* min[] = {m, n};
  aclTensorDesc* mout[] = {mo};
  ASSERT_ACL_OK(aclopInferShape("MatMul", 2, min, nullptr, 1, mout, attr));
  EXPECT_ACL_OK(aclGetTensorDescDimV2(mo, 1, &d));
  EXPECT_EQ(d, 9);
  // Errors: a shape the kernel refuses; too many outputs; bad arguments.
  aclTensorDesc* bad_in[] = {m, m};
  EXPECT_EQ(aclopInferShape("MatMul", 2, bad_in, nullptr, 1, mout, nullptr) == ACL_SUCCESS, false);
  aclTensorDesc* two_out[] = {y, y};
  EXPECT_ACL_ERROR(aclopInferShape("Add", 2, in, nullptr, 2, two_out, nullptr), ACL_ERROR_INVALID_PARAM, "numOutputs");
  EXPECT_ACL_ERROR(aclopInferShape("Add", -2, in, nullptr, 1, out, nullptr), ACL_ERROR_INVALID_PARAM, "numInputs");
  EXPECT_ACL_ERROR(aclopInferShape("NoSuchOp", 2, in, nullptr, 1, out, nullptr), ACL_ERROR_OP_NOT_FOUND, "NoSuchOp");
  aclopDestroyAttr(attr);
  for (aclTensorDesc* t : {a, b, y, m, n, mo}) aclDestroyTensorDesc(t);
}

// ---- model directories and aclopLoad -------------------------------------------------

TEST(OpModels, ModelDirAndLoadErrors) {
  conformance::TempDir dir;
  EXPECT_ACL_OK(aclopSetModelDir(dir.Path().c_str()));  // empty: nothing loaded, not an error
  EXPECT_ACL_ERROR(aclopSetModelDir(nullptr), ACL_ERROR_INVALID_PARAM, "modelDir");
  EXPECT_ACL_ERROR(aclopSetModelDir((dir.Path() + "/missing").c_str()), ACL_ERROR_READ_MODEL_FAILURE, "missing");
  dir.Write("junk.om", "this is not an om file");
  EXPECT_ACL_ERROR(aclopSetModelDir(dir.Path().c_str()), ACL_ERROR_OP_LOAD_FAILED, "junk.om");
  EXPECT_ACL_ERROR(aclopLoad(nullptr, 10), ACL_ERROR_INVALID_PARAM, "model");
  const char junk[] = "not a model at all";
  EXPECT_ACL_ERROR(aclopLoad(junk, 0), ACL_ERROR_INVALID_PARAM, "modelSize");
  EXPECT_NE(aclopLoad(junk, sizeof(junk)), ACL_SUCCESS);
}

// atc --singleop writes the models, aclopSetModelDir loads them, the calls match them.
TEST(OpModels, AtcSingleOpModelsRunFromTheDirectory) {
  conformance::TempDir dir;
  const std::string json = dir.Write("ops.json", R"([
  {"op": "Add",
   "input_desc": [{"format": "ND", "shape": [16, 16], "type": "float16"},
                  {"format": "ND", "shape": [16, 16], "type": "float16"}],
   "output_desc": [{"format": "ND", "shape": [16, 16], "type": "float16"}]},
  {"op": "Conv2D",
   "input_desc": [{"format": "NCHW", "shape": [1, 16, 6, 6], "type": "float16"},
                  {"format": "NCHW", "shape": [16, 16, 3, 3], "type": "float16"}],
   "output_desc": [{"format": "NCHW", "shape": [1, 16, 6, 6], "type": "float16"}],
   "attr": [{"name": "strides", "type": "list_int", "value": [1, 1, 1, 1]},
            {"name": "pads", "type": "list_int", "value": [1, 1, 1, 1]},
            {"name": "dilations", "type": "list_int", "value": [1, 1, 1, 1]}]},
  {"op": "Cast",
   "input_desc": [{"format": "ND", "shape": [4], "type": "float32"}],
   "output_desc": [{"format": "ND", "shape": [4], "type": "float16"}],
   "attr": [{"name": "dst_type", "type": "int", "value": 1}]}
])");
  const std::string out = dir.Path() + "/op_models";
  const std::string cmd = std::string(ASIM_ATC) + " --singleop=" + json + " --output=" + out +
                          " --soc_version=Ascend310 > " + dir.Path() + "/atc.log 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  ASSERT_ACL_OK(aclopSetModelDir(out.c_str()));
  DevTensor a(ACL_FLOAT16, {16, 16}), b(ACL_FLOAT16, {16, 16}), y(ACL_FLOAT16, {16, 16});
  a.UploadFloats(Iota(256, -8, 0.0625f));
  b.UploadFloats(std::vector<float>(256, 0.5f));
  aclrtStream s = NewStream();
  ASSERT_ACL_OK(RunAdd(a, b, y, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  const std::vector<float> got = y.DownloadFloats();
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], -8 + 0.0625f * static_cast<float>(i) + 0.5f, 1e-2);
  // Conv2D with the same attributes (groups, data_format absent: the kernel's defaults).
  DevTensor x(ACL_FLOAT16, {1, 16, 6, 6}, ACL_FORMAT_NCHW), w(ACL_FLOAT16, {16, 16, 3, 3}, ACL_FORMAT_NCHW),
      z(ACL_FLOAT16, {1, 16, 6, 6}, ACL_FORMAT_NCHW);
  x.UploadFloats(std::vector<float>(576, 1.0f));
  w.UploadFloats(std::vector<float>(2304, 0.125f));
  aclopAttr* attr = aclopCreateAttr();
  const int64_t ones[] = {1, 1, 1, 1};
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "strides", 4, ones));
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "pads", 4, ones));
  ASSERT_ACL_OK(aclopSetAttrListInt(attr, "dilations", 4, ones));
  ASSERT_ACL_OK(aclopSetAttrInt(attr, "groups", 1));
  aclTensorDesc* in_desc[] = {x.desc(), w.desc()};
  aclDataBuffer* in_buf[] = {x.buffer(), w.buffer()};
  aclTensorDesc* out_desc[] = {z.desc()};
  aclDataBuffer* out_buf[] = {z.buffer()};
  ASSERT_ACL_OK(aclopExecuteV2("Conv2D", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  const std::vector<float> conv = z.DownloadFloats();
  EXPECT_NEAR(conv[0], 16 * 4 * 0.125f, 1e-2);      // a corner sees 2x2 of the 3x3 window
  EXPECT_NEAR(conv[6 + 1], 16 * 9 * 0.125f, 1e-2);  // an inner pixel sees all of it
  aclopDestroyAttr(attr);
  // aclopCast's truncate is reserved: the Cast model (no such attribute) runs either way.
  DevTensor f32(ACL_FLOAT, {4}), f16(ACL_FLOAT16, {4});
  f32.UploadFloats({1.5f, -2.0f, 65504.0f, 0.25f});
  for (const uint8_t truncate : {0, 1}) {
    ASSERT_ACL_OK(aclopCast(f32.desc(), f32.buffer(), f16.desc(), f16.buffer(), truncate, s));
    ASSERT_ACL_OK(aclrtSynchronizeStream(s));
    EXPECT_EQ(f16.DownloadFloats(), (std::vector<float>{1.5f, -2.0f, 65504.0f, 0.25f}));
    aclopHandle* handle = nullptr;
    ASSERT_ACL_OK(aclopCreateHandleForCast(f32.desc(), f16.desc(), truncate, &handle));
    aclopDestroyHandle(handle);
  }
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// ---- compile options -------------------------------------------------------------

TEST(OpCompileOptions, SetGetAndErrors) {
  ASSERT_ACL_OK(aclSetCompileopt(ACL_PRECISION_MODE, "force_fp16"));
  const size_t size = aclGetCompileoptSize(ACL_PRECISION_MODE);
  EXPECT_EQ(size, std::string("force_fp16").size() + 1);
  std::vector<char> value(size);
  ASSERT_ACL_OK(aclGetCompileopt(ACL_PRECISION_MODE, value.data(), value.size()));
  EXPECT_STREQ(value.data(), "force_fp16");
  EXPECT_ACL_ERROR(aclGetCompileopt(ACL_PRECISION_MODE, value.data(), 3), ACL_ERROR_INVALID_PARAM, "length");
  EXPECT_ACL_ERROR(aclGetCompileopt(ACL_PRECISION_MODE, nullptr, 30), ACL_ERROR_INVALID_PARAM, "value");
  EXPECT_ACL_ERROR(aclSetCompileopt(ACL_PRECISION_MODE, "fastest"), ACL_ERROR_INVALID_PARAM, "fastest");
  EXPECT_ACL_ERROR(aclSetCompileopt(ACL_PRECISION_MODE, nullptr), ACL_ERROR_INVALID_PARAM, "value");
  EXPECT_ACL_ERROR(OpSetCompileoptRaw(99, "x"), ACL_ERROR_INVALID_PARAM, "99");
  EXPECT_EQ(OpGetCompileoptSizeRaw(99), 0u);
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_COMPILER_CACHE_DIR, "/tmp/kernel_cache"));
  EXPECT_EQ(aclGetCompileoptSize(ACL_DEBUG_DIR), 1u);  // never set: ""
  EXPECT_ACL_OK(aclopSetCompileFlag(ACL_OP_COMPILE_FUZZ));
  EXPECT_ACL_OK(aclopSetCompileFlag(ACL_OP_COMPILE_DEFAULT));
  EXPECT_ACL_ERROR(OpSetCompileFlagRaw(5), ACL_ERROR_INVALID_PARAM, "flag");
  EXPECT_ACL_ERROR(aclopSetMaxOpQueueNum(0), ACL_ERROR_INVALID_PARAM, "maxOpNum");
  EXPECT_ACL_OK(aclopSetMaxOpQueueNum(100));
}

TEST(OpCompileOptions, MaxOpQueueNumDropsTheOldestOnlineModels) {
  ASSERT_ACL_OK(aclopSetMaxOpQueueNum(2));
  aclrtStream s = NewStream();
  for (int64_t n = 1; n <= 4; ++n) {
    DevTensor a(ACL_FLOAT, {n}), b(ACL_FLOAT, {n}), y(ACL_FLOAT, {n});
    ASSERT_ACL_OK(CompileAdd(a, b, y));
    ASSERT_ACL_OK(RunAdd(a, b, y, s));  // compiled again on demand when dropped
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  ASSERT_ACL_OK(aclopSetMaxOpQueueNum(20000));
}

TEST(OpCompileOptions, ADroppedOnlineModelGivesBackItsDeviceMemory) {
  // A model dropped past the limit is gone for good: its loaded copy's work memory too, or a
  // process running ever new shapes runs out of device memory however low the limit is.
  ASSERT_ACL_OK(aclopSetMaxOpQueueNum(1));
  aclrtStream s = NewStream();
  size_t free_after_first = 0, free_now = 0, total = 0;
  for (int64_t h = 32; h < 32 + 8; ++h) {
    DevTensor x(ACL_FLOAT16, {1, 16, h, h}, ACL_FORMAT_NCHW), w(ACL_FLOAT16, {16, 16, 3, 3}, ACL_FORMAT_NCHW),
        z(ACL_FLOAT16, {1, 16, h, h}, ACL_FORMAT_NCHW);
    aclopAttr* attr = aclopCreateAttr();
    const int64_t ones[] = {1, 1, 1, 1};
    ASSERT_ACL_OK(aclopSetAttrListInt(attr, "strides", 4, ones));
    ASSERT_ACL_OK(aclopSetAttrListInt(attr, "pads", 4, ones));
    ASSERT_ACL_OK(aclopSetAttrListInt(attr, "dilations", 4, ones));
    aclTensorDesc* in_desc[] = {x.desc(), w.desc()};
    aclDataBuffer* in_buf[] = {x.buffer(), w.buffer()};
    aclTensorDesc* out_desc[] = {z.desc()};
    aclDataBuffer* out_buf[] = {z.buffer()};
    ASSERT_ACL_OK(aclopCompileAndExecute("Conv2D", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, ACL_ENGINE_SYS,
                                         ACL_COMPILE_SYS, nullptr, s));
    ASSERT_ACL_OK(aclrtSynchronizeStream(s));
    aclopDestroyAttr(attr);
    ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_now, &total));
    if (h == 32) free_after_first = free_now;
  }
  // One model (the latest) stays loaded: a little larger than the first.
  EXPECT_GE(free_now + (1u << 20), free_after_first)
      << "free after the first shape " << free_after_first << ", after eight " << free_now;
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  ASSERT_ACL_OK(aclopSetMaxOpQueueNum(20000));
}

// ---- what the simulator cannot honour ---------------------------------------------

TEST(OpUnsupported, CustomKernelsAndArgDumpsAreNotSupported) {
  EXPECT_ACL_ERROR(aclopCreateKernel("Add", "k", "k", nullptr, 0, ACL_ENGINE_AICORE, nullptr),
                   ACL_ERROR_API_NOT_SUPPORT, "aclopCreateKernel");
  EXPECT_ACL_ERROR(aclopRegisterCompileFunc("Add", nullptr), ACL_ERROR_API_NOT_SUPPORT, "aclopRegisterCompileFunc");
  EXPECT_ACL_ERROR(aclopUnregisterCompileFunc("Add"), ACL_ERROR_API_NOT_SUPPORT, "aclopUnregisterCompileFunc");
  EXPECT_ACL_ERROR(aclopSetKernelArgs(nullptr, "k", 1, nullptr, 0), ACL_ERROR_API_NOT_SUPPORT, "aclopSetKernelArgs");
  EXPECT_ACL_ERROR(aclopSetKernelWorkspaceSizes(nullptr, 0, nullptr), ACL_ERROR_API_NOT_SUPPORT,
                   "aclopSetKernelWorkspaceSizes");
  EXPECT_ACL_ERROR(aclopStartDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS, "/tmp"), ACL_ERROR_API_NOT_SUPPORT,
                   "aclopStartDumpArgs");
  EXPECT_ACL_ERROR(aclopStopDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS), ACL_ERROR_API_NOT_SUPPORT, "aclopStopDumpArgs");
  EXPECT_EQ(aclCreateGraphDumpOpt(), nullptr);
  EXPECT_ACL_ERROR(aclDestroyGraphDumpOpt(nullptr), ACL_ERROR_API_NOT_SUPPORT, "aclDestroyGraphDumpOpt");
  EXPECT_ACL_ERROR(aclGenGraphAndDumpForOp("Add", 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, ACL_ENGINE_SYS,
                                           "/tmp", nullptr),
                   ACL_ERROR_API_NOT_SUPPORT, "aclGenGraphAndDumpForOp");
}

// ---- dumps of single ops -------------------------------------------------------------

TEST(OpDump, DumpOpSwitchWritesOneFilePerSingleOp) {
  conformance::TempDir dir;
  const std::string dump_path = dir.Path() + "/dump";
  std::filesystem::create_directories(dump_path);
  const std::string config = dir.Write("dump.json", "{\"dump\": {\"dump_list\": [], \"dump_path\": \"" + dump_path +
                                                        "\", \"dump_mode\": \"all\", \"dump_op_switch\": \"on\"}}");
  ASSERT_ACL_OK(aclmdlInitDump());
  ASSERT_ACL_OK(aclmdlSetDump(config.c_str()));
  DevTensor a(ACL_FLOAT, {16}), b(ACL_FLOAT, {16}), y(ACL_FLOAT, {16});
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  aclrtStream s = NewStream();
  ASSERT_ACL_OK(RunAdd(a, b, y, s));
  ASSERT_ACL_OK(RunAdd(a, b, y, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclmdlFinalizeDump());
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  // {dump_path}/{time}/{device}/{op_type}.{op_name}.{task}.{stream}.{timestamp}
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dump_path)) {
    if (e.is_regular_file()) files.push_back(std::filesystem::relative(e.path(), dump_path).string());
  }
  ASSERT_EQ(files.size(), 2u);
  for (const std::string& f : files) {
    const std::filesystem::path p(f);
    EXPECT_EQ(p.parent_path().filename().string(), "0") << f;  // the device
    EXPECT_EQ(p.filename().string().rfind("Add.Add.", 0), 0u) << f;
  }
}

// ---- device release ------------------------------------------------------------------

TEST(OpDevice, ResetDeviceReleasesOpModelsAndTheyLoadAgain) {
  for (int round = 0; round < 2; ++round) {
    DevTensor a(ACL_FLOAT, {5}), b(ACL_FLOAT, {5}), y(ACL_FLOAT, {5});
    ASSERT_ACL_OK(CompileAdd(a, b, y));
    a.UploadFloats({1, 2, 3, 4, 5});
    b.UploadFloats({1, 1, 1, 1, 1});
    aclrtStream s = NewStream();
    ASSERT_ACL_OK(RunAdd(a, b, y, s));
    ASSERT_ACL_OK(aclrtSynchronizeStream(s));
    EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{2, 3, 4, 5, 6}));
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  }
  // The tensors above are freed; the device's op models go with it, and come back on use.
  ASSERT_ACL_OK(aclrtResetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  DevTensor a(ACL_FLOAT, {5}), b(ACL_FLOAT, {5}), y(ACL_FLOAT, {5});
  a.UploadFloats({1, 2, 3, 4, 5});
  b.UploadFloats({1, 2, 3, 4, 5});
  aclrtStream s = NewStream();
  ASSERT_ACL_OK(RunAdd(a, b, y, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(y.DownloadFloats(), (std::vector<float>{2, 4, 6, 8, 10}));
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// ---- profiling of single ops ---------------------------------------------------------

TEST(OpProfiling, SingleOpsAppearInTheOpSummaryOutsideAnyModel) {
  conformance::TempDir dir;
  ASSERT_ACL_OK(aclprofInit(dir.Path().c_str(), dir.Path().size()));
  uint32_t devices[] = {0};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr,
                                           ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS);
  ASSERT_NE(cfg, nullptr) << RecentMsg();
  ASSERT_ACL_OK(aclprofStart(cfg));
  DevTensor a(ACL_FLOAT, {64}), b(ACL_FLOAT, {64}), y(ACL_FLOAT, {64});
  ASSERT_ACL_OK(CompileAdd(a, b, y));
  aclrtStream s = NewStream();
  ASSERT_ACL_OK(RunAdd(a, b, y, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  ASSERT_ACL_OK(aclprofStop(cfg));
  ASSERT_ACL_OK(aclprofDestroyConfig(cfg));
  ASSERT_ACL_OK(aclprofFinalize());
  std::string summary;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir.Path())) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.rfind("op_summary", 0) == 0 && e.path().extension() == ".csv") {
      std::ifstream in(e.path());
      std::stringstream text;
      text << in.rdbuf();
      summary = text.str();
    }
  }
  ASSERT_FALSE(summary.empty()) << "no op_summary csv under " << dir.Path();
  std::istringstream lines(summary);
  std::string line;
  bool found = false;
  while (std::getline(lines, line)) {
    if (line.find(",Add,Add,") == std::string::npos) continue;
    found = true;
    // Device_id, then Model ID: CANN's "no model" id for a single op.
    EXPECT_EQ(line.rfind("0,4294967295,", 0), 0u) << line;
  }
  EXPECT_TRUE(found) << summary;
}

}  // namespace
