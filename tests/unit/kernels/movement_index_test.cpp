// Index-driven movement kernels against plain references: Gather, GatherElements,
// GatherND, ScatterND, ScatterElements (with reductions), OneHot, Compress and
// ReverseSequence — every kernel x engine x declared dtype; negative and out-of-range
// indices; int32 and int64 indices.
#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

constexpr Engine kEngines[] = {Engine::kAiCore, Engine::kAiCpu};

// An index tensor of `dtype` (int32 or int64).
HostTensor Indices(DataType dtype, std::vector<int64_t> dims, const std::vector<int64_t>& v) {
  if (dtype == DataType::kInt64) return I64(std::move(dims), v);
  std::vector<int32_t> w(v.begin(), v.end());
  return HostTensor::FromValues<int32_t>(DataType::kInt32, std::move(dims), w);
}

TEST(Gather, AxesNegativeIndicesEveryEngineDtypeAndIndexType) {
  const std::vector<int64_t> data = {3, 4, 2};
  const std::vector<int64_t> idx = {3, -1, 0, 2, -4, 1};  // shape [2, 3] on axis 1
  for (int64_t axis : {1, -2}) {
    const std::vector<int64_t> out = {3, 2, 3, 2};
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(out); ++i) {
      const auto o = Unravel(i, out);
      int64_t j = idx[static_cast<size_t>(o[1] * 3 + o[2])];
      if (j < 0) j += 4;
      src.push_back(Ravel({o[0], j, o[3]}, data));
    }
    for (Engine e : kEngines) {
      for (DataType it : DeclaredTypes("Gather", e, 1)) {
        ExpectMovesEveryDtype(
            e, "Gather",
            [&](DataType dt) {
              return std::vector<HostTensor>{RandomBytes(dt, data, 70), Indices(it, {2, 3}, idx)};
            },
            Attrs({{"axis", axis}}), out, src);
      }
    }
  }
}

TEST(Gather, ScalarIndexDropsTheAxisAndOutOfRangeIsAnError) {
  HostTensor x = RandomBytes(DataType::kFloat, {3, 2}, 71);
  RunResult r = RunOp("Gather", {x, I64({}, {-1})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2}));
  EXPECT_TRUE(r.outputs[0].bytes == Gathered(x, {4, 5}));
  r = RunOp("Gather", {x, I64s({0, 3})});
  EXPECT_EQ(r.status.code(), err::kInvalidParam);
  EXPECT_NE(r.status.message().find("index 3 at position 1 is out of range [-3, 2]"), std::string::npos)
      << r.status.message();
}

TEST(GatherElements, EveryAxisAndSmallerIndexDims) {
  const std::vector<int64_t> data = {3, 4};
  const std::vector<int64_t> idims = {2, 3};
  const std::vector<int64_t> idx = {0, -1, 2, 1, 0, -3};
  for (int64_t axis : {0, 1, -1}) {
    const int64_t a = axis < 0 ? axis + 2 : axis;
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(idims); ++i) {
      auto o = Unravel(i, idims);
      int64_t j = idx[static_cast<size_t>(i)];
      if (j < 0) j += data[static_cast<size_t>(a)];
      o[static_cast<size_t>(a)] = j;
      src.push_back(Ravel(o, data));
    }
    for (Engine e : kEngines) {
      for (DataType it : DeclaredTypes("GatherElements", e, 1)) {
        ExpectMovesEveryDtype(
            e, "GatherElements",
            [&](DataType dt) {
              return std::vector<HostTensor>{RandomBytes(dt, data, 72), Indices(it, idims, idx)};
            },
            Attrs({{"axis", axis}}), idims, src);
      }
    }
  }
  RunResult r = RunOp("GatherElements", {HostTensor::Make(DataType::kFloat, {2, 2}), I64({1, 1}, {5})});
  EXPECT_EQ(r.status.code(), err::kInvalidParam) << r.status.message();
}

TEST(GatherND, TuplesSlicesAndBatchDims) {
  // data [2, 3, 4]; batch_dims 0, k = 2: indices [2, 2] pick rows of 4.
  const std::vector<int64_t> data = {2, 3, 4};
  std::vector<int64_t> src;
  for (const auto& [a, b] : std::vector<std::pair<int64_t, int64_t>>{{1, -1}, {0, 1}}) {
    for (int64_t k = 0; k < 4; ++k) src.push_back(Ravel({a, b < 0 ? b + 3 : b, k}, data));
  }
  for (Engine e : kEngines) {
    for (DataType it : DeclaredTypes("GatherND", e, 1)) {
      ExpectMovesEveryDtype(
          e, "GatherND",
          [&](DataType dt) {
            return std::vector<HostTensor>{RandomBytes(dt, data, 73), Indices(it, {2, 2}, {1, -1, 0, 1})};
          },
          {}, {2, 4}, src);
    }
  }
  // batch_dims 1: indices [2, 1, 1] pick, per batch, one row of data [2, 3, 4].
  std::vector<int64_t> src2;
  for (const auto& [bt, row] : std::vector<std::pair<int64_t, int64_t>>{{0, 2}, {1, 0}}) {
    for (int64_t k = 0; k < 4; ++k) src2.push_back(Ravel({bt, row, k}, data));
  }
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "GatherND",
        [&](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, data, 74), I64({2, 1, 1}, {2, 0})};
        },
        Attrs({{"batch_dims", int64_t{1}}}), {2, 1, 4}, src2);
  }
  RunResult r = RunOp("GatherND", {HostTensor::Make(DataType::kFloat, {2, 3}), I64({1, 3}, {0, 0, 0})});
  EXPECT_NE(r.status.message().find("last indices dim 3"), std::string::npos) << r.status.message();
}

// Reference scatter on floats: apply updates in order.
std::vector<double> ScatterRef(std::vector<double> data, const std::vector<int64_t>& offsets,
                               const std::vector<double>& upd, int64_t slice, const std::string& reduction) {
  for (size_t t = 0; t < offsets.size(); ++t) {
    for (int64_t i = 0; i < slice; ++i) {
      double& d = data[static_cast<size_t>(offsets[t] + i)];
      const double u = upd[t * static_cast<size_t>(slice) + static_cast<size_t>(i)];
      if (reduction == "none") d = u;
      if (reduction == "add") d += u;
      if (reduction == "mul") d *= u;
      if (reduction == "max") d = std::max(d, u);
      if (reduction == "min") d = std::min(d, u);
    }
  }
  return data;
}

TEST(ScatterND, ReplaceAndEveryReductionOnEveryEngineAndDtype) {
  // data [4, 3]; indices [3, 1] address rows (one repeated); updates [3, 3].
  const std::vector<int64_t> rows = {2, -4, 2};
  const std::vector<double> data = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const std::vector<double> upd = {2, 3, 4, 5, 6, 7, 1, 2, 3};
  for (Engine e : kEngines) {
    for (const std::string red : {"none", "add", "mul", "max", "min"}) {
      for (DataType dt : DeclaredTypes("ScatterND", e)) {
        if (dt == DataType::kBool || dt == DataType::kComplex64) continue;  // no arithmetic meaning; see below
        HostTensor x = Numbers(dt, {4, 3}, data);
        RunResult r = RunOpOn(e, "ScatterND",
                              {x, Indices(DeclaredTypes("ScatterND", e, 1)[0], {3, 1}, rows), Numbers(dt, {3, 3}, upd)},
                              Attrs({{"reduction", red}}));
        if (e == Engine::kAiCore && red != "none" && red != "add") {
          EXPECT_NE(r.status.message().find("needs the AI CPU"), std::string::npos) << r.status.message();
          continue;
        }
        ASSERT_TRUE(r.status.ok()) << red << " " << DataTypeName(dt) << ": " << r.status.message();
        const auto want = ScatterRef(AsDoubles(x), {6, 0, 6}, upd, 3, red);
        EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), AsDoubles(Numbers(dt, {4, 3}, want)), 0, 0))
            << red << " " << DataTypeName(dt);
      }
    }
  }
  // Byte types without arithmetic still move under reduction 'none'.
  HostTensor b = RandomBytes(DataType::kComplex64, {2, 2}, 75), u = RandomBytes(DataType::kComplex64, {1, 2}, 76);
  RunResult r = RunOp("ScatterND", {b, I64({1, 1}, {1}), u});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  std::vector<uint8_t> want = b.bytes;
  std::copy(u.bytes.begin(), u.bytes.end(), want.begin() + 16);
  EXPECT_TRUE(r.outputs[0].bytes == want);
}

TEST(ScatterND, Int64IndicesOrOtherReductionsGoToAiCpu) {
  HostTensor x = HostTensor::FromFloats(DataType::kFloat, {3}, {1, 2, 3});
  RunResult r = RunOp("ScatterND", {x, I64({1, 1}, {0}), HostTensor::FromFloats(DataType::kFloat, {1}, {9})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  r = RunOp("ScatterND",
            {x, Indices(DataType::kInt32, {1, 1}, {0}), HostTensor::FromFloats(DataType::kFloat, {1}, {9})});
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  r = RunOp("ScatterND", {x, I64({1, 1}, {0}), HostTensor::FromFloats(DataType::kFloat, {2}, {9, 9})});
  EXPECT_NE(r.status.message().find("updates [2] should be [1]"), std::string::npos) << r.status.message();
}

TEST(ScatterElements, EveryAxisReductionEngineAndDtype) {
  const std::vector<double> data = {1, 2, 3, 4, 5, 6};  // [2, 3]
  const std::vector<int64_t> idx = {1, 0, -1, 1};       // [2, 2]
  const std::vector<double> upd = {7, 8, 9, 10};
  for (int64_t axis : {0, 1, -1}) {
    const int64_t a = axis < 0 ? axis + 2 : axis;
    for (Engine e : kEngines) {
      for (const std::string red : {"none", "add", "mul", "max", "min"}) {
        if (e == Engine::kAiCore && red != "none" && red != "add") continue;
        for (DataType dt : DeclaredTypes("ScatterElements", e)) {
          if (dt == DataType::kBool || dt == DataType::kComplex64) continue;
          const HostTensor x = Numbers(dt, {2, 3}, data);
          const HostTensor u = Numbers(dt, {2, 2}, upd);
          RunResult r =
              RunOpOn(e, "ScatterElements", {x, Indices(DeclaredTypes("ScatterElements", e, 1)[0], {2, 2}, idx), u},
                      Attrs({{"axis", axis}, {"reduction", red}}));
          ASSERT_TRUE(r.status.ok()) << red << " " << DataTypeName(dt) << ": " << r.status.message();
          std::vector<int64_t> offsets;
          for (int64_t i = 0; i < 4; ++i) {
            auto p = Unravel(i, {2, 2});
            int64_t j = idx[static_cast<size_t>(i)];
            if (j < 0) j += a == 0 ? 2 : 3;
            p[static_cast<size_t>(a)] = j;
            offsets.push_back(Ravel(p, {2, 3}));
          }
          const auto want = ScatterRef(AsDoubles(x), offsets, AsDoubles(u), 1, red);
          EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), AsDoubles(Numbers(dt, {2, 3}, want)), 0, 0))
              << red << " axis " << axis << " " << DataTypeName(dt);
        }
      }
    }
  }
  RunResult r = RunOp("ScatterElements",
                      {HostTensor::Make(DataType::kFloat, {2}), I64s({2}), HostTensor::Make(DataType::kFloat, {1})});
  EXPECT_EQ(r.status.code(), err::kInvalidParam) << r.status.message();
  r = RunOp("ScatterElements",
            {HostTensor::Make(DataType::kFloat, {2}), I64s({0}), HostTensor::Make(DataType::kFloat, {1})},
            Attrs({{"reduction", std::string("avg")}}));
  EXPECT_NE(r.status.message().find("reduction 'avg'"), std::string::npos) << r.status.message();
}

TEST(OneHot, AxesNegativeAndOutOfRangeIndicesEveryEngineAndType) {
  const std::vector<int64_t> idx = {0, 2, -1, 5, -4, 1};  // [2, 3], depth 3: 5 and -4 are out of range
  const int64_t depth = 3;
  for (int64_t axis : {-1, 0, 1}) {
    const int64_t a = axis < 0 ? axis + 3 : axis;
    std::vector<int64_t> out = {2, 3};
    out.insert(out.begin() + a, depth);
    // Reference: element 1 of `values` where the index matches, element 0 elsewhere.
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(out); ++i) {
      auto o = Unravel(i, out);
      const int64_t j = o[static_cast<size_t>(a)];
      o.erase(o.begin() + a);
      int64_t v = idx[static_cast<size_t>(Ravel(o, {2, 3}))];
      if (v < 0) v += depth;
      src.push_back(v == j ? 1 : 0);
    }
    for (Engine e : kEngines) {
      for (DataType it : DeclaredTypes("OneHot", e, 0)) {
        for (DataType vt : DeclaredTypes("OneHot", e, 2)) {
          if (it != DataType::kInt64 && it != DataType::kFloat && vt != DataType::kFloat16) continue;  // keep it quick
          if (IsUnsigned(it)) continue;  // negative indices do not exist in unsigned types
          HostTensor values = RandomBytes(vt, {2}, 80);
          RunResult r = RunOpOn(
              e, "OneHot",
              {Numbers(it, {2, 3}, std::vector<double>(idx.begin(), idx.end())), I64s({depth}).AsConstant(), values},
              Attrs({{"axis", axis}}));
          ASSERT_TRUE(r.status.ok()) << DataTypeName(it) << "/" << DataTypeName(vt) << ": " << r.status.message();
          ASSERT_EQ(r.outputs[0].spec.dims, out);
          EXPECT_TRUE(r.outputs[0].bytes == Gathered(values, src)) << DataTypeName(it) << "/" << DataTypeName(vt);
        }
      }
    }
  }
}

TEST(OneHot, UnknownDepthGivesAnUnknownDimOnAiCpu) {
  TensorSpec idx, depth, values;
  idx.dtype = DataType::kInt64;
  idx.dims = {4};
  depth.dtype = DataType::kInt64;
  depth.dims = {1};
  values.dtype = DataType::kFloat;
  values.dims = {2};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("OneHot", {idx, depth, values}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{4, -1}));
}

TEST(Compress, AxisAndFlattenedWithConstantAndComputedConditions) {
  const std::vector<int64_t> in = {3, 4};
  const std::vector<uint8_t> cond = {1, 0, 1};  // shorter than axis 1
  for (DataType dt : DeclaredTypes("Compress", Engine::kAiCpu)) {
    HostTensor x = RandomBytes(dt, in, 90);
    HostTensor c = HostTensor::FromValues<uint8_t>(DataType::kBool, {3}, cond);
    // axis 1, constant condition: the shape is known at selection.
    RunResult r = RunOp("Compress", {x, HostTensor(c).AsConstant()}, Attrs({{"axis", int64_t{1}}}));
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{3, 2}));
    EXPECT_TRUE(r.outputs[0].bytes == Gathered(x, {0, 2, 4, 6, 8, 10})) << DataTypeName(dt);
    // No axis, condition only known at run time: bound, then the reported dims.
    RunResult d = RunComputedShape(Engine::kAiCpu, "Compress", {x, c});
    ASSERT_TRUE(d.status.ok()) << d.status.message();
    EXPECT_EQ(d.outputs[0].spec.dims, (std::vector<int64_t>{2}));
    EXPECT_TRUE(d.outputs[0].bytes == Gathered(x, {0, 2})) << DataTypeName(dt);
  }
  RunResult r = RunOp("Compress", {HostTensor::Make(DataType::kFloat, {2}),
                                   HostTensor::FromValues<uint8_t>(DataType::kBool, {3}, {1, 1, 1})});
  EXPECT_NE(r.status.message().find("longer than"), std::string::npos) << r.status.message();
}

TEST(ReverseSequence, TimeMajorAndBatchMajor) {
  const std::vector<int64_t> lens = {4, 1, 0, 2};
  for (const auto& [time_axis, batch_axis] : std::vector<std::pair<int64_t, int64_t>>{{0, 1}, {1, 0}}) {
    const std::vector<int64_t> in = time_axis == 0 ? std::vector<int64_t>{4, 4, 3} : std::vector<int64_t>{4, 4, 3};
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(in); ++i) {
      auto o = Unravel(i, in);
      const int64_t t = o[static_cast<size_t>(time_axis)], b = o[static_cast<size_t>(batch_axis)];
      const int64_t len = lens[static_cast<size_t>(b)];
      o[static_cast<size_t>(time_axis)] = t < len ? len - 1 - t : t;
      src.push_back(Ravel(o, in));
    }
    ExpectMovesEveryDtype(
        Engine::kAiCpu, "ReverseSequence",
        [&](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, in, 91), I64s(lens)};
        },
        Attrs({{"time_axis", time_axis}, {"batch_axis", batch_axis}}), in, src);
  }
  RunResult r = RunOp("ReverseSequence", {HostTensor::Make(DataType::kFloat, {2, 1}), I64s({3})});
  EXPECT_EQ(r.status.code(), err::kInvalidParam) << r.status.message();
}

}  // namespace
}  // namespace asim::kernels::testing
