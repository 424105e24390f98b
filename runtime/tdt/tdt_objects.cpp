// The operations across the item and dataset registries (see tdt_objects.h).
#include "runtime/tdt/tdt_objects.h"

#include <string>

namespace asim::tdt {

Status CollectOutgoing(const rt::HandleRegistry<DataItem>& items, const Dataset& dataset, OutgoingDataset* out,
                       std::vector<std::shared_ptr<DataItem>>* hold) {
  out->name = dataset.name();
  out->items.clear();
  out->items.reserve(dataset.size());
  hold->clear();
  hold->reserve(dataset.size());
  for (size_t i = 0; i < dataset.size(); ++i) {
    DataItem* handle = dataset.item(i);
    std::shared_ptr<DataItem> item = handle == nullptr ? nullptr : items.Find(handle);
    if (item == nullptr) {
      return Status(err::kInvalidParam, "item " + std::to_string(i) +
                                            " of the dataset is NULL or was destroyed (acltdtDestroyDataItem) "
                                            "before the send");
    }
    out->items.push_back(OutgoingItem{item->meta(), item->data()});
    hold->push_back(std::move(item));
  }
  return Status::Ok();
}

void InstallIncoming(rt::HandleRegistry<DataItem>& items, Dataset& dataset, IncomingDataset&& incoming) {
  std::vector<DataItem*> handles;
  handles.reserve(incoming.items.size());
  for (auto& in : incoming.items) {
    auto item = DataItem::Received(std::move(in.meta), std::move(in.data), &dataset);
    handles.push_back(static_cast<DataItem*>(items.Add(std::move(item))));
  }
  for (DataItem* old : dataset.Replace(std::move(incoming.name), std::move(handles))) items.Remove(old);
}

void ReleaseOwnedItems(rt::HandleRegistry<DataItem>& items, const Dataset& dataset) {
  for (DataItem* item : dataset.OwnedItems()) items.Remove(item);
}

}  // namespace asim::tdt
