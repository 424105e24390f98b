// Dataset rules (see dataset.h).
#include "runtime/tdt/dataset.h"

#include "runtime/tdt/data_item.h"

namespace asim::tdt {
namespace {
const char* SideName(MemSide side) {
  return side == MemSide::kDevice ? "device" : "host";
}
}  // namespace

Status Dataset::Add(DataItem* item, MemSide side) {
  if (received_) {
    return Status(err::kFeatureUnsupported,
                  "the dataset holds items received by acltdtReceiveTensor; items cannot be added to it "
                  "(create a new dataset to send)");
  }
  if (side != MemSide::kUnknown) {
    if (side_ != MemSide::kUnknown && side_ != side) {
      return Status(err::kInvalidParam, std::string("the item's data is in ") + SideName(side) +
                                            " memory but the dataset's items are in " + SideName(side_) +
                                            " memory: all items of a dataset must be on the same side");
    }
    side_ = side;
  }
  items_.push_back(item);
  return Status::Ok();
}

Status Dataset::CheckReceivable() const {
  if (!received_ && !items_.empty()) {
    return Status(err::kInvalidParam, "the dataset already holds " + std::to_string(items_.size()) +
                                          " item(s) added by acltdtAddDataItem: receive into an empty dataset "
                                          "(or one filled by an earlier receive)");
  }
  return Status::Ok();
}

std::vector<DataItem*> Dataset::Replace(std::string name, std::vector<DataItem*> received_items) {
  std::vector<DataItem*> old = OwnedItems();
  name_ = std::move(name);
  items_ = std::move(received_items);
  received_ = true;
  side_ = MemSide::kHost;
  return old;
}

}  // namespace asim::tdt
