// Registries of the queue-API objects (see queue_objects.h).
#include "runtime/tdt/queue_objects.h"

namespace asim::tdt {
namespace {
template <typename T>
rt::HandleRegistry<T>& Leaked() {
  static auto* registry = new rt::HandleRegistry<T>();  // outlives static destructors
  return *registry;
}
}  // namespace

rt::HandleRegistry<QueueAttr>& QueueAttrs() {
  return Leaked<QueueAttr>();
}
rt::HandleRegistry<Route>& Routes() {
  return Leaked<Route>();
}
rt::HandleRegistry<RouteList>& RouteLists() {
  return Leaked<RouteList>();
}
rt::HandleRegistry<RouteQuery>& RouteQueries() {
  return Leaked<RouteQuery>();
}
rt::HandleRegistry<Mbuf>& Bufs() {
  return Leaked<Mbuf>();
}

void RegisterChain(const std::shared_ptr<Mbuf>& head) {
  Bufs().Add(head);
  for (const auto& member : head->chain()) Bufs().Add(member);
}

void UnregisterChain(const Mbuf& head) {
  for (const auto& member : head.chain()) Bufs().Remove(member.get());
  Bufs().Remove(&head);
}

}  // namespace asim::tdt
