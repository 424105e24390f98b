// WeightTable (see weight_table.h). Thread safety and failure: as the header says.
#include "compiler/weight_table.h"

#include <cstring>

namespace asim::atc {

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
  entry->spec = std::move(spec);
  entry->spec.host_data = entry->bytes.empty() ? nullptr : entry->bytes.data();
  entries_.push_back(std::move(entry));
  return static_cast<int>(entries_.size()) - 1;
}

std::vector<uint8_t> WeightTable::Pack(uint64_t alignment) {
  auto align = [alignment](uint64_t v) { return (v + alignment - 1) / alignment * alignment; };
  uint64_t end = 0;
  for (auto& e : entries_) {
    if (!e->used) continue;
    e->offset = align(end);
    end = e->offset + e->bytes.size();
  }
  std::vector<uint8_t> blob(align(end), 0);
  for (const auto& e : entries_) {
    if (e->used && !e->bytes.empty()) std::memcpy(blob.data() + e->offset, e->bytes.data(), e->bytes.size());
  }
  return blob;
}

}  // namespace asim::atc
