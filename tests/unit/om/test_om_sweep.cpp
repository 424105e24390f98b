// Corruption sweeps over encoded reference models: every byte flipped (each must be
// rejected: every byte of a model is covered by a CRC, a size field or a zero-padding
// check), and deterministic random mutations with the CRCs re-sealed so the decoders see
// them (each must be rejected with a documented code, or accepted as a model that writes
// back canonically). Nothing may crash; the ASan+UBSan build runs this too. And
// ModelFile::Open, which leaves the prepared blob unread, against ReadModel on mutated files.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "om/om_json.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

bool DocumentedCode(int32_t code) {
  return code == err::kParseModel || code == err::kModelSizeInvalid || code == err::kFeatureUnsupported ||
         code == err::kDeserializeModel;
}

std::vector<std::vector<uint8_t>> Encoded() {
  return {testing::Encode(testing::MakeConvReluModel()), testing::Encode(testing::MakeDynamicBatchModel()),
          testing::Encode(testing::MakeAllAttrsModel()), testing::Encode(testing::MakePreparedModel())};
}

TEST(OmSweep, EveryFlippedByteIsRejected) {
  for (const std::vector<uint8_t>& good : Encoded()) {
    for (uint8_t mask : {uint8_t{0xFF}, uint8_t{0x01}, uint8_t{0x80}}) {
      std::vector<uint8_t> bytes = good;
      for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] ^= mask;
        Model m;
        const Status s = ReadModel(bytes.data(), bytes.size(), &m);
        ASSERT_FALSE(s.ok()) << "byte " << i << " ^ " << int{mask} << " accepted";
        ASSERT_TRUE(DocumentedCode(s.code())) << "byte " << i << ": " << s.code() << " " << s.message();
        ModelHeader h;
        (void)ReadModelHeader(bytes.data(), bytes.size(), &h);  // must not crash either
        bytes[i] ^= mask;
      }
    }
  }
}

TEST(OmSweep, RandomMutationsWithResealedCrcs) {
  std::mt19937 rng(20240611);  // deterministic
  size_t accepted = 0;
  size_t rejected = 0;
  for (const std::vector<uint8_t>& good : Encoded()) {
    for (int round = 0; round < 1500; ++round) {
      std::vector<uint8_t> bytes = good;
      const int changes = 1 + static_cast<int>(rng() % 4);
      for (int c = 0; c < changes; ++c) {
        const size_t at = rng() % bytes.size();
        switch (rng() % 4) {
          case 0: bytes[at] = static_cast<uint8_t>(rng()); break;
          case 1: bytes[at] ^= static_cast<uint8_t>(1u << (rng() % 8)); break;
          case 2: bytes[at] = 0xFF; break;
          default: bytes[at] = static_cast<uint8_t>(bytes[at] + 1); break;
        }
      }
      if (rng() % 8 == 0) bytes.resize(rng() % bytes.size());
      testing::FixCrcs(&bytes);
      Model m;
      const Status s = ReadModel(bytes.data(), bytes.size(), &m);
      ModelHeader h;
      (void)ReadModelHeader(bytes.data(), bytes.size(), &h);
      if (!s.ok()) {
        ++rejected;
        ASSERT_TRUE(DocumentedCode(s.code())) << s.code() << " " << s.message();
        ASSERT_FALSE(s.message().empty());
        continue;
      }
      ++accepted;
      // Accepted input is a valid model: it writes, reads back and writes the same bytes.
      std::vector<uint8_t> again;
      const Status w = WriteModel(m, &again);
      ASSERT_TRUE(w.ok()) << w.message();
      Model m2;
      ASSERT_TRUE(ReadModel(again.data(), again.size(), &m2).ok());
      std::vector<uint8_t> third;
      ASSERT_TRUE(WriteModel(m2, &third).ok());
      ASSERT_EQ(third, again);
      EXPECT_FALSE(ModelToJson(m).empty());
    }
  }
  EXPECT_GT(rejected, 0u);
  RecordProperty("accepted", static_cast<int>(accepted));
}

// ModelFile::Open reads the prepared section's entry table and leaves the blob unread: mutations
// (CRCs re-sealed, mostly inside the table, some lengthening it past what was read) must
// decode exactly as ReadModel decodes the whole bytes, or fail with the same error.
TEST(OmSweep, ModelFileDecodesThePreparedTableAsReadModelDoes) {
  const Model model = testing::MakePreparedModel();
  const std::vector<uint8_t> good = testing::Encode(model);
  const testing::Span section = testing::FindSection(good, SectionKind::kPrepared);
  const uint64_t table = testing::PreparedBlobAt(good, model) - section.offset;
  const std::string path = ::testing::TempDir() + "om_sweep_" + std::to_string(::getpid()) + ".om";
  std::mt19937 rng(20250301);
  size_t accepted = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<uint8_t> bytes = good;
    const int changes = 1 + static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) {
      const size_t at = rng() % 8 == 0 ? rng() % bytes.size() : section.offset + rng() % table;
      bytes[at] = rng() % 2 ? static_cast<uint8_t>(rng()) : static_cast<uint8_t>(bytes[at] ^ (1u << (rng() % 8)));
    }
    testing::FixCrcs(&bytes);
    Model whole;
    const Status s = ReadModel(bytes.data(), bytes.size(), &whole, WeightCopy::kLeaveInSource);
    {
      std::FILE* f = std::fopen(path.c_str(), "wb");
      ASSERT_NE(f, nullptr);
      ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
      std::fclose(f);
    }
    Model opened;
    std::unique_ptr<ModelFile> file;
    const Status o = ModelFile::Open(path, &opened, &file);
    if (s.ok()) {
      ++accepted;
      ASSERT_TRUE(o.ok()) << "round " << round << ": " << o.message();
      ASSERT_TRUE(opened == whole) << "round " << round;
      std::shared_ptr<const uint8_t> blob;
      uint64_t size = 0;
      ASSERT_TRUE(file->MapPrepared(&blob, &size).ok());
      ASSERT_EQ(size, whole.source_prepared_size);
      ASSERT_EQ(0, std::memcmp(blob.get(), bytes.data() + whole.source_prepared_offset, size));
    } else {
      ASSERT_FALSE(o.ok()) << "round " << round << ": ReadModel: " << s.message();
      ASSERT_EQ(o.code(), s.code()) << o.message() << " vs " << s.message();
      ASSERT_EQ(o.message(), "model file '" + path + "': " + s.message());
    }
  }
  EXPECT_GT(accepted, 0u);  // mutations of params and blob-covered fields are valid models
  std::remove(path.c_str());
}

}  // namespace
}  // namespace asim::om
