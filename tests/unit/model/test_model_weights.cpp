// Weights a loaded model does not hold (LoadedModel::PlanSkippedWeights): a model loaded from
// a file leaves the convolution filters it repacks at load out of memory and reads them back
// from the file when something needs them as they are: an observer (the
// dump) through KernelTaskInfo::LoadInputs, a kernel path that cannot use the repacked copy
// through KernelContext::Materialize. Checked against the same model loaded from memory
// (which keeps every weight): the same outputs, the same bytes read back, and a file changed
// in place after load is an error that says so, not wrong weights. The convolutions'
// prepared filters the compiler stored in the model are read from the file's mapping when
// they fit this host's plan, and prepared again when not.
// On a device the test owns (tests/support/sim_device), without aclInit.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/isa.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "runtime/model/model_manager.h"
#include "runtime/observe/kernel_task.h"
#include "tests/support/sim_device/test_device.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::model {
namespace {

using asim::atc::testing::OnnxModel;
using asim::testing::TestDevice;

std::vector<float> Pattern(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = scale * static_cast<float>(static_cast<int>((i * 37 + 11) % 101) - 50) / 50.0f;
  return v;
}

// x [1, 64, 16, 16] -> Conv 3x3 (128 filters, pad 1) -> Relu -> Conv 1x1 (128) -> y, fp32 on
// Ascend910B2: two AI Core convolutions whose filters (295 KB and 64 KB) are repacked at load.
om::Model ConvModel() {
  OnnxModel m;
  m.Input("x", onnx::TensorProto::FLOAT, {1, 64, 16, 16});
  m.Floats("w1", {128, 64, 3, 3}, Pattern(128 * 64 * 9, 0.05f));
  m.Floats("b1", {128}, Pattern(128, 0.1f));
  m.Floats("w2", {128, 128, 1, 1}, Pattern(128 * 128, 0.08f));
  auto& c1 = m.Node("Conv", {"x", "w1", "b1"}, {"c1"}, "conv1");
  asim::atc::testing::SetInts(c1, "pads", {1, 1, 1, 1});
  asim::atc::testing::SetInts(c1, "kernel_shape", {3, 3});
  m.Node("Relu", {"c1"}, {"r1"}, "relu1");
  auto& c2 = m.Node("Conv", {"r1", "w2"}, {"y"}, "conv2");
  asim::atc::testing::SetInts(c2, "kernel_shape", {1, 1});
  m.Output("y", onnx::TensorProto::FLOAT, {1, 128, 16, 16});
  om::Model model;
  const Status st = asim::atc::testing::Convert(m.Save(), &model);
  EXPECT_TRUE(st.ok()) << st.message();
  return model;
}

// Reads every kernel's weight inputs after asking for them (what the dump does).
class WeightReader : public observe::KernelTaskObserver {
 public:
  explicit WeightReader(const sim::DeviceMemory* memory) : memory_(memory) {}
  void OnKernelBegin(const sim::TaskRecord& /*record*/, const observe::KernelTaskInfo& info) override {
    const Status st = info.LoadInputs();
    std::lock_guard<std::mutex> lock(mutex_);
    statuses.push_back(st);
    ops.push_back(info.op_type + " " + info.op_name);
    if (!st.ok() || info.op_type != "Conv" || info.inputs.size() < 2) return;
    const observe::TaskTensor& w = info.inputs[1];
    void* sim = nullptr;
    if (!memory_->Translate(w.device_addr, w.bytes, &sim).ok()) return;
    filters[info.op_name].assign(static_cast<const uint8_t*>(sim), static_cast<const uint8_t*>(sim) + w.bytes);
  }
  std::mutex mutex_;
  std::vector<Status> statuses;
  std::vector<std::string> ops;
  std::map<std::string, std::vector<uint8_t>> filters;

 private:
  const sim::DeviceMemory* memory_;
};

class ModelWeights : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = ConvModel();
    ASSERT_TRUE(om::WriteModel(model_, &bytes_).ok());
    path_ = ::testing::TempDir() + "model_weights_" + std::to_string(::getpid()) + ".om";
    std::ofstream(path_, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes_.data()), static_cast<std::streamsize>(bytes_.size()));
    ASSERT_TRUE(manager_.LoadFromFile(path_, dev_.context(), LoadMemory{}, &from_file_).ok());
    ASSERT_TRUE(manager_.LoadFromMem(bytes_.data(), bytes_.size(), dev_.context(), LoadMemory{}, &from_mem_).ok());
  }
  void TearDown() override {
    manager_.UnloadAll(-1, /*log_leaks=*/false);
    std::remove(path_.c_str());
  }
  std::vector<float> Run(uint32_t id, Status* status = nullptr) {
    ExecuteRequest request;
    const size_t in_bytes = 64 * 16 * 16 * 4, out_bytes = 128 * 16 * 16 * 4;
    request.inputs = {IoBuffer{dev_.Alloc(in_bytes), in_bytes, nullptr}};
    request.outputs = {IoBuffer{dev_.Alloc(out_bytes), out_bytes, nullptr}};
    dev_.Put(request.inputs[0].data, Pattern(64 * 16 * 16, 1.0f));
    const Status st = manager_.Execute(id, request);
    if (status != nullptr) *status = st;
    EXPECT_TRUE(status != nullptr || st.ok()) << st.message();
    return dev_.Get<float>(request.outputs[0].data, 128 * 16 * 16);
  }
  void Residency(uint32_t id, uint64_t* released, uint64_t* restored) {
    ASSERT_TRUE(manager_.WeightResidency(id, released, restored).ok());
  }
  // The model's own bytes of the weight blob (what the file holds at `source_weight_offset`).
  std::vector<uint8_t> FilterBytes(const std::string& op) const {
    const om::Graph& g = model_.graphs[0];
    for (const om::Node& n : g.nodes) {
      if (n.name != op) continue;
      const om::Tensor& t = g.tensors[static_cast<size_t>(n.inputs[1])];
      return std::vector<uint8_t>(model_.weights.begin() + static_cast<std::ptrdiff_t>(t.offset),
                                  model_.weights.begin() + static_cast<std::ptrdiff_t>(t.offset + t.size));
    }
    ADD_FAILURE() << "no node " << op;
    return {};
  }

  TestDevice dev_{"Ascend910B2"};
  ModelManager manager_;
  om::Model model_;
  std::vector<uint8_t> bytes_;
  std::string path_;
  uint32_t from_file_ = 0, from_mem_ = 0;
};

TEST_F(ModelWeights, AFileModelReturnsItsRepackedFiltersAndComputesTheSame) {
  uint64_t released = 0, restored = 0;
  Residency(from_file_, &released, &restored);
  EXPECT_GE(released, 256u * 1024) << "most of the 295 KB + 64 KB of filters";
  EXPECT_LE(released, model_.weight_size());
  EXPECT_EQ(restored, 0u);
  Residency(from_mem_, &released, &restored);
  EXPECT_EQ(released, 0u) << "aclmdlLoadFromMem's buffer is the application's: nothing to read back from";

  const std::vector<float> a = Run(from_file_), b = Run(from_mem_);
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << "the same kernels on the same bytes";
  Residency(from_file_, &released, &restored);
  EXPECT_EQ(restored, 0u) << "the convolutions read their repacked filters only";
}

TEST_F(ModelWeights, ObserversReadTheFiltersBackAsTheFileHasThem) {
  auto reader = std::make_shared<WeightReader>(&dev_.context()->memory());
  dev_.device().scheduler().AddObserver(reader);
  Run(from_file_);
  dev_.device().scheduler().RemoveObserver(reader.get());
  for (const Status& st : reader->statuses) EXPECT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(reader->filters.size(), 2u) << ::testing::PrintToString(reader->ops);
  EXPECT_TRUE(reader->filters["conv1"] == FilterBytes("conv1"));
  EXPECT_TRUE(reader->filters["conv2"] == FilterBytes("conv2"));
  uint64_t released = 0, restored = 0;
  Residency(from_file_, &released, &restored);
  EXPECT_EQ(restored, released);
  // Read back once: the next execution computes as before.
  EXPECT_EQ(Run(from_file_), Run(from_mem_));
}

TEST_F(ModelWeights, AKernelPathWithoutTheRepackedCopyReadsTheFilterBack) {
  // Another vector target than the one the filters were repacked for may block them
  // otherwise (its register tiles hold another number of output blocks): the convolution
  // then packs from the filter, which it first has read back.
  const std::vector<float> expected = Run(from_mem_);
  for (const std::string& target : kernels::isa::Available()) {
    kernels::isa::ScopedIsa scoped(target);
    ASSERT_TRUE(scoped.status().ok());
    const std::vector<float> got = Run(from_file_);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_NEAR(got[i], expected[i], 1e-3f + 1e-4f * std::abs(expected[i])) << target << " at " << i;
    }
  }
  uint64_t released = 0, restored = 0;
  Residency(from_file_, &released, &restored);
  std::printf("targets %s: %llu of %llu released bytes read back\n",
              ::testing::PrintToString(kernels::isa::Available()).c_str(), static_cast<unsigned long long>(restored),
              static_cast<unsigned long long>(released));
}

TEST_F(ModelWeights, AFileChangedInPlaceAfterLoadIsAnErrorNotWrongWeights) {
  // Overwrite the filters' bytes in the file (what `cp other.om model.om` does to a loaded
  // model's file), then ask for them back.
  {
    std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(f.good());
    om::ModelHeader h;
    ASSERT_TRUE(om::ReadModelHeaderFile(path_, &h).ok());
    std::vector<char> garbage(static_cast<size_t>(h.weight_size), 0x5a);
    f.seekp(static_cast<std::streamoff>(h.weight_offset));
    f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  auto reader = std::make_shared<WeightReader>(&dev_.context()->memory());
  dev_.device().scheduler().AddObserver(reader);
  Run(from_file_);
  dev_.device().scheduler().RemoveObserver(reader.get());
  bool refused = false;
  for (const Status& st : reader->statuses) {
    if (st.ok()) continue;
    refused = true;
    EXPECT_EQ(st.code(), err::kDeserializeModel);
    EXPECT_NE(st.message().find("changed since it was loaded"), std::string::npos) << st.message();
    EXPECT_NE(st.message().find(path_), std::string::npos) << st.message();
  }
  EXPECT_TRUE(refused);
  EXPECT_TRUE(reader->filters.empty()) << "nothing read from a changed file";
  // The repacked filters are unaffected: the model still computes as loaded.
  EXPECT_EQ(Run(from_file_), Run(from_mem_));
}

// The prepared data the compiler stored (both filters, repacked or Winograd-transformed for
// this host's plan) is mapped from the file by LoadFromFile and read in place; LoadFromMem
// prepares it again. Same bytes, so the same results.
TEST_F(ModelWeights, AFileModelReadsItsPreparedFiltersFromTheFile) {
  ASSERT_EQ(model_.prepared.size(), 2u) << "both convolutions' filters prepared by the compiler";
  EXPECT_EQ(om::FormatVersionOf(model_), 3u);
  size_t nodes = 0;
  ASSERT_TRUE(manager_.PreparedFromFile(from_file_, &nodes).ok());
  EXPECT_EQ(nodes, 2u);
  ASSERT_TRUE(manager_.PreparedFromFile(from_mem_, &nodes).ok());
  EXPECT_EQ(nodes, 0u) << "aclmdlLoadFromMem prepares: the application's buffer may go after the load";
  EXPECT_EQ(Run(from_file_), Run(from_mem_));
  // aclmdlQueryExeOMDesc's modelDescSize is the description, without the prepared data.
  PartitionSizes sizes;
  ASSERT_TRUE(ModelManager::QueryPartitions(path_, &sizes).ok());
  EXPECT_EQ(sizes.weight_size, model_.weight_size());
  EXPECT_LT(sizes.model_desc_size, 64u * 1024);
  EXPECT_LT(sizes.model_desc_size + sizes.weight_size + model_.prepared_blob.size(), bytes_.size());
}

class PreparedVariants : public ModelWeights {
 protected:
  // `model` written to a file of its own and loaded from it; *nodes: prepared data read from the file.
  Status LoadVariant(const om::Model& model, uint32_t* id, size_t* nodes, std::vector<uint8_t>* bytes = nullptr) {
    std::vector<uint8_t> own;
    if (bytes == nullptr) bytes = &own;
    if (bytes->empty()) {
      EXPECT_TRUE(om::WriteModel(model, bytes).ok());
    }
    variant_path_ = path_ + ".variant.om";
    std::ofstream(variant_path_, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
    const Status st = manager_.LoadFromFile(variant_path_, dev_.context(), LoadMemory{}, id);
    if (st.ok()) {
      EXPECT_TRUE(manager_.PreparedFromFile(*id, nodes).ok());
    }
    return st;
  }
  // `model` loads from its file with no node's prepared data taken from it, and computes
  // as the model `reference`.
  void ExpectPreparedAtLoad(const om::Model& model, uint32_t reference) {
    uint32_t id = 0;
    size_t nodes = 99;
    const Status st = LoadVariant(model, &id, &nodes);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(nodes, 0u);
    EXPECT_EQ(Run(id), Run(reference));
  }
  void TearDown() override {
    ModelWeights::TearDown();
    if (!variant_path_.empty()) std::remove(variant_path_.c_str());
  }
  std::string variant_path_;
};

TEST_F(PreparedVariants, DataMadeForAnotherLayoutIsPreparedAgain) {
  // Another layout version (a later library), another kind: the kernel does not take them.
  om::Model other = model_;
  other.prepared[0].params[0] += 1;
  other.prepared[1].kind = "conv.some_other_layout";
  ExpectPreparedAtLoad(other, from_mem_);
}

TEST_F(PreparedVariants, AModelWithoutPreparedDataLoadsAsBefore) {
  om::Model plain = model_;
  plain.prepared.clear();
  plain.prepared_blob.clear();
  EXPECT_EQ(om::FormatVersionOf(plain), 1u);
  ExpectPreparedAtLoad(plain, from_file_);
}

TEST_F(PreparedVariants, WinogradOffAtLoadTakesOnlyTheDirectEngineFilters) {
  // ASCEND_SIM_WINOGRAD=0 plans every convolution on the direct engine: a filter the compiler
  // transformed for Winograd does not fit it, one packed for the direct engine does.
  size_t winograd = 0;
  for (const om::PreparedData& e : model_.prepared) winograd += e.params.size() > 6 && e.params[6] != 0 ? 1 : 0;
  ::setenv("ASCEND_SIM_WINOGRAD", "0", 1);
  uint32_t id = 0, mem = 0;
  size_t nodes = 99;
  const Status st = LoadVariant(model_, &id, &nodes);
  const Status mem_st = manager_.LoadFromMem(bytes_.data(), bytes_.size(), dev_.context(), LoadMemory{}, &mem);
  ::unsetenv("ASCEND_SIM_WINOGRAD");
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_TRUE(mem_st.ok()) << mem_st.message();
  EXPECT_EQ(nodes, model_.prepared.size() - winograd);
  EXPECT_EQ(Run(id), Run(mem));
}

TEST_F(PreparedVariants, ACorruptPreparedBlobFailsTheLoadNamingTheFile) {
  std::vector<uint8_t> bytes = bytes_;
  ASSERT_GT(bytes.size(), 4096u);
  bytes[bytes.size() - 100] ^= 0x40;  // the blob is the file's last section
  uint32_t id = 0;
  size_t nodes = 0;
  const Status st = LoadVariant(model_, &id, &nodes, &bytes);
  EXPECT_EQ(st.code(), err::kDeserializeModel) << st.message();
  EXPECT_NE(st.message().find("prepared"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find(variant_path_), std::string::npos) << st.message();
}

// A convolution whose kernel prepares nothing (depthwise: read in place) gets its filter
// written to memory after all, at load: the model computes as the one loaded from memory.
TEST(ModelWeightsDepthwise, AFilterNoCopyReplacesIsKept) {
  OnnxModel m;
  m.Input("x", onnx::TensorProto::FLOAT, {1, 256, 8, 8});
  m.Floats("dw", {256, 1, 3, 3}, Pattern(256 * 9, 0.2f));
  m.Floats("pw", {64, 256, 1, 1}, Pattern(64 * 256, 0.05f));
  auto& d = m.Node("Conv", {"x", "dw"}, {"d"}, "depthwise");
  asim::atc::testing::SetInts(d, "pads", {1, 1, 1, 1});
  asim::atc::testing::SetInt(d, "group", 256);
  m.Node("Conv", {"d", "pw"}, {"y"}, "pointwise");
  m.Output("y", onnx::TensorProto::FLOAT, {1, 64, 8, 8});
  om::Model model;
  ASSERT_TRUE(asim::atc::testing::Convert(m.Save(), &model).ok());
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(om::WriteModel(model, &bytes).ok());
  const std::string path = ::testing::TempDir() + "model_weights_dw_" + std::to_string(::getpid()) + ".om";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  TestDevice dev("Ascend910B2");
  ModelManager manager;
  uint32_t from_file = 0, from_mem = 0;
  ASSERT_TRUE(manager.LoadFromFile(path, dev.context(), LoadMemory{}, &from_file).ok());
  ASSERT_TRUE(manager.LoadFromMem(bytes.data(), bytes.size(), dev.context(), LoadMemory{}, &from_mem).ok());
  uint64_t released = 0, restored = 0;
  ASSERT_TRUE(manager.WeightResidency(from_file, &released, &restored).ok());
  EXPECT_GT(released, 0u) << "the pointwise filter";
  EXPECT_GT(restored, 0u) << "the depthwise filter: left out of the upload, read back when its kernel prepared nothing";
  std::vector<std::vector<float>> outputs;
  for (uint32_t id : {from_file, from_mem}) {
    ExecuteRequest request;
    request.inputs = {IoBuffer{dev.Alloc(256 * 64 * 4), 256 * 64 * 4, nullptr}};
    request.outputs = {IoBuffer{dev.Alloc(64 * 64 * 4), 64 * 64 * 4, nullptr}};
    dev.Put(request.inputs[0].data, Pattern(256 * 64, 1.0f));
    const Status st = manager.Execute(id, request);
    ASSERT_TRUE(st.ok()) << st.message();
    outputs.push_back(dev.Get<float>(request.outputs[0].data, 64 * 64));
  }
  EXPECT_EQ(outputs[0], outputs[1]);
  manager.UnloadAll(-1, /*log_leaks=*/false);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace asim::model
