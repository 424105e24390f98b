// The dump file format: golden bytes of a header (the DumpData field numbers, checked
// without protobuf), encode/decode and write/read round trips, the old inline layout, and
// the errors for files that are not dumps.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "dumpfmt/dump_file.h"
#include "dumpfmt/dump_types.h"
#include "scratch_dir.h"

namespace asim::dump {
namespace {

DumpRecord SmallRecord() {
  DumpRecord r;
  r.dump_time = 1;
  r.op_name = "a";
  DumpTensor out;
  out.data_type = kDtFloat16;
  out.format = kFormatNc1hwc0;
  out.shape = {1};
  out.original_shape = {1};
  out.address = 0x10;
  out.data = {0x00, 0x3c};  // fp16 1.0
  r.outputs.push_back(out);
  DumpTensor in;
  in.data_type = kDtFloat;
  in.format = kFormatNd;
  in.shape = {1};
  in.original_shape = {1};
  in.address = 0x20;
  in.data = {0x00, 0x00, 0x80, 0x3f};  // 1.0f
  r.inputs.push_back(in);
  return r;
}

// DumpData{version "2.0", dump_time 1, output{DT_FLOAT16, NC1HWC0, shape [1], size 2,
// original_shape [1], address 0x10}, input{DT_FLOAT, ND, shape [1], size 4, original_shape [1],
// address 0x20}, op_name "a"}, serialised by hand from the field numbers of section 2.4.
const std::vector<uint8_t> kGoldenHeader = {
    0x0A, 0x03, '2',  '.',  '0',                                                                     // 1 version
    0x10, 0x01,                                                                                      // 2 dump_time
    0x1A, 0x12, 0x08, 0x02, 0x10, 0x03, 0x1A, 0x03, 0x0A, 0x01, 0x01, 0x30, 0x02, 0x3A, 0x03, 0x0A,  // 3 output
    0x01, 0x01, 0x48, 0x10,                                                                          //   address 9
    0x22, 0x12, 0x08, 0x01, 0x10, 0x02, 0x1A, 0x03, 0x0A, 0x01, 0x01, 0x28, 0x04, 0x32, 0x03, 0x0A,  // 4 input
    0x01, 0x01, 0x40, 0x20,                                                                          //   address 8
    0x32, 0x01, 'a',                                                                                 // 6 op_name
};

TEST(DumpFile, HeaderHasTheRealFieldNumbers) {
  const std::string header = EncodeDumpHeader(SmallRecord());
  EXPECT_EQ(std::vector<uint8_t>(header.begin(), header.end()), kGoldenHeader);
}

TEST(DumpFile, FileIsLengthHeaderThenInputsThenOutputs) {
  const std::vector<uint8_t> file = EncodeDumpFile(SmallRecord());
  ASSERT_EQ(file.size(), 8 + kGoldenHeader.size() + 4 + 2);
  uint64_t length = 0;
  std::memcpy(&length, file.data(), 8);  // little-endian host
  EXPECT_EQ(length, kGoldenHeader.size());
  EXPECT_TRUE(std::equal(kGoldenHeader.begin(), kGoldenHeader.end(), file.begin() + 8));
  const size_t data = 8 + kGoldenHeader.size();
  EXPECT_EQ(std::vector<uint8_t>(file.begin() + data, file.begin() + data + 4),
            (std::vector<uint8_t>{0x00, 0x00, 0x80, 0x3f}));  // input first
  EXPECT_EQ(std::vector<uint8_t>(file.begin() + data + 4, file.end()), (std::vector<uint8_t>{0x00, 0x3c}));
}

TEST(DumpFile, DecodeRoundTripsEveryField) {
  DumpRecord r = SmallRecord();
  r.outputs[0].original_op = DumpOriginalOp{"conv1", 0, kDtFloat16, kFormatNchw};
  r.outputs[0].sub_format = 7;
  r.outputs[0].offset = 64;
  r.inputs[0].offset = 128;
  r.buffers.push_back({0, {1, 2, 3}});
  r.spaces.push_back({0, {4, 5}});
  r.attrs.push_back({"k", "v"});
  const std::vector<uint8_t> file = EncodeDumpFile(r);
  DumpRecord back;
  ASSERT_TRUE(DecodeDumpFile(file, "mem", &back).ok());
  EXPECT_EQ(back, r);
}

TEST(DumpFile, WriteThenReadRoundTrips) {
  testing::ScratchDir dir;
  const DumpRecord r = SmallRecord();
  const std::string path = dir / "Relu.relu1.3.1.1700000000000000";
  ASSERT_TRUE(WriteDumpFile(path, r).ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(static_cast<size_t>(st.st_size), EncodeDumpFile(r).size());
  DumpRecord back;
  const Status read = ReadDumpFile(path, &back);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(back, r);
}

TEST(DumpFile, EmptyTensorsAndLargeDataRoundTrip) {
  DumpRecord r;
  r.op_name = "big";
  DumpTensor t;
  t.data_type = kDtUint8;
  t.shape = {0};
  r.outputs.push_back(t);
  t.shape = {1 << 20};
  t.data.assign(1 << 20, 0xAB);
  r.outputs.push_back(t);
  DumpRecord back;
  ASSERT_TRUE(DecodeDumpFile(EncodeDumpFile(r), "mem", &back).ok());
  EXPECT_EQ(back, r);
}

TEST(DumpFile, ReadsTheOldInlineLayout) {
  // Before version 2.0 the whole file was one DumpData with the data inline: the golden header
  // with the version changed to "1.0" and the output's data (field 5) added.
  std::vector<uint8_t> old = {0x0A, 0x03, '1',  '.',  '0',  0x1A, 0x06, 0x08,
                              0x02, 0x2A, 0x02, 0x00, 0x3c, 0x32, 0x01, 'a'};
  DumpRecord back;
  const Status st = DecodeDumpFile(old, "old", &back);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(back.version, "1.0");
  EXPECT_EQ(back.op_name, "a");
  ASSERT_EQ(back.outputs.size(), 1u);
  EXPECT_EQ(back.outputs[0].data, (std::vector<uint8_t>{0x00, 0x3c}));
}

TEST(DumpFile, SizesThatDoNotAddUpAreAParseError) {
  std::vector<uint8_t> file = EncodeDumpFile(SmallRecord());
  file.push_back(0);  // one byte too many
  DumpRecord back;
  Status st = DecodeDumpFile(file, "extra", &back);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("extra"), std::string::npos);
  file.resize(file.size() - 3);  // two bytes too few
  st = DecodeDumpFile(file, "short", &back);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("bytes follow"), std::string::npos) << st.message();
}

// A fuzz finding (tests/fuzz/dump_reader_fuzz.cpp): a header with no field set is the
// 8-byte length alone, which the reader refused although the writer writes it.
TEST(DumpFile, EmptyRecordRoundTrips) {
  DumpRecord empty;
  empty.version.clear();
  const std::vector<uint8_t> file = EncodeDumpFile(empty);
  EXPECT_EQ(file.size(), kHeaderLengthBytes);
  DumpRecord back;
  const Status st = DecodeDumpFile(file, "empty-record", &back);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(back, empty);
  EXPECT_EQ(DecodeDumpFile(std::vector<uint8_t>(7, 0), "seven", &back).code(), err::kParseFile);
}

TEST(DumpFile, GarbageAndMissingFilesAreErrors) {
  DumpRecord back;
  const std::vector<uint8_t> junk = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3};
  EXPECT_EQ(DecodeDumpFile(junk, "junk", &back).code(), err::kParseFile);
  EXPECT_EQ(DecodeDumpFile({}, "empty", &back).code(), err::kParseFile);
  EXPECT_EQ(ReadDumpFile("/nonexistent/dir/file", &back).code(), err::kInvalidFile);
}

TEST(DumpFile, WriteToAMissingDirectoryFailsNamingThePath) {
  const Status st = WriteDumpFile("/nonexistent/dir/Relu.r.1.1.1", SmallRecord());
  EXPECT_EQ(st.code(), err::kWriteFile);
  EXPECT_NE(st.message().find("/nonexistent/dir/Relu.r.1.1.1"), std::string::npos);
}

TEST(DumpTypes, MapsAclTypesToDumpTypes) {
  EXPECT_EQ(DumpDataTypeOf(DataType::kFloat), kDtFloat);
  EXPECT_EQ(DumpDataTypeOf(DataType::kFloat16), kDtFloat16);
  EXPECT_EQ(DumpDataTypeOf(DataType::kInt8), kDtInt8);
  EXPECT_EQ(DumpDataTypeOf(DataType::kInt32), kDtInt32);
  EXPECT_EQ(DumpDataTypeOf(DataType::kInt64), kDtInt64);
  EXPECT_EQ(DumpDataTypeOf(DataType::kBool), kDtBool);
  EXPECT_EQ(DumpDataTypeOf(DataType::kBf16), kDtBf16);
  EXPECT_EQ(DumpDataTypeOf(DataType::kUndefined), kDtUndefined);
  EXPECT_EQ(DataTypeOfDump(kDtFloat16), DataType::kFloat16);
  EXPECT_EQ(DumpDataTypeName(kDtFloat16), std::string("DT_FLOAT16"));
  EXPECT_EQ(DumpDataTypeSize(kDtDouble), 8u);
  EXPECT_EQ(DumpFormatOf(Format::kNc1hwc0), 3);
  EXPECT_EQ(DumpFormatOf(Format::kFractalNz), 29);
  EXPECT_EQ(DumpFormatOf(Format::kUndefined), kFormatReserved);
  EXPECT_EQ(DumpFormatName(4), std::string("FRACTAL_Z"));
  EXPECT_EQ(DumpFormatName(1000), std::string("UNKNOWN"));
}

}  // namespace
}  // namespace asim::dump
