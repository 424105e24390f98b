// Plain sources (LoadedModel::PlanPlainSources): the TransData that pads a model's 3-channel
// NCHW image to NC1HWC0 for the first convolution runs only while an observer may read
// tensors (the dump); otherwise the convolution reads the image itself. Checked on a device
// the test owns (tests/support/sim_device), without aclInit: the same output bytes either
// way, the TransData's output written when a tensor-reading observer watches and left as it
// was when only an observer that reads no tensors (the profiler's kind) does; a TransData
// whose output another kind of node also reads, or whose reader's planned workspace could not
// hold the packed image, always runs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/om_writer.h"
#include "runtime/model/model_manager.h"
#include "runtime/observe/kernel_task.h"
#include "tests/support/sim_device/test_device.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::model {
namespace {

using asim::atc::testing::OnnxModel;
using asim::testing::TestDevice;

constexpr int64_t kBatch = 2, kSide = 20, kFilters = 16, kOut = 10;

std::vector<float> Pattern(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = scale * static_cast<float>(static_cast<int>((i * 37 + 11) % 101) - 50) / 50.0f;
  return v;
}

// x [2, 3, 20, 20] -> Conv 7x7/2 pad 3 (16 filters, bias) -> Relu -> y [2, 16, 10, 10], fp32
// on Ascend910B2: atc puts a TransData NCHW -> NC1HWC0 before the convolution. With
// `pointwise`, the convolution is 1x1/2 without padding instead (the same output dims): it
// reads its NC1HWC0 input in place, and from NCHW would need a workspace it was not planned.
om::Model ImageModel(bool pointwise = false) {
  OnnxModel m;
  m.Input("x", onnx::TensorProto::FLOAT, {kBatch, 3, kSide, kSide});
  const int64_t k = pointwise ? 1 : 7, pad = pointwise ? 0 : 3;
  m.Floats("w", {kFilters, 3, k, k}, Pattern(static_cast<size_t>(kFilters * 3 * k * k), 0.05f));
  m.Floats("b", {kFilters}, Pattern(kFilters, 0.1f));
  auto& c = m.Node("Conv", {"x", "w", "b"}, {"c"}, "conv1");
  asim::atc::testing::SetInts(c, "pads", {pad, pad, pad, pad});
  asim::atc::testing::SetInts(c, "kernel_shape", {k, k});
  asim::atc::testing::SetInts(c, "strides", {2, 2});
  m.Node("Relu", {"c"}, {"y"}, "relu1");
  m.Output("y", onnx::TensorProto::FLOAT, {kBatch, kFilters, kOut, kOut});
  om::Model model;
  const Status st = asim::atc::testing::Convert(m.Save(), &model);
  EXPECT_TRUE(st.ok()) << st.message();
  return model;
}

// The same model with a second output, x_back: the image's TransData output read back to
// NCHW by a second TransData, a reader that does not read plain sources.
om::Model WithImageBack(om::Model m) {
  om::Graph& g = m.graphs[0];
  const om::Node* to5hd = nullptr;
  for (const om::Node& n : g.nodes) {
    if (n.type == "TransData" && n.attrs.GetString("dst_format", "") == "NC1HWC0") to5hd = &n;
  }
  EXPECT_NE(to5hd, nullptr);
  if (to5hd == nullptr) return m;
  om::Tensor back = g.tensors[static_cast<size_t>(to5hd->inputs[0])];
  back.name = "x_back";
  back.place = om::TensorPlace::kOutput;
  back.io_index = 1;
  back.offset = 0;
  g.tensors.push_back(back);
  om::Node reader;
  reader.name = "x_back_TransData";
  reader.type = "TransData";
  reader.engine = to5hd->engine;
  reader.attrs = to5hd->attrs;
  reader.attrs.Set("src_format", std::string("NC1HWC0"));
  reader.attrs.Set("dst_format", std::string("NCHW"));
  reader.inputs = {to5hd->outputs[0]};
  reader.outputs = {static_cast<int32_t>(g.tensors.size() - 1)};
  g.nodes.push_back(reader);
  om::IoDesc io = m.inputs[0];
  io.name = "x_back";
  m.outputs.push_back(io);
  return m;
}

// Where each TransData to NC1HWC0 (not the output's, back to NCHW) wrote or would have
// written its output, and, when `reads` is set, that output's bytes as the task left them.
class TransDataWatcher : public observe::KernelTaskObserver {
 public:
  TransDataWatcher(const sim::DeviceMemory* memory, bool reads) : memory_(memory), reads_(reads) {}
  void OnKernelEnd(const sim::TaskRecord& /*record*/, const observe::KernelTaskInfo& info,
                   const Status& /*result*/) override {
    if (info.op_type != "TransData" || info.outputs.empty() || info.outputs[0].desc.format != Format::kNc1hwc0) return;
    const observe::TaskTensor& out = info.outputs[0];
    std::lock_guard<std::mutex> lock(mutex_);
    outputs.push_back({out.device_addr, out.bytes});
    if (!reads_) return;
    void* sim = nullptr;
    if (!memory_->Translate(out.device_addr, out.bytes, &sim).ok()) return;
    bytes.emplace_back(static_cast<const uint8_t*>(sim), static_cast<const uint8_t*>(sim) + out.bytes);
  }
  bool ReadsTensors() const override { return reads_; }

  std::mutex mutex_;
  std::vector<std::pair<const void*, uint64_t>> outputs;
  std::vector<std::vector<uint8_t>> bytes;

 private:
  const sim::DeviceMemory* memory_;
  const bool reads_;
};

class PlainSource : public ::testing::Test {
 protected:
  void Load(om::Model model) {
    model_ = std::move(model);
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(om::WriteModel(model_, &bytes).ok());
    ASSERT_TRUE(manager_.LoadFromMem(bytes.data(), bytes.size(), dev_.context(), LoadMemory{}, &id_).ok());
  }
  void TearDown() override { manager_.UnloadAll(-1, /*log_leaks=*/false); }

  // The model's outputs as bytes, after one execution on `input`, with `watcher` observing.
  std::vector<std::vector<uint8_t>> Run(const std::vector<float>& input,
                                        const std::shared_ptr<TransDataWatcher>& watcher,
                                        const std::function<void()>& before = nullptr) {
    dev_.device().scheduler().AddObserver(watcher);
    ExecuteRequest request;
    const size_t in_bytes = input.size() * sizeof(float);
    request.inputs = {IoBuffer{dev_.Alloc(in_bytes), in_bytes, nullptr}};
    for (const om::IoDesc& o : model_.outputs) request.outputs.push_back(IoBuffer{dev_.Alloc(o.size), o.size, nullptr});
    dev_.Put(request.inputs[0].data, input);
    if (before) before();
    const Status st = manager_.Execute(id_, request);
    dev_.device().scheduler().RemoveObserver(watcher.get());
    EXPECT_TRUE(st.ok()) << st.message();
    std::vector<std::vector<uint8_t>> out;
    for (const IoBuffer& o : request.outputs) out.push_back(dev_.Get<uint8_t>(o.data, o.size));
    return out;
  }
  std::shared_ptr<TransDataWatcher> Watcher(bool reads) {
    return std::make_shared<TransDataWatcher>(&dev_.context()->memory(), reads);
  }
  // What a TransData of `x` [kBatch, 3, kSide, kSide] to NC1HWC0 writes: 16 lanes per pixel,
  // the 3 channels and 13 zeros.
  static std::vector<uint8_t> Nc1hwc0Of(const std::vector<float>& x) {
    std::vector<float> out(static_cast<size_t>(kBatch * kSide * kSide * 16), 0.0f);
    for (int64_t n = 0; n < kBatch; ++n)
      for (int64_t c = 0; c < 3; ++c)
        for (int64_t p = 0; p < kSide * kSide; ++p) {
          out[static_cast<size_t>((n * kSide * kSide + p) * 16 + c)] =
              x[static_cast<size_t>((n * 3 + c) * kSide * kSide + p)];
        }
    std::vector<uint8_t> bytes(out.size() * sizeof(float));
    std::memcpy(bytes.data(), out.data(), bytes.size());
    return bytes;
  }

  TestDevice dev_{"Ascend910B2"};
  ModelManager manager_;
  om::Model model_;
  uint32_t id_ = 0;
};

TEST_F(PlainSource, TheImagesTransDataRunsOnlyForAnObserverThatReadsTensors) {
  Load(ImageModel());
  const std::vector<float> x = Pattern(static_cast<size_t>(kBatch * 3 * kSide * kSide), 100.0f);

  auto reading = Watcher(/*reads=*/true);
  const auto watched = Run(x, reading);
  ASSERT_EQ(reading->bytes.size(), 1u) << "one TransData, at the image input";
  EXPECT_TRUE(reading->bytes[0] == Nc1hwc0Of(x)) << "the dump sees the TransData's output as before";

  // Fill its output with a pattern the TransData would overwrite, then run with an observer
  // that reads no tensors: the pattern stays, the model's output is the same bytes.
  const void* const addr = reading->outputs[0].first;
  const uint64_t size = reading->outputs[0].second;
  auto blind = Watcher(/*reads=*/false);
  const std::vector<uint8_t> marker(size, 0x7f);
  const auto unwatched = Run(x, blind, [&] { dev_.Put(const_cast<void*>(addr), marker); });
  ASSERT_EQ(blind->outputs.size(), 1u) << "the TransData task still runs on the device (its time, its profile)";
  EXPECT_EQ(blind->outputs[0].first, addr);
  EXPECT_TRUE(dev_.Get<uint8_t>(addr, size) == marker) << "its output was not written";
  ASSERT_EQ(watched.size(), 1u);
  EXPECT_TRUE(watched[0] == unwatched[0]) << "the convolution read the image itself: the same bytes";

  // And the reference: the model on the host's plain kernels.
  const std::vector<float> host = asim::atc::testing::RunModelFloat(model_, {x});
  ASSERT_EQ(host.size() * sizeof(float), unwatched[0].size());
  std::vector<float> ours(host.size());
  std::memcpy(ours.data(), unwatched[0].data(), unwatched[0].size());
  for (size_t i = 0; i < host.size(); ++i) ASSERT_NEAR(ours[i], host[i], 1e-3f * (1.0f + std::abs(host[i]))) << i;
}

TEST_F(PlainSource, ATransDataWhoseOutputAnotherKindOfNodeReadsAlwaysRuns) {
  Load(WithImageBack(ImageModel()));
  const std::vector<float> x = Pattern(static_cast<size_t>(kBatch * 3 * kSide * kSide), 50.0f);
  auto blind = Watcher(/*reads=*/false);
  const auto out = Run(x, blind);
  ASSERT_EQ(out.size(), 2u);
  std::vector<float> back(x.size());
  ASSERT_EQ(out[1].size(), back.size() * sizeof(float));
  std::memcpy(back.data(), out[1].data(), out[1].size());
  EXPECT_EQ(back, x) << "the second TransData read what the first wrote";
  auto reading = Watcher(/*reads=*/true);
  EXPECT_TRUE(Run(x, reading)[0] == out[0]) << "the convolution's output does not depend on who watches";
}

TEST_F(PlainSource, AReaderWhosePlannedWorkspaceCannotHoldThePackedImageReadsTheTransDatasOutput) {
  Load(ImageModel(/*pointwise=*/true));
  const std::vector<float> x = Pattern(static_cast<size_t>(kBatch * 3 * kSide * kSide), 10.0f);
  auto reading = Watcher(/*reads=*/true);
  const auto watched = Run(x, reading);
  ASSERT_EQ(reading->outputs.size(), 1u);
  const void* const addr = reading->outputs[0].first;
  const uint64_t size = reading->outputs[0].second;
  auto blind = Watcher(/*reads=*/false);
  const std::vector<uint8_t> marker(size, 0x7f);
  const auto unwatched = Run(x, blind, [&] { dev_.Put(const_cast<void*>(addr), marker); });
  EXPECT_TRUE(dev_.Get<uint8_t>(addr, size) == Nc1hwc0Of(x))
      << "the TransData ran: its output is the convolution's input";
  EXPECT_TRUE(watched[0] == unwatched[0]);
}

}  // namespace
}  // namespace asim::model
