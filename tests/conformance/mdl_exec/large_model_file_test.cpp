// A model file over 4 GiB, as an application meets it (issue: size fields are 64-bit end to
// end): the test model conv_relu.om grown by 4 GiB of weight bytes no tensor reads, written
// as a sparse file (the added bytes are a hole, so the test needs no space for them),
// must report its sizes through aclmdlQuerySize / aclmdlQuerySizeFromMem, load from the file
// and from memory (the file mapped read-only: the hole reads as zero pages, no copy), and
// compute exactly what the original computes. The growth follows docs/om_format.md: the
// weights section ends the file, so only its length and CRC, the metadata's weight size
// (and that section's CRC), the header's file size and the header CRC change.
// Labelled "large": it commits 4 GiB of simulated device memory per load, so it runs in the
// release stage only (scripts/test.sh). Public headers, libascendcl and zlib (for the CRCs).
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

using conformance::TempDir;

constexpr uint64_t kGrowth = (uint64_t{4} << 30) + 4096;  // past 2^32, not a power of two

uint32_t U32(const std::string& b, size_t at) {
  uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}
uint64_t U64(const std::string& b, size_t at) {
  uint64_t v = 0;
  std::memcpy(&v, b.data() + at, 8);
  return v;
}
void Put32(std::string* b, size_t at, uint32_t v) {
  std::memcpy(b->data() + at, &v, 4);
}
void Put64(std::string* b, size_t at, uint64_t v) {
  std::memcpy(b->data() + at, &v, 8);
}

uint32_t Crc(const char* data, size_t size) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (size > 0) {  // zlib's length is a uInt
    const uInt piece = static_cast<uInt>(std::min<size_t>(size, 1u << 30));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(data), piece);
    data += piece;
    size -= piece;
  }
  return static_cast<uint32_t>(crc);
}

// CRC-32 of `zeros` zero bytes, by doubling with crc32_combine (no 4 GiB buffer).
uint32_t CrcOfZeros(uint64_t zeros) {
  const char zero = 0;
  uLong result = crc32(0L, Z_NULL, 0);
  uLong power = crc32(0L, reinterpret_cast<const Bytef*>(&zero), 1);  // CRC of 2^k zeros
  uint64_t power_len = 1;
  for (uint64_t n = zeros; n > 0; n >>= 1) {
    if (n & 1) result = crc32_combine64(result, power, static_cast<z_off64_t>(power_len));
    power = crc32_combine64(power, power, static_cast<z_off64_t>(power_len));
    power_len <<= 1;
  }
  return static_cast<uint32_t>(result);
}

// `om` with its weights section grown by `growth` zero bytes; returns the new prefix (every
// byte up to the end of the original file); the caller extends the file to `*total`.
std::string Grow(std::string om, uint64_t growth, uint64_t* total) {
  const uint32_t header_size = U32(om, 12);
  const uint32_t sections = U32(om, 28);
  const uint32_t soc_len = U32(om, 32);
  const size_t table = 40 + ((soc_len + 7) / 8) * 8;
  size_t metadata_entry = 0, weights_entry = 0;
  for (uint32_t i = 0; i < sections; ++i) {
    const size_t entry = table + 32 * i;
    if (U32(om, entry) == 1) metadata_entry = entry;
    if (U32(om, entry) == 4) weights_entry = entry;
  }
  EXPECT_NE(metadata_entry, 0u);
  EXPECT_NE(weights_entry, 0u);
  // Metadata: str name, str producer, u64 work size, u64 weight size.
  const size_t meta = U64(om, metadata_entry + 8);
  const size_t meta_len = U64(om, metadata_entry + 16);
  size_t at = meta;
  at += 4 + U32(om, at);  // name
  at += 4 + U32(om, at);  // producer
  const uint64_t weight_size = U64(om, at + 8);
  EXPECT_EQ(weight_size, U64(om, weights_entry + 16));
  Put64(&om, at + 8, weight_size + growth);
  Put32(&om, metadata_entry + 24, Crc(om.data() + meta, meta_len));
  // Weights: the original bytes, then the zeros.
  const size_t weights = U64(om, weights_entry + 8);
  EXPECT_EQ(weights + weight_size, om.size()) << "the weights section ends the file";
  const uint32_t crc = static_cast<uint32_t>(
      crc32_combine64(Crc(om.data() + weights, weight_size), CrcOfZeros(growth), static_cast<z_off64_t>(growth)));
  Put64(&om, weights_entry + 16, weight_size + growth);
  Put32(&om, weights_entry + 24, crc);
  *total = om.size() + growth;
  Put64(&om, 16, *total);
  Put32(&om, 24, 0);
  Put32(&om, 24, Crc(om.data(), header_size));
  return om;
}

class LargeModelFile : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    const std::string dir = ASIM_TEST_MODELS_DIR;
    original_ = dir + "/conv_relu.om";
    std::ifstream in(original_, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    ASSERT_FALSE(bytes.empty()) << original_;
    std::ifstream input(dir + "/conv_relu.input0.bin", std::ios::binary);
    input_.assign(std::istreambuf_iterator<char>(input), {});
    ASSERT_FALSE(input_.empty());
    const std::string prefix = Grow(bytes, kGrowth, &total_);
    large_ = dir_.Write("large.om", prefix);
    ASSERT_EQ(truncate(large_.c_str(), static_cast<off_t>(total_)), 0) << large_;  // the hole
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  // Runs model `id` on the test input; returns its output bytes.
  std::vector<uint8_t> Run(uint32_t id) {
    aclmdlDesc* desc = aclmdlCreateDesc();
    EXPECT_ACL_OK(aclmdlGetDesc(desc, id));
    const size_t in_size = aclmdlGetInputSizeByIndex(desc, 0);
    const size_t out_size = aclmdlGetOutputSizeByIndex(desc, 0);
    EXPECT_EQ(in_size, input_.size());
    void *in = nullptr, *out = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&in, in_size, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ACL_OK(aclrtMalloc(&out, out_size, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ACL_OK(aclrtMemcpy(in, in_size, input_.data(), input_.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    aclmdlDataset* inputs = aclmdlCreateDataset();
    aclmdlDataset* outputs = aclmdlCreateDataset();
    EXPECT_ACL_OK(aclmdlAddDatasetBuffer(inputs, aclCreateDataBuffer(in, in_size)));
    EXPECT_ACL_OK(aclmdlAddDatasetBuffer(outputs, aclCreateDataBuffer(out, out_size)));
    EXPECT_ACL_OK(aclmdlExecute(id, inputs, outputs));
    std::vector<uint8_t> result(out_size);
    EXPECT_ACL_OK(aclrtMemcpy(result.data(), out_size, out, out_size, ACL_MEMCPY_DEVICE_TO_HOST));
    for (aclmdlDataset* set : {inputs, outputs}) {
      EXPECT_ACL_OK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, 0)));
      EXPECT_ACL_OK(aclmdlDestroyDataset(set));
    }
    EXPECT_ACL_OK(aclrtFree(in));
    EXPECT_ACL_OK(aclrtFree(out));
    EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
    return result;
  }
  std::vector<uint8_t> Reference() {
    uint32_t id = 0;
    EXPECT_ACL_OK(aclmdlLoadFromFile(original_.c_str(), &id));
    std::vector<uint8_t> out = Run(id);
    EXPECT_ACL_OK(aclmdlUnload(id));
    return out;
  }

  std::string original_, large_;
  std::string input_;
  uint64_t total_ = 0;
  TempDir dir_;
};

TEST_F(LargeModelFile, SizesOverFourGiBAreReportedWhole) {
  size_t work = 0, weight = 0, original_work = 0, original_weight = 0;
  ASSERT_ACL_OK(aclmdlQuerySize(original_.c_str(), &original_work, &original_weight));
  ASSERT_ACL_OK(aclmdlQuerySize(large_.c_str(), &work, &weight));
  EXPECT_EQ(work, original_work);
  EXPECT_EQ(weight, original_weight + kGrowth);
  EXPECT_GT(weight, uint64_t{1} << 32);
}

TEST_F(LargeModelFile, LoadsFromTheFileAndComputesWhatTheOriginalDoes) {
  const std::vector<uint8_t> reference = Reference();
  const size_t free_before = conformance::DeviceFreeBytes();
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(large_.c_str(), &id));
  EXPECT_GE(free_before - conformance::DeviceFreeBytes(), kGrowth) << "the whole weight blob is in device memory";
  EXPECT_EQ(Run(id), reference);
  EXPECT_ACL_OK(aclmdlUnload(id));
  EXPECT_EQ(conformance::DeviceFreeBytes(), free_before);
}

TEST_F(LargeModelFile, LoadsFromMappedMemoryAndComputesWhatTheOriginalDoes) {
  const std::vector<uint8_t> reference = Reference();
  const int fd = open(large_.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  void* map = mmap(nullptr, total_, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  ASSERT_NE(map, MAP_FAILED);
  size_t work = 0, weight = 0;
  EXPECT_ACL_OK(aclmdlQuerySizeFromMem(map, total_, &work, &weight));
  EXPECT_GT(weight, uint64_t{1} << 32);
  uint32_t id = 0;
  EXPECT_ACL_OK(aclmdlLoadFromMem(map, total_, &id));
  munmap(map, total_);  // the weights are in device memory now
  EXPECT_EQ(Run(id), reference);
  EXPECT_ACL_OK(aclmdlUnload(id));
}

}  // namespace
