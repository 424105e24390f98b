// Dataset: the object behind acltdtDataset — a name and an ordered list of data items.
//
// Ownership: a dataset the application fills (acltdtAddDataItem) refers to its items by
// handle and owns none of them; a dataset filled by acltdtReceiveTensor owns the received
// items (AscendCL's "freeSelf"): receiving again replaces them, destroying the dataset
// frees them, and items may not be added to it. Items of one dataset are all in host memory
// or all in device memory. Objects are owned by the dataset registry (tdt_objects.h).
// Thread safety: none per object (as in AscendCL, one dataset is used by one thread at a
// time). Failure: Status with kInvalidParam / kFeatureUnsupported and the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::tdt {

class DataItem;

enum class MemSide : uint8_t { kUnknown, kHost, kDevice };  // kUnknown: no data (NULL)

class Dataset {
 public:
  const std::string& name() const { return name_; }
  size_t size() const { return items_.size(); }
  DataItem* item(size_t index) const { return index < items_.size() ? items_[index] : nullptr; }
  const std::vector<DataItem*>& items() const { return items_; }
  bool received() const { return received_; }

  // acltdtAddDataItem: `side` is where the item's data lives.
  Status Add(DataItem* item, MemSide side);
  // Whether acltdtReceiveTensor may fill this dataset (empty, or filled by a receive).
  Status CheckReceivable() const;
  // Installs received items (which this dataset owns from now on) and returns the items it
  // owned before, for the caller to free.
  std::vector<DataItem*> Replace(std::string name, std::vector<DataItem*> received_items);
  // The items this dataset owns (empty unless received()).
  std::vector<DataItem*> OwnedItems() const { return received_ ? items_ : std::vector<DataItem*>(); }

 private:
  std::string name_;
  std::vector<DataItem*> items_;
  MemSide side_ = MemSide::kUnknown;
  bool received_ = false;
};

}  // namespace asim::tdt
