// Test support for the Caffe front end of atc: a network's prototxt text and its weight blobs
// written to a temporary directory as net.prototxt + net.caffemodel (built with the project's
// caffe.proto), converted in-process and run on the host interpreter (the kernels).
// Thread safety: test-only, single-threaded. Failure: gtest expectations.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/caffe/caffe_proto.h"

namespace asim::atc::testing {

struct BlobSpec {
  std::vector<int64_t> dims;
  std::vector<float> data;
};

class CaffeFiles {
 public:
  explicit CaffeFiles(std::string prototxt) : prototxt_(std::move(prototxt)) {}
  // The trained blobs of `layer` (written to the caffemodel under that name).
  CaffeFiles& Blobs(const std::string& layer, std::vector<BlobSpec> blobs);
  // Writes both files into a fresh directory (removed when the program exits).
  void Save();
  const std::string& model_path() const { return model_path_; }
  const std::string& weight_path() const { return weight_path_; }
  asim::caffe::NetParameter& weights() { return weights_; }
  bool write_weights = true;  // when some layer has blobs (a weightless network gets none)

 private:
  std::string prototxt_;
  asim::caffe::NetParameter weights_;
  std::string model_path_, weight_path_;
};

ConvertOptions CaffeOptions(const CaffeFiles& files, ConvertOptions base = TestOptions());
Status ConvertCaffe(CaffeFiles& files, om::Model* model, ConvertResult* result = nullptr,
                    ConvertOptions base = TestOptions());

struct HostRun {
  std::vector<float> values;
  std::vector<int64_t> dims;
};
// Converts and runs on the host; output `output` as floats with its dims.
HostRun RunCaffe(CaffeFiles& files, const std::vector<std::vector<float>>& inputs, size_t output = 0,
                 ConvertOptions base = TestOptions());

// Deterministic values in [lo, hi).
std::vector<float> Random(size_t n, uint32_t seed, float lo = -1.0f, float hi = 1.0f);

}  // namespace asim::atc::testing
