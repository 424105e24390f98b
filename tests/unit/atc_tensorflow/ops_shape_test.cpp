// The TensorFlow data-movement translations (tools/atc/tensorflow/ops_shape.cpp), on plain
// values and on values stored NCHW after a convolution (the layout tag of node_context.h),
// against index arithmetic written here.
#include <gtest/gtest.h>

#include <numeric>

#include "tests/unit/atc_tensorflow/tf_test_util.h"

namespace asim::atc::testing {
namespace {

using asim::tf::DT_FLOAT;
using asim::tf::DT_INT32;

// x [N, H, W, C] -> an identity 1x1 Conv2D, so that what follows reads a value stored NCHW.
std::string IdentityConv(TfGraph& g, const std::string& x, int64_t c) {
  std::vector<float> eye(static_cast<size_t>(c * c), 0.0f);
  for (int64_t i = 0; i < c; ++i) eye[static_cast<size_t>(i * c + i)] = 1.0f;
  g.Const(x + "_eye", {1, 1, c, c}, eye);
  return g.Op("Conv2D", x + "_conv", {x, x + "_eye"},
              {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}});
}

std::vector<float> Iota(size_t n) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), 0.0f);
  return v;
}

struct SliceCase {
  std::vector<int32_t> begin, end, strides;
  int64_t begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask;
  std::vector<int64_t> dims;  // expected
  std::vector<float> first;   // expected leading values
};

TEST(TfShapeOps, StridedSliceMasks) {
  // x = iota over [2, 3, 4]: x[n, h, w] = 12n + 4h + w.
  const std::vector<SliceCase> cases = {
      // x[:, 1:3, ::2]
      {{0, 1, 0}, {0, 3, 0}, {1, 1, 2}, 0b101, 0b101, 0, 0, 0, {2, 2, 2}, {4, 6, 8, 10, 16}},
      // x[..., 2]
      {{0, 2}, {0, 3}, {1, 1}, 0, 0, 0b01, 0, 0b10, {2, 3}, {2, 6, 10, 14}},
      // x[-1]
      {{-1}, {0}, {1}, 0, 0, 0, 0, 0b1, {3, 4}, {12, 13, 14}},
      // x[:, None, ::-1, 1]
      {{0, 0, 0, 1}, {0, 0, 0, 2}, {1, 1, -1, 1}, 0b101, 0b101, 0, 0b010, 0b1000, {2, 1, 3}, {9, 5, 1, 21}},
      // x[1:, :2]
      {{1, 0}, {2, 2}, {1, 1}, 0, 0, 0, 0, 0, {1, 2, 4}, {12, 13, 14, 15, 16}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& cs = cases[i];
    TfGraph g;
    g.Placeholder("x", {2, 3, 4});
    const int64_t n = static_cast<int64_t>(cs.begin.size());
    g.ConstI32("b", {n}, cs.begin);
    g.ConstI32("e", {n}, cs.end);
    g.ConstI32("s", {n}, cs.strides);
    g.Op("StridedSlice", "ss", {"x", "b", "e", "s"},
         {{"begin_mask", AttrI(cs.begin_mask)},
          {"end_mask", AttrI(cs.end_mask)},
          {"ellipsis_mask", AttrI(cs.ellipsis_mask)},
          {"new_axis_mask", AttrI(cs.new_axis_mask)},
          {"shrink_axis_mask", AttrI(cs.shrink_axis_mask)},
          {"Index", AttrType(DT_INT32)}});
    const auto r = RunTf(g, {Iota(24)});
    EXPECT_EQ(r.dims, cs.dims) << "case " << i;
    ASSERT_GE(r.values.size(), cs.first.size()) << "case " << i;
    EXPECT_EQ(std::vector<float>(r.values.begin(), r.values.begin() + static_cast<std::ptrdiff_t>(cs.first.size())),
              cs.first)
        << "case " << i;
  }
}

// Keras' Flatten: Shape -> StridedSlice -> Pack with -1 -> Reshape, on a value stored NCHW:
// the result must be the NHWC order.
TEST(TfShapeOps, KerasFlattenPatternGivesNhwcOrder) {
  TfGraph g;
  g.Placeholder("x", {1, 2, 2, 3});
  const std::string conv = IdentityConv(g, "x", 3);
  g.Op("Shape", "shape", {conv}, {{"out_type", AttrType(DT_INT32)}});
  g.ConstI32("b", {1}, {0});
  g.ConstI32("e", {1}, {1});
  g.ConstI32("s", {1}, {1});
  g.Op("StridedSlice", "batch", {"shape", "b", "e", "s"}, {{"shrink_axis_mask", AttrI(1)}, {"T", AttrType(DT_INT32)}});
  g.ConstI32("minus1", {}, {-1});
  g.Op("Pack", "new_shape", {"batch", "minus1"}, {{"N", AttrI(2)}, {"axis", AttrI(0)}, {"T", AttrType(DT_INT32)}});
  g.Op("Reshape", "flat", {conv, "new_shape"}, {{"Tshape", AttrType(DT_INT32)}});
  const auto r = RunTf(g, {Iota(12)});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 12}));
  EXPECT_EQ(r.values, Iota(12));
}

TEST(TfShapeOps, PadsOnPlainAndNhwcValues) {
  for (const std::string op : {"Pad", "PadV2", "MirrorPad"}) {
    for (bool after_conv : {false, true}) {
      TfGraph g;
      g.Placeholder("x", {1, 2, 3, 2});
      const std::string in = after_conv ? IdentityConv(g, "x", 2) : "x";
      g.ConstI32("p", {4, 2}, {0, 0, 1, 1, 2, 0, 0, 1});
      std::vector<std::string> inputs{in, "p"};
      TfAttrs attrs;
      if (op == "PadV2") {
        g.Const("v", {}, {-5.0f});
        inputs.push_back("v");
      }
      if (op == "MirrorPad") attrs["mode"] = AttrS("REFLECT");
      g.Op(op, "pad", inputs, attrs);
      const auto x = Iota(12);
      // Reference: y[n, h, w, c] over padded dims [1, 4, 5, 3].
      std::vector<float> want;
      for (int64_t h = 0; h < 4; ++h)
        for (int64_t w = 0; w < 5; ++w)
          for (int64_t c = 0; c < 3; ++c) {
            int64_t sh = h - 1, sw = w - 2, sc = c;
            const bool inside = sh >= 0 && sh < 2 && sw >= 0 && sw < 3 && sc < 2;
            if (op == "MirrorPad") {
              const auto reflect = [](int64_t i, int64_t n) { return i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i; };
              sh = reflect(sh, 2), sw = reflect(sw, 3), sc = reflect(sc, 2);
              want.push_back(x[static_cast<size_t>((sh * 3 + sw) * 2 + sc)]);
            } else {
              want.push_back(inside ? x[static_cast<size_t>((sh * 3 + sw) * 2 + sc)] : op == "PadV2" ? -5.0f : 0.0f);
            }
          }
      const auto r = RunTf(g, {x});
      EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 4, 5, 3})) << op;
      EXPECT_EQ(r.values, want) << op << " after_conv " << after_conv;
    }
  }
}

TEST(TfShapeOps, ConcatV2OnTheChannelAxisOfConvolutions) {
  TfGraph g;
  g.Placeholder("x", {1, 2, 2, 2});
  const std::string a = IdentityConv(g, "x", 2);
  g.Const("k3", {1, 1, 2, 1}, {1, 1});
  g.Op("Conv2D", "sum", {"x", "k3"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}});
  g.ConstI32("axis", {}, {-1});
  g.Op("ConcatV2", "cat", {a, "sum", "x", "axis"}, {{"N", AttrI(3)}, {"Tidx", AttrType(DT_INT32)}});
  const auto x = Iota(8);
  std::vector<float> want;
  for (size_t p = 0; p < 4; ++p) {
    want.push_back(x[2 * p]);
    want.push_back(x[2 * p + 1]);
    want.push_back(x[2 * p] + x[2 * p + 1]);
    want.push_back(x[2 * p]);
    want.push_back(x[2 * p + 1]);
  }
  const auto r = RunTf(g, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 2, 2, 5}));
  EXPECT_EQ(r.values, want);
}

TEST(TfShapeOps, SqueezeTransposeAndExpandDimsOfNhwcValues) {
  TfGraph g;
  g.Placeholder("x", {1, 1, 1, 3});
  const std::string conv = IdentityConv(g, "x", 3);
  g.Op("Squeeze", "sq", {conv}, {{"squeeze_dims", AttrInts({1, 2})}});
  g.ConstI32("dim", {}, {0});
  g.Op("ExpandDims", "ex", {"sq", "dim"}, {{"Tdim", AttrType(DT_INT32)}});
  const auto r = RunTf(g, {{1, 2, 3}});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1, 3}));
  EXPECT_EQ(r.values, (std::vector<float>{1, 2, 3}));

  TfGraph t;
  t.Placeholder("x", {1, 2, 3, 2});
  const std::string c2 = IdentityConv(t, "x", 2);
  t.ConstI32("perm", {4}, {0, 3, 1, 2});  // NHWC -> NCHW, as models exported for NCHW consumers do
  t.Op("Transpose", "tr", {c2, "perm"}, {{"Tperm", AttrType(DT_INT32)}});
  const auto x = Iota(12);
  std::vector<float> want;
  for (int c = 0; c < 2; ++c)
    for (int p = 0; p < 6; ++p) want.push_back(x[static_cast<size_t>(p * 2 + c)]);
  const auto rt = RunTf(t, {x});
  EXPECT_EQ(rt.dims, (std::vector<int64_t>{1, 2, 2, 3}));
  EXPECT_EQ(rt.values, want);
}

TEST(TfShapeOps, PackUnpackSplitAndSplitV) {
  TfGraph g;
  g.Placeholder("x", {2, 6});
  g.Op("Unpack", "rows", {"x"}, {{"num", AttrI(2)}, {"axis", AttrI(0)}});
  g.Op("Pack", "cols", {"rows:1", "rows:0"}, {{"N", AttrI(2)}, {"axis", AttrI(1)}});  // [6, 2]
  g.ConstI32("axis0", {}, {0});
  g.Op("Split", "halves", {"axis0", "cols"}, {{"num_split", AttrI(2)}});  // [3, 2] each
  g.ConstI32("sizes", {2}, {-1, 1});
  g.ConstI32("axis1", {}, {1});
  g.Op("SplitV", "parts", {"halves:1", "sizes", "axis1"}, {{"num_split", AttrI(2)}, {"Tlen", AttrType(DT_INT32)}});
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"parts", 0}, {"parts", 1}, {"halves", 0}};
  om::Model m;
  ASSERT_TRUE(ConvertTf(g, &m, nullptr, o).ok());
  const auto x = Iota(12);  // rows 0..5 and 6..11; cols[i] = (x[1][i], x[0][i])
  std::vector<int64_t> dims;
  EXPECT_EQ(RunModelFloat(m, {x}, 0, &dims), (std::vector<float>{9, 10, 11}));
  EXPECT_EQ(dims, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(RunModelFloat(m, {x}, 1), (std::vector<float>{3, 4, 5}));
  EXPECT_EQ(RunModelFloat(m, {x}, 2), (std::vector<float>{6, 0, 7, 1, 8, 2}));
}

TEST(TfShapeOps, SliceGatherFillAndTile) {
  TfGraph g;
  g.Placeholder("x", {3, 4});
  g.ConstI32("begin", {2}, {1, 1});
  g.ConstI32("size", {2}, {-1, 2});
  g.Op("Slice", "sl", {"x", "begin", "size"}, {{"Index", AttrType(DT_INT32)}});  // rows 1-2, cols 1-2
  g.ConstI32("idx", {3}, {2, 0, 2});
  g.ConstI32("axis", {}, {1});
  g.Op("GatherV2", "ga", {"x", "idx", "axis"}, {{"Tparams", AttrType(DT_FLOAT)}, {"Tindices", AttrType(DT_INT32)}});
  g.ConstI32("mult", {2}, {1, 2});
  g.Op("Tile", "ti", {"sl", "mult"}, {{"Tmultiples", AttrType(DT_INT32)}});
  g.ConstI32("dims", {2}, {2, 2});
  g.Const("seven", {}, {7.0f});
  g.Op("Fill", "fi", {"dims", "seven"}, {{"index_type", AttrType(DT_INT32)}});
  g.Op("AddV2", "sum", {"sl", "fi"});
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"ga", 0}, {"ti", 0}, {"sum", 0}};
  om::Model m;
  ASSERT_TRUE(ConvertTf(g, &m, nullptr, o).ok());
  const auto x = Iota(12);
  EXPECT_EQ(RunModelFloat(m, {x}, 0), (std::vector<float>{2, 0, 2, 6, 4, 6, 10, 8, 10}));
  EXPECT_EQ(RunModelFloat(m, {x}, 1), (std::vector<float>{5, 6, 5, 6, 9, 10, 9, 10}));
  EXPECT_EQ(RunModelFloat(m, {x}, 2), (std::vector<float>{12, 13, 16, 17}));
}

}  // namespace
}  // namespace asim::atc::testing
