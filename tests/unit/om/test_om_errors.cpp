// Every documented error of the .om reader and writer, checked by exact code and a message
// fragment: paths, magic, truncation at every length, version, header and section sizes,
// CRCs, section table ranges, huge counts and string lengths, bad enums and reserved bytes,
// out-of-range indices, metadata cross-checks. Corruptions past the CRC checks re-seal the
// CRCs (testing::FixCrcs) so each test reaches the check it names.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/unit/om/om_expect.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

using testing::Encode;
using testing::FindSection;
using testing::FixCrcs;
using testing::GetU32;
using testing::PutU32;
using testing::PutU64;
using testing::Read;

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "om_err_" + std::to_string(::getpid()) + "_" + name;
}

// Offset of the length prefix of the first string `s` encoded in `bytes`.
size_t FindString(const std::vector<uint8_t>& bytes, const std::string& s) {
  std::vector<uint8_t> needle(4 + s.size());
  for (int i = 0; i < 4; ++i) needle[i] = static_cast<uint8_t>(s.size() >> (8 * i));
  std::copy(s.begin(), s.end(), needle.begin() + 4);
  auto it = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end());
  if (it == bytes.end()) ADD_FAILURE() << "string '" << s << "' not found";
  return static_cast<size_t>(it - bytes.begin());
}

// ---- files ---------------------------------------------------------------------------

TEST(OmReaderFile, MissingPath) {
  Model m;
  const std::string path = TempPath("does_not_exist.om");
  EXPECT_STATUS(ReadModelFile(path, &m), err::kGeModelPathInvalid, "model file '" + path + "' does not exist");
  EXPECT_STATUS(ReadModelFile(path + "/x/y.om", &m), err::kGeModelPathInvalid, "does not exist");
  EXPECT_STATUS(ReadModelFile("", &m), err::kGeModelPathInvalid, "model path is empty");
  ModelHeader h;
  EXPECT_STATUS(ReadModelHeaderFile(path, &h), err::kGeModelPathInvalid, "does not exist");
}

TEST(OmReaderFile, DirectoryIsUnreadable) {
  Model m;
  const std::string dir = TempPath("dir");
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  EXPECT_STATUS(ReadModelFile(dir, &m), err::kReadModelFailure,
                "model file '" + dir + "' cannot be read: it is a directory");
  ::rmdir(dir.c_str());
}

TEST(OmReaderFile, FifoIsNotARegularFile) {
  const std::string path = TempPath("fifo.om");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  Model m;
  EXPECT_STATUS(ReadModelFile(path, &m), err::kReadModelFailure, "cannot be read: not a regular file");
  ModelHeader h;
  EXPECT_STATUS(ReadModelHeaderFile(path, &h), err::kReadModelFailure, "not a regular file");
  std::remove(path.c_str());
}

TEST(OmReaderFile, NoPermission) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads any file";
  const std::string path = TempPath("noperm.om");
  ASSERT_TRUE(WriteModelFile(testing::MakeConvReluModel(), path).ok());
  ASSERT_EQ(::chmod(path.c_str(), 0), 0);
  Model m;
  EXPECT_STATUS(ReadModelFile(path, &m), err::kReadModelFailure, "cannot be opened: Permission denied");
  std::remove(path.c_str());
}

TEST(OmReaderFile, ErrorsNameThePath) {
  const std::string path = TempPath("not_a_model.om");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("{\"this\": \"is json\"}", f);
  std::fclose(f);
  Model m;
  EXPECT_STATUS(ReadModelFile(path, &m), err::kParseModel, "model file '" + path + "': not an offline model");
  ModelHeader h;
  EXPECT_STATUS(ReadModelHeaderFile(path, &h), err::kParseModel, "model file '" + path + "': not an offline model");
  std::remove(path.c_str());
}

TEST(OmReaderFile, HeaderFileReadsOnlyTheHeaderButChecksIt) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span graphs = FindSection(bytes, SectionKind::kGraphs);
  bytes[graphs.offset + 1] ^= 0x40;  // the graphs section is not read: header still fine
  const std::string path = TempPath("header_only.om");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  ModelHeader h;
  Status s = ReadModelHeaderFile(path, &h);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(h.work_size, 1536u);
  Model m;
  EXPECT_STATUS(ReadModelFile(path, &m), err::kDeserializeModel, "graphs section (bytes ");
  // Truncated: the header reader notices too.
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(bytes.size() - 1)), 0);
  EXPECT_STATUS(ReadModelHeaderFile(path, &h), err::kModelSizeInvalid, "(truncated)");
  std::remove(path.c_str());
}

TEST(OmWriterFile, UnwritablePath) {
  const std::string path = TempPath("no_dir") + "/m.om";
  EXPECT_STATUS(WriteModelFile(testing::MakeConvReluModel(), path), err::kWriteFile,
                "cannot create model file '" + path + "': No such file or directory");
}

TEST(OmWriter, RefusesInvalidModels) {
  Model m = testing::MakeConvReluModel();
  m.graphs[0].nodes[0].inputs[0] = 42;
  std::vector<uint8_t> bytes = {1, 2, 3};
  EXPECT_STATUS(WriteModel(m, &bytes), err::kDeserializeModel, "graph 0 node 0 'conv1' input 0: tensor index 42");
  EXPECT_EQ(bytes, (std::vector<uint8_t>{1, 2, 3}));  // unchanged
  const std::string path = TempPath("invalid.om");
  EXPECT_EQ(WriteModelFile(m, path).code(), err::kDeserializeModel);
  EXPECT_NE(::access(path.c_str(), F_OK), 0);  // nothing written
  m = testing::MakeConvReluModel();
  m.soc_version.assign(256, 'A');
  EXPECT_STATUS(WriteModel(m, &bytes), err::kInvalidParam, "SoC version is 256 bytes, the format allows 255");
  EXPECT_EQ(WriteModel(m, nullptr).code(), err::kInvalidParam);
}

TEST(OmReader, NullArguments) {
  Model m;
  ModelHeader h;
  EXPECT_EQ(ReadModel(nullptr, 10, &m).code(), err::kInvalidParam);
  const std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  EXPECT_EQ(ReadModel(bytes.data(), bytes.size(), nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(ReadModelHeader(bytes.data(), bytes.size(), nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(ReadModelFile("x", nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(ReadModelHeaderFile("x", nullptr).code(), err::kInvalidParam);
  EXPECT_STATUS(ReadModel(nullptr, 0, &m), err::kModelSizeInvalid, "truncated: the model has 0 bytes");
  EXPECT_STATUS(ReadModelHeader(nullptr, 0, &h), err::kModelSizeInvalid, "truncated");
}

TEST(OmReader, FailureLeavesOutputUnchanged) {
  Model m = testing::MakeAllAttrsModel();
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  bytes.back() ^= 1;
  EXPECT_FALSE(ReadModel(bytes.data(), bytes.size(), &m).ok());
  EXPECT_TRUE(m == testing::MakeAllAttrsModel());
}

// ---- header --------------------------------------------------------------------------

TEST(OmReader, BadMagic) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  bytes[3] = 'X';
  EXPECT_STATUS(Read(bytes), err::kParseModel, "not an offline model: header at byte 0: magic bytes [41 53 49 58");
  const std::vector<uint8_t> text = {'h', 'i'};
  EXPECT_STATUS(Read(text), err::kParseModel, "not an offline model");
  ModelHeader h;
  EXPECT_STATUS(ReadModelHeader(bytes.data(), bytes.size(), &h), err::kParseModel, "not an offline model");
}

TEST(OmReader, EveryTruncationIsASizeError) {
  const std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  for (size_t n = 0; n < bytes.size(); ++n) {
    Model m;
    Status s = ReadModel(bytes.data(), n, &m);
    ASSERT_EQ(s.code(), err::kModelSizeInvalid) << "length " << n << ": " << s.message();
    ASSERT_NE(s.message().find("truncated"), std::string::npos) << s.message();
    ModelHeader h;
    ASSERT_EQ(ReadModelHeader(bytes.data(), n, &h).code(), err::kModelSizeInvalid) << "length " << n;
  }
}

TEST(OmReader, ExtraBytesAreASizeError) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  bytes.push_back(0);
  EXPECT_STATUS(Read(bytes), err::kModelSizeInvalid,
                "header at byte 16: file size field says 1680 bytes but the model has 1681 (extra bytes)");
}

TEST(OmReader, WrongVersion) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffVersion, 4);
  Status s = Read(bytes);
  EXPECT_EQ(s.code(), err::kFeatureUnsupported);
  EXPECT_EQ(s.message(), "om format version 4; this runtime reads versions 1 to 3");
  // Even a short file says "version", not "truncated", once the version is readable.
  bytes.resize(12);
  EXPECT_STATUS(Read(bytes), err::kFeatureUnsupported, "om format version 4");
  const std::string path = TempPath("v4.om");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  Model m;
  EXPECT_STATUS(ReadModelFile(path, &m), err::kFeatureUnsupported,
                "model file '" + path + "': om format version 4; this runtime reads versions 1 to 3");
  std::remove(path.c_str());
}

TEST(OmReader, VersionZeroIsUnsupported) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffVersion, 0);
  EXPECT_STATUS(Read(bytes), err::kFeatureUnsupported, "om format version 0; this runtime reads versions 1 to 3");
}

TEST(OmReader, HeaderSizeTooSmall) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffHeaderSize, 100);
  EXPECT_STATUS(Read(bytes), err::kModelSizeInvalid,
                "header at byte 12: header size 100 < the 184 bytes its 9-byte SoC name and 4 section entries need");
  PutU32(&bytes, kOffHeaderSize, 8);
  EXPECT_STATUS(Read(bytes), err::kModelSizeInvalid, "header size 8 < the 40-byte fixed header");
}

TEST(OmReader, HeaderSizeTooLarge) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffHeaderSize, 192);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header size 192 != the 184 bytes");
  PutU32(&bytes, kOffHeaderSize, 4000);
  EXPECT_STATUS(Read(bytes), err::kModelSizeInvalid, "header size 4000 > the model's 1680 bytes (truncated)");
}

TEST(OmReader, HeaderCrcMismatch) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  bytes[kFixedHeaderBytes + 1] ^= 0x20;  // "Ascend310" -> "AScend310"
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header at byte 24: CRC-32 mismatch over bytes 0..184");
}

TEST(OmReader, HugeSocLengthAndSectionCount) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffSocLength, 0xFFFFFFFFu);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header at byte 32: SoC name length 4294967295 > 255");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffSectionCount, 0x7FFFFFFFu);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header at byte 28: section count 2147483647 > 16");
}

TEST(OmReader, ReservedHeaderFieldAndSocPadding) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffReserved, 1);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header at byte 36: reserved field is 1, must be 0");
  bytes = Encode(testing::MakeConvReluModel());
  bytes[kFixedHeaderBytes + 9] = 'x';  // after "Ascend310"
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "header at byte 49: SoC name padding byte is 120, must be 0");
}

// ---- section table -------------------------------------------------------------------

TEST(OmReader, SectionOutOfRange) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span w = FindSection(bytes, SectionKind::kWeights);
  PutU64(&bytes, w.entry + 16, w.length + 64);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "section table entry 3 (header byte 152): 'weights' section [offset 1216, length 528] exceeds the "
                "1680-byte model");
  PutU64(&bytes, w.entry + 8, 0xFFFFFFFFFFFFFFC0ull);  // offset + length would wrap
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "exceeds the 1680-byte model");
}

TEST(OmReader, SectionMisalignedOrInsideHeaderOrOverlapping) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span w = FindSection(bytes, SectionKind::kWeights);
  PutU64(&bytes, w.entry + 8, w.offset - 8);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "'weights' section offset 1208 is not a multiple of 64");
  bytes = Encode(testing::MakeConvReluModel());
  const testing::Span meta = FindSection(bytes, SectionKind::kMetadata);
  PutU64(&bytes, meta.entry + 8, 176);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "'metadata' section offset 176 is inside the 184-byte header");
  bytes = Encode(testing::MakeConvReluModel());
  const testing::Span io = FindSection(bytes, SectionKind::kIo);
  PutU64(&bytes, io.entry + 8, io.offset - 8);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "starts before the end");
}

TEST(OmReader, SectionKinds) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span io = FindSection(bytes, SectionKind::kIo);
  PutU32(&bytes, io.entry, 9);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "section table entry 1 (header byte 88): kind 9 is not a section kind");
  PutU32(&bytes, io.entry, 1);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "a second 'metadata' section");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, io.entry + 4, 5);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "section table entry 1 (header byte 88): reserved field is not 0");
}

TEST(OmReader, MissingSection) {
  // Three entries: the header shrinks by 32 bytes, which the sections then overlap.
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, kOffSectionCount, 3);
  PutU32(&bytes, kOffHeaderSize, 152);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "section table (3 entries) has no 'weights' section");
}

TEST(OmReader, SectionCrcMismatch) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span w = FindSection(bytes, SectionKind::kWeights);
  bytes[w.offset + 100] ^= 0x01;
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "weights section (bytes 1216..1680): CRC-32 mismatch: stored 0x");
}

TEST(OmReader, NonZeroPadding) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span w = FindSection(bytes, SectionKind::kWeights);
  bytes[w.offset - 1] = 7;
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "padding at byte 1215 is 7, must be 0");
}

// ---- metadata section ----------------------------------------------------------------

TEST(OmReader, HugeStringLength) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span meta = FindSection(bytes, SectionKind::kMetadata);
  PutU32(&bytes, meta.offset, 0xFFFFFFF0u);  // model name length
  FixCrcs(&bytes);
  EXPECT_STATUS(
      Read(bytes), err::kDeserializeModel,
      "metadata section at byte " + std::to_string(meta.offset) + ": model name: string length 4294967280 > ");
  ModelHeader h;
  EXPECT_STATUS(ReadModelHeader(bytes.data(), bytes.size(), &h), err::kDeserializeModel, "string length 4294967280");
}

TEST(OmReader, BadDynamicKind) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span meta = FindSection(bytes, SectionKind::kMetadata);
  const size_t at = meta.offset + 4 + 9 + 4 + 12 + 8 + 8 + 12;  // name, producer, sizes, counts
  ASSERT_EQ(bytes[at], 0);
  bytes[at] = 4;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "dynamic kind: 4 is not 0 none, 1 batch, 2 image_size or 3 dims");
  bytes[at] = 0;
  bytes[at + 2] = 1;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "reserved: reserved byte is 1, must be 0");
}

TEST(OmReader, MetadataDisagreesWithTheModel) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span meta = FindSection(bytes, SectionKind::kMetadata);
  const size_t work = meta.offset + 4 + 9 + 4 + 12;
  PutU64(&bytes, work, 4096);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "metadata section: work size 4096 != the 1536 bytes of the largest graph's work_size");
  bytes = Encode(testing::MakeConvReluModel());
  PutU64(&bytes, work + 8, 463);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "metadata section: weight size 463 != the weights section");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, work + 16, 2);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "metadata section: input count 2 != the 1 inputs of the io section");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, work + 24, 3);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "metadata section: graph count 3 for 0 gears (needs 1)");
}

TEST(OmReader, UnsortedMetadataKeys) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const size_t at = FindString(bytes, "precision_mode");
  bytes[at + 4] = 'a';  // "arecision_mode" < "framework"
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "metadata entry 1 key: 'arecision_mode' is not after 'framework' (keys are unique and sorted)");
}

// ---- io section ----------------------------------------------------------------------

TEST(OmReader, BadIoEnums) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span io = FindSection(bytes, SectionKind::kIo);
  PutU32(&bytes, io.offset + 4 + 5, 5);  // input 0 dtype: 5 is not a DataType
  FixCrcs(&bytes);
  EXPECT_STATUS(
      Read(bytes), err::kDeserializeModel,
      "io section at byte " + std::to_string(io.offset + 9) + ": input 0 data type: data type 5 is not a DataType");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, io.offset + 4 + 5 + 4, 0xFFFFFFFEu);  // format -2
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "input 0 format: format -2 is not a Format");
}

TEST(OmReader, HugeIoCount) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span io = FindSection(bytes, SectionKind::kIo);
  PutU32(&bytes, io.offset, 0x10000000u);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "input count: count 268435456 x 24 bytes exceeds the");
}

// ---- graphs section ------------------------------------------------------------------

TEST(OmReader, HugeCounts) {
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span g = FindSection(bytes, SectionKind::kGraphs);
  PutU32(&bytes, g.offset, 0xFFFFFFFFu);
  FixCrcs(&bytes);
  EXPECT_STATUS(
      Read(bytes), err::kDeserializeModel,
      "graphs section at byte " + std::to_string(g.offset) + ": graph count: count 4294967295 x 16 bytes exceeds the");
  bytes = Encode(testing::MakeConvReluModel());
  PutU32(&bytes, g.offset + 12, 0x40000000u);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "graph 0 tensor count: count 1073741824 x 48 bytes exceeds the");
  bytes = Encode(testing::MakeConvReluModel());
  const size_t strides = FindString(bytes, "strides");
  PutU32(&bytes, strides + 4 + 7 + 1, 0x20000000u);  // list length of the strides attr
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "graph 0 node 0 'conv1' attr 'strides' int list: count 536870912 x 8");
}

TEST(OmReader, BadTensorFields) {
  const std::vector<uint8_t> good = Encode(testing::MakeConvReluModel());
  const testing::Span g = FindSection(good, SectionKind::kGraphs);
  const size_t tensor0 = g.offset + 16;  // graph count, work size, tensor count
  const size_t dtype = tensor0 + 5;
  const size_t place = tensor0 + 5 + 4 + 4 + 36 + 4 + 4;
  std::vector<uint8_t> bytes = good;
  PutU32(&bytes, dtype, 14);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "graphs section at byte " + std::to_string(dtype) +
                    ": graph 0 tensor 0 data type: data type 14 is not a DataType");
  bytes = good;
  ASSERT_EQ(bytes[place], 2);  // input
  bytes[place] = 4;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "graph 0 tensor 0 place: 4 is not 0 work, 1 weight, 2 input or 3 output");
  bytes = good;
  bytes[place + 1] = 0x80;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "graph 0 tensor 0 reserved: reserved byte is 128, must be 0");
  bytes = good;
  PutU32(&bytes, place + 4, 7);  // io_index
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "invalid model: graph 0 tensor 0 'x': input index 7 >= 1 inputs");
}

TEST(OmReader, BadNodeFields) {
  const std::vector<uint8_t> good = Encode(testing::MakeConvReluModel());
  const size_t relu = FindString(good, "relu1");
  const size_t engine = relu + 4 + 5 + 4 + 4;
  std::vector<uint8_t> bytes = good;
  bytes[engine] = 2;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "graphs section at byte " + std::to_string(engine) +
                    ": graph 0 node 1 'relu1' engine: 2 is not 0 AI_CORE or 1 AI_CPU");
  bytes = good;
  PutU32(&bytes, engine + 4 + 4, 99);  // input 0
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "invalid model: graph 0 node 1 'relu1' input 0: tensor index 99 >= 5 tensors");
  bytes = good;
  PutU32(&bytes, engine + 4, 0xFFFFFFFFu);  // input count
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "graph 0 node 1 'relu1' input count: count 4294967295 x 4 bytes");
}

TEST(OmReader, BadAttrs) {
  const std::vector<uint8_t> good = Encode(testing::MakeAllAttrsModel());
  std::vector<uint8_t> bytes = good;
  const size_t tag = FindString(bytes, "b_true") + 4 + 6;
  ASSERT_EQ(bytes[tag], 0);      // bool
  ASSERT_EQ(bytes[tag + 1], 1);  // true
  bytes[tag] = 11;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "graph 0 node 0 'everything' attr 'b_true' type tag: 11 is not an attribute type (0..10)");
  bytes = good;
  bytes[tag + 1] = 2;
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "attr 'b_true' bool value: bool byte 2 is neither 0 nor 1");
  bytes = good;
  const size_t dt = FindString(bytes, "dt") + 4 + 2 + 1;
  PutU32(&bytes, dt, 28);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "attr 'dt' data type value: data type 28 is not a DataType");
  bytes = good;
  const size_t name = FindString(bytes, "b_true");
  bytes[name + 4] = 'a';  // "a_true" < "b_false"
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "attr 1 name: 'a_true' is not after 'b_false' (names are unique and sorted)");
}

TEST(OmReader, TrailingBytesInASection) {
  // The io section of a model with one output: make the output count 0, so its bytes trail.
  std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  const testing::Span io = FindSection(bytes, SectionKind::kIo);
  const size_t outputs = io.offset + 4 + (4 + 1 + 4 + 4 + 4 + 32 + 8);
  ASSERT_EQ(GetU32(bytes, outputs), 1u);
  PutU32(&bytes, outputs, 0);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "io section at byte " + std::to_string(outputs + 4) + ": end: 57 unread bytes");
}

}  // namespace
}  // namespace asim::om
