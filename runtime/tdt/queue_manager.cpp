// QueueManager: queues, blocking enqueue/dequeue and route forwarding (see queue_manager.h).
#include "runtime/tdt/queue_manager.h"

#include <algorithm>
#include <utility>

namespace asim::tdt {
namespace {

std::string QueueName(uint32_t qid) {
  return "queue " + std::to_string(qid);
}

Status NoQueue(uint32_t qid) {
  return Status(err::kInvalidQueueId, QueueName(qid) + " does not exist (never created, or destroyed)");
}

Status DestroyedWhileWaiting(uint32_t qid) {
  return Status(err::kInvalidQueueId, QueueName(qid) + " was destroyed while this call waited on it");
}

std::string RouteName(const Route& r) {
  return std::to_string(r.src) + " -> " + std::to_string(r.dst);
}

}  // namespace

std::shared_ptr<QueueManager::Queue> QueueManager::FindLocked(uint32_t qid) const {
  auto it = queues_.find(qid);
  return it == queues_.end() ? nullptr : it->second;
}

Status QueueManager::Create(const std::string& name, uint32_t depth, int32_t device_id, uint32_t* qid) {
  if (depth < kMinDepth || depth > kMaxDepth) {
    return Status(err::kRtParamInvalid, "queue depth " + std::to_string(depth) + " is outside [" +
                                            std::to_string(kMinDepth) + ", " + std::to_string(kMaxDepth) + "]");
  }
  if (name.size() > kMaxNameLength) {
    return Status(err::kInvalidParam, "queue name is longer than " + std::to_string(kMaxNameLength) + " characters");
  }
  auto queue = std::make_shared<Queue>();
  std::lock_guard<std::mutex> lock(mutex_);
  queue->id = next_id_++;
  queue->name = name.empty() ? "queue_" + std::to_string(queue->id) : name;
  queue->depth = depth;
  queue->device_id = device_id;
  queues_[queue->id] = queue;
  *qid = queue->id;
  return Status::Ok();
}

Status QueueManager::Destroy(uint32_t qid) {
  std::shared_ptr<Queue> queue;
  std::deque<std::shared_ptr<Mbuf>> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue = FindLocked(qid);
    if (!queue) return NoQueue(qid);
    for (const Route& r : bound_) {
      if (r.src == qid || r.dst == qid) {
        return Status(err::kFailure, QueueName(qid) + " has a bound route (" + RouteName(r) +
                                         "): unbind its routes (acltdtUnbindQueueRoutes) before destroying it");
      }
    }
    queue->destroyed = true;
    dropped.swap(queue->entries);
    queues_.erase(qid);
    queue->not_empty.notify_all();
    queue->not_full.notify_all();
  }
  return Status::Ok();  // `dropped` frees the queued buffers here, outside the lock
}

Status QueueManager::Info(uint32_t qid, QueueInfo* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto queue = FindLocked(qid);
  if (!queue) return NoQueue(qid);
  *out = QueueInfo{queue->id, queue->name, queue->depth, queue->device_id, queue->entries.size()};
  return Status::Ok();
}

Status QueueManager::Enqueue(uint32_t qid, std::shared_ptr<Mbuf> buf, const Deadline& deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto queue = FindLocked(qid);
  if (!queue) return NoQueue(qid);
  const bool room =
      deadline.Wait(queue->not_full, lock, [&] { return queue->destroyed || queue->entries.size() < queue->depth; });
  if (queue->destroyed) return DestroyedWhileWaiting(qid);
  if (!room) {
    return Status(err::kRtQueueFull,
                  QueueName(qid) + " is full (depth " + std::to_string(queue->depth) + ") " + deadline.Describe());
  }
  queue->entries.push_back(std::move(buf));
  queue->not_empty.notify_all();
  PumpLocked();
  return Status::Ok();
}

Status QueueManager::Dequeue(uint32_t qid, const Deadline& deadline, std::shared_ptr<Mbuf>* out,
                             const std::function<Status(const Mbuf&)>& accept) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto queue = FindLocked(qid);
  if (!queue) return NoQueue(qid);
  const bool ready = deadline.Wait(queue->not_empty, lock, [&] { return queue->destroyed || !queue->entries.empty(); });
  if (queue->destroyed) return DestroyedWhileWaiting(qid);
  if (!ready) return Status(err::kRtQueueEmpty, QueueName(qid) + " is empty " + deadline.Describe());
  if (accept) ASIM_RETURN_IF_ERROR(accept(*queue->entries.front()));
  *out = std::move(queue->entries.front());
  queue->entries.pop_front();
  queue->not_full.notify_all();
  PumpLocked();  // room in this queue may let a route forward into it
  return Status::Ok();
}

bool QueueManager::HasRouteLocked(uint32_t src, uint32_t dst) const {
  return std::any_of(bound_.begin(), bound_.end(), [&](const Route& r) { return r.src == src && r.dst == dst; });
}

bool QueueManager::ReachesLocked(uint32_t from, uint32_t to) const {
  std::vector<uint32_t> todo{from};
  std::vector<uint32_t> seen;
  while (!todo.empty()) {
    const uint32_t q = todo.back();
    todo.pop_back();
    if (q == to) return true;
    if (std::find(seen.begin(), seen.end(), q) != seen.end()) continue;
    seen.push_back(q);
    for (const Route& r : bound_) {
      if (r.src == q) todo.push_back(r.dst);
    }
  }
  return false;
}

Status QueueManager::BindOneLocked(const Route& route) {
  if (route.src == route.dst) return Status(err::kFailure, "route " + RouteName(route) + " joins a queue to itself");
  if (!FindLocked(route.src))
    return Status(err::kFailure, "route " + RouteName(route) + ": source " + NoQueue(route.src).message());
  if (!FindLocked(route.dst)) {
    return Status(err::kFailure, "route " + RouteName(route) + ": destination " + NoQueue(route.dst).message());
  }
  if (HasRouteLocked(route.src, route.dst))
    return Status(err::kFailure, "route " + RouteName(route) + " is already bound");
  if (ReachesLocked(route.dst, route.src)) {
    return Status(err::kFailure, "route " + RouteName(route) + " would close a cycle of routes");
  }
  Route bound = route;
  bound.status = kRouteBound;
  bound_.push_back(bound);
  return Status::Ok();
}

Status QueueManager::Bind(std::vector<Route>* routes) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string failures;
  for (Route& route : *routes) {
    Status st = BindOneLocked(route);
    route.status = st.ok() ? kRouteBound : kRouteUnbound;
    if (!st.ok()) failures += (failures.empty() ? "" : "; ") + st.message();
  }
  PumpLocked();
  if (!failures.empty()) return Status(err::kFailure, failures);
  return Status::Ok();
}

Status QueueManager::Unbind(std::vector<Route>* routes) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string failures;
  for (Route& route : *routes) {
    auto it = std::find_if(bound_.begin(), bound_.end(),
                           [&](const Route& r) { return r.src == route.src && r.dst == route.dst; });
    if (it == bound_.end()) {
      failures += (failures.empty() ? "" : "; ") + ("route " + RouteName(route) + " is not bound");
      continue;
    }
    bound_.erase(it);
    route.status = kRouteUnbound;
  }
  if (!failures.empty()) return Status(err::kFailure, failures);
  return Status::Ok();
}

Status QueueManager::CheckQuery(const RouteQuery& query) {
  if (!query.has_mode) {
    return Status(err::kInvalidParam, "the query has no mode: set ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM first");
  }
  switch (query.mode) {
    case kQuerySrc:
      if (!query.has_src)
        return Status(err::kInvalidParam, "mode ACL_TDT_QUEUE_ROUTE_QUERY_SRC needs the source queue id");
      break;
    case kQueryDst:
      if (!query.has_dst) {
        return Status(err::kInvalidParam, "mode ACL_TDT_QUEUE_ROUTE_QUERY_DST needs the destination queue id");
      }
      break;
    case kQuerySrcAndDst:
      if (!query.has_src || !query.has_dst) {
        return Status(err::kInvalidParam, "mode ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST needs both queue ids");
      }
      break;
    case kQueryAbnormal: break;
    default:
      return Status(err::kInvalidParam,
                    "query mode " + std::to_string(query.mode) + " is not an acltdtQueueRouteQueryMode");
  }
  return Status::Ok();
}

Status QueueManager::Query(const RouteQuery& query, std::vector<Route>* out) const {
  ASIM_RETURN_IF_ERROR(CheckQuery(query));
  std::lock_guard<std::mutex> lock(mutex_);
  out->clear();
  for (const Route& r : bound_) {
    const bool match = (query.mode == kQuerySrc && r.src == query.src) ||
                       (query.mode == kQueryDst && r.dst == query.dst) ||
                       (query.mode == kQuerySrcAndDst && r.src == query.src && r.dst == query.dst) ||
                       (query.mode == kQueryAbnormal && r.status == kRouteAbnormal);
    if (match) out->push_back(r);
  }
  return Status::Ok();
}

void QueueManager::PumpLocked() {
  bool moved = true;
  while (moved) {
    moved = false;
    for (auto& [id, src] : queues_) {
      std::vector<std::shared_ptr<Queue>> dsts;
      for (const Route& r : bound_) {
        if (r.src == id) dsts.push_back(FindLocked(r.dst));
      }
      if (dsts.empty()) continue;
      auto has_room = [](const std::shared_ptr<Queue>& q) { return q->entries.size() < q->depth; };
      while (!src->entries.empty() && std::all_of(dsts.begin(), dsts.end(), has_room)) {
        std::shared_ptr<Mbuf> buf = std::move(src->entries.front());
        src->entries.pop_front();
        for (size_t i = 0; i + 1 < dsts.size(); ++i) dsts[i]->entries.push_back(buf->CopyChainRef());
        dsts.back()->entries.push_back(std::move(buf));
        for (auto& dst : dsts) dst->not_empty.notify_all();
        src->not_full.notify_all();
        moved = true;
      }
    }
  }
}

size_t QueueManager::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queues_.size();
}

}  // namespace asim::tdt
