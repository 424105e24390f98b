// Test support for the TensorFlow front end of atc: frozen graphs built node by node with the
// project's tf_graph.proto, written to a temporary .pb, converted in-process and run on the host
// interpreter (the kernels); and plain NHWC reference code for the checks.
// Thread safety: test-only, single-threaded. Failure: gtest expectations.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/tensorflow/tf_proto.h"

namespace asim::atc::testing {

using TfAttrs = std::map<std::string, asim::tf::AttrValue>;
asim::tf::AttrValue AttrS(const std::string& s);
asim::tf::AttrValue AttrI(int64_t i);
asim::tf::AttrValue AttrF(float f);
asim::tf::AttrValue AttrB(bool b);
asim::tf::AttrValue AttrInts(const std::vector<int64_t>& v);
asim::tf::AttrValue AttrType(asim::tf::DataType t);

class TfGraph {
 public:
  // A float Placeholder (dims empty and unknown_rank when `rank_known` is false).
  std::string Placeholder(const std::string& name, const std::vector<int64_t>& dims, bool rank_known = true,
                          asim::tf::DataType dtype = asim::tf::DT_FLOAT);
  std::string Const(const std::string& name, const std::vector<int64_t>& dims, const std::vector<float>& values);
  std::string ConstI32(const std::string& name, const std::vector<int64_t>& dims, const std::vector<int32_t>& values);
  // A node; attr T = DT_FLOAT is added unless `attrs` sets T.
  std::string Op(const std::string& op, const std::string& name, const std::vector<std::string>& inputs,
                 TfAttrs attrs = {});
  asim::tf::GraphDef& def() { return def_; }
  // Writes the .pb into a fresh directory (removed when the program exits); returns its path.
  std::string Save();
  std::string Bytes() const { return def_.SerializeAsString(); }

 private:
  asim::tf::GraphDef def_;
};

ConvertOptions TfOptions(const std::string& path, ConvertOptions base = TestOptions());
Status ConvertTf(TfGraph& g, om::Model* model, ConvertResult* result = nullptr, ConvertOptions base = TestOptions());

struct TfRun {
  std::vector<float> values;
  std::vector<int64_t> dims;
};
// Converts and runs on the host; output `output` as floats with its dims.
TfRun RunTf(TfGraph& g, const std::vector<std::vector<float>>& inputs, size_t output = 0,
            ConvertOptions base = TestOptions());

// Deterministic values in [lo, hi).
std::vector<float> Rand(size_t n, uint32_t seed, float lo = -1.0f, float hi = 1.0f);
// Max |a - b| (infinity when the sizes differ).
double MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b);

// NHWC references.
struct Nhwc {
  int64_t n, h, w, c;
  size_t at(int64_t in, int64_t ih, int64_t iw, int64_t ic) const {
    return static_cast<size_t>(((in * h + ih) * w + iw) * c + ic);
  }
};
// TensorFlow's SAME padding before the window: (total / 2), total from the output size.
int64_t SamePadBefore(int64_t in, int64_t k, int64_t stride, int64_t dilation = 1);
int64_t SameOut(int64_t in, int64_t stride);
// Conv2D NHWC x HWIO with explicit pads before (top, left) and output size; group = C / I.
std::vector<float> RefConv2D(const std::vector<float>& x, Nhwc xs, const std::vector<float>& f, int64_t kh, int64_t kw,
                             int64_t ci, int64_t co, int64_t sh, int64_t sw, int64_t dh, int64_t dw, int64_t pt,
                             int64_t pl, int64_t oh, int64_t ow);

}  // namespace asim::atc::testing
