// AI CPU irregular kernels against plain references: TopK, NonMaxSuppression, NonZero,
// Unique and TfIdfVectorizer — every declared dtype; data-dependent output shapes through the
// computed-shape contract (bound at selection, actual dims reported by compute).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

bool IsFloat(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kBf16 || t == DataType::kDouble;
}

// Small values with repeats (ties matter for TopK and Unique).
std::vector<double> Values(DataType t, size_t n, uint32_t seed) {
  std::vector<double> v;
  for (float f : RandomFloats(n, 0, 9, seed)) v.push_back(IsFloat(t) ? std::floor(f) / 2 : std::floor(f));
  return v;
}

// ---- TopK --------------------------------------------------------------------------

TEST(TopK, LargestSmallestAxesAndTiesEveryDtype) {
  const std::vector<int64_t> dims = {3, 5, 4};
  for (DataType dt : DeclaredTypes("TopK", Engine::kAiCpu)) {
    const auto v = Values(dt, 60, 1);
    const HostTensor x = Numbers(dt, dims, v);
    for (int64_t axis : {1, -1, 0}) {
      const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
      for (int64_t k : {int64_t{0}, int64_t{1}, int64_t{3}, dims[a]}) {
        for (int largest = 0; largest < 2; ++largest) {
          RunResult r =
              RunOp("TopK", {x, I64s({k}).AsConstant()}, Attrs({{"axis", axis}, {"largest", int64_t{largest}}}));
          ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
          EXPECT_EQ(r.def->engine, Engine::kAiCpu);
          std::vector<int64_t> out = dims;
          out[a] = k;
          ASSERT_EQ(r.outputs[0].spec.dims, out);
          ASSERT_EQ(r.outputs[1].spec.dims, out);
          std::vector<double> want_v(static_cast<size_t>(Count(out)));
          std::vector<int64_t> want_i(want_v.size());
          for (int64_t i = 0; i < Count(out); ++i) {
            auto p = Unravel(i, out);
            std::vector<std::pair<double, int64_t>> line;
            for (int64_t j = 0; j < dims[a]; ++j) {
              auto q = p;
              q[a] = j;
              line.emplace_back(v[static_cast<size_t>(Ravel(q, dims))], j);
            }
            std::stable_sort(line.begin(), line.end(), [&](const auto& l, const auto& m) {
              return largest ? l.first > m.first : l.first < m.first;
            });
            want_v[static_cast<size_t>(i)] = line[static_cast<size_t>(p[a])].first;
            want_i[static_cast<size_t>(i)] = line[static_cast<size_t>(p[a])].second;
          }
          EXPECT_EQ(AsDoubles(r.outputs[0]), want_v) << DataTypeName(dt) << " axis " << axis << " k " << k;
          EXPECT_EQ(r.outputs[1].Values<int64_t>(), want_i) << DataTypeName(dt) << " axis " << axis << " k " << k;
        }
      }
    }
  }
}

TEST(TopK, NanRanksAboveEveryNumber) {
  const HostTensor x = HostTensor::FromFloats(DataType::kFloat, {5}, {1, NAN, 3, -1, NAN});
  RunResult r = RunOp("TopK", {x, I64s({3}).AsConstant()});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[1].Values<int64_t>(), (std::vector<int64_t>{1, 4, 2}));
  r = RunOp("TopK", {x, I64s({3}).AsConstant()}, Attrs({{"largest", int64_t{0}}}));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[1].Values<int64_t>(), (std::vector<int64_t>{3, 0, 2}));
}

TEST(TopK, KOutOfRangeAndUnknownK) {
  const HostTensor x = HostTensor::FromFloats(DataType::kFloat, {4}, {1, 3, 2, 0});
  RunResult r = RunOp("TopK", {x, I64s({5}).AsConstant()});
  EXPECT_NE(r.status.message().find("K = 5 is outside [0, 4]"), std::string::npos) << r.status.message();
  TensorSpec xs, ks;
  xs.dtype = DataType::kFloat;
  xs.dims = {2, 4};
  ks.dtype = DataType::kInt64;
  ks.dims = {1};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("TopK", {xs, ks}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{2, -1}));
  EXPECT_TRUE(sel.work.on_ai_cpu);
  EXPECT_EQ(KernelRegistry::Get().Find("TopK").size(), 1u) << "TopK runs on the AI CPU only";
}

// ---- NonMaxSuppression ---------------------------------------------------------------

HostTensor F32(std::vector<int64_t> dims, const std::vector<float>& v) {
  return HostTensor::FromValues<float>(DataType::kFloat, std::move(dims), v);
}

const std::vector<float> kBoxes = {0, 0,  1, 1,  0, 0.1f,  1, 1.1f,  0, -0.1f, 1, 0.9f,
                                   0, 10, 1, 11, 0, 10.1f, 1, 11.1f, 0, 100,   1, 101};
const std::vector<float> kScores = {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f};

std::vector<int64_t> Nms(const std::vector<HostTensor>& in, const AttrMap& attrs = {}) {
  RunResult r = RunComputedShape(Engine::kAiCpu, "NonMaxSuppression", in, attrs);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  if (!r.status.ok()) return {};
  EXPECT_EQ(r.outputs[0].spec.dims.size(), 2u);
  EXPECT_EQ(r.outputs[0].spec.dims[1], 3);
  return r.outputs[0].Values<int64_t>();
}

TEST(NonMaxSuppression, OnnxBackendCases) {
  const HostTensor boxes = F32({1, 6, 4}, kBoxes), scores = F32({1, 1, 6}, kScores);
  const HostTensor iou = F32({1}, {0.5f}), zero = F32({1}, {0.0f});
  // suppress by IoU, limited output size, score threshold
  EXPECT_EQ(Nms({boxes, scores, I64s({3}), iou, zero}), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
  EXPECT_EQ(Nms({boxes, scores, I64s({2}), iou, zero}), (std::vector<int64_t>{0, 0, 3, 0, 0, 0}));
  EXPECT_EQ(Nms({boxes, scores, I64s({3}), iou, F32({1}, {0.4f})}), (std::vector<int64_t>{0, 0, 3, 0, 0, 0}));
  // center-point boxes
  const HostTensor centers = F32({1, 6, 4}, {0.5f, 0.5f,  1, 1, 0.5f, 0.6f,  1, 1, 0.5f, 0.4f,   1, 1,
                                             0.5f, 10.5f, 1, 1, 0.5f, 10.6f, 1, 1, 0.5f, 100.5f, 1, 1});
  EXPECT_EQ(Nms({centers, scores, I64s({3}), iou, zero}, Attrs({{"center_point_box", int64_t{1}}})),
            (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
  // flipped corners
  const HostTensor flipped = F32(
      {1, 6, 4}, {1, 1, 0, 0, 0, 0.1f, 1, 1.1f, 0, 0.9f, 1, -0.1f, 0, 10, 1, 11, 1, 10.1f, 0, 11.1f, 1, 101, 0, 100});
  EXPECT_EQ(Nms({flipped, scores, I64s({3}), iou, zero}), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
  // identical boxes: only the first survives
  std::vector<float> same;
  for (int i = 0; i < 10; ++i) same.insert(same.end(), {0, 0, 1, 1});
  EXPECT_EQ(Nms({F32({1, 10, 4}, same), F32({1, 1, 10}, std::vector<float>(10, 0.9f)), I64s({3}), iou, zero}),
            (std::vector<int64_t>{0, 0, 0}));
  // two batches, two classes
  std::vector<float> two_boxes = kBoxes, two_scores = kScores;
  two_boxes.insert(two_boxes.end(), kBoxes.begin(), kBoxes.end());
  two_scores.insert(two_scores.end(), kScores.begin(), kScores.end());
  EXPECT_EQ(Nms({F32({2, 6, 4}, two_boxes), F32({2, 1, 6}, two_scores), I64s({2}), iou, zero}),
            (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0}));
  EXPECT_EQ(Nms({boxes, F32({1, 2, 6}, two_scores), I64s({2}), iou, zero}),
            (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 1, 3, 0, 1, 0}));
  // max_output_boxes_per_class absent or 0: nothing
  EXPECT_EQ(Nms({boxes, scores}), std::vector<int64_t>{});
  EXPECT_EQ(Nms({boxes, scores, I64s({0}), iou}), std::vector<int64_t>{});
}

// Dims not known before execution (-1: a dynamic batch, scores from a value-decided
// Reshape) are accepted when selecting the kernel; the output bound is then unknown too.
TEST(NonMaxSuppression, UnknownDimsMatchAnyAtSelection) {
  const KernelDef* def = nullptr;
  for (const KernelDef* d : KernelRegistry::Get().Find("NonMaxSuppression")) def = d;
  ASSERT_NE(def, nullptr);
  const AttrMap attrs;
  std::vector<TensorSpec> out;
  ASSERT_TRUE(
      def->infer_shape({MakeSpec(DataType::kFloat, {1, 6, 4}), MakeSpec(DataType::kFloat, {-1, -1, -1})}, attrs, &out)
          .ok());
  EXPECT_EQ(out[0].dims, (std::vector<int64_t>{-1, 3}));
  ASSERT_TRUE(
      def->infer_shape({MakeSpec(DataType::kFloat, {-1, 6, 4}), MakeSpec(DataType::kFloat, {-1, 2, 6})}, attrs, &out)
          .ok());
  EXPECT_EQ(out[0].dims, (std::vector<int64_t>{-1, 3}));
  ASSERT_TRUE(
      def->infer_shape({MakeSpec(DataType::kFloat, {2, 6, 4}), MakeSpec(DataType::kFloat, {-1, 2, 6})}, attrs, &out)
          .ok());
  EXPECT_EQ(out[0].dims, (std::vector<int64_t>{24, 3}));
  EXPECT_FALSE(
      def->infer_shape({MakeSpec(DataType::kFloat, {2, 6, 4}), MakeSpec(DataType::kFloat, {2, 2, 5})}, attrs, &out)
          .ok());
}

TEST(NonMaxSuppression, RandomBoxesAgainstAGreedyReference) {
  const int64_t n = 40;
  const auto raw = RandomFloats(static_cast<size_t>(n * 4), 0, 10, 3);
  std::vector<float> boxes;
  for (int64_t i = 0; i < n; ++i) {
    const float y = raw[static_cast<size_t>(i * 4)], x = raw[static_cast<size_t>(i * 4 + 1)];
    boxes.insert(boxes.end(), {y, x, y + 1 + raw[static_cast<size_t>(i * 4 + 2)] / 3,
                               x + 1 + raw[static_cast<size_t>(i * 4 + 3)] / 3});
  }
  const auto scores = RandomFloats(static_cast<size_t>(n), 0, 1, 4);
  const float iou_t = 0.3f, score_t = 0.2f;
  auto iou = [&](int64_t a, int64_t b) {
    const float* p = &boxes[static_cast<size_t>(a * 4)];
    const float* q = &boxes[static_cast<size_t>(b * 4)];
    const float ih = std::min(p[2], q[2]) - std::max(p[0], q[0]), iw = std::min(p[3], q[3]) - std::max(p[1], q[1]);
    if (ih <= 0 || iw <= 0) return 0.0f;
    const float inter = ih * iw;
    return inter / ((p[2] - p[0]) * (p[3] - p[1]) + (q[2] - q[0]) * (q[3] - q[1]) - inter);
  };
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return scores[static_cast<size_t>(a)] > scores[static_cast<size_t>(b)];
  });
  std::vector<int64_t> want, kept;
  for (int64_t i : order) {
    if (scores[static_cast<size_t>(i)] <= score_t || kept.size() >= 8) continue;
    if (std::any_of(kept.begin(), kept.end(), [&](int64_t k) { return iou(k, i) > iou_t; })) continue;
    kept.push_back(i);
    want.insert(want.end(), {0, 0, i});
  }
  EXPECT_EQ(Nms({F32({1, n, 4}, boxes), F32({1, 1, n}, scores), I64s({8}).AsConstant(), F32({1}, {iou_t}),
                 F32({1}, {score_t})}),
            want);
  // The bound at selection: B * C * min(max_output, N) rows when max_output is constant.
  TensorSpec b, s, m;
  b.dtype = s.dtype = DataType::kFloat;
  b.dims = {1, n, 4};
  s.dims = {1, 1, n};
  m.dtype = DataType::kInt64;
  m.dims = {1};
  const int64_t eight = 8;
  m.host_data = &eight;
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("NonMaxSuppression", {b, s, m}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{8, 3}));
  RunResult bad = RunOp("NonMaxSuppression", {F32({1, 6, 3}, std::vector<float>(18, 0)), F32({1, 1, 6}, kScores)});
  EXPECT_NE(bad.status.message().find("[B, N, 4]"), std::string::npos) << bad.status.message();
}

// ---- NonZero -----------------------------------------------------------------------

TEST(NonZero, CoordinatesInRowMajorOrderEveryDtype) {
  const std::vector<int64_t> dims = {3, 4, 2};
  for (DataType dt : DeclaredTypes("NonZero", Engine::kAiCpu)) {
    std::vector<double> v = Values(dt, 24, 5);
    for (auto& x : v) x = x > 4 ? 0 : x;  // plenty of zeros
    RunResult r = RunComputedShape(Engine::kAiCpu, "NonZero", {Numbers(dt, dims, v)});
    ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
    std::vector<std::vector<int64_t>> coords(3);
    for (int64_t i = 0; i < 24; ++i) {
      if (v[static_cast<size_t>(i)] == 0) continue;
      const auto p = Unravel(i, dims);
      for (size_t d = 0; d < 3; ++d) coords[d].push_back(p[d]);
    }
    const int64_t nnz = static_cast<int64_t>(coords[0].size());
    ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{3, nnz})) << DataTypeName(dt);
    std::vector<int64_t> want;
    for (const auto& c : coords) want.insert(want.end(), c.begin(), c.end());
    EXPECT_EQ(r.outputs[0].Values<int64_t>(), want) << DataTypeName(dt);
  }
}

TEST(NonZero, ScalarsEmptyNegativeZeroAndNan) {
  RunResult r = RunComputedShape(Engine::kAiCpu, "NonZero", {HostTensor::FromFloats(DataType::kFloat, {}, {2})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{0}));
  r = RunComputedShape(Engine::kAiCpu, "NonZero", {HostTensor::Make(DataType::kInt32, {0, 3})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 0}));
  r = RunComputedShape(Engine::kAiCpu, "NonZero",
                       {HostTensor::FromFloats(DataType::kFloat, {4}, {-0.0f, NAN, 0.0f, 1.0f})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{1, 3}));
  // The bound the runtime allocates: [rank, elements].
  TensorSpec x;
  x.dtype = DataType::kBool;
  x.dims = {5, 7};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("NonZero", {x}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{2, 35}));
}

// ---- Unique ------------------------------------------------------------------------

struct UniqueResult {
  std::vector<double> y;
  std::vector<int64_t> y_dims, indices, inverse, counts;
};

UniqueResult RunUnique(const HostTensor& x, const AttrMap& attrs) {
  RunResult r = RunComputedShape(Engine::kAiCpu, "Unique", {x}, attrs);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  if (!r.status.ok()) return {};
  return {AsDoubles(r.outputs[0]), r.outputs[0].spec.dims, r.outputs[1].Values<int64_t>(),
          r.outputs[2].Values<int64_t>(), r.outputs[3].Values<int64_t>()};
}

TEST(Unique, OnnxExamples) {
  const HostTensor x = Numbers(DataType::kFloat, {6}, {2, 1, 1, 3, 4, 3});
  UniqueResult u = RunUnique(x, Attrs({{"sorted", int64_t{0}}}));
  EXPECT_EQ(u.y, (std::vector<double>{2, 1, 3, 4}));
  EXPECT_EQ(u.indices, (std::vector<int64_t>{0, 1, 3, 4}));
  EXPECT_EQ(u.inverse, (std::vector<int64_t>{0, 1, 1, 2, 3, 2}));
  EXPECT_EQ(u.counts, (std::vector<int64_t>{1, 2, 2, 1}));
  u = RunUnique(x, {});
  EXPECT_EQ(u.y, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(u.indices, (std::vector<int64_t>{1, 0, 3, 4}));
  EXPECT_EQ(u.inverse, (std::vector<int64_t>{1, 0, 0, 2, 3, 2}));
  EXPECT_EQ(u.counts, (std::vector<int64_t>{2, 1, 2, 1}));
  u = RunUnique(Numbers(DataType::kFloat, {3, 3}, {1, 0, 0, 1, 0, 0, 2, 3, 4}), Attrs({{"axis", int64_t{0}}}));
  EXPECT_EQ(u.y_dims, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(u.y, (std::vector<double>{1, 0, 0, 2, 3, 4}));
  EXPECT_EQ(u.indices, (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(u.inverse, (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(u.counts, (std::vector<int64_t>{2, 1}));
  u = RunUnique(Numbers(DataType::kFloat, {2, 4, 2}, {1, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 1, 2, 1, 0, 1}),
                Attrs({{"axis", int64_t{1}}}));
  EXPECT_EQ(u.y_dims, (std::vector<int64_t>{2, 3, 2}));
  EXPECT_EQ(u.y, (std::vector<double>{0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 1}));
  EXPECT_EQ(u.indices, (std::vector<int64_t>{1, 0, 2}));
  EXPECT_EQ(u.inverse, (std::vector<int64_t>{1, 0, 2, 0}));
  EXPECT_EQ(u.counts, (std::vector<int64_t>{2, 1, 1}));
}

TEST(Unique, EveryDtypeSortedAndUnsortedAgainstAPlainReference) {
  for (DataType dt : DeclaredTypes("Unique", Engine::kAiCpu)) {
    const auto v = AsDoubles(Numbers(dt, {30}, Values(dt, 30, 6)));  // as stored (bool: 0/1)
    for (int sorted = 0; sorted < 2; ++sorted) {
      UniqueResult u = RunUnique(Numbers(dt, {5, 6}, v), Attrs({{"sorted", int64_t{sorted}}}));
      // Reference: first occurrences in order, then sorted by value when asked.
      std::vector<double> vals;
      for (double x : v) {
        if (std::find(vals.begin(), vals.end(), x) == vals.end()) vals.push_back(x);
      }
      if (sorted) std::sort(vals.begin(), vals.end());
      std::vector<int64_t> first, counts, inverse;
      for (double y : vals) {
        first.push_back(std::find(v.begin(), v.end(), y) - v.begin());
        counts.push_back(std::count(v.begin(), v.end(), y));
      }
      for (double x : v) inverse.push_back(std::find(vals.begin(), vals.end(), x) - vals.begin());
      EXPECT_EQ(u.y, vals) << DataTypeName(dt);
      EXPECT_EQ(u.y_dims, (std::vector<int64_t>{static_cast<int64_t>(vals.size())}));
      EXPECT_EQ(u.indices, first) << DataTypeName(dt);
      EXPECT_EQ(u.inverse, inverse) << DataTypeName(dt);
      EXPECT_EQ(u.counts, counts) << DataTypeName(dt);
    }
  }
}

TEST(Unique, NansAreOneValueAfterTheNumbersAndBoundsAtSelection) {
  UniqueResult u = RunUnique(HostTensor::FromFloats(DataType::kFloat, {5}, {NAN, 1, NAN, -0.0f, 0.0f}), {});
  ASSERT_EQ(u.y.size(), 3u);
  EXPECT_EQ(u.y[0], 0.0);
  EXPECT_EQ(u.y[1], 1.0);
  EXPECT_TRUE(std::isnan(u.y[2]));
  EXPECT_EQ(u.counts, (std::vector<int64_t>{2, 1, 2}));
  TensorSpec x;
  x.dtype = DataType::kInt64;
  x.dims = {4, 5};
  AttrMap a;
  a.Set("axis", int64_t{-1});
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Unique", {x}, a, {}, &sel).ok());
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{4, 5}));
  EXPECT_EQ(sel.outputs[2].dims, (std::vector<int64_t>{5}));
}

// ---- TfIdfVectorizer -------------------------------------------------------------------

// Pool: unigrams 2, 3 (columns 0, 1), bigram (3, 4) (column 2); weights 0.5, 2, 4.
AttrMap TfIdfAttrs(const std::string& mode, int64_t min_n, int64_t skip) {
  return Attrs({{"mode", mode},
                {"min_gram_length", min_n},
                {"max_gram_length", int64_t{2}},
                {"max_skip_count", skip},
                {"ngram_counts", std::vector<int64_t>{0, 2}},
                {"ngram_indexes", std::vector<int64_t>{0, 1, 2}},
                {"pool_int64s", std::vector<int64_t>{2, 3, 3, 4}},
                {"weights", std::vector<float>{0.5f, 2, 4}}});
}

std::vector<float> TfIdf(const HostTensor& x, const AttrMap& attrs) {
  RunResult r = RunOp("TfIdfVectorizer", {x}, attrs);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  if (!r.status.ok()) return {};
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  return r.outputs[0].Values<float>();
}

TEST(TfIdfVectorizer, CountsUnigramsOnceAndSkipGramsPerDistance) {
  // Tokens 3 4 9 3 9 4: unigram 3 at 0 and 3; bigram (3, 4) at positions 0-1 (distance 1),
  // 3-5 (distance 2) and 0-5 (distance 5); without skips only the first counts.
  const std::vector<int32_t> row = {3, 4, 9, 3, 9, 4};
  const HostTensor x = HostTensor::FromValues<int32_t>(DataType::kInt32, {6}, row);
  EXPECT_EQ(TfIdf(x, TfIdfAttrs("TF", 1, 0)), (std::vector<float>{0, 2, 1}));
  // skip up to 4 (distance 1..5): (3, 4) at 0-1 (d 1), 0-5 (d 5), 3-5 (d 2).
  EXPECT_EQ(TfIdf(x, TfIdfAttrs("TF", 1, 4)), (std::vector<float>{0, 2, 3}));
  // only bigrams
  EXPECT_EQ(TfIdf(x, TfIdfAttrs("TF", 2, 4)), (std::vector<float>{0, 0, 3}));
  EXPECT_EQ(TfIdf(x, TfIdfAttrs("IDF", 1, 4)), (std::vector<float>{0, 2, 4}));
  EXPECT_EQ(TfIdf(x, TfIdfAttrs("TFIDF", 1, 4)), (std::vector<float>{0, 4, 12}));
  // [N, C] rows are independent; int64 tokens.
  const HostTensor batch = HostTensor::FromValues<int64_t>(DataType::kInt64, {2, 3}, {2, 2, 3, 3, 4, 0});
  EXPECT_EQ(TfIdf(batch, TfIdfAttrs("TF", 1, 0)), (std::vector<float>{2, 1, 0, 0, 1, 1}));
}

TEST(TfIdfVectorizer, InconsistentAttributesAreRefused) {
  const HostTensor x = HostTensor::FromValues<int32_t>(DataType::kInt32, {3}, {2, 3, 4});
  AttrMap a = TfIdfAttrs("BM25", 1, 0);
  RunResult r = RunOp("TfIdfVectorizer", {x}, a);
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("'BM25'"), std::string::npos) << r.status.message();
  a = TfIdfAttrs("TF", 1, 0);
  a.Set("ngram_counts", std::vector<int64_t>{0, 3});  // the bigrams would start mid-pool
  r = RunOp("TfIdfVectorizer", {x}, a);
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("ngram_counts[1]"), std::string::npos) << r.status.message();
  a = TfIdfAttrs("TF", 1, 0);
  a.Set("pool_strings", std::vector<std::string>{"a"});
  r = RunOp("TfIdfVectorizer", {x}, a);
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("pool_strings"), std::string::npos) << r.status.message();
  a = TfIdfAttrs("TF", 3, 0);  // min > max
  EXPECT_FALSE(RunOp("TfIdfVectorizer", {x}, a).status.ok());
}

}  // namespace
}  // namespace asim::kernels::testing
