// WeightTable (see weight_table.h). Thread safety and failure: as the header says.
#include "compiler/weight_table.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace asim::atc {
namespace {

constexpr size_t kTrimEvery = size_t{16} << 20;

}  // namespace

int WeightTable::Find(const std::string& key) const {
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i]->key == key) return static_cast<int>(i);
  }
  return -1;
}

int WeightTable::Add(std::string key, std::string name, kernels::TensorSpec spec, std::vector<uint8_t> bytes) {
  auto entry = std::make_unique<Entry>();
  entry->key = std::move(key);
  entry->name = std::move(name);
  entry->bytes = std::move(bytes);
  entry->size = entry->bytes.size();
  entry->data = entry->bytes.empty() ? nullptr : entry->bytes.data();
  entry->spec = std::move(spec);
  entry->spec.host_data = entry->data;
  entries_.push_back(std::move(entry));
  return static_cast<int>(entries_.size()) - 1;
}

int WeightTable::AddBorrowed(std::string key, std::string name, kernels::TensorSpec spec, const uint8_t* data,
                             uint64_t size) {
  auto entry = std::make_unique<Entry>();
  entry->key = std::move(key);
  entry->name = std::move(name);
  entry->size = size;
  entry->data = size == 0 ? nullptr : data;
  entry->spec = std::move(spec);
  entry->spec.host_data = entry->data;
  entries_.push_back(std::move(entry));
  return static_cast<int>(entries_.size()) - 1;
}

std::vector<uint8_t> WeightTable::Pack(uint64_t alignment) {
  auto align = [alignment](uint64_t v) { return (v + alignment - 1) / alignment * alignment; };
  uint64_t end = 0;
  for (auto& e : entries_) {
    if (!e->used) continue;
    e->offset = align(end);
    end = e->offset + e->size;
  }
  // Appended in offset order into reserved (untouched) memory, each entry freed once copied:
  // the blob's pages are touched as the entries' are given back, so the two are not held
  // whole at the same time.
  std::vector<uint8_t> blob;
  blob.reserve(align(end));
  size_t freed = 0;
  for (const auto& e : entries_) {
    if (e->used) {
      blob.resize(e->offset, 0);  // the alignment padding
      if (e->size > 0) blob.insert(blob.end(), e->data, e->data + e->size);
    }
    freed += e->bytes.capacity();
    std::vector<uint8_t>().swap(e->bytes);
    e->data = nullptr;
    e->spec.host_data = nullptr;
#ifdef __GLIBC__
    // Filters of a few MB live in malloc's heap (its mmap threshold rises to the largest
    // block freed), which keeps freed pages until told to give them back.
    if (freed >= kTrimEvery) {
      ::malloc_trim(0);
      freed = 0;
    }
#endif
  }
  blob.resize(align(end), 0);
  return blob;
}

}  // namespace asim::atc
