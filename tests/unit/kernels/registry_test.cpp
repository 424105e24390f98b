// Unit tests of the kernel framework: declarations, attribute resolution, selection order,
// AI Core -> AI CPU fallback, the words of a refusal, and InvokeKernel.
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>

#include "kernels/common/cost/cost_utils.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"

namespace asim::kernels {
namespace {

KernelDef Def(const std::string& op, Engine engine, std::vector<DataType> dtypes) {
  return KernelBuilder(op, engine)
      .Input("x", std::move(dtypes))
      .Output("y", {})
      .Attr("alpha", 0.5f)
      .InferShape(SameAsInput(0))
      .Compute([](KernelContext&) { return Status::Ok(); })
      .Cost(VectorElementwiseCost(1))
      .Build();
}

TensorSpec Spec(DataType t, std::vector<int64_t> dims, Format f = Format::kNd) {
  TensorSpec s;
  s.dtype = t;
  s.format = f;
  s.dims = std::move(dims);
  return s;
}

TEST(KernelRegistry, AiCoreIsTriedBeforeAiCpuWhateverTheListOrder) {
  KernelRegistry r({Def("Op", Engine::kAiCpu, {DataType::kFloat}), Def("Op", Engine::kAiCore, {DataType::kFloat})});
  Selection sel;
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {4})}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCore);
  EXPECT_FALSE(sel.work.on_ai_cpu);
}

TEST(KernelRegistry, FallsBackToAiCpuAndRemembersWhy) {
  KernelRegistry r({Def("Op", Engine::kAiCore, {DataType::kFloat16}), Def("Op", Engine::kAiCpu, {DataType::kInt64})});
  Selection sel;
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kInt64, {4})}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_TRUE(sel.work.on_ai_cpu);
  ASSERT_EQ(sel.refusals.size(), 1u);
  EXPECT_NE(sel.refusals[0].find("DT_INT64 not in {DT_FLOAT16}"), std::string::npos) << sel.refusals[0];
}

TEST(KernelRegistry, UnknownOpIsOpNotFound) {
  KernelRegistry r({});
  Selection sel;
  Status st = r.Select("NoSuchOp", {}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kOpNotFound);
  EXPECT_NE(st.message().find("NoSuchOp"), std::string::npos);
}

TEST(KernelRegistry, EveryCandidateRefusingTheDtypeIsUnsupportedDataTypeWithEachReason) {
  KernelRegistry r({Def("Op", Engine::kAiCore, {DataType::kFloat16}), Def("Op", Engine::kAiCpu, {DataType::kFloat})});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kInt8, {2, 3})}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kUnsupportedDataType);
  EXPECT_NE(st.message().find("Op/AI_CORE: input 0 'x' dtype DT_INT8 not in {DT_FLOAT16}"), std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("Op/AI_CPU: input 0 'x' dtype DT_INT8 not in {DT_FLOAT}"), std::string::npos);
  EXPECT_NE(st.message().find("DT_INT8 ND [2,3]"), std::string::npos);
}

TEST(KernelRegistry, FormatRefusalIsFormatNotMatch) {
  KernelDef d = KernelBuilder("Op", Engine::kAiCore)
                    .Input("x", {DataType::kFloat16}, {Format::kNc1hwc0})
                    .Output("y", {})
                    .InferShape(SameAsInput(0))
                    .Build();
  KernelRegistry r({d});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat16, {1, 3, 4, 4}, Format::kNchw)}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kFormatNotMatch);
  EXPECT_NE(st.message().find("format NCHW not in {NC1HWC0}"), std::string::npos) << st.message();
}

TEST(KernelRegistry, DynamicShapesLeaveTheAiCore) {
  KernelDef core = KernelBuilder("Op", Engine::kAiCore)
                       .Input("x", {DataType::kFloat})
                       .Output("y", {})
                       .StaticShapesOnly()
                       .InferShape(SameAsInput(0))
                       .Build();
  KernelRegistry r({core, Def("Op", Engine::kAiCpu, {DataType::kFloat})});
  Selection sel;
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {-1, 4})}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  ASSERT_EQ(sel.refusals.size(), 1u);
  EXPECT_NE(sel.refusals[0].find("dynamic shape [-1,4]"), std::string::npos) << sel.refusals[0];
}

// A shape whose bytes do not fit int64_t is refused before any kernel counts its elements
// (which would overflow), on the way in and on the way out.
TEST(KernelRegistry, ATensorTooLargeToExistIsInvalidParamWhicheverTheKernel) {
  KernelDef twice =
      KernelBuilder("Twice", Engine::kAiCore)
          .Input("x", {DataType::kFloat})
          .Output("y", {})
          .InferShape([](const std::vector<TensorSpec>& in, const AttrMap&, std::vector<TensorSpec>* out) {
            *out = {in[0]};
            (*out)[0].dims[0] *= 2;
            return Status::Ok();
          })
          .Cost(VectorElementwiseCost(1))
          .Build();
  KernelRegistry r({Def("Op", Engine::kAiCore, {DataType::kFloat}), twice});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat, {int64_t{1} << 62, 3})}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("input 0 [4611686018427387904,3] of DT_FLOAT hold more than 2^63 - 1 bytes"),
            std::string::npos)
      << st.message();
  st = r.Select("Twice", {Spec(DataType::kFloat, {int64_t{1} << 60})}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("output 0 [2305843009213693952]"), std::string::npos) << st.message();
  // Unknown dims are not counted.
  EXPECT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {-1, int64_t{1} << 40})}, {}, {}, &sel).ok());
}

TEST(KernelRegistry, AttributesGetDefaultsAndTypeChecks) {
  KernelRegistry r({Def("Op", Engine::kAiCore, {DataType::kFloat})});
  Selection sel;
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {1})}, {}, {}, &sel).ok());
  EXPECT_FLOAT_EQ(sel.attrs.GetFloat("alpha", -1), 0.5f);
  AttrMap bad;
  bad.Set("alpha", std::string("big"));
  Status st = r.Select("Op", {Spec(DataType::kFloat, {1})}, bad, {}, &sel);
  EXPECT_EQ(st.code(), err::kOpAttrNotMatch);
  EXPECT_NE(st.message().find("attribute 'alpha' is string, expected float"), std::string::npos) << st.message();
  AttrMap as_int;
  as_int.Set("alpha", int64_t{2});  // ints are accepted for float attributes
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {1})}, as_int, {}, &sel).ok());
  EXPECT_FLOAT_EQ(sel.attrs.GetFloat("alpha", -1), 2.0f);
}

TEST(KernelRegistry, RequiredAttributeMissingIsNamed) {
  KernelDef d = KernelBuilder("Op", Engine::kAiCpu)
                    .Input("x", {})
                    .Output("y", {})
                    .RequiredAttr("to", AttrType::kDataType)
                    .InferShape(SameAsInput(0))
                    .Build();
  KernelRegistry r({d});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat, {1})}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kOpAttrNotMatch);
  EXPECT_NE(st.message().find("required attribute 'to' (data type) is missing"), std::string::npos);
}

TEST(KernelRegistry, InputCountIsChecked) {
  KernelRegistry r({Def("Op", Engine::kAiCore, {DataType::kFloat})});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat, {1}), Spec(DataType::kFloat, {1})}, {}, {}, &sel);
  EXPECT_NE(st.message().find("takes 1 input(s), got 2"), std::string::npos) << st.message();
}

TEST(KernelRegistry, GlobalRegistryIsBuiltFromTheListAndSorted) {
  const auto& r = KernelRegistry::Get();
  ASSERT_FALSE(r.all().empty());
  auto types = r.OpTypes();
  EXPECT_TRUE(std::is_sorted(types.begin(), types.end()));
  for (const auto& d : r.all()) {
    // ASIM_KERNEL_SOURCE: the repository-relative path of the file that built the kernel.
    EXPECT_EQ(d.source.rfind("kernels/", 0), 0u) << d.op_type << ": " << d.source;
    EXPECT_TRUE(d.source.size() > 4 && d.source.substr(d.source.size() - 4) == ".cpp") << d.op_type << ": " << d.source;
    EXPECT_TRUE(static_cast<bool>(d.compute)) << d.op_type;
    EXPECT_TRUE(static_cast<bool>(d.infer_shape)) << d.op_type;
    EXPECT_TRUE(static_cast<bool>(d.cost)) << d.op_type;
  }
  // Every ASIM_KERNEL(op type, engine, builder) row says what its builder builds.
  for (const std::string& m : KernelRegistry::ListMismatches()) ADD_FAILURE() << m;
}

TEST(KernelRegistry, SourcePathIsRepositoryRelative) {
  EXPECT_STREQ(KernelSourcePath("/home/ci/src/kernels/cube/conv2d.cpp"), "kernels/cube/conv2d.cpp");
  // A checkout that itself sits under a directory called "kernels".
  EXPECT_STREQ(KernelSourcePath("/srv/kernels/asim/kernels/aicpu/x.cpp"), "kernels/aicpu/x.cpp");
  EXPECT_STREQ(KernelSourcePath("kernels/a.cpp"), "kernels/a.cpp");
  static_assert(KernelSourcePath("/r/kernels/b.cpp")[0] == 'k', "evaluated at compile time");
}

TEST(Broadcast, NumpyRules) {
  std::vector<int64_t> out;
  ASSERT_TRUE(BroadcastShapes({2, 1, 4}, {3, 1}, &out).ok());
  EXPECT_EQ(out, (std::vector<int64_t>{2, 3, 4}));
  ASSERT_TRUE(BroadcastShapes({}, {5}, &out).ok());
  EXPECT_EQ(out, (std::vector<int64_t>{5}));
  ASSERT_TRUE(BroadcastShapes({0, 3}, {1, 3}, &out).ok());
  EXPECT_EQ(out, (std::vector<int64_t>{0, 3}));
  Status st = BroadcastShapes({2, 3}, {4}, &out);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("[2,3] and [4]"), std::string::npos);
}

}  // namespace
}  // namespace asim::kernels

namespace asim::kernels {
namespace {

// InvokeKernel turns whatever a kernel throws into a Status (never across a stream worker).
TEST(InvokeKernel, ExceptionsBecomeStatusesAndResultsPassThrough) {
  KernelContext ctx;
  KernelDef ok = Def("Fine", Engine::kAiCore, {DataType::kFloat});
  EXPECT_TRUE(InvokeKernel(ok, ctx).ok());

  KernelDef failing = ok;
  failing.compute = [](KernelContext&) { return Status(err::kInvalidParam, "bad input"); };
  const Status refused = InvokeKernel(failing, ctx);
  EXPECT_EQ(refused.code(), err::kInvalidParam);
  EXPECT_EQ(refused.message(), "bad input");

  KernelDef oom = ok;
  oom.compute = [](KernelContext&) -> Status { throw std::bad_alloc(); };
  const Status no_memory = InvokeKernel(oom, ctx);
  EXPECT_EQ(no_memory.code(), err::kBadAlloc);
  EXPECT_EQ(no_memory.message(), "out of host memory");

  KernelDef throwing = ok;
  throwing.op_type = "Thrower";
  throwing.compute = [](KernelContext&) -> Status { throw std::runtime_error("index out of range"); };
  const Status thrown = InvokeKernel(throwing, ctx);
  EXPECT_EQ(thrown.code(), err::kInternalError);
  EXPECT_EQ(thrown.message(), "kernel Thrower threw: index out of range");

  KernelDef odd = ok;
  odd.compute = [](KernelContext&) -> Status { throw 42; };
  EXPECT_EQ(InvokeKernel(odd, ctx).code(), err::kInternalError);

  KernelDef empty = ok;
  empty.op_type = "Hollow";
  empty.compute = nullptr;
  const Status missing = InvokeKernel(empty, ctx);
  EXPECT_EQ(missing.code(), err::kInternalError);
  EXPECT_NE(missing.message().find("Hollow has no compute function"), std::string::npos);
}

}  // namespace
}  // namespace asim::kernels
