// TdtState: the live objects of acl_tdt.h and acl_tdt_queue.h — data items and datasets,
// channels, queues, queue attributes, routes, route lists and queries, and the buffers the
// application holds.
// Owns: one registry per handle kind, the channel registry and the queue manager. A handle is
// the object's address (see each registry).
// Who owns it: the RuntimeContext (runtime/api), one per process; channels and queues live
// until the application destroys them (they are not tied to aclInit / aclFinalize).
// Thread safety: every member is thread-safe. Failure: lookups return nullptr for handles that
// are not live.
#pragma once

#include "runtime/core/handle_registry.h"
#include "runtime/tdt/channel_registry.h"
#include "runtime/tdt/data_item.h"
#include "runtime/tdt/dataset.h"
#include "runtime/tdt/mbuf.h"
#include "runtime/tdt/queue_manager.h"
#include "runtime/tdt/queue_objects.h"

namespace asim::tdt {

struct TdtState {
  rt::HandleRegistry<DataItem> items;
  rt::HandleRegistry<Dataset> datasets;
  ChannelRegistry channels;
  QueueManager queues;
  rt::HandleRegistry<QueueAttr> queue_attrs;
  rt::HandleRegistry<Route> routes;
  rt::HandleRegistry<RouteList> route_lists;
  rt::HandleRegistry<RouteQuery> route_queries;
  rt::HandleRegistry<Mbuf> bufs;
};

}  // namespace asim::tdt
