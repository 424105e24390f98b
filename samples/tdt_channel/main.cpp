// samples/tdt_channel: moving batches between the host and the device through a tdt
// channel (acl/acl_tdt.h), the way framework adapters feed training data.
//
// A producer thread builds a batch per step (an image tensor float[N,3,8,8] and a label
// tensor int32[N]), sends it with acltdtSendTensor and finally sends an end-of-sequence
// marker. The main thread receives with acltdtReceiveTensor until that marker, checks each
// batch's shape and adds up a checksum of the bytes it got. Both sides print their counts
// and checksums; they must agree. C++11, public API only.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"

namespace {

const int kBatches = 64;
const int64_t kBatchSize = 16;
const size_t kCapacity = 4;  // datasets in flight: the producer waits when the device side is full

#define CHECK_ACL(expr)                                                                \
  do {                                                                                 \
    aclError ret_ = (expr);                                                            \
    if (ret_ != ACL_SUCCESS) {                                                         \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
      return false;                                                                    \
    }                                                                                  \
  } while (0)

uint64_t Fnv1a(uint64_t hash, const void* data, size_t size) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) hash = (hash ^ p[i]) * 1099511628211ULL;
  return hash;
}

struct Totals {
  int batches;
  int tensors;
  uint64_t bytes;
  uint64_t checksum;
};

// Sends one dataset holding one end-of-sequence item.
bool SendEndOfSequence(acltdtChannelHandle* channel) {
  acltdtDataset* dataset = acltdtCreateDataset();
  acltdtDataItem* marker =
      acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
  if (dataset == nullptr || marker == nullptr) return false;
  CHECK_ACL(acltdtAddDataItem(dataset, marker));
  CHECK_ACL(acltdtSendTensor(channel, dataset, -1));
  CHECK_ACL(acltdtDestroyDataset(dataset));
  CHECK_ACL(acltdtDestroyDataItem(marker));
  return true;
}

bool Produce(acltdtChannelHandle* channel, Totals* totals) {
  std::vector<float> images(static_cast<size_t>(kBatchSize * 3 * 8 * 8));
  std::vector<int32_t> labels(static_cast<size_t>(kBatchSize));
  const int64_t image_dims[] = {kBatchSize, 3, 8, 8};
  const int64_t label_dims[] = {kBatchSize};
  for (int batch = 0; batch < kBatches; ++batch) {
    for (size_t i = 0; i < images.size(); ++i)
      images[i] = static_cast<float>((batch * 131 + static_cast<int>(i)) % 255) / 255.0f;
    for (size_t i = 0; i < labels.size(); ++i) labels[i] = (batch + static_cast<int>(i)) % 10;
    acltdtDataset* dataset = acltdtCreateDataset();
    acltdtDataItem* image = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, image_dims, 4, ACL_FLOAT, images.data(),
                                                 images.size() * sizeof(float));
    acltdtDataItem* label = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, label_dims, 1, ACL_INT32, labels.data(),
                                                 labels.size() * sizeof(int32_t));
    if (dataset == nullptr || image == nullptr || label == nullptr) return false;
    CHECK_ACL(acltdtAddDataItem(dataset, image));
    CHECK_ACL(acltdtAddDataItem(dataset, label));
    CHECK_ACL(acltdtSendTensor(channel, dataset, -1));  // the channel copies: the buffers are ours again
    totals->checksum = Fnv1a(totals->checksum, images.data(), images.size() * sizeof(float));
    totals->checksum = Fnv1a(totals->checksum, labels.data(), labels.size() * sizeof(int32_t));
    totals->bytes += images.size() * sizeof(float) + labels.size() * sizeof(int32_t);
    totals->tensors += 2;
    totals->batches += 1;
    CHECK_ACL(acltdtDestroyDataset(dataset));
    CHECK_ACL(acltdtDestroyDataItem(image));
    CHECK_ACL(acltdtDestroyDataItem(label));
  }
  return SendEndOfSequence(channel);
}

bool Consume(acltdtChannelHandle* channel, Totals* totals) {
  acltdtDataset* dataset = acltdtCreateDataset();  // each receive replaces the items of the last one
  if (dataset == nullptr) return false;
  for (;;) {
    CHECK_ACL(acltdtReceiveTensor(channel, dataset, -1));
    acltdtDataItem* first = acltdtGetDataItem(dataset, 0);
    if (acltdtGetTensorTypeFromItem(first) == ACL_TENSOR_DATA_END_OF_SEQUENCE) break;
    if (acltdtGetDatasetSize(dataset) != 2 || acltdtGetDimNumFromItem(first) != 4 ||
        acltdtGetDataTypeFromItem(first) != ACL_FLOAT) {
      std::fprintf(stderr, "unexpected batch layout\n");
      return false;
    }
    for (size_t i = 0; i < 2; ++i) {
      acltdtDataItem* item = acltdtGetDataItem(dataset, i);
      const size_t size = acltdtGetDataSizeFromItem(item);
      totals->checksum = Fnv1a(totals->checksum, acltdtGetDataAddrFromItem(item), size);
      totals->bytes += size;
      totals->tensors += 1;
    }
    totals->batches += 1;
  }
  CHECK_ACL(acltdtDestroyDataset(dataset));  // frees the received items and their memory
  return true;
}

bool Run() {
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "tdt_sample", kCapacity);
  if (channel == nullptr) {
    std::fprintf(stderr, "acltdtCreateChannelWithCapacity failed: %s\n", aclGetRecentErrMsg());
    return false;
  }
  std::printf("channel 'tdt_sample' on device 0, capacity %zu datasets\n", kCapacity);
  Totals sent = {0, 0, 0, 14695981039346656037ULL};
  Totals received = {0, 0, 0, 14695981039346656037ULL};
  bool produced = false;
  std::thread producer([&] { produced = Produce(channel, &sent); });
  const bool consumed = Consume(channel, &received);
  if (!consumed) CHECK_ACL(acltdtStopChannel(channel));  // wakes the producer if it waits
  producer.join();
  std::printf("producer: sent %d batches, %d tensors, %" PRIu64 " bytes, checksum 0x%016" PRIx64 "\n", sent.batches,
              sent.tensors, sent.bytes, sent.checksum);
  std::printf("consumer: received %d batches, %d tensors, %" PRIu64 " bytes, checksum 0x%016" PRIx64 "\n",
              received.batches, received.tensors, received.bytes, received.checksum);
  size_t left = 0;
  CHECK_ACL(acltdtQueryChannelSize(channel, &left));
  CHECK_ACL(acltdtStopChannel(channel));
  CHECK_ACL(acltdtDestroyChannel(channel));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  const bool match = produced && consumed && left == 0 && sent.batches == received.batches &&
                     sent.tensors == received.tensors && sent.checksum == received.checksum;
  if (!match) {
    std::printf("tdt_channel sample: MISMATCH\n");
    return false;
  }
  std::printf("tdt_channel sample: %d batches received, checksums match\n", received.batches);
  return true;
}

}  // namespace

int main() {
  return Run() ? 0 : 1;
}
