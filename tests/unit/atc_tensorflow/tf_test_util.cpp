// Test support for the TensorFlow front end (see tf_test_util.h).
#include "tests/unit/atc_tensorflow/tf_test_util.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

namespace asim::atc::testing {

asim::tf::AttrValue AttrS(const std::string& s) {
  asim::tf::AttrValue a;
  a.set_s(s);
  return a;
}
asim::tf::AttrValue AttrI(int64_t i) {
  asim::tf::AttrValue a;
  a.set_i(i);
  return a;
}
asim::tf::AttrValue AttrF(float f) {
  asim::tf::AttrValue a;
  a.set_f(f);
  return a;
}
asim::tf::AttrValue AttrB(bool b) {
  asim::tf::AttrValue a;
  a.set_b(b);
  return a;
}
asim::tf::AttrValue AttrInts(const std::vector<int64_t>& v) {
  asim::tf::AttrValue a;
  auto* list = a.mutable_list();
  for (int64_t x : v) list->add_i(x);
  return a;
}
asim::tf::AttrValue AttrType(asim::tf::DataType t) {
  asim::tf::AttrValue a;
  a.set_type(t);
  return a;
}

std::string TfGraph::Placeholder(const std::string& name, const std::vector<int64_t>& dims, bool rank_known,
                                 asim::tf::DataType dtype) {
  auto* n = def_.add_node();
  n->set_name(name);
  n->set_op("Placeholder");
  (*n->mutable_attr())["dtype"] = AttrType(dtype);
  asim::tf::AttrValue shape;
  if (!rank_known) shape.mutable_shape()->set_unknown_rank(true);
  for (int64_t d : dims) shape.mutable_shape()->add_dim()->set_size(d);
  (*n->mutable_attr())["shape"] = shape;
  return name;
}

std::string TfGraph::Const(const std::string& name, const std::vector<int64_t>& dims,
                           const std::vector<float>& values) {
  auto* n = def_.add_node();
  n->set_name(name);
  n->set_op("Const");
  (*n->mutable_attr())["dtype"] = AttrType(asim::tf::DT_FLOAT);
  asim::tf::AttrValue v;
  auto* t = v.mutable_tensor();
  t->set_dtype(asim::tf::DT_FLOAT);
  for (int64_t d : dims) t->mutable_tensor_shape()->add_dim()->set_size(d);
  if (values.size() == 1) {
    t->add_float_val(values[0]);  // a fill, as TensorFlow writes one
  } else {
    t->set_tensor_content(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
  }
  (*n->mutable_attr())["value"] = v;
  return name;
}

std::string TfGraph::ConstI32(const std::string& name, const std::vector<int64_t>& dims,
                              const std::vector<int32_t>& values) {
  auto* n = def_.add_node();
  n->set_name(name);
  n->set_op("Const");
  (*n->mutable_attr())["dtype"] = AttrType(asim::tf::DT_INT32);
  asim::tf::AttrValue v;
  auto* t = v.mutable_tensor();
  t->set_dtype(asim::tf::DT_INT32);
  for (int64_t d : dims) t->mutable_tensor_shape()->add_dim()->set_size(d);
  for (int32_t x : values) t->add_int_val(x);
  (*n->mutable_attr())["value"] = v;
  return name;
}

std::string TfGraph::Op(const std::string& op, const std::string& name, const std::vector<std::string>& inputs,
                        TfAttrs attrs) {
  auto* n = def_.add_node();
  n->set_name(name);
  n->set_op(op);
  for (const auto& i : inputs) n->add_input(i);
  if (attrs.count("T") == 0) attrs["T"] = AttrType(asim::tf::DT_FLOAT);
  for (auto& [k, v] : attrs) (*n->mutable_attr())[k] = v;
  return name;
}

std::string TfGraph::Save() {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("asim_tf_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  RemoveAtExit(dir);
  const std::string path = (dir / "frozen.pb").string();
  std::ofstream out(path, std::ios::binary);
  def_.SerializeToOstream(&out);
  return path;
}

ConvertOptions TfOptions(const std::string& path, ConvertOptions o) {
  o.framework = Framework::kTensorFlow;
  o.model_path = path;
  return o;
}

Status ConvertTf(TfGraph& g, om::Model* model, ConvertResult* result, ConvertOptions base) {
  ConvertResult local;
  return ConvertModel(TfOptions(g.Save(), std::move(base)), model, result != nullptr ? result : &local);
}

TfRun RunTf(TfGraph& g, const std::vector<std::vector<float>>& inputs, size_t output, ConvertOptions base) {
  om::Model model;
  Status st = ConvertTf(g, &model, nullptr, std::move(base));
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok()) return {};
  TfRun r;
  r.values = RunModelFloat(model, inputs, output, &r.dims);
  return r;
}

std::vector<float> Rand(size_t n, uint32_t seed, float lo, float hi) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 12345u;
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = lo + (hi - lo) * static_cast<float>(s >> 8) / static_cast<float>(1u << 24);
  }
  return v;
}

double MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(static_cast<double>(a[i]) - b[i]));
  return m;
}

int64_t SameOut(int64_t in, int64_t stride) {
  return (in + stride - 1) / stride;
}

int64_t SamePadBefore(int64_t in, int64_t k, int64_t stride, int64_t dilation) {
  const int64_t k_eff = (k - 1) * dilation + 1;
  const int64_t total = std::max<int64_t>((SameOut(in, stride) - 1) * stride + k_eff - in, 0);
  return total / 2;
}

std::vector<float> RefConv2D(const std::vector<float>& x, Nhwc xs, const std::vector<float>& f, int64_t kh, int64_t kw,
                             int64_t ci, int64_t co, int64_t sh, int64_t sw, int64_t dh, int64_t dw, int64_t pt,
                             int64_t pl, int64_t oh, int64_t ow) {
  const int64_t groups = xs.c / ci, co_per_group = co / groups;
  Nhwc ys{xs.n, oh, ow, co};
  std::vector<float> y(static_cast<size_t>(xs.n * oh * ow * co), 0.0f);
  for (int64_t n = 0; n < xs.n; ++n)
    for (int64_t oy = 0; oy < oh; ++oy)
      for (int64_t ox = 0; ox < ow; ++ox)
        for (int64_t o = 0; o < co; ++o) {
          const int64_t g = o / co_per_group;
          double acc = 0;
          for (int64_t ky = 0; ky < kh; ++ky)
            for (int64_t kx = 0; kx < kw; ++kx) {
              const int64_t iy = oy * sh - pt + ky * dh, ix = ox * sw - pl + kx * dw;
              if (iy < 0 || iy >= xs.h || ix < 0 || ix >= xs.w) continue;
              for (int64_t i = 0; i < ci; ++i) {
                acc += static_cast<double>(x[xs.at(n, iy, ix, g * ci + i)]) *
                       f[static_cast<size_t>(((ky * kw + kx) * ci + i) * co + o)];
              }
            }
          y[ys.at(n, oy, ox, o)] = static_cast<float>(acc);
        }
  return y;
}

}  // namespace asim::atc::testing
