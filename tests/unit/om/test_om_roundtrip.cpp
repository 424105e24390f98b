// Round trips of the .om format: write -> read -> equal -> write -> identical bytes, for
// every reference model, in memory and through files; the header reader; the layout facts
// docs/om_format.md promises (magic, alignment, sizes); and a pinned encoding, so a format
// change cannot slip in without a version decision.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "om/byte_io.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

using testing::Encode;
using testing::FindSection;
using testing::GetU32;

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "om_rt_" + std::to_string(::getpid()) + "_" + name;
}

class OmRoundTrip : public ::testing::TestWithParam<int> {
 protected:
  Model MakeModel() const {
    switch (GetParam()) {
      case 0: return testing::MakeConvReluModel();
      case 1: return testing::MakeDynamicBatchModel();
      case 2: return testing::MakeAllAttrsModel();
      case 3: return testing::MakeDataDependentModel();
      case 4: return testing::MakePreparedModel();
      default: return testing::MakePreparedGearsModel();
    }
  }
};

TEST_P(OmRoundTrip, WriteReadEqualWriteIdentical) {
  const Model model = MakeModel();
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(WriteModel(model, &bytes).ok());
  Model read;
  Status s = ReadModel(bytes.data(), bytes.size(), &read);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(read == model);
  EXPECT_EQ(read.name, model.name);
  EXPECT_EQ(read.graphs[0].nodes.size(), model.graphs[0].nodes.size());
  std::vector<uint8_t> again;
  ASSERT_TRUE(WriteModel(read, &again).ok());
  EXPECT_EQ(again, bytes);
}

TEST_P(OmRoundTrip, ThroughAFile) {
  const Model model = MakeModel();
  const std::string path = TempPath(model.name + ".om");
  Status s = WriteModelFile(model, path);
  ASSERT_TRUE(s.ok()) << s.message();
  // The file holds exactly WriteModel's bytes (written piece by piece, not from one buffer),
  // and the temporary file it was renamed from is gone.
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(WriteModel(model, &bytes).ok());
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> on_disk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(on_disk == bytes) << on_disk.size() << " bytes on disk, " << bytes.size() << " from WriteModel";
  struct stat st {};
  EXPECT_NE(::stat((path + ".tmp" + std::to_string(::getpid())).c_str(), &st), 0);
  // Written again over the same path: a new file (renamed over it), so a process that mapped
  // the old one keeps its bytes.
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  const ino_t first = st.st_ino;
  const int held = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(held, 0);
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_NE(st.st_ino, first);
  ::close(held);
  Model read;
  s = ReadModelFile(path, &read);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(read == model);
  ModelHeader header;
  s = ReadModelHeaderFile(path, &header);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(header.name, model.name);
  EXPECT_EQ(header.work_size, model.work_size());
  EXPECT_EQ(header.weight_size, model.weight_size());
  std::remove(path.c_str());
}

// The loader's way (ModelFile): everything but the weight blob read and decoded, the blob
// read later straight into its destination with its CRC checked; such a model cannot be
// written back (it has no weights to write).
TEST_P(OmRoundTrip, ModelFileLeavesTheWeightsInTheFile) {
  const Model model = MakeModel();
  const std::string path = TempPath(model.name + "_file.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  Status s = ModelFile::Open(path, &read, &file);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_NE(file, nullptr);
  EXPECT_TRUE(read.weights_in_source);
  EXPECT_TRUE(read.weights.empty());
  EXPECT_EQ(read.weight_size(), model.weight_size());
  EXPECT_EQ(file->weight_size(), model.weight_size());
  EXPECT_EQ(read.source_weight_offset % kWeightAlignment, 0u);
  std::vector<uint8_t> blob(file->weight_size() + 1, 0xEE);
  s = file->ReadWeights(blob.data());
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(blob.back(), 0xEE);  // exactly weight_size() bytes
  blob.pop_back();
  EXPECT_EQ(blob, model.weights);
  // The prepared blob (format version 3) stays in the file too, until it is mapped.
  EXPECT_EQ(read.prepared_in_source, !model.prepared.empty());
  EXPECT_TRUE(read.prepared_blob.empty());
  EXPECT_EQ(read.prepared_size(), model.prepared_blob.size());
  EXPECT_EQ(read.source_prepared_offset % kPreparedDataAlignment, 0u);
  std::shared_ptr<const uint8_t> mapped;
  uint64_t mapped_size = 1;
  s = file->MapPrepared(&mapped, &mapped_size);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(mapped == nullptr, model.prepared.empty());
  ASSERT_EQ(mapped_size, model.prepared_blob.size());
  if (mapped != nullptr) {
    EXPECT_EQ(0, std::memcmp(mapped.get(), model.prepared_blob.data(), mapped_size));
  }
  Model copied = read;
  copied.weights = model.weights;
  copied.weights_in_source = false;
  copied.source_weight_offset = copied.source_weight_size = 0;
  copied.prepared_blob = model.prepared_blob;
  copied.prepared_in_source = false;
  copied.source_prepared_offset = copied.source_prepared_size = 0;
  EXPECT_TRUE(copied == model);
  std::vector<uint8_t> bytes;
  EXPECT_EQ(WriteModel(read, &bytes).code(), err::kInvalidParam);
  std::remove(path.c_str());
}

// A damaged weight blob is found when it is read (Open does not touch it), with the path.
TEST(OmModelFile, WeightCrcMismatchIsFoundWhenTheWeightsAreRead) {
  const Model model = testing::MakeConvReluModel();
  ASSERT_FALSE(model.weights.empty());
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(WriteModel(model, &bytes).ok());
  ModelHeader h;
  ASSERT_TRUE(ReadModelHeader(bytes.data(), bytes.size(), &h).ok());
  bytes[h.weight_offset + 5] ^= 0x40;
  const std::string path = TempPath("damaged_weights.om");
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
    std::fclose(f);
  }
  Model read;
  std::unique_ptr<ModelFile> file;
  ASSERT_TRUE(ModelFile::Open(path, &read, &file).ok());
  std::vector<uint8_t> blob(file->weight_size());
  const Status s = file->ReadWeights(blob.data());
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("CRC-32 mismatch"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  // The whole-file reader finds it at once.
  EXPECT_EQ(ReadModelFile(path, &read).code(), err::kDeserializeModel);
  std::remove(path.c_str());
}

// A loader that leaves weights out of its memory (runtime/model: filters it repacks): ReadWeights
// checks every byte but writes none of the skipped ones; ReadWeightRange gives them during the
// load, RereadWeights after it, each refusing a file modified in place since Open.
TEST(OmModelFile, SkippedWeightsAreCheckedNotWrittenAndReadBackOnlyFromTheSameFile) {
  Model model = testing::MakeConvReluModel();
  const size_t used = model.weights.size();
  model.weights.resize((size_t{9} << 20) + 123);  // three 4 MiB chunks, the last one partial
  for (size_t i = used; i < model.weights.size(); ++i) model.weights[i] = static_cast<uint8_t>(i * 7 + (i >> 12));
  const std::string path = TempPath("skipped_weights.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  ASSERT_TRUE(ModelFile::Open(path, &read, &file).ok());
  ASSERT_EQ(file->weight_size(), model.weights.size());
  const uint64_t mib = uint64_t{1} << 20;
  const uint64_t kib = uint64_t{1} << 10;
  // Inside a chunk; across a 256 KiB read piece's end; two in one piece; whole pieces; across
  // the first chunk boundary; a whole chunk and more; up to the end.
  const ModelFile::WeightRanges skip = {
      {100, 4096},      {256 * kib - 5, 10}, {300 * kib, 10},    {300 * kib + 20, 10},
      {mib, 512 * kib}, {4 * mib - 10, 20},  {5 * mib, 4 * mib}, {model.weights.size() - 3, 3}};
  // Serially, then on two threads as the loader does (each thread its chunks).
  const ModelFile::ParallelRunner two_threads = [](size_t count, const std::function<void(size_t, size_t)>& body) {
    std::thread other([&] { body(0, count / 2); });
    body(count / 2, count);
    other.join();
  };
  Status s;
  for (const ModelFile::ParallelRunner& runner : {ModelFile::ParallelRunner{}, two_threads}) {
    std::vector<uint8_t> blob(model.weights.size(), 0xEE);
    s = file->ReadWeights(blob.data(), runner, skip);
    ASSERT_TRUE(s.ok()) << s.message();
    size_t r = 0;
    for (size_t i = 0; i < blob.size(); ++i) {
      while (r < skip.size() && skip[r].first + skip[r].second <= i) ++r;
      const bool skipped = r < skip.size() && skip[r].first <= i;
      ASSERT_EQ(blob[i], skipped ? 0xEE : model.weights[i]) << "byte " << i << (skipped ? " (skipped)" : "");
    }
  }
  for (const auto& [offset, size] : skip) {
    std::vector<uint8_t> range(size, 0), again(size, 0);
    ASSERT_TRUE(file->ReadWeightRange(offset, size, range.data()).ok());
    s = file->RereadWeights(offset, size, again.data());
    ASSERT_TRUE(s.ok()) << s.message();
    const std::vector<uint8_t> expected(model.weights.begin() + static_cast<std::ptrdiff_t>(offset),
                                        model.weights.begin() + static_cast<std::ptrdiff_t>(offset + size));
    EXPECT_EQ(range, expected) << offset;
    EXPECT_EQ(again, expected) << offset;
  }
  std::vector<uint8_t> one(1);
  EXPECT_EQ(file->ReadWeightRange(model.weights.size(), 1, one.data()).code(), err::kInvalidParam);
  EXPECT_EQ(file->RereadWeights(model.weights.size() - 1, 2, one.data()).code(), err::kInvalidParam);

  // The file modified in place (a later modification time: the clock the kernel stamps files
  // with ticks every few milliseconds).
  usleep(30000);
  {
    FILE* f = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    ASSERT_EQ(std::fseek(f, static_cast<long>(read.source_weight_offset + 5 * mib + 1), SEEK_SET), 0);
    ASSERT_EQ(std::fputc(0x42 ^ model.weights[5 * mib + 1], f), 0x42 ^ model.weights[5 * mib + 1]);
    std::fclose(f);
  }
  std::vector<uint8_t> range(16);
  s = file->ReadWeightRange(100, 16, range.data());
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("changed while it was being loaded"), std::string::npos) << s.message();
  s = file->RereadWeights(5 * mib, 16, range.data());  // its chunk changed
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("changed since it was loaded"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  EXPECT_TRUE(file->RereadWeights(100, 16, range.data()).ok()) << "an unchanged chunk still reads back";
  std::remove(path.c_str());
}

// RereadWeights needs the CRCs ReadWeights computes.
TEST(OmModelFile, RereadBeforeReadIsRefused) {
  const Model model = testing::MakeConvReluModel();
  const std::string path = TempPath("reread_first.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  ASSERT_TRUE(ModelFile::Open(path, &read, &file).ok());
  std::vector<uint8_t> range(8);
  EXPECT_EQ(file->RereadWeights(0, 8, range.data()).code(), err::kInvalidParam);
  std::remove(path.c_str());
}

TEST(OmModelFile, MissingFileIsPathInvalid) {
  Model m;
  std::unique_ptr<ModelFile> file;
  EXPECT_EQ(ModelFile::Open(TempPath("does_not_exist.om"), &m, &file).code(), err::kGeModelPathInvalid);
  EXPECT_EQ(file, nullptr);
  EXPECT_EQ(ModelFile::Open(TempPath("x.om"), &m, nullptr).code(), err::kInvalidParam);
}

TEST_P(OmRoundTrip, HeaderFacts) {
  const Model model = MakeModel();
  const std::vector<uint8_t> bytes = Encode(model);
  ModelHeader h;
  Status s = ReadModelHeader(bytes.data(), bytes.size(), &h);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(h.format_version, FormatVersionOf(model));
  EXPECT_EQ(h.format_version, GetParam() >= 4 ? 3u : GetParam() == 3 ? 2u : 1u);
  EXPECT_EQ(h.file_size, bytes.size());
  EXPECT_EQ(h.soc_version, model.soc_version);
  EXPECT_EQ(h.name, model.name);
  EXPECT_EQ(h.producer, model.producer);
  EXPECT_EQ(h.dynamic, model.dynamic);
  EXPECT_EQ(h.gear_count, model.gears.size());
  EXPECT_EQ(h.graph_count, model.graphs.size());
  EXPECT_EQ(h.input_count, model.inputs.size());
  EXPECT_EQ(h.output_count, model.outputs.size());
  EXPECT_EQ(h.work_size, model.work_size());
  EXPECT_EQ(h.weight_size, model.weights.size());
  ASSERT_EQ(h.sections.size(), model.prepared.empty() ? 4u : 5u);
  EXPECT_EQ(h.sections[0].kind, SectionKind::kMetadata);
  EXPECT_EQ(h.sections[3].kind, SectionKind::kWeights);
  if (!model.prepared.empty()) {
    // Last, mappable: at a 4096-byte aligned offset, ending the file.
    EXPECT_EQ(h.sections[4].kind, SectionKind::kPrepared);
    EXPECT_EQ(h.sections[4].offset % kPreparedSectionAlignment, 0u);
    EXPECT_EQ(h.sections[4].offset + h.sections[4].length, bytes.size());
    EXPECT_EQ(h.prepared_section_size, h.sections[4].length);
  } else {
    EXPECT_EQ(h.prepared_section_size, 0u);
  }
  // The weights are usable in place: 64-byte aligned, byte-identical.
  EXPECT_EQ(h.weight_offset % kWeightAlignment, 0u);
  ASSERT_LE(h.weight_offset + model.weights.size(), bytes.size());
  EXPECT_EQ(0, model.weights.empty()
                   ? 0
                   : std::memcmp(bytes.data() + h.weight_offset, model.weights.data(), model.weights.size()));
}

INSTANTIATE_TEST_SUITE_P(Models, OmRoundTrip, ::testing::Values(0, 1, 2, 3, 4, 5), [](const auto& info) {
  return std::string(info.param == 0   ? "ConvRelu"
                     : info.param == 1 ? "DynamicBatch"
                     : info.param == 2 ? "AllAttrs"
                     : info.param == 3 ? "DataDependent"
                     : info.param == 4 ? "Prepared"
                                       : "PreparedGears");
});

TEST(OmFormat, LayoutFacts) {
  const std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  EXPECT_EQ(std::memcmp(bytes.data(), "ASIMOM\0\0", 8), 0);
  EXPECT_EQ(GetU32(bytes, kOffVersion), 1u);
  EXPECT_EQ(GetU32(bytes, kOffHeaderSize), 40u + 16u + 4u * 32u);  // "Ascend310" pads to 16
  EXPECT_EQ(GetU32(bytes, kOffSectionCount), 4u);
  uint64_t previous_end = GetU32(bytes, kOffHeaderSize);
  for (SectionKind kind : {SectionKind::kMetadata, SectionKind::kIo, SectionKind::kGraphs, SectionKind::kWeights}) {
    const testing::Span s = FindSection(bytes, kind);
    EXPECT_GE(s.offset, previous_end) << SectionKindName(kind);
    EXPECT_EQ(s.offset % (kind == SectionKind::kWeights ? 64 : 8), 0u) << SectionKindName(kind);
    previous_end = s.offset + s.length;
  }
  EXPECT_EQ(previous_end, bytes.size());  // the weights end the file
}

TEST(OmFormat, EmptyWeightsAndEmptyGraph) {
  Model m;
  m.name = "";
  m.graphs.resize(1);
  const std::vector<uint8_t> bytes = Encode(m);
  Model read;
  Status s = ReadModel(bytes.data(), bytes.size(), &read);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(read == m);
}

TEST(OmFormat, Crc32KnownValues) {
  EXPECT_EQ(Crc32("", 0), 0u);
  EXPECT_EQ(Crc32("123456789", 9), 0xCBF43926u);  // the CRC-32 check value
  const char* text = "The quick brown fox jumps over the lazy dog";
  EXPECT_EQ(Crc32(text, std::strlen(text)), 0x414FA339u);
  // Running checksum == one pass, across the slice-by-8 boundary.
  EXPECT_EQ(Crc32(text + 5, std::strlen(text) - 5, Crc32(text, 5)), 0x414FA339u);
}

// Pieces checked apart combine into the whole's CRC, at every split point and for empty
// pieces (what ModelFile::ReadWeights does over 4 MiB chunks in parallel).
TEST(OmFormat, Crc32CombineEqualsOnePass) {
  std::vector<uint8_t> data(3000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 131 + (i >> 7));
  const uint32_t whole = Crc32(data.data(), data.size());
  for (size_t split : {size_t{0}, size_t{1}, size_t{7}, size_t{8}, size_t{1000}, size_t{2999}, size_t{3000}}) {
    const uint32_t a = Crc32(data.data(), split), b = Crc32(data.data() + split, data.size() - split);
    EXPECT_EQ(Crc32Combine(a, b, data.size() - split), whole) << split;
  }
  const char* text = "The quick brown fox jumps over the lazy dog";
  EXPECT_EQ(Crc32Combine(Crc32(text, 10), Crc32(text + 10, 33), 33), 0x414FA339u);
}

// The encoding of the conv + relu model is pinned. If this fails, the byte format changed:
// either it is compatible (update the numbers here and docs/om_format.md) or kFormatVersion
// must change. The seeds in tests/fuzz/corpus/om_reader are regenerated by make_om_seeds.
TEST(OmFormat, PinnedEncoding) {
  const std::vector<uint8_t> bytes = Encode(testing::MakeConvReluModel());
  EXPECT_EQ(bytes.size(), 1680u);
  EXPECT_EQ(Crc32(bytes.data(), bytes.size()), 0xE076AE32u);
}

// Version 2 differs from version 1 only by the tensor flags byte: a model with a dynamic
// tensor is pinned too, and version 1 keeps that byte reserved.
TEST(OmFormat, PinnedEncodingVersion2) {
  const std::vector<uint8_t> bytes = Encode(testing::MakeDataDependentModel());
  EXPECT_EQ(GetU32(bytes, kOffVersion), 2u);
  EXPECT_EQ(bytes.size(), 704u);
  EXPECT_EQ(Crc32(bytes.data(), bytes.size()), 0x6AA8D0DAu);
}

TEST(OmFormat, DynamicFlagNeedsVersion2) {
  // The same bytes labelled version 1: the flags byte is reserved there.
  std::vector<uint8_t> bytes = Encode(testing::MakeDataDependentModel());
  testing::PutU32(&bytes, kOffVersion, 1);
  testing::FixCrcs(&bytes);
  Model read;
  Status s = ReadModel(bytes.data(), bytes.size(), &read);
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("graph 0 tensor 1 reserved"), std::string::npos) << s.message();
  // A version 2 flags byte other than 0 / 1.
  bytes = Encode(testing::MakeDataDependentModel());
  const testing::Span graphs = FindSection(bytes, SectionKind::kGraphs);
  // Graph count 4; graph 0: work size 8, tensor count 4; tensor 0 "x": name 4+1, dtype 4, format 4, dims 4+16,
  // origin format 4, origin dims 4, place 1, then the flags byte.
  const size_t flags_at = graphs.offset + 4 + 8 + 4 + 5 + 4 + 4 + 20 + 4 + 4 + 1;
  bytes[flags_at] = 2;
  testing::FixCrcs(&bytes);
  s = ReadModel(bytes.data(), bytes.size(), &read);
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("flags"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace asim::om
