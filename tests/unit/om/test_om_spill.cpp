// om::PreparedSpill (a prepared blob built in a temporary file) and WriteModelFile of a model
// whose blob is in one: the same bytes as the model with the blob in memory, the spill's
// alignment, CRC and reads, and every refusal.
#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "om/byte_io.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "om/prepared_spill.h"
#include "tests/unit/dump/scratch_dir.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

// A fresh directory per test (so that a file left in it would show), removed when it ends.
using dump::testing::ScratchDir;

std::set<std::string> Listing(const std::string& dir) {
  std::set<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n != "." && n != "..") names.insert(n);
    }
    ::closedir(d);
  }
  return names;
}

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::vector<uint8_t> bytes;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return bytes;
  uint8_t buf[65536];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.insert(bytes.end(), buf, buf + n);
  std::fclose(f);
  return bytes;
}

// The spill holding `model`'s entries one after the other (as the compiler appends them);
// `model` becomes one whose blob is in that spill and `*in_memory` the same model with the
// same layout in memory.
std::unique_ptr<PreparedSpill> Spill(const std::string& dir, Model* model, Model* in_memory = nullptr) {
  std::unique_ptr<PreparedSpill> spill;
  const Status made = PreparedSpill::Create(dir, &spill);
  EXPECT_TRUE(made.ok()) << made.message();
  if (!made.ok()) return nullptr;
  std::vector<uint8_t> blob;
  for (PreparedData& entry : model->prepared) {
    uint64_t at = 0;
    const uint8_t* bytes = model->prepared_blob.data() + entry.offset;
    const Status s = spill->Append(bytes, entry.size, &at);
    EXPECT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(at % kPreparedDataAlignment, 0u);
    blob.resize(at, 0);
    blob.insert(blob.end(), bytes, bytes + entry.size);
    entry.offset = at;
  }
  model->prepared_blob = blob;
  if (in_memory != nullptr) *in_memory = *model;
  model->prepared_blob.clear();
  model->prepared_in_source = true;
  model->source_prepared_offset = 0;
  model->source_prepared_size = spill->size();
  return spill;
}

TEST(OmSpill, AppendAlignsReadsBackAndKeepsTheCrc) {
  const ScratchDir scratch;
  const std::string& dir = scratch.Path();
  std::unique_ptr<PreparedSpill> spill;
  ASSERT_TRUE(PreparedSpill::Create(dir, &spill).ok());
  EXPECT_EQ(spill->size(), 0u);
  EXPECT_EQ(spill->crc(), Crc32(nullptr, 0));
  std::vector<uint8_t> expected;
  for (size_t n : {5u, 64u, 1u, 200u, 0u, 4096u}) {
    std::vector<uint8_t> piece(n);
    for (size_t i = 0; i < n; ++i) piece[i] = static_cast<uint8_t>(n * 7 + i);
    uint64_t at = 1;
    ASSERT_TRUE(spill->Append(piece.data(), piece.size(), &at).ok());
    EXPECT_EQ(at % kPreparedDataAlignment, 0u);
    EXPECT_EQ(at, (expected.size() + 63) / 64 * 64);
    expected.resize(at, 0);
    expected.insert(expected.end(), piece.begin(), piece.end());
    EXPECT_EQ(spill->size(), expected.size());
  }
  EXPECT_EQ(spill->crc(), Crc32(expected.data(), expected.size()));
  std::vector<uint8_t> back(expected.size());
  ASSERT_TRUE(spill->Read(0, back.data(), back.size()).ok());
  EXPECT_EQ(back, expected);
  uint8_t two[2] = {};
  ASSERT_TRUE(spill->Read(70, two, 2).ok());
  EXPECT_EQ(two[0], expected[70]);
  EXPECT_EQ(two[1], expected[71]);
  // Nothing beyond what was appended.
  const Status past = spill->Read(expected.size() - 1, two, 2);
  EXPECT_EQ(past.code(), err::kInvalidParam);
  EXPECT_NE(past.message().find("outside the " + std::to_string(expected.size()) + " bytes"), std::string::npos)
      << past.message();
  EXPECT_EQ(spill->Read(expected.size() + 1, two, 0).code(), err::kInvalidParam);
}

// A write the filesystem refuses (here a file size limit, as a full disk would) fails the
// Append with the directory and the reason, and leaves the spill as it was: the next Append
// lands where it would have.
TEST(OmSpill, AFailedAppendLeavesTheSpillAsItWas) {
  const ScratchDir scratch;
  const std::string& dir = scratch.Path();
  std::unique_ptr<PreparedSpill> spill;
  ASSERT_TRUE(PreparedSpill::Create(dir, &spill).ok());
  const std::vector<uint8_t> first(100, 1), big(64 * 1024, 2), last(10, 3);
  uint64_t at = 0;
  ASSERT_TRUE(spill->Append(first.data(), first.size(), &at).ok());
  const uint32_t crc = spill->crc();
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  void (*old_handler)(int) = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const Status failed = spill->Append(big.data(), big.size(), &at);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(failed.code(), err::kWriteFile);
  EXPECT_NE(failed.message().find("'" + dir + "'"), std::string::npos) << failed.message();
  EXPECT_EQ(spill->size(), first.size());
  EXPECT_EQ(spill->crc(), crc);
  ASSERT_TRUE(spill->Append(last.data(), last.size(), &at).ok());
  EXPECT_EQ(at, 128u);
  std::vector<uint8_t> expected = first;
  expected.resize(128, 0);
  expected.insert(expected.end(), last.begin(), last.end());
  std::vector<uint8_t> back(expected.size());
  ASSERT_TRUE(spill->Read(0, back.data(), back.size()).ok());
  EXPECT_EQ(back, expected);
  EXPECT_EQ(spill->crc(), Crc32(expected.data(), expected.size()));
}

TEST(OmSpill, TheFileHasNoNameInItsDirectory) {
  const ScratchDir scratch;
  const std::string& dir = scratch.Path();
  {
    std::unique_ptr<PreparedSpill> spill;
    ASSERT_TRUE(PreparedSpill::Create(dir, &spill).ok());
    uint64_t at = 0;
    const uint8_t byte = 1;
    ASSERT_TRUE(spill->Append(&byte, 1, &at).ok());
    EXPECT_TRUE(Listing(dir).empty());
  }
  EXPECT_TRUE(Listing(dir).empty());
}

TEST(OmSpill, CreateNamesTheDirectoryItCannotUse) {
  std::unique_ptr<PreparedSpill> spill;
  const ScratchDir scratch;
  const std::string missing = scratch.Path() + "/no/such/dir";
  const Status s = PreparedSpill::Create(missing, &spill);
  EXPECT_EQ(s.code(), err::kWriteFile);
  EXPECT_NE(s.message().find("'" + missing + "'"), std::string::npos) << s.message();
  EXPECT_EQ(spill, nullptr);
}

// The file WriteModelFile makes from a spilled blob is byte for byte WriteModel's of the same
// model with its blob in memory, and reads back equal to it.
TEST(OmSpill, WriteModelFileFromASpillGivesTheSameBytes) {
  for (const Model& reference : {testing::MakePreparedModel(), testing::MakePreparedGearsModel()}) {
    SCOPED_TRACE(reference.name);
    const ScratchDir scratch;
    const std::string& dir = scratch.Path();
    Model spilled = reference, in_memory;
    std::unique_ptr<PreparedSpill> spill = Spill(dir, &spilled, &in_memory);
    ASSERT_NE(spill, nullptr);
    std::vector<uint8_t> expected;
    ASSERT_TRUE(WriteModel(in_memory, &expected).ok());
    ASSERT_TRUE(spilled.Validate().ok());
    const std::string path = dir + "/model.om";
    const Status s = WriteModelFile(spilled, path, spill.get());
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(ReadFile(path), expected);
    EXPECT_EQ(Listing(dir), std::set<std::string>{"model.om"});  // no temporary left
    Model read;
    ASSERT_TRUE(ReadModel(expected.data(), expected.size(), &read).ok());
    EXPECT_TRUE(read == in_memory);
  }
}

TEST(OmSpill, RefusesAModelWhoseBlobIsNotTheSpills) {
  const ScratchDir scratch;
  const std::string& dir = scratch.Path();
  Model model = testing::MakePreparedModel();
  std::unique_ptr<PreparedSpill> spill = Spill(dir, &model);
  ASSERT_NE(spill, nullptr);
  const std::string path = dir + "/model.om";
  // No spill given: as WriteModel, the blob is nowhere.
  Status s = WriteModelFile(model, path);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_NE(s.message().find("without its prepared blob"), std::string::npos) << s.message();
  std::vector<uint8_t> bytes;
  EXPECT_EQ(WriteModel(model, &bytes).code(), err::kInvalidParam);
  // A spill of another size.
  uint64_t at = 0;
  const uint8_t more = 9;
  ASSERT_TRUE(spill->Append(&more, 1, &at).ok());
  s = WriteModelFile(model, path, spill.get());
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_NE(s.message().find("the spill file holds " + std::to_string(spill->size()) + " bytes"), std::string::npos)
      << s.message();
  EXPECT_TRUE(Listing(dir).empty());
}

// A model whose blob is in memory ignores a spill it is given.
TEST(OmSpill, AModelWithItsBlobInMemoryIgnoresTheSpill) {
  const ScratchDir scratch;
  const std::string& dir = scratch.Path();
  const Model model = testing::MakePreparedModel();
  std::unique_ptr<PreparedSpill> spill;
  ASSERT_TRUE(PreparedSpill::Create(dir, &spill).ok());
  uint64_t at = 0;
  const uint8_t byte = 3;
  ASSERT_TRUE(spill->Append(&byte, 1, &at).ok());
  std::vector<uint8_t> expected;
  ASSERT_TRUE(WriteModel(model, &expected).ok());
  const std::string path = dir + "/model.om";
  ASSERT_TRUE(WriteModelFile(model, path, spill.get()).ok());
  EXPECT_EQ(ReadFile(path), expected);
}

}  // namespace
}  // namespace asim::om
