// The prepared section (kind 5, format version 3): layout facts (last, 4096-aligned, version
// 3, canonical), the blob left in the source (ReadModel kLeaveInSource, ModelFile) and mapped
// by ModelFile::MapPrepared with its CRC checked, every reader error of the section and every
// Model::Validate rule of the prepared entries, and the JSON rendering.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "om/byte_io.h"
#include "om/om_json.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/unit/om/om_expect.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

using testing::Encode;
using testing::FindPreparedEntry;
using testing::FindSection;
using testing::FixCrcs;
using testing::GetU32;
using testing::MakePreparedModel;
using testing::PutU32;
using testing::PutU64;
using testing::Read;

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "om_prep_" + std::to_string(::getpid()) + "_" + name;
}

void WriteBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  std::fclose(f);
}

// ---- layout and round trips ----------------------------------------------------------

TEST(OmPrepared, RoundTripIsCanonicalVersion3AndMappable) {
  for (const Model& model : {MakePreparedModel(), testing::MakePreparedGearsModel()}) {
    SCOPED_TRACE(model.name);
    EXPECT_EQ(FormatVersionOf(model), 3u);
    const std::vector<uint8_t> bytes = Encode(model);
    EXPECT_EQ(GetU32(bytes, kOffVersion), 3u);
    EXPECT_EQ(GetU32(bytes, kOffSectionCount), 5u);
    const testing::Span weights = FindSection(bytes, SectionKind::kWeights);
    const testing::Span prepared = FindSection(bytes, SectionKind::kPrepared);
    EXPECT_EQ(prepared.offset % kPreparedSectionAlignment, 0u);
    EXPECT_GE(prepared.offset, weights.offset + weights.length);         // after the weights
    EXPECT_LT(prepared.offset, weights.offset + weights.length + 4096);  // no more padding than needed
    EXPECT_EQ(prepared.offset + prepared.length, bytes.size());          // ends the file
    EXPECT_EQ(GetU32(bytes, prepared.offset), static_cast<uint32_t>(model.prepared.size()));  // entry count
    const uint64_t blob = testing::PreparedBlobAt(bytes, model);
    EXPECT_EQ((blob - prepared.offset) % kPreparedDataAlignment, 0u);
    EXPECT_EQ(0, std::memcmp(bytes.data() + blob, model.prepared_blob.data(), model.prepared_blob.size()));
    Model read;
    const Status s = ReadModel(bytes.data(), bytes.size(), &read);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_TRUE(read == model);
    EXPECT_FALSE(read.prepared_in_source);
    EXPECT_EQ(Encode(read), bytes);
  }
}

// Removing the prepared data gives the version 1 bytes of the same model (the section adds
// nothing elsewhere).
TEST(OmPrepared, WithoutPreparedDataTheModelIsVersion1Again) {
  Model model = MakePreparedModel();
  model.prepared.clear();
  model.prepared_blob.clear();
  Model plain = testing::MakeConvReluModel();
  plain.name = model.name;
  EXPECT_EQ(Encode(model), Encode(plain));
  EXPECT_EQ(GetU32(Encode(model), kOffVersion), 1u);
  EXPECT_EQ(GetU32(Encode(testing::MakeDataDependentModel()), kOffVersion), 2u);
}

// The encoding of the prepared model is pinned (see OmFormat.PinnedEncoding).
TEST(OmPrepared, PinnedEncodingVersion3) {
  const std::vector<uint8_t> bytes = Encode(MakePreparedModel());
  EXPECT_EQ(bytes.size(), 4688u);
  EXPECT_EQ(Crc32(bytes.data(), bytes.size()), 0xB2625587u);
}

TEST(OmPrepared, LeaveInSourcePointsAtTheBlob) {
  const Model model = MakePreparedModel();
  const std::vector<uint8_t> bytes = Encode(model);
  Model read;
  const Status s = ReadModel(bytes.data(), bytes.size(), &read, WeightCopy::kLeaveInSource);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(read.prepared_in_source);
  EXPECT_TRUE(read.prepared_blob.empty());
  EXPECT_EQ(read.prepared, model.prepared);
  EXPECT_EQ(read.source_prepared_offset, testing::PreparedBlobAt(bytes, model));
  EXPECT_EQ(read.source_prepared_offset % kPreparedDataAlignment, 0u);
  ASSERT_EQ(read.source_prepared_size, model.prepared_blob.size());
  EXPECT_EQ(read.prepared_size(), model.prepared_blob.size());
  EXPECT_EQ(0, std::memcmp(bytes.data() + read.source_prepared_offset, model.prepared_blob.data(),
                           model.prepared_blob.size()));
  std::vector<uint8_t> again;
  EXPECT_STATUS(WriteModel(read, &again), err::kInvalidParam, "without its");
  // A model without the section has nothing in the source.
  const std::vector<uint8_t> plain = Encode(testing::MakeConvReluModel());
  ASSERT_TRUE(ReadModel(plain.data(), plain.size(), &read, WeightCopy::kLeaveInSource).ok());
  EXPECT_FALSE(read.prepared_in_source);
  EXPECT_EQ(read.prepared_size(), 0u);
}

TEST(OmPrepared, HeaderGivesTheSectionSize) {
  const std::vector<uint8_t> bytes = Encode(MakePreparedModel());
  ModelHeader h;
  ASSERT_TRUE(ReadModelHeader(bytes.data(), bytes.size(), &h).ok());
  EXPECT_EQ(h.format_version, 3u);
  EXPECT_EQ(h.prepared_section_size, FindSection(bytes, SectionKind::kPrepared).length);
  const std::string path = TempPath("header.om");
  WriteBytes(path, bytes);
  ModelHeader hf;
  ASSERT_TRUE(ReadModelHeaderFile(path, &hf).ok());
  EXPECT_EQ(hf.prepared_section_size, h.prepared_section_size);
  std::remove(path.c_str());
}

// ---- ModelFile::MapPrepared ----------------------------------------------------------

// A blob over several 4 MiB CRC chunks, mapped serially and on two threads; the mapping
// outlives the ModelFile.
TEST(OmPrepared, ModelFileMapsTheExactBytes) {
  Model model = MakePreparedModel();
  model.prepared_blob.resize((size_t{9} << 20) + 77);
  for (size_t i = 0; i < model.prepared_blob.size(); ++i) {
    model.prepared_blob[i] = static_cast<uint8_t>(i * 31 + (i >> 11));
  }
  model.prepared[1].size = model.prepared_blob.size() - 256 - 13;
  const std::string path = TempPath("mapped.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  Status s = ModelFile::Open(path, &read, &file);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(read.prepared_in_source);
  EXPECT_EQ(read.prepared, model.prepared);
  EXPECT_EQ(read.prepared_size(), model.prepared_blob.size());
  const ModelFile::ParallelRunner two_threads = [](size_t count, const std::function<void(size_t, size_t)>& body) {
    std::thread other([&] { body(0, count / 2); });
    body(count / 2, count);
    other.join();
  };
  std::shared_ptr<const uint8_t> kept;
  for (const ModelFile::ParallelRunner& runner : {ModelFile::ParallelRunner{}, two_threads}) {
    std::shared_ptr<const uint8_t> blob;
    uint64_t size = 0;
    s = file->MapPrepared(&blob, &size, runner);
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_NE(blob, nullptr);
    ASSERT_EQ(size, model.prepared_blob.size());
    EXPECT_EQ(reinterpret_cast<uintptr_t>(blob.get()) % kPreparedDataAlignment, 0u);
    EXPECT_EQ(0, std::memcmp(blob.get(), model.prepared_blob.data(), size));
    kept = blob;
  }
  file.reset();
  EXPECT_EQ(0, std::memcmp(kept.get(), model.prepared_blob.data(), model.prepared_blob.size()));
  kept.reset();
  std::remove(path.c_str());
}

TEST(OmPrepared, MapPreparedWithoutTheSectionGivesNull) {
  const std::string path = TempPath("plain.om");
  ASSERT_TRUE(WriteModelFile(testing::MakeConvReluModel(), path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  ASSERT_TRUE(ModelFile::Open(path, &read, &file).ok());
  EXPECT_FALSE(read.prepared_in_source);
  std::shared_ptr<const uint8_t> blob(new uint8_t[1], std::default_delete<uint8_t[]>());
  uint64_t size = 5;
  ASSERT_TRUE(file->MapPrepared(&blob, &size).ok());
  EXPECT_EQ(blob, nullptr);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(file->MapPrepared(nullptr, &size).code(), err::kInvalidParam);
  std::remove(path.c_str());
}

// Open leaves the blob unread (a damaged byte there does not stop it); MapPrepared's CRC finds
// it, naming the path; the whole-file reader at once.
TEST(OmPrepared, MapPreparedFindsAFlippedBlobByte) {
  const Model model = MakePreparedModel();
  std::vector<uint8_t> bytes = Encode(model);
  bytes[testing::PreparedBlobAt(bytes, model) + 300] ^= 0x08;
  const std::string path = TempPath("flipped.om");
  WriteBytes(path, bytes);
  Model read;
  std::unique_ptr<ModelFile> file;
  Status s = ModelFile::Open(path, &read, &file);
  ASSERT_TRUE(s.ok()) << s.message();
  std::shared_ptr<const uint8_t> blob;
  uint64_t size = 0;
  s = file->MapPrepared(&blob, &size);
  EXPECT_EQ(s.code(), err::kDeserializeModel);
  EXPECT_NE(s.message().find("prepared section (bytes "), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("CRC-32 mismatch"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  EXPECT_EQ(blob, nullptr);
  EXPECT_STATUS(ReadModelFile(path, &read), err::kDeserializeModel, "prepared section (bytes ");
  std::remove(path.c_str());
}

TEST(OmPrepared, MapPreparedRefusesAFileChangedSinceOpen) {
  const Model model = MakePreparedModel();
  const std::string path = TempPath("changed.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  ASSERT_TRUE(ModelFile::Open(path, &read, &file).ok());
  usleep(30000);  // a later modification time
  {
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    ASSERT_EQ(std::fseek(f, static_cast<long>(read.source_prepared_offset), SEEK_SET), 0);
    ASSERT_EQ(std::fputc(model.prepared_blob[0], f), model.prepared_blob[0]);  // same byte, new mtime
    std::fclose(f);
  }
  std::shared_ptr<const uint8_t> blob;
  uint64_t size = 0;
  EXPECT_STATUS(file->MapPrepared(&blob, &size), err::kDeserializeModel,
                "model file '" + path + "' changed while it was being loaded");
  // Shrunk: refused before anything is mapped (reading past the end would be SIGBUS).
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(read.source_prepared_offset + 10)), 0);
  EXPECT_STATUS(file->MapPrepared(&blob, &size), err::kDeserializeModel, "changed while it was being loaded");
  std::remove(path.c_str());
}

// The entry table is read by Open even when it is long (a few KiB: read in several steps).
TEST(OmPrepared, ModelFileReadsALongEntryTable) {
  Model model = MakePreparedModel();
  model.prepared[0].params.assign(1500, 7);  // 12 KB of params
  model.prepared[1].kind.assign(kMaxPreparedKindLength, 'k');
  const std::string path = TempPath("long_table.om");
  ASSERT_TRUE(WriteModelFile(model, path).ok());
  Model read;
  std::unique_ptr<ModelFile> file;
  const Status s = ModelFile::Open(path, &read, &file);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(read.prepared, model.prepared);
  std::shared_ptr<const uint8_t> blob;
  uint64_t size = 0;
  ASSERT_TRUE(file->MapPrepared(&blob, &size).ok());
  ASSERT_EQ(size, model.prepared_blob.size());
  EXPECT_EQ(0, std::memcmp(blob.get(), model.prepared_blob.data(), size));
  std::remove(path.c_str());
}

// ---- reader errors -------------------------------------------------------------------

TEST(OmPreparedReader, KindNeedsVersion3) {
  std::vector<uint8_t> bytes = Encode(MakePreparedModel());
  PutU32(&bytes, kOffVersion, 2);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "section table entry 4 (header byte 184): kind 5 ('prepared') needs format version 3, the file is "
                "version 2");
  PutU32(&bytes, kOffVersion, 1);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, "the file is version 1");
}

TEST(OmPreparedReader, KindsBeyondPreparedAreUnknown) {
  std::vector<uint8_t> bytes = Encode(MakePreparedModel());
  PutU32(&bytes, FindSection(bytes, SectionKind::kPrepared).entry, 6);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "kind 6 is not a section kind (1 metadata, 2 io, 3 graphs, 4 weights, 5 prepared)");
}

// A second prepared entry in the section table: the header grows by one 32-byte entry (and
// 32 zero bytes, keeping the other sections' alignment), taken from the padding before the
// prepared section.
TEST(OmPreparedReader, TwoPreparedSections) {
  const std::vector<uint8_t> good = Encode(MakePreparedModel());
  const testing::Span prepared = FindSection(good, SectionKind::kPrepared);
  const testing::Span weights = FindSection(good, SectionKind::kWeights);
  ASSERT_GE(prepared.offset - (weights.offset + weights.length), 64u);
  const uint32_t header_size = GetU32(good, kOffHeaderSize);
  std::vector<uint8_t> bytes(good.begin(), good.begin() + header_size);
  bytes.insert(bytes.end(), good.begin() + static_cast<std::ptrdiff_t>(prepared.entry),
               good.begin() + static_cast<std::ptrdiff_t>(prepared.entry + kSectionEntryBytes));
  bytes.insert(bytes.end(), 32, 0);
  bytes.insert(bytes.end(), good.begin() + header_size,
               good.begin() + static_cast<std::ptrdiff_t>(prepared.offset - 64));
  bytes.insert(bytes.end(), good.begin() + static_cast<std::ptrdiff_t>(prepared.offset), good.end());
  ASSERT_EQ(bytes.size(), good.size());
  PutU32(&bytes, kOffSectionCount, 6);
  PutU32(&bytes, kOffHeaderSize, header_size + 32);
  for (SectionKind kind : {SectionKind::kMetadata, SectionKind::kIo, SectionKind::kGraphs, SectionKind::kWeights}) {
    const testing::Span s = FindSection(good, kind);
    PutU64(&bytes, s.entry + 8, s.offset + 64);
  }
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "section table entry 5 (header byte 216): a second 'prepared' section");
}

TEST(OmPreparedReader, MisalignedSection) {
  std::vector<uint8_t> bytes = Encode(MakePreparedModel());
  const testing::Span prepared = FindSection(bytes, SectionKind::kPrepared);
  PutU64(&bytes, prepared.entry + 8, prepared.offset - 64);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel,
                "'prepared' section offset " + std::to_string(prepared.offset - 64) + " is not a multiple of 4096");
}

// Changes one field of the encoded prepared model (CRCs re-sealed) and expects the reader to
// refuse it with `fragment`, at `at` when given.
void ExpectPreparedError(const std::function<void(std::vector<uint8_t>*, const Model&)>& change,
                         const std::string& fragment) {
  const Model model = MakePreparedModel();
  std::vector<uint8_t> bytes = Encode(model);
  change(&bytes, model);
  FixCrcs(&bytes);
  EXPECT_STATUS(Read(bytes), err::kDeserializeModel, fragment);
  // ModelFile::Open decodes the same table from its partial read.
  const std::string path = TempPath("bad_prepared.om");
  WriteBytes(path, bytes);
  Model read;
  std::unique_ptr<ModelFile> file;
  EXPECT_STATUS(ModelFile::Open(path, &read, &file), err::kDeserializeModel, fragment);
  EXPECT_STATUS(ModelFile::Open(path, &read, &file), err::kDeserializeModel, "model file '" + path + "': ");
  std::remove(path.c_str());
}

TEST(OmPreparedReader, EntryErrors) {
  auto entry = [](const std::vector<uint8_t>* bytes, const Model& m, size_t i) {
    return FindPreparedEntry(*bytes, m, i);
  };
  ExpectPreparedError(
      [&](std::vector<uint8_t>* b, const Model& m) {
        PutU32(b, entry(b, m, 1).node, 0);  // (0, 0) after (0, 0)
      },
      "prepared section at byte " +
          std::to_string(FindPreparedEntry(Encode(MakePreparedModel()), MakePreparedModel(), 1).graph) +
          ": entry 1 graph, node: (0, 0) is not after entry 0's (0, 0): entries are sorted by (graph, node)");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU32(b, entry(b, m, 1).graph, 1); },
                      "entry 1 graph: 1 >= 1 graphs");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU32(b, entry(b, m, 1).node, 2); },
                      "entry 1 node: 2 >= graph 0's 2 nodes");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU64(b, entry(b, m, 1).offset, 260); },
                      "entry 1 (graph 0 node 1 'relu1') offset: 260 is not a multiple of 64");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU64(b, entry(b, m, 1).offset, 192); },
                      "entry 1 (graph 0 node 1 'relu1') offset: 192 is before the end (200) of the previous entry's "
                      "range");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU64(b, entry(b, m, 1).size, 145); },
                      "entry 1 offset, size: range [256, +145) exceeds the 400-byte blob");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU64(b, entry(b, m, 1).size, ~uint64_t{0}); },
                      "entry 1 (graph 0 node 1 'relu1') size: offset 256 + size 18446744073709551615 overflows");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU32(b, entry(b, m, 0).kind, 0); },
                      "entry 0 (graph 0 node 0 'conv1') kind: 0 bytes (1 to 64)");
  ExpectPreparedError(
      [&](std::vector<uint8_t>* b, const Model&) { PutU32(b, FindSection(*b, SectionKind::kPrepared).offset + 4, 1); },
      "prepared section at byte " +
          std::to_string(FindSection(Encode(MakePreparedModel()), SectionKind::kPrepared).offset + 4) +
          ": reserved: reserved byte is 1, must be 0");
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { (*b)[testing::PreparedBlobAt(*b, m) - 1] = 9; },
                      "padding before the blob: reserved byte is 9, must be 0");
  // Counts that do not fit the section: refused before anything is reserved.
  ExpectPreparedError(
      [&](std::vector<uint8_t>* b, const Model& m) { PutU32(b, entry(b, m, 0).param_count, 0x7FFFFFFF); },
      "entry 0 (graph 0 node 0 'conv1') params: count 2147483647 x 8 bytes exceeds the");
  ExpectPreparedError([&](std::vector<uint8_t>* b,
                          const Model&) { PutU32(b, FindSection(*b, SectionKind::kPrepared).offset, 0xFFFFFFFF); },
                      "entry count: count 4294967295 x 33 bytes exceeds the");
  ExpectPreparedError(
      [&](std::vector<uint8_t>* b, const Model&) { PutU32(b, FindSection(*b, SectionKind::kPrepared).offset, 0); },
      "entry count: 0 (a model without prepared data has no prepared section)");
  // A table running past the section (kind length past its end): ModelFile reads it all.
  ExpectPreparedError([&](std::vector<uint8_t>* b, const Model& m) { PutU32(b, entry(b, m, 1).kind, 0x10000000); },
                      "entry 1 (graph 0 node 1 'relu1') kind: string length 268435456 >");
}

// ---- Model::Validate -----------------------------------------------------------------

void ExpectInvalid(const Model& m, const std::string& fragment) {
  const Status s = m.Validate();
  EXPECT_EQ(s.code(), err::kDeserializeModel) << s.message();
  EXPECT_NE(s.message().find(fragment), std::string::npos) << "message: " << s.message() << "\nwanted: " << fragment;
  std::vector<uint8_t> bytes;
  EXPECT_EQ(WriteModel(m, &bytes).code(), err::kDeserializeModel);  // the writer refuses it too
}

TEST(OmPreparedValidate, ReferenceModelsAreValid) {
  EXPECT_TRUE(MakePreparedModel().Validate().ok());
  EXPECT_TRUE(testing::MakePreparedGearsModel().Validate().ok());
  Model m = MakePreparedModel();
  m.prepared[1].size = 0;  // empty ranges are fine
  m.prepared[1].offset = 384;
  EXPECT_TRUE(m.Validate().ok());
}

TEST(OmPreparedValidate, Rules) {
  Model m = MakePreparedModel();
  m.prepared[1].graph = 1;
  ExpectInvalid(m, "invalid model: prepared entry 1 (graph 1 node 1): graph 1 >= 1 graphs");
  m = MakePreparedModel();
  m.prepared[1].node = 2;
  ExpectInvalid(m, "prepared entry 1 (graph 0 node 2): node 2 >= the graph's 2 nodes");
  m = MakePreparedModel();
  std::swap(m.prepared[0], m.prepared[1]);
  ExpectInvalid(m, "prepared entry 1 (graph 0 node 0 'conv1'): not after entry 0 (graph 0 node 1)");
  m = MakePreparedModel();
  m.prepared[1].node = 0;  // a second entry for conv1
  ExpectInvalid(m, "prepared entry 1 (graph 0 node 0 'conv1'): not after entry 0 (graph 0 node 0)");
  m = MakePreparedModel();
  m.prepared[0].kind.clear();
  ExpectInvalid(m, "prepared entry 0 (graph 0 node 0 'conv1'): kind is 0 bytes (1 to 64)");
  m.prepared[0].kind.assign(65, 'k');
  ExpectInvalid(m, "kind is 65 bytes (1 to 64)");
  m = MakePreparedModel();
  m.prepared[1].offset = 320 - 32;
  ExpectInvalid(m, "prepared entry 1 (graph 0 node 1 'relu1'): offset 288 is not a multiple of 64");
  m = MakePreparedModel();
  m.prepared[1].offset = 192;
  ExpectInvalid(m, "prepared entry 1 (graph 0 node 1 'relu1'): range [192, +100) starts before the end (200)");
  m = MakePreparedModel();
  m.prepared[1].size = 145;
  ExpectInvalid(m, "range [256, +145) exceeds the 400-byte prepared blob");
  m.prepared[1].size = ~uint64_t{0};
  ExpectInvalid(m, "exceeds the 400-byte prepared blob");
  m = MakePreparedModel();
  m.prepared.clear();
  ExpectInvalid(m, "a 400-byte prepared blob without prepared entries");
}

// A model read with the blob left in the source is checked against the source's blob size.
TEST(OmPreparedValidate, BlobInTheSource) {
  Model m = MakePreparedModel();
  m.prepared_blob.clear();
  m.prepared_in_source = true;
  m.source_prepared_offset = 4096;
  m.source_prepared_size = 356;
  EXPECT_TRUE(m.Validate().ok());
  m.source_prepared_size = 355;
  ExpectInvalid(m, "range [256, +100) exceeds the 355-byte prepared blob");
  m.prepared.clear();
  ExpectInvalid(m, "a 355-byte prepared blob without prepared entries");
}

// ---- JSON ----------------------------------------------------------------------------

TEST(OmPreparedJson, EntriesWithoutTheBytes) {
  const Model m = MakePreparedModel();
  const nlohmann::json j = nlohmann::json::parse(ModelToJson(m));
  EXPECT_EQ(j["format_version"], 3);
  ASSERT_EQ(j["prepared"].size(), 2u);
  EXPECT_EQ(j["prepared"][0], nlohmann::json::parse(R"({"graph": 0, "node": 0, "kind": "test.conv_filter",
      "params": [4, 3, 3, 3, 16, -1], "offset": 0, "size": 200})"));
  EXPECT_EQ(j["prepared"][1]["kind"], "test.relu_table");
  EXPECT_EQ(j["prepared"][1]["params"], nlohmann::json::array());
  const std::vector<uint8_t> bytes = Encode(m);
  ModelHeader h;
  ASSERT_TRUE(ReadModelHeader(bytes.data(), bytes.size(), &h).ok());
  const nlohmann::json jh = nlohmann::json::parse(ModelToJson(m, &h));
  EXPECT_EQ(jh["file"]["sections"][4]["kind"], "prepared");
  EXPECT_FALSE(nlohmann::json::parse(ModelToJson(testing::MakeConvReluModel())).contains("prepared"));
}

}  // namespace
}  // namespace asim::om
