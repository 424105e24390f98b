// Item and dataset registries and the operations across them (see tdt_objects.h).
#include "runtime/tdt/tdt_objects.h"

#include <string>

namespace asim::tdt {

rt::HandleRegistry<DataItem>& Items() {
  static auto* registry = new rt::HandleRegistry<DataItem>();  // outlives static destructors
  return *registry;
}

rt::HandleRegistry<Dataset>& Datasets() {
  static auto* registry = new rt::HandleRegistry<Dataset>();
  return *registry;
}

Status CollectOutgoing(const Dataset& dataset, OutgoingDataset* out, std::vector<std::shared_ptr<DataItem>>* hold) {
  out->name = dataset.name();
  out->items.clear();
  out->items.reserve(dataset.size());
  hold->clear();
  hold->reserve(dataset.size());
  for (size_t i = 0; i < dataset.size(); ++i) {
    DataItem* handle = dataset.item(i);
    std::shared_ptr<DataItem> item = handle == nullptr ? nullptr : Items().Find(handle);
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

void InstallIncoming(Dataset& dataset, IncomingDataset&& incoming) {
  std::vector<DataItem*> handles;
  handles.reserve(incoming.items.size());
  for (auto& in : incoming.items) {
    auto item = DataItem::Received(std::move(in.meta), std::move(in.data), &dataset);
    handles.push_back(static_cast<DataItem*>(Items().Add(std::move(item))));
  }
  for (DataItem* old : dataset.Replace(std::move(incoming.name), std::move(handles))) Items().Remove(old);
}

void ReleaseOwnedItems(const Dataset& dataset) {
  for (DataItem* item : dataset.OwnedItems()) Items().Remove(item);
}

}  // namespace asim::tdt
