// .npy files: the header NumPy writes (golden text, 64-byte aligned), round trips of every
// element type, versions 2/3 read, and the errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "dumpfmt/dump_types.h"
#include "scratch_dir.h"
#include "tools/dump/npy.h"

namespace asim::dumptool {
namespace {

TEST(Npy, HeaderIsWhatNumpyWrites) {
  NpyArray a;
  a.descr = "<f2";
  a.shape = {1, 8, 16, 16};
  a.data.assign(1 * 8 * 16 * 16 * 2, 0);
  const std::vector<uint8_t> bytes = EncodeNpy(a);
  const std::string head(bytes.begin(), bytes.begin() + 128);
  EXPECT_EQ(head.substr(0, 6), "\x93NUMPY");
  EXPECT_EQ(bytes[6], 1);
  EXPECT_EQ(bytes[7], 0);
  const size_t header_len = bytes[8] | (bytes[9] << 8);
  EXPECT_EQ((10 + header_len) % 64, 0u);
  const std::string dict(bytes.begin() + 10, bytes.begin() + 10 + static_cast<long>(header_len));
  EXPECT_EQ(dict.find("{'descr': '<f2', 'fortran_order': False, 'shape': (1, 8, 16, 16), }"), 0u);
  EXPECT_EQ(dict.back(), '\n');
  EXPECT_EQ(bytes.size(), 10 + header_len + a.data.size());
}

TEST(Npy, OneDimensionalAndScalarShapes) {
  NpyArray a;
  a.descr = "<i4";
  a.shape = {5};
  a.data.assign(20, 1);
  std::vector<uint8_t> bytes = EncodeNpy(a);
  EXPECT_NE(std::string(bytes.begin(), bytes.end()).find("'shape': (5,)"), std::string::npos);
  a.shape = {};
  a.data.assign(4, 1);
  bytes = EncodeNpy(a);
  EXPECT_NE(std::string(bytes.begin(), bytes.end()).find("'shape': ()"), std::string::npos);
  NpyArray back;
  ASSERT_TRUE(DecodeNpy(bytes, "scalar", &back).ok());
  EXPECT_TRUE(back.shape.empty());
  EXPECT_EQ(back.ElementCount(), 1u);
}

TEST(Npy, EveryTypeRoundTripsThroughAFile) {
  dump::testing::ScratchDir dir;
  for (const char* descr : {"<f2", "<f4", "<f8", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8", "|b1"}) {
    NpyArray a;
    a.descr = descr;
    a.shape = {2, 3};
    a.data.resize(6 * NpyItemSize(descr));
    for (size_t i = 0; i < a.data.size(); ++i) a.data[i] = static_cast<uint8_t>(i * 7);
    const std::string path = dir / (std::string("t") + descr[1] + descr[2] + ".npy");
    ASSERT_TRUE(WriteNpy(path, a).ok());
    NpyArray back;
    const Status st = ReadNpy(path, &back);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(back.descr, a.descr);
    EXPECT_EQ(back.shape, a.shape);
    EXPECT_EQ(back.data, a.data);
    EXPECT_NE(DumpDataTypeOfNpy(descr), dump::kDtUndefined) << descr;
    EXPECT_EQ(NpyDescrOf(DumpDataTypeOfNpy(descr)), descr);
  }
}

TEST(Npy, ReadsVersionTwoHeaders) {
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  dict.append(64 - (12 + dict.size() + 1) % 64, ' ');
  dict += '\n';
  std::vector<uint8_t> bytes = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0};
  for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(dict.size() >> (8 * i)));
  bytes.insert(bytes.end(), dict.begin(), dict.end());
  bytes.insert(bytes.end(), 8, 0);
  NpyArray a;
  const Status st = DecodeNpy(bytes, "v2", &a);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(a.shape, (std::vector<uint64_t>{2}));
}

TEST(Npy, ErrorsNameTheFileAndTheProblem) {
  NpyArray a;
  EXPECT_EQ(DecodeNpy(std::vector<uint8_t>{1, 2, 3}, "junk.npy", &a).code(), err::kParseFile);
  NpyArray f;
  f.descr = "<f4";
  f.shape = {3};
  f.data.assign(12, 0);
  std::vector<uint8_t> bytes = EncodeNpy(f);
  bytes.pop_back();
  const Status st = DecodeNpy(bytes, "short.npy", &a);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("short.npy"), std::string::npos);
  EXPECT_NE(st.message().find("needs 12 bytes"), std::string::npos) << st.message();
  std::vector<uint8_t> fortran = EncodeNpy(f);
  const size_t pos = std::string(fortran.begin(), fortran.end()).find("False");
  std::memcpy(fortran.data() + pos, "True ", 5);
  EXPECT_NE(DecodeNpy(fortran, "f.npy", &a).message().find("Fortran"), std::string::npos);
  EXPECT_EQ(ReadNpy("/nonexistent.npy", &a).code(), err::kInvalidFile);
}

}  // namespace
}  // namespace asim::dumptool
