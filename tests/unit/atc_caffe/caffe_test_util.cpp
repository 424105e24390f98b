// Test support for the Caffe front end (see caffe_test_util.h).
#include "tests/unit/atc_caffe/caffe_test_util.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace asim::atc::testing {
CaffeFiles& CaffeFiles::Blobs(const std::string& layer, std::vector<BlobSpec> blobs) {
  auto* l = weights_.add_layer();
  l->set_name(layer);
  for (const auto& b : blobs) {
    auto* blob = l->add_blobs();
    for (int64_t d : b.dims) blob->mutable_shape()->add_dim(d);
    for (float v : b.data) blob->add_data(v);
  }
  return *this;
}

void CaffeFiles::Save() {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("asim_caffe_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  RemoveAtExit(dir);
  model_path_ = (dir / "net.prototxt").string();
  std::ofstream(model_path_) << prototxt_;
  weight_path_.clear();
  if (write_weights && (weights_.layer_size() > 0 || weights_.layers_size() > 0)) {
    weight_path_ = (dir / "net.caffemodel").string();
    std::ofstream out(weight_path_, std::ios::binary);
    weights_.SerializeToOstream(&out);
  }
}

ConvertOptions CaffeOptions(const CaffeFiles& files, ConvertOptions o) {
  o.framework = Framework::kCaffe;
  o.model_path = files.model_path();
  o.weight_path = files.weight_path();
  return o;
}

Status ConvertCaffe(CaffeFiles& files, om::Model* model, ConvertResult* result, ConvertOptions base) {
  files.Save();
  ConvertResult local;
  return ConvertModel(CaffeOptions(files, std::move(base)), model, result != nullptr ? result : &local);
}

HostRun RunCaffe(CaffeFiles& files, const std::vector<std::vector<float>>& inputs, size_t output, ConvertOptions base) {
  om::Model model;
  Status st = ConvertCaffe(files, &model, nullptr, std::move(base));
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok()) return {};
  HostRun r;
  r.values = RunModelFloat(model, inputs, output, &r.dims);
  return r;
}

std::vector<float> Random(size_t n, uint32_t seed, float lo, float hi) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 12345u;
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = lo + (hi - lo) * static_cast<float>(s >> 8) / static_cast<float>(1u << 24);
  }
  return v;
}

}  // namespace asim::atc::testing
