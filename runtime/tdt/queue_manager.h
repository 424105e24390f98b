// QueueManager: the tdt queues of the process (acl_tdt_queue.h) — ids, depth-bounded FIFOs
// of buffers with blocking enqueue/dequeue, and the routes that forward one queue's
// buffers to others.
//
// A bound route src -> dst makes the manager move every buffer that arrives in src to each
// of its destinations (a reference copy per extra destination: consumers share the data
// and must not modify it in place), as soon as every destination has room; until then the
// buffer waits in src (back-pressure). Routes may not form a cycle or join a queue to
// itself. A queue with bound routes cannot be destroyed.
// Queue ids are never reused, so a stale id is reported as ACL_ERROR_INVALID_QUEUE_ID.
// Waits: -1 forever, 0 not at all, > 0 ms; a full queue gives ACL_ERROR_RT_QUEUE_FULL, an
// empty one ACL_ERROR_RT_QUEUE_EMPTY; destroying a queue wakes its waiters with
// ACL_ERROR_INVALID_QUEUE_ID.
// Owns: every queue and the buffers queued in them; the route table. Owner: runtime/tdt.
// Thread safety: every member is thread-safe (one mutex; waits release it).
// Failure: Status with the AscendCL code and a message naming the queue.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/tdt/deadline.h"
#include "runtime/tdt/mbuf.h"
#include "runtime/tdt/queue_objects.h"

namespace asim::tdt {

struct QueueInfo {
  uint32_t id = 0;
  std::string name;
  uint32_t depth = 0;
  int32_t device_id = 0;
  size_t size = 0;
};

class QueueManager {
 public:
  // One per runtime context (tdt_state.h).

  // An empty `name` gets "queue_<id>". depth in [2, 8192] (else kRtParamInvalid).
  Status Create(const std::string& name, uint32_t depth, int32_t device_id, uint32_t* qid);
  Status Destroy(uint32_t qid);
  Status Info(uint32_t qid, QueueInfo* out) const;

  // Takes ownership of `buf` (and its chain) once queued; on failure the caller keeps it.
  Status Enqueue(uint32_t qid, std::shared_ptr<Mbuf> buf, const Deadline& deadline);
  // Waits for a buffer. `accept` (optional) may refuse the oldest buffer, which then stays
  // queued and its status is returned.
  Status Dequeue(uint32_t qid, const Deadline& deadline, std::shared_ptr<Mbuf>* out,
                 const std::function<Status(const Mbuf&)>& accept = nullptr);

  // Bind / unbind each route, writing its status; fails (kFailure) if any route failed.
  Status Bind(std::vector<Route>* routes);
  Status Unbind(std::vector<Route>* routes);
  // The bound routes `query` selects (which must be complete for its mode).
  Status Query(const RouteQuery& query, std::vector<Route>* out) const;
  static Status CheckQuery(const RouteQuery& query);

  size_t size() const;

 private:
  struct Queue {
    uint32_t id = 0;
    std::string name;
    uint32_t depth = 0;
    int32_t device_id = 0;
    std::deque<std::shared_ptr<Mbuf>> entries;
    std::condition_variable not_empty;
    std::condition_variable not_full;
    bool destroyed = false;
  };

  std::shared_ptr<Queue> FindLocked(uint32_t qid) const;
  bool HasRouteLocked(uint32_t src, uint32_t dst) const;
  bool ReachesLocked(uint32_t from, uint32_t to) const;
  Status BindOneLocked(const Route& route);
  // Moves buffers along bound routes until nothing can move.
  void PumpLocked();

  mutable std::mutex mutex_;
  std::map<uint32_t, std::shared_ptr<Queue>> queues_;
  std::vector<Route> bound_;  // status kRouteBound
  uint32_t next_id_ = 0;
};

}  // namespace asim::tdt
