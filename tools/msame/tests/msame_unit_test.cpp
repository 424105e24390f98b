// msame's parts that need no device: the command line (values, ranges, combinations), the
// --dymDims / --dymShape syntax, the .npy header both ways, .npy input checks and the TXT
// layout. The runs on the simulated device are in msame_test.py.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tools/msame/options.h"
#include "tools/msame/tensor_io.h"

namespace asim::msame {
namespace {

ParseResult Parse(std::vector<const char*> args, Options* out) {
  args.insert(args.begin(), "msame");
  return ParseOptions(static_cast<int>(args.size()), args.data(), out);
}

TEST(MsameOptions, EveryOption) {
  Options o;
  ASSERT_EQ(Parse({"--model", "m.om", "--input", "a.bin, b.npy", "--output=out", "--outfmt", "txt", "--loop", "7",
                   "--device", "3", "--debug", "TRUE", "--profiler", "true", "--outputSize", "10,20"},
                  &o),
            ParseResult::kRun);
  EXPECT_EQ(o.model, "m.om");
  EXPECT_EQ(o.inputs, (std::vector<std::string>{"a.bin", "b.npy"}));
  EXPECT_EQ(o.output, "out");
  EXPECT_EQ(o.outfmt, OutFormat::kTxt);
  EXPECT_EQ(o.loop, 7);
  EXPECT_EQ(o.device, 3);
  EXPECT_TRUE(o.debug);
  EXPECT_TRUE(o.profiler);
  EXPECT_FALSE(o.dump);
  EXPECT_EQ(o.output_size, (std::vector<size_t>{10, 20}));
}

TEST(MsameOptions, DynamicOptions) {
  Options o;
  ASSERT_EQ(Parse({"--model", "m.om", "--dymHW", "300,500"}, &o), ParseResult::kRun);
  EXPECT_TRUE(o.has_dym_hw);
  EXPECT_EQ(o.dym_h, 300u);
  EXPECT_EQ(o.dym_w, 500u);
  Options b;
  ASSERT_EQ(Parse({"--model", "m.om", "--dymBatch", "8", "--dymBatch", "4"}, &b), ParseResult::kRun);
  EXPECT_EQ(b.dym_batch, 4u);  // the last one wins
  Options d;
  ASSERT_EQ(Parse({"--model", "m.om", "--dymDims", "data:1,600;img_info:1,600"}, &d), ParseResult::kRun);
  ASSERT_EQ(d.dym_dims.size(), 2u);
  EXPECT_EQ(d.dym_dims[1].name, "img_info");
  EXPECT_EQ(d.dym_dims[1].dims, (std::vector<int64_t>{1, 600}));
}

TEST(MsameOptions, Refusals) {
  const std::vector<std::vector<const char*>> bad = {
      {},  // --model is required
      {"--model", "m.om", "--outfmt", "XML"},
      {"--model", "m.om", "--loop", "0"},
      {"--model", "m.om", "--loop", "101"},
      {"--model", "m.om", "--loop", "2x"},
      {"--model", "m.om", "--device", "-1"},
      {"--model", "m.om", "--device", "256"},
      {"--model", "m.om", "--debug", "1"},
      {"--model", "m.om", "--dump", "true"},  // needs --output
      {"--model", "m.om", "--dump", "true", "--profiler", "true", "--output", "o"},
      {"--model", "m.om", "--dymBatch", "0"},
      {"--model", "m.om", "--dymBatch", "2", "--dymDims", "x:1"},
      {"--model", "m.om", "--dymHW", "1,2,3"},
      {"--model", "m.om", "--dymDims", "x:1,a"},
      {"--model", "m.om", "--dymDims", "x:1;x:2"},
      {"--model", "m.om", "--dymShape", "x:1,2", "--outputSize", "8"},  // needs --input
      {"--model", "m.om", "--dymShape", "x:1,2", "--input", "a.bin"},   // needs --outputSize
      {"--model", "m.om", "--outputSize", "8,0"},
      {"--model", "m.om", "--input", "a.bin,,b.bin"},
      {"--model", "m.om", "--bogus", "1"},
      {"--model", "m.om", "extra"},
      {"--model"},
  };
  for (const auto& args : bad) {
    Options o;
    std::string line;
    for (const char* a : args) line += std::string(a) + " ";
    EXPECT_EQ(Parse(args, &o), ParseResult::kError) << line;
  }
}

TEST(MsameOptions, Help) {
  Options o;
  EXPECT_EQ(Parse({"--help"}, &o), ParseResult::kHelp);
}

TEST(MsameOptions, NamedDims) {
  std::vector<NamedDims> out;
  std::string error;
  ASSERT_TRUE(ParseNamedDims(" x:0 : 1, 2 ;y:3;", false, &out, &error)) << error;
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].name, "x:0");  // the last ':' separates the dims
  EXPECT_EQ(out[0].dims, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(out[1].dims, (std::vector<int64_t>{3}));
  EXPECT_FALSE(ParseNamedDims("x:-1", false, &out, &error));
  EXPECT_TRUE(ParseNamedDims("x:-1", true, &out, &error));
  EXPECT_FALSE(ParseNamedDims(":1", false, &out, &error));
  EXPECT_FALSE(ParseNamedDims("x:", false, &out, &error));
  EXPECT_NE(error.find("'x:'"), std::string::npos) << error;
}

TEST(MsameOptions, Integers) {
  int64_t v = 0;
  EXPECT_TRUE(ParseInteger("42", 0, 100, &v));
  EXPECT_EQ(v, 42);
  EXPECT_FALSE(ParseInteger("", 0, 100, &v));
  EXPECT_FALSE(ParseInteger("4 2", 0, 100, &v));
  EXPECT_FALSE(ParseInteger("0x10", 0, 100, &v));
  EXPECT_FALSE(ParseInteger("-", -5, 100, &v));
  EXPECT_FALSE(ParseInteger("99999999999999999999", 0, INT64_MAX, &v));
  EXPECT_EQ(SplitTrimmed(" a ,b,,", ','), (std::vector<std::string>{"a", "b", "", ""}));
}

TEST(MsameNpy, HeaderRoundTrip) {
  for (const std::vector<int64_t>& shape : {std::vector<int64_t>{}, {7}, {2, 3, 4, 5}}) {
    const std::string header = MakeNpyHeader("<f4", shape);
    EXPECT_EQ(header.size() % 64, 0u);
    EXPECT_EQ(header.back(), '\n');
    std::vector<uint8_t> file(header.begin(), header.end());
    NpyHeader parsed;
    std::string error;
    ASSERT_TRUE(ParseNpyHeader(file, &parsed, &error)) << error;
    EXPECT_EQ(parsed.descr, "<f4");
    EXPECT_FALSE(parsed.fortran_order);
    EXPECT_EQ(parsed.shape, shape);
    EXPECT_EQ(parsed.data_offset, header.size());
  }
  EXPECT_NE(MakeNpyHeader("<f4", {7}).find("(7,)"), std::string::npos);
}

class MsameFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("msame_unit_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& bytes) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  std::filesystem::path dir_;
};

TEST_F(MsameFiles, NpyInput) {
  const float values[3] = {1.5f, -2.0f, 3.25f};
  const std::string data(reinterpret_cast<const char*>(values), sizeof(values));
  std::vector<uint8_t> bytes;
  std::string error;
  ASSERT_TRUE(ReadInputFile(Write("ok.npy", MakeNpyHeader("<f4", {3}) + data), ACL_FLOAT, &bytes, &error)) << error;
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), data);
  // A .bin is taken as it is.
  ASSERT_TRUE(ReadInputFile(Write("raw.bin", data), ACL_INT32, &bytes, &error)) << error;
  EXPECT_EQ(bytes.size(), sizeof(values));
  // Another dtype, Fortran order, big-endian, a short data section, no magic.
  EXPECT_FALSE(ReadInputFile(Write("f8.npy", MakeNpyHeader("<f8", {3}) + data), ACL_FLOAT, &bytes, &error));
  EXPECT_NE(error.find("'<f8'"), std::string::npos) << error;
  std::string fortran = MakeNpyHeader("<f4", {3});
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_FALSE(ReadInputFile(Write("fo.npy", fortran + data), ACL_FLOAT, &bytes, &error));
  EXPECT_NE(error.find("Fortran"), std::string::npos) << error;
  EXPECT_FALSE(ReadInputFile(Write("be.npy", MakeNpyHeader(">f4", {3}) + data), ACL_FLOAT, &bytes, &error));
  EXPECT_FALSE(ReadInputFile(Write("short.npy", MakeNpyHeader("<f4", {4}) + data), ACL_FLOAT, &bytes, &error));
  EXPECT_FALSE(ReadInputFile(Write("junk.npy", "not numpy at all"), ACL_FLOAT, &bytes, &error));
  EXPECT_FALSE(ReadInputFile((dir_ / "missing.bin").string(), ACL_FLOAT, &bytes, &error));
}

OutputTensor Tensor(aclDataType dtype, std::vector<int64_t> dims, const void* data, size_t size) {
  OutputTensor t;
  t.dtype = dtype;
  t.dims_known = true;
  t.dims = std::move(dims);
  t.bytes.assign(static_cast<const uint8_t*>(data), static_cast<const uint8_t*>(data) + size);
  return t;
}

TEST(MsameText, RowsAndValues) {
  const float f[6] = {1.0f, 2.5f, -3.0f, 1e-7f, 123456789.0f, 0.0f};
  std::string text, error;
  ASSERT_TRUE(FormatText(Tensor(ACL_FLOAT, {2, 3}, f, sizeof(f)), &text, &error)) << error;
  EXPECT_EQ(text, "1 2.5 -3 \n1e-07 1.23457e+08 0 \n");
  ASSERT_TRUE(FormatText(Tensor(ACL_FLOAT, {6}, f, sizeof(f)), &text, &error));
  EXPECT_EQ(text, "1 2.5 -3 1e-07 1.23457e+08 0 ");  // rank 1: one line, no newline
  const int8_t i8[4] = {-3, 0, 7, 127};
  ASSERT_TRUE(FormatText(Tensor(ACL_INT8, {2, 2}, i8, sizeof(i8)), &text, &error));
  EXPECT_EQ(text, "-3 0 \n7 127 \n");  // numbers, not characters
  const aclFloat16 h[2] = {aclFloatToFloat16(0.5f), aclFloatToFloat16(-2.0f)};
  ASSERT_TRUE(FormatText(Tensor(ACL_FLOAT16, {1, 2}, h, sizeof(h)), &text, &error));
  EXPECT_EQ(text, "0.5 -2 \n");
  const uint8_t b[3] = {1, 0, 2};
  ASSERT_TRUE(FormatText(Tensor(ACL_BOOL, {3}, b, sizeof(b)), &text, &error));
  EXPECT_EQ(text, "1 0 1 ");
  const char s[4] = {'a', 'b', 'c', 'd'};
  EXPECT_FALSE(FormatText(Tensor(ACL_STRING, {4}, s, sizeof(s)), &text, &error));
  EXPECT_NE(error.find("--outfmt BIN"), std::string::npos) << error;
}

TEST_F(MsameFiles, NpyOutput) {
  const int64_t v[6] = {1, -2, 3, -4, 5, -6};
  std::string error;
  const std::string path = (dir_ / "o.npy").string();
  ASSERT_TRUE(WriteOutputFile(path, OutFormat::kNpy, Tensor(ACL_INT64, {3, 2}, v, sizeof(v)), &error)) << error;
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  NpyHeader header;
  ASSERT_TRUE(ParseNpyHeader(file, &header, &error)) << error;
  EXPECT_EQ(header.descr, "<i8");
  EXPECT_EQ(header.shape, (std::vector<int64_t>{3, 2}));
  ASSERT_EQ(file.size() - header.data_offset, sizeof(v));
  EXPECT_EQ(std::memcmp(file.data() + header.data_offset, v, sizeof(v)), 0);
  // Unknown dims: one dimension of the element count.
  OutputTensor flat = Tensor(ACL_INT64, {}, v, sizeof(v));
  flat.dims_known = false;
  ASSERT_TRUE(WriteOutputFile(path, OutFormat::kNpy, flat, &error)) << error;
  std::ifstream again(path, std::ios::binary);
  const std::vector<uint8_t> file2((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
  ASSERT_TRUE(ParseNpyHeader(file2, &header, &error)) << error;
  EXPECT_EQ(header.shape, (std::vector<int64_t>{6}));
  EXPECT_FALSE(WriteOutputFile((dir_ / "no_such_dir" / "x.bin").string(), OutFormat::kBin, flat, &error));
}

}  // namespace
}  // namespace asim::msame
