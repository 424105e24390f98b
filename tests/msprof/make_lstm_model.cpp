// make_lstm_model: writes lstm_net.om for the msprof tests — a model whose LSTM has no AI Core
// kernel and runs on AI CPU between two AI Core Relus (the "AI CPU section non-empty"
// acceptance case).   make_lstm_model <out.om> [soc_version]
#include <cstdio>
#include <string>
#include <vector>

#include "compiler/graph_builder.h"
#include "om/om_writer.h"

int main(int argc, char** argv) {
  using namespace asim;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <out.om> [soc_version]\n", argv[0]);
    return 1;
  }
  constexpr int64_t kSeq = 4, kBatch = 1, kIn = 16, kHidden = 8;
  const auto constant = [](atc::GraphBuilder& b, const char* name, std::vector<int64_t> dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    std::vector<float> values(static_cast<size_t>(n));
    for (size_t i = 0; i < values.size(); ++i) values[i] = 0.01f * static_cast<float>(i % 17) - 0.08f;
    return b.Constant(name, DataType::kFloat, dims, values.data());
  };
  atc::GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {kSeq, kBatch, kIn}, Format::kNd);
  const int relu = b.Op("Relu", "relu_in", {x}, {})[0];
  const int w = constant(b, "W", {1, 4 * kHidden, kIn});
  const int r = constant(b, "R", {1, 4 * kHidden, kHidden});
  const int bias = constant(b, "B", {1, 8 * kHidden});
  kernels::AttrMap attrs;
  attrs.Set("hidden_size", kHidden);
  const std::vector<int> lstm = b.Op("LSTM", "lstm", {relu, w, r, bias}, attrs, 3);
  b.Output(b.Op("Relu", "relu_out", {lstm[1]}, {})[0], "h");
  atc::CompileOptions options;
  options.soc_version = argc > 2 ? argv[2] : "Ascend310";
  options.model_name = "lstm_net";
  om::Model model;
  Status st = b.Compile(options, &model);
  if (st.ok()) st = om::WriteModelFile(model, argv[1]);
  if (!st.ok()) {
    std::fprintf(stderr, "make_lstm_model: %s\n", st.message().c_str());
    return 1;
  }
  return 0;
}
