// Movement / shape kernels that only rearrange bytes, against plain references: Reshape,
// Flatten, Squeeze, Unsqueeze, Identity, Transpose, Concat, Split, Slice, Expand, Tile,
// Pad, DepthToSpace, SpaceToDepth — every kernel x engine x declared dtype, exact bytes;
// plus selection (AI Core first, refusals that name the reason) and work descriptions.
#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

constexpr Engine kEngines[] = {Engine::kAiCore, Engine::kAiCpu};

std::vector<int64_t> IdentitySrc(int64_t n) {
  std::vector<int64_t> s(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) s[static_cast<size_t>(i)] = i;
  return s;
}

TensorSpec Spec(DataType dt, std::vector<int64_t> dims, const void* host = nullptr) {
  TensorSpec s;
  s.dtype = dt;
  s.dims = std::move(dims);
  s.host_data = host;
  return s;
}

// ---- views -------------------------------------------------------------------------

TEST(Reshape, EveryEngineAndDtypeWithZeroAndMinusOne) {
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "Reshape",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {2, 3, 5}, 1), I64s({0, -1, 1}).AsConstant()};
        },
        {}, {2, 15, 1}, IdentitySrc(30));
  }
}

TEST(Reshape, AllowZeroKeepsZeroAndEmptyTensorsWork) {
  RunResult r = RunOp("Reshape", {HostTensor::Make(DataType::kFloat, {0, 4}), I64s({4, 0}).AsConstant()},
                      Attrs({{"allowzero", int64_t{1}}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{4, 0}));
  r = RunOp("Reshape", {HostTensor::Make(DataType::kFloat, {0, 4}), I64s({-1, 2}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0, 2}));
  r = RunOp("Reshape", {HostTensor::Make(DataType::kFloat, {0, 4}), I64s({-1, 0}).AsConstant()},
            Attrs({{"allowzero", int64_t{1}}}));
  EXPECT_NE(r.status.message().find("-1 with a 0 dim"), std::string::npos) << r.status.message();
}

TEST(Reshape, BadShapesAreRefusedWithTheReason) {
  RunResult r = RunOp("Reshape", {HostTensor::Make(DataType::kFloat, {2, 3}), I64s({4, -1}).AsConstant()});
  EXPECT_EQ(r.status.code(), err::kOpNotFound);  // every candidate refused the shape
  EXPECT_NE(r.status.message().find("not a multiple of 4"), std::string::npos) << r.status.message();
  r = RunOp("Reshape", {HostTensor::Make(DataType::kFloat, {2, 3}), I64s({-1, -1}).AsConstant()});
  EXPECT_NE(r.status.message().find("more than one -1"), std::string::npos) << r.status.message();
}

TEST(Reshape, WithoutAConstantShapeTheAiCoreRefusesAndTheAiCpuInfersUnknownDims) {
  RunResult r = RunOpOn(Engine::kAiCore, "Reshape", {HostTensor::Make(DataType::kFloat16, {4, 6}), I64s({3, 8})});
  EXPECT_EQ(r.status.code(), err::kOpNotFound);
  EXPECT_NE(r.status.message().find("Reshape/AI_CORE: input 1 'shape' must be a constant"), std::string::npos)
      << r.status.message();
  // Full selection falls back to the AI CPU, whose output dims wait for the value.
  const TensorSpec data = Spec(DataType::kFloat16, {4, 6});
  const TensorSpec shape = Spec(DataType::kInt64, {2});
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Reshape", {data, shape}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, -1}));
  ASSERT_EQ(sel.refusals.size(), 1u);
  EXPECT_NE(sel.refusals[0].find("must be a constant"), std::string::npos);
  // Computing with unresolved dims is refused, not guessed.
  r = RunOpOn(Engine::kAiCpu, "Reshape", {HostTensor::Make(DataType::kFloat16, {4, 6}), I64s({3, 8})});
  EXPECT_EQ(r.status.code(), err::kOpOutputNotMatch) << r.status.message();
  // At execution the runtime infers again with the value: same as a constant.
  r = RunOpOn(Engine::kAiCpu, "Reshape", {HostTensor::Make(DataType::kFloat16, {4, 6}), I64s({3, 8}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{3, 8}));
}

TEST(Reshape, DynamicInputGoesToAiCpu) {
  const TensorSpec data = Spec(DataType::kFloat, {-1, 6});
  const std::vector<int64_t> shape = {-1, 3};
  const TensorSpec s = Spec(DataType::kInt64, {2}, shape.data());
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Reshape", {data, s}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_NE(sel.refusals.at(0).find("dynamic shape"), std::string::npos);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, 3}));
}

TEST(Flatten, AxesIncludingNegativeAndRank) {
  const std::vector<int64_t> in = {2, 3, 4};
  const std::vector<std::pair<int64_t, std::vector<int64_t>>> cases = {
      {0, {1, 24}}, {1, {2, 12}}, {-1, {6, 4}}, {3, {24, 1}}, {-3, {1, 24}}};
  for (Engine e : kEngines) {
    for (const auto& [axis, dims] : cases) {
      ExpectMovesEveryDtype(
          e, "Flatten", [&](DataType dt) { return std::vector<HostTensor>{RandomBytes(dt, in, 2)}; },
          Attrs({{"axis", axis}}), dims, IdentitySrc(24));
    }
  }
  RunResult r = RunOp("Flatten", {HostTensor::Make(DataType::kFloat, in)}, Attrs({{"axis", int64_t{4}}}));
  EXPECT_EQ(r.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(r.status.message().find("axis 4 is out of range"), std::string::npos) << r.status.message();
}

TEST(Squeeze, AxesFromAttributeInputOrAllOnes) {
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "Squeeze",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {1, 3, 1, 2}, 3)};
        },
        {}, {3, 2}, IdentitySrc(6));
    ExpectMovesEveryDtype(
        e, "Squeeze",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {1, 3, 1, 2}, 3), I64s({-2}).AsConstant()};
        },
        {}, {1, 3, 2}, IdentitySrc(6));
    ExpectMovesEveryDtype(
        e, "Squeeze",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {1, 3, 1, 2}, 3)};
        },
        Attrs({{"axes", std::vector<int64_t>{0}}}), {3, 1, 2}, IdentitySrc(6));
  }
  RunResult r = RunOp("Squeeze", {HostTensor::Make(DataType::kFloat, {2, 3}), I64s({0}).AsConstant()});
  EXPECT_NE(r.status.message().find("is not 1"), std::string::npos) << r.status.message();
}

TEST(Unsqueeze, AxesFromInputOrAttributeWithNegativeAxes) {
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "Unsqueeze",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {3, 2}, 4), I64s({0, -1}).AsConstant()};
        },
        {}, {1, 3, 2, 1}, IdentitySrc(6));
    ExpectMovesEveryDtype(
        e, "Unsqueeze",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {3, 2}, 4)};
        },
        Attrs({{"axes", std::vector<int64_t>{1}}}), {3, 1, 2}, IdentitySrc(6));
  }
  RunResult r = RunOp("Unsqueeze", {HostTensor::Make(DataType::kFloat, {}), I64s({0}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1}));
  EXPECT_FALSE(RunOp("Unsqueeze", {HostTensor::Make(DataType::kFloat, {2}), I64s({1, 1}).AsConstant()}).status.ok());
}

TEST(Unsqueeze, AnAxesInputThatIsNotConstantGoesToAiCpu) {
  RunResult r = RunOp("Unsqueeze", {HostTensor::Make(DataType::kFloat16, {3}), I64s({0})});
  EXPECT_EQ(r.status.code(), err::kOpOutputNotMatch);  // selected AI CPU, dims left for the runtime
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
}

TEST(Identity, EveryEngineAndDtypeAndEmpty) {
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "Identity",
        [](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, {7, 3}, 5)};
        },
        {}, {7, 3}, IdentitySrc(21));
    ExpectMovesEveryDtype(e, "Identity",
                          [](DataType dt) {
                            return std::vector<HostTensor>{RandomBytes(dt, {0, 3}, 5)};
                          },
                          {}, {0, 3}, {});
  }
}

// ---- transpose ---------------------------------------------------------------------

std::vector<int64_t> TransposeSrc(const std::vector<int64_t>& in, const std::vector<int64_t>& perm,
                                  std::vector<int64_t>* out_dims) {
  out_dims->clear();
  for (int64_t p : perm) out_dims->push_back(in[static_cast<size_t>(p)]);
  std::vector<int64_t> src;
  for (int64_t i = 0; i < Count(*out_dims); ++i) {
    const auto o = Unravel(i, *out_dims);
    std::vector<int64_t> x(in.size());
    for (size_t k = 0; k < perm.size(); ++k) x[static_cast<size_t>(perm[k])] = o[k];
    src.push_back(Ravel(x, in));
  }
  return src;
}

TEST(Transpose, PermutationsOfOddShapesEveryEngineAndDtype) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> cases = {
      {{3, 5}, {1, 0}}, {{2, 3, 5}, {2, 0, 1}}, {{2, 1, 3, 7}, {0, 2, 3, 1}}, {{3, 2, 2, 3, 2}, {4, 2, 0, 3, 1}}};
  for (Engine e : kEngines) {
    for (const auto& c : cases) {
      const std::vector<int64_t>& in = c.first;  // not a structured binding: the lambda captures it
      const std::vector<int64_t>& perm = c.second;
      std::vector<int64_t> out;
      const auto src = TransposeSrc(in, perm, &out);
      ExpectMovesEveryDtype(
          e, "Transpose", [&](DataType dt) { return std::vector<HostTensor>{RandomBytes(dt, in, 6)}; },
          Attrs({{"perm", perm}}), out, src);
    }
  }
}

TEST(Transpose, DefaultReversesAndBadPermIsRefused) {
  std::vector<int64_t> out;
  const auto src = TransposeSrc({2, 3, 4}, {2, 1, 0}, &out);
  ExpectMovesEveryDtype(
      Engine::kAiCore, "Transpose",
      [](DataType dt) {
        return std::vector<HostTensor>{RandomBytes(dt, {2, 3, 4}, 7)};
      },
      {}, out, src);
  RunResult r =
      RunOp("Transpose", {HostTensor::Make(DataType::kFloat, {2, 3})}, Attrs({{"perm", std::vector<int64_t>{0, 0}}}));
  EXPECT_NE(r.status.message().find("not a permutation"), std::string::npos) << r.status.message();
}

TEST(Transpose, RankAboveEightRunsOnAiCpu) {
  RunResult r = RunOp("Transpose", {RandomBytes(DataType::kFloat16, std::vector<int64_t>(9, 2), 8)});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
}

// ---- concat / split ----------------------------------------------------------------

TEST(Concat, VariadicInputsOnEveryAxisIncludingEmptyParts) {
  const std::vector<std::vector<int64_t>> parts = {{2, 3, 4}, {2, 0, 4}, {2, 5, 4}};
  for (Engine e : kEngines) {
    for (DataType dt : DeclaredTypes("Concat", e)) {
      std::vector<HostTensor> in;
      for (size_t i = 0; i < parts.size(); ++i) in.push_back(RandomBytes(dt, parts[i], 10 + static_cast<uint32_t>(i)));
      for (int64_t axis : {1, -2}) {
        RunResult r = RunOpOn(e, "Concat", in, Attrs({{"axis", axis}}));
        ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
        ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 8, 4}));
        // Reference: output row (b, j) comes from the part that owns j.
        const size_t el = DataTypeSize(dt);
        std::vector<uint8_t> want;
        for (int64_t b = 0; b < 2; ++b) {
          for (const auto& t : in) {
            const size_t row = static_cast<size_t>(t.spec.dims[1] * 4) * el;
            want.insert(want.end(), t.bytes.begin() + static_cast<std::ptrdiff_t>(b * row),
                        t.bytes.begin() + static_cast<std::ptrdiff_t>((b + 1) * row));
          }
        }
        EXPECT_TRUE(r.outputs[0].bytes == want) << DataTypeName(dt);
      }
    }
  }
}

TEST(Concat, MismatchedDimsAndDtypesAreRefused) {
  RunResult r =
      RunOp("Concat", {HostTensor::Make(DataType::kFloat, {2, 3}), HostTensor::Make(DataType::kFloat, {3, 3})},
            Attrs({{"axis", int64_t{1}}}));
  EXPECT_NE(r.status.message().find("does not match"), std::string::npos) << r.status.message();
  r = RunOp("Concat", {HostTensor::Make(DataType::kFloat, {2}), HostTensor::Make(DataType::kInt32, {2})},
            Attrs({{"axis", int64_t{0}}}));
  EXPECT_EQ(r.status.code(), err::kUnsupportedDataType) << r.status.message();
  r = RunOp("Concat", {HostTensor::Make(DataType::kFloat, {2})});
  EXPECT_EQ(r.status.code(), err::kOpAttrNotMatch) << r.status.message();  // axis is required
}

void ExpectSplit(Engine e, DataType dt, const std::vector<int64_t>& in, size_t axis, const std::vector<int64_t>& sizes,
                 const std::vector<HostTensor>& extra, const AttrMap& attrs) {
  std::vector<HostTensor> inputs = {RandomBytes(dt, in, 20)};
  inputs.insert(inputs.end(), extra.begin(), extra.end());
  RunResult r = RunOpOn(e, "Split", inputs, attrs);
  ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
  ASSERT_EQ(r.outputs.size(), sizes.size());
  int64_t start = 0;
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::vector<int64_t> dims = in;
    dims[axis] = sizes[k];
    ASSERT_EQ(r.outputs[k].spec.dims, dims);
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(dims); ++i) {
      auto idx = Unravel(i, dims);
      idx[axis] += start;
      src.push_back(Ravel(idx, in));
    }
    EXPECT_TRUE(r.outputs[k].bytes == Gathered(inputs[0], src)) << DataTypeName(dt) << " output " << k;
    start += sizes[k];
  }
}

TEST(Split, SizesFromInputAttributeOrNumOutputs) {
  for (Engine e : kEngines) {
    for (DataType dt : DeclaredTypes("Split", e)) {
      ExpectSplit(e, dt, {3, 7, 2}, 1, {2, 0, 5}, {I64s({2, 0, 5}).AsConstant()}, Attrs({{"axis", int64_t{-2}}}));
      ExpectSplit(e, dt, {3, 7, 2}, 1, {3, 3, 1}, {}, Attrs({{"axis", int64_t{1}}, {"num_outputs", int64_t{3}}}));
      ExpectSplit(e, dt, {4, 2}, 0, {1, 3}, {}, Attrs({{"split", std::vector<int64_t>{1, 3}}}));
    }
  }
}

TEST(Split, SizesThatDoNotAddUpOrNoSizeInformationAreRefused) {
  RunResult r = RunOp("Split", {HostTensor::Make(DataType::kFloat, {5}), I64s({2, 2}).AsConstant()});
  EXPECT_NE(r.status.message().find("do not add up"), std::string::npos) << r.status.message();
  r = RunOp("Split", {HostTensor::Make(DataType::kFloat, {5})});
  EXPECT_NE(r.status.message().find("num_outputs"), std::string::npos) << r.status.message();
}

// ---- slice -------------------------------------------------------------------------

// Python's slice(start, stop, step).indices(dim), as ONNX defines Slice.
std::vector<int64_t> PySlice(int64_t start, int64_t stop, int64_t step, int64_t dim) {
  const int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? dim : dim - 1;
  auto fix = [&](int64_t v) {
    if (v < 0) v = std::max(v + dim, lower);
    return std::min(v, upper);
  };
  std::vector<int64_t> idx;
  for (int64_t i = fix(start); step > 0 ? i < fix(stop) : i > fix(stop); i += step) idx.push_back(i);
  return idx;
}

TEST(Slice, StartsEndsAxesStepsWithNegativesAndClamping) {
  const std::vector<int64_t> in = {5, 6, 7};
  struct Case {
    std::vector<int64_t> starts, ends, axes, steps;
  };
  const std::vector<Case> cases = {
      {{1, 0}, {4, 100}, {0, 2}, {1, 3}},
      {{-1}, {-100}, {1}, {-2}},
      {{10, -3, 2}, {-10, 1000, -1}, {0, 1, 2}, {-1, 1, 2}},
      {{4}, {2}, {-1}, {1}},  // empty along the last axis
      {{0, 0, 0}, {INT64_MAX, INT64_MAX, INT64_MAX}, {}, {}},
  };
  for (const auto& c : cases) {
    std::vector<std::vector<int64_t>> keep(in.size());
    for (size_t k = 0; k < in.size(); ++k) keep[k] = PySlice(0, in[k], 1, in[k]);
    for (size_t i = 0; i < c.starts.size(); ++i) {
      int64_t a = c.axes.empty() ? static_cast<int64_t>(i) : c.axes[i];
      if (a < 0) a += 3;
      keep[static_cast<size_t>(a)] =
          PySlice(c.starts[i], c.ends[i], c.steps.empty() ? 1 : c.steps[i], in[static_cast<size_t>(a)]);
    }
    std::vector<int64_t> out;
    for (const auto& k : keep) out.push_back(static_cast<int64_t>(k.size()));
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(out); ++i) {
      auto o = Unravel(i, out);
      for (size_t k = 0; k < o.size(); ++k) o[k] = keep[k][static_cast<size_t>(o[k])];
      src.push_back(Ravel(o, in));
    }
    for (Engine e : kEngines) {
      ExpectMovesEveryDtype(
          e, "Slice",
          [&](DataType dt) {
            std::vector<HostTensor> v = {RandomBytes(dt, in, 30), I64s(c.starts).AsConstant(),
                                         I64s(c.ends).AsConstant()};
            v.push_back(c.axes.empty() ? Absent() : I64s(c.axes).AsConstant());
            v.push_back(c.steps.empty() ? Absent() : I64s(c.steps).AsConstant());
            return v;
          },
          {}, out, src);
    }
  }
}

TEST(Slice, Int32ParametersAndOldStyleAttributes) {
  HostTensor x = RandomBytes(DataType::kFloat, {4, 3}, 31);
  RunResult r = RunOp("Slice", {x, HostTensor::FromValues<int32_t>(DataType::kInt32, {1}, {1}).AsConstant(),
                                HostTensor::FromValues<int32_t>(DataType::kInt32, {1}, {3}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 3}));
  EXPECT_TRUE(r.outputs[0].bytes == Gathered(x, {3, 4, 5, 6, 7, 8}));
  r = RunOp(
      "Slice", {x},
      Attrs(
          {{"starts", std::vector<int64_t>{1}}, {"ends", std::vector<int64_t>{2}}, {"axes", std::vector<int64_t>{1}}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(r.outputs[0].bytes == Gathered(x, {1, 4, 7, 10}));
  r = RunOp("Slice",
            {x, I64s({0}).AsConstant(), I64s({1}).AsConstant(), I64s({0}).AsConstant(), I64s({0}).AsConstant()});
  EXPECT_NE(r.status.message().find("step 0"), std::string::npos) << r.status.message();
}

// ---- expand / tile / pad -----------------------------------------------------------

TEST(Expand, BroadcastsBothWays) {
  const std::vector<int64_t> in = {3, 1, 2};
  const std::vector<int64_t> out = {2, 3, 4, 2};
  std::vector<int64_t> src;
  for (int64_t i = 0; i < Count(out); ++i) {
    const auto o = Unravel(i, out);
    src.push_back(Ravel({o[1], 0, o[3]}, in));
  }
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "Expand",
        [&](DataType dt) {
          return std::vector<HostTensor>{RandomBytes(dt, in, 40), I64s({2, 1, 4, 1}).AsConstant()};
        },
        {}, out, src);
  }
  RunResult r = RunOp("Expand", {HostTensor::Make(DataType::kFloat, {3}), I64s({4}).AsConstant()});
  EXPECT_NE(r.status.message().find("cannot be broadcast"), std::string::npos) << r.status.message();
}

TEST(Tile, RepeatsIncludingZeroAndOne) {
  const std::vector<int64_t> in = {2, 3};
  for (const std::vector<int64_t>& reps : {std::vector<int64_t>{2, 3}, std::vector<int64_t>{1, 0}}) {
    const std::vector<int64_t> out = {in[0] * reps[0], in[1] * reps[1]};
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(out); ++i) {
      const auto o = Unravel(i, out);
      src.push_back(Ravel({o[0] % in[0], o[1] % in[1]}, in));
    }
    for (Engine e : kEngines) {
      ExpectMovesEveryDtype(
          e, "Tile",
          [&](DataType dt) {
            return std::vector<HostTensor>{RandomBytes(dt, in, 41), I64s(reps).AsConstant()};
          },
          {}, out, src);
    }
  }
  EXPECT_FALSE(RunOp("Tile", {HostTensor::Make(DataType::kFloat, {2}), I64s({2, 2}).AsConstant()}).status.ok());
}

// Reference source index of one padded coordinate (numpy's pad modes).
int64_t PadSource(int64_t o, int64_t begin, int64_t dim, const std::string& mode) {
  int64_t i = o - begin;
  if (i >= 0 && i < dim) return i;
  if (mode == "constant") return -1;
  if (mode == "edge") return i < 0 ? 0 : dim - 1;
  if (mode == "wrap") {
    while (i < 0) i += dim;
    return i % dim;
  }
  // reflect: bounce off the ends without repeating them
  while (i < 0 || i >= dim) {
    if (i < 0) i = -i;
    if (i >= dim) i = 2 * (dim - 1) - i;
  }
  return i;
}

void ExpectPad(Engine e, const std::vector<int64_t>& in, const std::vector<int64_t>& pads, const std::string& mode,
               const std::vector<int64_t>& axes) {
  std::vector<int64_t> begin(in.size(), 0), end(in.size(), 0);
  const size_t n = pads.size() / 2;
  for (size_t i = 0; i < n; ++i) {
    int64_t a = axes.empty() ? static_cast<int64_t>(i) : axes[i];
    if (a < 0) a += static_cast<int64_t>(in.size());
    begin[static_cast<size_t>(a)] = pads[i];
    end[static_cast<size_t>(a)] = pads[n + i];
  }
  std::vector<int64_t> out;
  for (size_t k = 0; k < in.size(); ++k) out.push_back(in[k] + begin[k] + end[k]);
  std::vector<int64_t> src;
  for (int64_t i = 0; i < Count(out); ++i) {
    auto o = Unravel(i, out);
    bool fill = false;
    for (size_t k = 0; k < o.size(); ++k) {
      o[k] = PadSource(o[k], begin[k], in[k], mode);
      fill = fill || o[k] < 0;
    }
    src.push_back(fill ? -1 : Ravel(o, in));
  }
  for (DataType dt : DeclaredTypes("Pad", e)) {
    std::vector<HostTensor> inputs = {RandomBytes(dt, in, 50), I64s(pads).AsConstant()};
    inputs.push_back(Absent());
    if (!axes.empty()) inputs.push_back(I64s(axes).AsConstant());
    RunResult r = RunOpOn(e, "Pad", inputs, Attrs({{"mode", mode}}));
    ASSERT_TRUE(r.status.ok()) << mode << " " << DataTypeName(dt) << ": " << r.status.message();
    ASSERT_EQ(r.outputs[0].spec.dims, out) << mode;
    EXPECT_TRUE(r.outputs[0].bytes == Gathered(inputs[0], src)) << mode << " " << DataTypeName(dt);
  }
}

TEST(Pad, ConstantReflectEdgeWrapWithNegativePadsAndAxes) {
  for (Engine e : kEngines) {
    for (const std::string mode : {"constant", "reflect", "edge", "wrap"}) {
      ExpectPad(e, {3, 4}, {1, 2, 2, 3}, mode, {});
      ExpectPad(e, {2, 3, 5}, {0, -1, 1, 0, 0, 2}, mode, {});
      ExpectPad(e, {2, 3, 5}, {2, 4}, mode, {-1});
      ExpectPad(e, {4, 3}, {5, 0, 6, 0}, mode, {});  // pads wider than the axis
    }
  }
}

TEST(Pad, ConstantValueInputAndOldValueAttribute) {
  HostTensor x = HostTensor::FromFloats(DataType::kFloat, {2}, {1, 2});
  RunResult r = RunOp("Pad", {x, I64s({1, 1}).AsConstant(), HostTensor::FromFloats(DataType::kFloat, {}, {7.5f})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{7.5f, 1, 2, 7.5f}));
  r = RunOp("Pad", {HostTensor::FromFloats(DataType::kInt32, {1}, {4})},
            Attrs({{"pads", std::vector<int64_t>{2, 0}}, {"value", -3.0f}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{-3, -3, 4}));
  r = RunOp("Pad", {x, I64s({1, 1}).AsConstant()}, Attrs({{"mode", std::string("mirror")}}));
  EXPECT_NE(r.status.message().find("mode 'mirror'"), std::string::npos) << r.status.message();
}

// ---- depth <-> space ---------------------------------------------------------------

TEST(DepthToSpace, DcrAndCrdMatchTheOnnxReshapeTranspose) {
  const int64_t n = 2, c = 8, h = 2, w = 3, b = 2, oc = c / (b * b);
  const std::vector<int64_t> in = {n, c, h, w}, out = {n, oc, h * b, w * b};
  for (const std::string mode : {"DCR", "CRD"}) {
    std::vector<int64_t> src;
    for (int64_t i = 0; i < Count(out); ++i) {
      const auto o = Unravel(i, out);
      const int64_t b1 = o[2] % b, b2 = o[3] % b;
      const int64_t ch = mode == "DCR" ? (b1 * b + b2) * oc + o[1] : o[1] * b * b + b1 * b + b2;
      src.push_back(Ravel({o[0], ch, o[2] / b, o[3] / b}, in));
    }
    for (Engine e : kEngines) {
      ExpectMovesEveryDtype(
          e, "DepthToSpace", [&](DataType dt) { return std::vector<HostTensor>{RandomBytes(dt, in, 60)}; },
          Attrs({{"blocksize", b}, {"mode", mode}}), out, src);
    }
  }
  EXPECT_FALSE(
      RunOp("DepthToSpace", {HostTensor::Make(DataType::kFloat, {1, 6, 2, 2})}, Attrs({{"blocksize", int64_t{2}}}))
          .status.ok());
  // A blocksize whose square overflows int64 is refused, not computed with (found by fuzzing).
  const RunResult huge = RunOp("DepthToSpace", {HostTensor::Make(DataType::kFloat, {1, 4, 2, 2})},
                               Attrs({{"blocksize", int64_t{4503599627370498}}}));
  EXPECT_EQ(huge.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(huge.status.message().find("blocksize 4503599627370498"), std::string::npos) << huge.status.message();
}

TEST(SpaceToDepth, MatchesTheOnnxReshapeTranspose) {
  const int64_t n = 1, c = 3, h = 4, w = 6, b = 2;
  const std::vector<int64_t> in = {n, c, h, w}, out = {n, c * b * b, h / b, w / b};
  std::vector<int64_t> src;
  for (int64_t i = 0; i < Count(out); ++i) {
    const auto o = Unravel(i, out);
    const int64_t b1 = o[1] / (c * b), b2 = (o[1] / c) % b, ch = o[1] % c;
    src.push_back(Ravel({o[0], ch, o[2] * b + b1, o[3] * b + b2}, in));
  }
  for (Engine e : kEngines) {
    ExpectMovesEveryDtype(
        e, "SpaceToDepth", [&](DataType dt) { return std::vector<HostTensor>{RandomBytes(dt, in, 61)}; },
        Attrs({{"blocksize", b}}), out, src);
  }
  EXPECT_FALSE(
      RunOp("SpaceToDepth", {HostTensor::Make(DataType::kFloat, {1, 1, 3, 4})}, Attrs({{"blocksize", int64_t{2}}}))
          .status.ok());
}

// ---- selection and work ------------------------------------------------------------

TEST(MovementSelection, StaticPlainTensorsPickTheAiCoreOthersTheAiCpu) {
  RunResult r = RunOp("Transpose", {HostTensor::Make(DataType::kFloat16, {2, 3})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  r = RunOp("Transpose", {HostTensor::Make(DataType::kDouble, {2, 3})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  // An internal layout is converted to a plain one first: ONNX axes mean the plain view.
  r = RunOp("Transpose", {HostTensor::Make(DataType::kFloat16, {1, 1, 4, 4, 16}, Format::kNc1hwc0)});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  ASSERT_EQ(r.conversions.size(), 1u);
  EXPECT_EQ(r.outputs[0].spec.dims.size(), 4u);
}

TEST(MovementWork, AiCoreReportsMteBytesAiCpuReportsOpsAndBytes) {
  RunResult r = RunOpOn(Engine::kAiCore, "Transpose", {HostTensor::Make(DataType::kFloat16, {64, 128})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.work.mte2_bytes, 64u * 128 * 2);
  EXPECT_EQ(r.work.mte3_bytes, 64u * 128 * 2);
  EXPECT_EQ(r.work.cube_macs, 0u);
  EXPECT_FALSE(r.work.on_ai_cpu);
  EXPECT_GE(r.work.block_dim, 1u);
  // A slice reads only what it keeps.
  r = RunOpOn(Engine::kAiCore, "Slice",
              {HostTensor::Make(DataType::kFloat, {100, 10}), I64s({0}).AsConstant(), I64s({10}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_LT(r.work.mte2_bytes, 100u * 10 * 4 / 5);
  EXPECT_EQ(r.work.mte3_bytes, 10u * 10 * 4);
  r = RunOpOn(Engine::kAiCpu, "Concat",
              {HostTensor::Make(DataType::kInt64, {10}), HostTensor::Make(DataType::kInt64, {6})},
              Attrs({{"axis", int64_t{0}}}));
  ASSERT_TRUE(r.status.ok());
  EXPECT_TRUE(r.work.on_ai_cpu);
  EXPECT_EQ(r.work.aicpu_bytes, 2u * 16 * 8);
  EXPECT_GE(r.work.aicpu_ops, 16u);
}

}  // namespace
}  // namespace asim::kernels::testing
