// The small objects of acl_tdt_queue.h — queue attributes, routes, route lists, route
// queries — and the registries of every live queue-API object, buffers included.
//
// Owns: the object layouts; the registries are TdtState's (tdt_state.h). A handle is the
// object's address; a destroyed or foreign handle is not found, so the API reports an error
// instead of touching freed memory. A buffer is registered while the application holds it
// and unregistered while a queue holds it. Owner: runtime/tdt.
// Thread safety: registries are thread-safe; single objects are not synchronized.
// Failure: none here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "runtime/core/handle_registry.h"
#include "runtime/tdt/mbuf.h"
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

// acl_tdt_queue.h route status values.
inline constexpr int32_t kRouteUnbound = 0;   // ACL_TDT_QUEUE_ROUTE_UNBIND
inline constexpr int32_t kRouteBound = 1;     // ACL_TDT_QUEUE_ROUTE_BIND
inline constexpr int32_t kRouteAbnormal = 2;  // ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL

// acltdtQueueRouteQueryMode values.
inline constexpr int32_t kQuerySrc = 0;
inline constexpr int32_t kQueryDst = 1;
inline constexpr int32_t kQuerySrcAndDst = 2;
inline constexpr int32_t kQueryAbnormal = 100;

struct QueueAttr {
  std::array<char, kMaxNameLength + 1> name{};  // "" = a name is assigned at creation
  uint32_t depth = kDefaultQueueDepth;
};

struct Route {
  uint32_t src = 0;
  uint32_t dst = 0;
  int32_t status = kRouteUnbound;
};

struct RouteList {
  std::vector<Route> routes;
};

struct RouteQuery {
  int32_t mode = kQuerySrc;
  uint32_t src = 0;
  uint32_t dst = 0;
  bool has_mode = false;
  bool has_src = false;
  bool has_dst = false;
};

// Registers / unregisters a buffer and every buffer chained to it in `bufs`.
void RegisterChain(rt::HandleRegistry<Mbuf>& bufs, const std::shared_ptr<Mbuf>& head);
void UnregisterChain(rt::HandleRegistry<Mbuf>& bufs, const Mbuf& head);

}  // namespace asim::tdt
