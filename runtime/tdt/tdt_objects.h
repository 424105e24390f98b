// The operations that span the live acltdt data items and datasets: turning a dataset into
// what a channel sends, installing what a channel delivered, freeing a dataset with the items
// it owns.
//
// Owns: nothing; the registries are TdtState's (tdt_state.h). A handle is the object's
// address; a destroyed or foreign handle is not found, so callers report an error instead of
// touching freed memory. Owner: runtime/tdt. Thread safety: the registries are thread-safe; a dataset is not.
// Failure: Status kInvalidParam naming the offending item.
#pragma once

#include <memory>
#include <vector>

#include "base/status.h"
#include "runtime/core/handle_registry.h"
#include "runtime/tdt/channel_message.h"
#include "runtime/tdt/data_item.h"
#include "runtime/tdt/dataset.h"

namespace asim::tdt {

// The items of `dataset` as a channel sends them (Channel::Send checks what they hold).
// Each item must still be live; `hold` keeps them alive until the send returns.
Status CollectOutgoing(const rt::HandleRegistry<DataItem>& items, const Dataset& dataset, OutgoingDataset* out,
                       std::vector<std::shared_ptr<DataItem>>* hold);

// Replaces the contents of `dataset` (which passed CheckReceivable) with `incoming`:
// registers the new items (owned by the dataset) and frees the items it owned before.
void InstallIncoming(rt::HandleRegistry<DataItem>& items, Dataset& dataset, IncomingDataset&& incoming);

// Frees the items `dataset` owns (the dataset object itself is the caller's).
void ReleaseOwnedItems(rt::HandleRegistry<DataItem>& items, const Dataset& dataset);

}  // namespace asim::tdt
