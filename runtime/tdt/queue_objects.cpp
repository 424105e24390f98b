// Registering buffer chains (see queue_objects.h).
#include "runtime/tdt/queue_objects.h"

namespace asim::tdt {

void RegisterChain(rt::HandleRegistry<Mbuf>& bufs, const std::shared_ptr<Mbuf>& head) {
  bufs.Add(head);
  for (const auto& member : head->chain()) bufs.Add(member);
}

void UnregisterChain(rt::HandleRegistry<Mbuf>& bufs, const Mbuf& head) {
  for (const auto& member : head.chain()) bufs.Remove(member.get());
  bufs.Remove(&head);
}

}  // namespace asim::tdt
