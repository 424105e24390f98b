// dump2npy / npy2dump conversions and dump_compare over a synthetic dump: names, layouts
// converted back, the round trip dump -> npy -> dump, the CSV columns, matching by op name,
// missing ground truth, and the first op under the cosine threshold.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "base/fp16.h"
#include "dumpfmt/dump_file.h"
#include "dumpfmt/dump_naming.h"
#include "dumpfmt/dump_types.h"
#include "scratch_dir.h"
#include "tools/dump/compare.h"
#include "tools/dump/convert.h"

namespace asim::dumptool {
namespace {

using dump::testing::ScratchDir;

std::vector<uint8_t> Halves(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * 2);
  for (size_t i = 0; i < v.size(); ++i) {
    const uint16_t h = FloatToHalf(v[i]);
    std::memcpy(b.data() + 2 * i, &h, 2);
  }
  return b;
}

PlainTensor Plain(std::vector<uint64_t> shape, float scale) {
  PlainTensor p;
  p.data_type = dump::kDtFloat16;
  p.format = shape.size() == 4 ? dump::kFormatNchw : dump::kFormatNd;
  p.shape = std::move(shape);
  uint64_t n = 1;
  for (uint64_t d : p.shape) n *= d;
  std::vector<float> v(n);
  for (uint64_t i = 0; i < n; ++i) v[i] = scale * static_cast<float>((i * 37) % 11) - 3.0f;
  p.data = Halves(v);
  return p;
}

// conv1 (Conv2D, output NC1HWC0 of NCHW [1,3,2,2]) then relu1 (Relu, ND [4]).
void WriteDump(const std::string& dir, std::string* conv_file, std::string* relu_file) {
  dump::DumpRecord conv;
  conv.op_name = "conv1";
  dump::DumpTensor out;
  ASSERT_TRUE(ToDeviceLayout(Plain({1, 3, 2, 2}, 1.0f), dump::kFormatNc1hwc0, 16, &out).ok());
  out.original_op = dump::DumpOriginalOp{"conv1", 0, dump::kDtFloat16, dump::kFormatNchw};
  out.address = 0x1000;
  conv.outputs.push_back(out);
  *conv_file = dump::DumpFileName("Conv2D", "conv1", 3, 1, 1000);
  ASSERT_TRUE(dump::WriteDumpFile(dir + "/" + *conv_file, conv).ok());

  dump::DumpRecord relu;
  relu.op_name = "relu1";
  const PlainTensor r = Plain({4}, 0.5f);
  dump::DumpTensor in{dump::kDtFloat16, dump::kFormatNd, r.shape, r.shape, std::nullopt, 0, 0x2000, 0, r.data};
  relu.inputs.push_back(in);
  in.address = 0x3000;
  relu.outputs.push_back(in);
  *relu_file = dump::DumpFileName("Relu", "relu1", 4, 1, 2000);
  ASSERT_TRUE(dump::WriteDumpFile(dir + "/" + *relu_file, relu).ok());
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(Convert, DumpToNpyNamesAndOriginalLayout) {
  ScratchDir dump_dir, npy_dir;
  std::string conv_file, relu_file;
  WriteDump(dump_dir.Path(), &conv_file, &relu_file);
  ConvertSummary summary;
  const Status st = ConvertDumpPath(dump_dir.Path(), npy_dir.Path(), {}, &summary);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(summary.files, 2u);
  EXPECT_EQ(summary.tensors, 3u);
  EXPECT_TRUE(summary.problems.empty());
  EXPECT_EQ(npy_dir.Files(), (std::vector<std::string>{conv_file + ".output.0.npy", relu_file + ".input.0.npy",
                                                       relu_file + ".output.0.npy"}));
  NpyArray a;
  ASSERT_TRUE(ReadNpy(npy_dir / (conv_file + ".output.0.npy"), &a).ok());
  EXPECT_EQ(a.descr, "<f2");
  EXPECT_EQ(a.shape, (std::vector<uint64_t>{1, 3, 2, 2}));
  EXPECT_EQ(a.data, Plain({1, 3, 2, 2}, 1.0f).data);
}

TEST(Convert, DeviceLayoutKeptOnRequest) {
  ScratchDir dump_dir, npy_dir;
  std::string conv_file, relu_file;
  WriteDump(dump_dir.Path(), &conv_file, &relu_file);
  ConvertOptions options;
  options.keep_device_layout = true;
  ConvertSummary summary;
  ASSERT_TRUE(ConvertDumpPath(dump_dir / conv_file, npy_dir.Path(), options, &summary).ok());
  NpyArray a;
  ASSERT_TRUE(ReadNpy(npy_dir / (conv_file + ".output.0.npy"), &a).ok());
  EXPECT_EQ(a.shape, (std::vector<uint64_t>{1, 1, 2, 2, 16}));
}

TEST(Convert, DumpToNpyToDumpRoundTrip) {
  ScratchDir dump_dir, npy_dir, back_dir;
  std::string conv_file, relu_file;
  WriteDump(dump_dir.Path(), &conv_file, &relu_file);
  ConvertSummary s1, s2;
  ASSERT_TRUE(ConvertDumpPath(dump_dir.Path(), npy_dir.Path(), {}, &s1).ok());
  NpyToDumpOptions options;
  options.device_format = dump::kFormatNc1hwc0;  // 4-D tensors go back to NC1HWC0, others stay ND
  const Status st = ConvertNpyPaths({npy_dir.Path()}, back_dir.Path(), options, &s2);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(back_dir.Files(), (std::vector<std::string>{conv_file, relu_file}));
  dump::DumpRecord original, back;
  ASSERT_TRUE(dump::ReadDumpFile(dump_dir / conv_file, &original).ok());
  ASSERT_TRUE(dump::ReadDumpFile(back_dir / conv_file, &back).ok());
  EXPECT_EQ(back.op_name, "conv1");
  ASSERT_EQ(back.outputs.size(), 1u);
  EXPECT_EQ(back.outputs[0].format, dump::kFormatNc1hwc0);
  EXPECT_EQ(back.outputs[0].shape, original.outputs[0].shape);
  EXPECT_EQ(back.outputs[0].original_shape, original.outputs[0].original_shape);
  EXPECT_EQ(back.outputs[0].data, original.outputs[0].data);
  ASSERT_TRUE(dump::ReadDumpFile(back_dir / relu_file, &back).ok());
  ASSERT_TRUE(dump::ReadDumpFile(dump_dir / relu_file, &original).ok());
  ASSERT_EQ(back.inputs.size(), 1u);
  EXPECT_EQ(back.inputs[0].data, original.inputs[0].data);
  EXPECT_EQ(back.outputs[0].data, original.outputs[0].data);
  EXPECT_FALSE(s2.problems.empty());  // the 1-D relu tensors could not take NC1HWC0
}

TEST(Convert, OtherNpyNamesBecomeOneOutputDumps) {
  ScratchDir npy_dir, out_dir;
  NpyArray a;
  ASSERT_TRUE(PlainToNpy(Plain({2, 2}, 1.0f), &a).ok());
  ASSERT_TRUE(WriteNpy(npy_dir / "fc.0.123.npy", a).ok());
  ConvertSummary s;
  ASSERT_TRUE(ConvertNpyPaths({npy_dir / "fc.0.123.npy"}, out_dir.Path(), {}, &s).ok());
  EXPECT_EQ(out_dir.Files(), (std::vector<std::string>{"NPY.fc.0.0.123"}));
  dump::DumpRecord r;
  ASSERT_TRUE(dump::ReadDumpFile(out_dir / "NPY.fc.0.0.123", &r).ok());
  EXPECT_EQ(r.outputs[0].format, dump::kFormatReserved);
  EXPECT_EQ(r.outputs[0].shape, (std::vector<uint64_t>{2, 2}));
}

TEST(Compare, AgainstFrameworkGroundTruth) {
  ScratchDir dump_dir, golden, out;
  std::string conv_file, relu_file;
  WriteDump(dump_dir.Path(), &conv_file, &relu_file);
  // conv1's truth is exact; relu1's is off.
  NpyArray a;
  ASSERT_TRUE(PlainToNpy(Plain({1, 3, 2, 2}, 1.0f), &a).ok());
  ASSERT_TRUE(WriteNpy(golden / dump::GroundTruthNpyName("conv1", 0, 5), a).ok());
  ASSERT_TRUE(PlainToNpy(Plain({4}, -0.5f), &a).ok());
  ASSERT_TRUE(WriteNpy(golden / dump::GroundTruthNpyName("relu1", 0, 6), a).ok());

  CompareOptions options;
  options.my_path = dump_dir.Path();
  options.golden_path = golden.Path();
  options.out_dir = out.Path();
  CompareResult result;
  const Status st = RunCompare(options, &result);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(result.rows.size(), 2u);  // outputs only: the truth has no inputs
  EXPECT_EQ(result.rows[0].tensor_index, "conv1:output:0");
  EXPECT_EQ(result.rows[0].shape, "[1,3,2,2]");
  EXPECT_EQ(result.rows[0].op_type, "Conv2D");
  EXPECT_EQ(result.rows[0].npu_address, "0x1000");
  EXPECT_DOUBLE_EQ(result.rows[0].metrics.cosine, 1.0);
  EXPECT_EQ(result.rows[1].index, 2u);
  EXPECT_LT(result.rows[1].metrics.cosine, 0.99);
  ASSERT_TRUE(result.first_below.has_value());
  EXPECT_EQ(*result.first_below, 1u);

  std::ifstream csv(result.csv_path);
  std::stringstream text;
  text << csv.rdbuf();
  const auto lines = Lines(text.str());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0],
            "Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,TensorIndex,Shape,CosineSimilarity,"
            "MaxAbsoluteError,AccumulatedRelativeError,RelativeEuclideanDistance,KullbackLeiblerDivergence,"
            "StandardDeviation,MeanAbsoluteError,RootMeanSquareError,MaxRelativeError,MeanRelativeError,"
            "CompareFailReason");
  // Cells holding commas are quoted, as Python's csv module writes them.
  EXPECT_EQ(lines[1].rfind("1,Conv2D,conv1,DT_FLOAT16,0x1000,conv1,DT_FLOAT16,conv1:output:0,\"[1,3,2,2]\",1.000000,"
                           "0.000000,",
                           0),
            0u)
      << lines[1];
  EXPECT_NE(result.csv_path.find("/result_"), std::string::npos);
}

TEST(Compare, DumpAgainstDumpComparesInputsTooAndMarksMissingTruth) {
  ScratchDir mine, theirs, out;
  std::string conv_file, relu_file;
  WriteDump(mine.Path(), &conv_file, &relu_file);
  std::string c2, r2;
  WriteDump(theirs.Path(), &c2, &r2);
  std::filesystem::remove(theirs / c2);  // no truth for conv1
  CompareOptions options;
  options.my_path = mine.Path();
  options.golden_path = theirs.Path();
  options.out_dir = out.Path();
  CompareResult result;
  ASSERT_TRUE(RunCompare(options, &result).ok());
  EXPECT_TRUE(result.golden_has_address);
  ASSERT_EQ(result.rows.size(), 3u);
  EXPECT_EQ(result.rows[0].golden_op, "*");
  EXPECT_FALSE(result.rows[0].compared);
  EXPECT_NE(result.rows[0].fail_reason.find("no ground truth"), std::string::npos);
  EXPECT_EQ(result.rows[1].tensor_index, "relu1:input:0");
  EXPECT_DOUBLE_EQ(result.rows[2].metrics.cosine, 1.0);
  const std::string csv = CompareCsv(result);
  EXPECT_NE(csv.find("GroundTruth,DataType,Address,TensorIndex"), std::string::npos);
}

TEST(Compare, EmptySideIsAnError) {
  ScratchDir empty, out;
  CompareOptions options;
  options.my_path = empty.Path();
  options.golden_path = empty.Path();
  options.out_dir = out.Path();
  CompareResult result;
  EXPECT_EQ(RunCompare(options, &result).code(), err::kInvalidFile);
}

}  // namespace
}  // namespace asim::dumptool
