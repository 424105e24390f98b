// WeightTable: the constants a model's graphs read, shared by every gear, and their
// packing into the weight blob.
//
// Owns: one entry per distinct weight (a builder constant, or a constant converted at
// compile time such as a conv filter in FRACTAL_Z), keyed so that every graph and every
// node reading the same constant in the same layout shares one copy; the bytes of converted
// constants (whose address stays fixed, so a TensorSpec's host_data may point at them), while
// a builder constant's entry only points at the PlainGraph's bytes (AddBorrowed: ResNet-50's
// 102 MB of filters are not copied once more before their FRACTAL_Z forms are made), until
// Pack, which copies them into the blob and frees the owned ones (atc's peak memory is what a
// conversion host needs), keeping each entry's offset in the blob (multiples of
// om::kWeightAlignment) and size. Only entries some graph uses are packed, in the order they
// were first used.
// Thread safety: not synchronised (one compilation at a time).
// Failure: none (Find returns -1 for an unknown key).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/framework/tensor.h"

namespace asim::atc {

class WeightTable {
 public:
  struct Entry {
    std::string key;                // "const:<index>" or "const:<index>@<FORMAT>"
    std::string name;               // the tensor name graphs give it
    kernels::TensorSpec spec;       // host_data points at `bytes`
    std::vector<uint8_t> bytes;     // owned bytes (Add); empty after Pack
    const uint8_t* data = nullptr;  // the bytes, owned or borrowed; null after Pack
    uint64_t offset = 0;            // in the blob, after Pack
    uint64_t size = 0;              // of the bytes
    bool used = false;
  };

  int Find(const std::string& key) const;
  // Adds an entry (the key must be new); spec.host_data is set to the stored bytes.
  int Add(std::string key, std::string name, kernels::TensorSpec spec, std::vector<uint8_t> bytes);
  // Adds an entry whose `size` bytes stay at `data` (not copied: they must outlive Pack).
  int AddBorrowed(std::string key, std::string name, kernels::TensorSpec spec, const uint8_t* data, uint64_t size);
  void MarkUsed(int index) { entries_[static_cast<size_t>(index)]->used = true; }
  const Entry& at(int index) const { return *entries_[static_cast<size_t>(index)]; }
  size_t size() const { return entries_.size(); }

  // Lays the used entries out at aligned offsets and returns the blob (padded to the
  // alignment); every entry's owned bytes are freed and no entry points at bytes after it.
  std::vector<uint8_t> Pack(uint64_t alignment);

 private:
  std::vector<std::unique_ptr<Entry>> entries_;  // stable addresses for host_data
};

}  // namespace asim::atc
