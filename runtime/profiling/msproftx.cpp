// Profiler: msproftx stamps (aclprofCreateStamp, Mark, Push/Pop, RangeStart/Stop) and step
// stamps (aclprofGetStepTimestamp). Markers are host wall-clock events, recorded while a
// session collects msproftx data (steps: any session); otherwise the calls validate their
// arguments and do nothing, as the real library does without collection.
//
// Thread safety: mutex_ guards the handle sets and open ranges; Push/Pop nest per thread.
// Failure: kInvalidParam naming the argument.
#include <unistd.h>

#include <cstring>
#include <vector>

#include "profdata/prof_dir.h"
#include "runtime/core/runtime.h"
#include "runtime/profiling/profiler.h"

namespace asim::prof {
namespace {

constexpr uint32_t kMaxStampMessage = 256;

struct Pushed {
  std::string message;
  uint64_t start_ns = 0;
};
thread_local std::vector<Pushed> t_pushed;

uint32_t Tid() {
  return static_cast<uint32_t>(gettid());
}

}  // namespace

StepInfo* Profiler::CreateStepInfo() {
  auto info = std::make_unique<StepInfo>();
  std::lock_guard<std::mutex> lock(mutex_);
  step_infos_.insert(info.get());
  return info.release();
}

Status Profiler::DestroyStepInfo(void* info) {
  if (info == nullptr) return Status(asim::err::kInvalidParam, "stepInfo must not be NULL");
  std::lock_guard<std::mutex> lock(mutex_);
  if (step_infos_.erase(info) == 0) {
    return Status(asim::err::kInvalidParam, "stepInfo is not made by aclprofCreateStepInfo (or already destroyed)");
  }
  delete static_cast<StepInfo*>(info);
  return Status::Ok();
}

Status Profiler::StepTimestamp(void* info, int32_t tag, void* stream) {
  if (info == nullptr) return Status(asim::err::kInvalidParam, "stepInfo must not be NULL");
  if (tag != 0 && tag != 1) {
    return Status(asim::err::kInvalidParam, "tag " + std::to_string(tag) + " is not ACL_STEP_START or ACL_STEP_END");
  }
  std::shared_ptr<rt::Stream> resolved;
  ASIM_RETURN_IF_ERROR(core_.ResolveStream(stream, &resolved));
  uint64_t step = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (step_infos_.count(info) == 0) {
      return Status(asim::err::kInvalidParam, "stepInfo is not a live object made by aclprofCreateStepInfo");
    }
    auto* s = static_cast<StepInfo*>(info);
    if (tag == 0) ++s->steps;
    step = s->steps;
  }
  const uint64_t now = profdata::WallNowNs();
  RecordTx(tag == 0 ? "step_start" : "step_end", "step " + std::to_string(step), now, now, Tid());
  return Status::Ok();
}

Stamp* Profiler::CreateStamp() {
  auto stamp = std::make_unique<Stamp>();
  std::lock_guard<std::mutex> lock(mutex_);
  stamps_.insert(stamp.get());
  return stamp.release();
}

Status Profiler::DestroyStamp(void* stamp) {
  if (stamp == nullptr) return Status(asim::err::kInvalidParam, "stamp must not be NULL");
  std::lock_guard<std::mutex> lock(mutex_);
  if (stamps_.erase(stamp) == 0) {
    return Status(asim::err::kInvalidParam, "stamp is not made by aclprofCreateStamp (or already destroyed)");
  }
  delete static_cast<Stamp*>(stamp);
  return Status::Ok();
}

Status Profiler::SetStampMessage(void* stamp, const char* message, uint32_t length) {
  if (stamp == nullptr) return Status(asim::err::kInvalidParam, "stamp must not be NULL");
  if (message == nullptr) return Status(asim::err::kInvalidParam, "msg must not be NULL");
  if (length == 0 || length > kMaxStampMessage) {
    return Status(asim::err::kInvalidParam,
                  "msgLen " + std::to_string(length) + " must be from 1 to " + std::to_string(kMaxStampMessage));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (stamps_.count(stamp) == 0) return Status(asim::err::kInvalidParam, "stamp is not a live stamp");
  static_cast<Stamp*>(stamp)->message.assign(message, strnlen(message, length));
  return Status::Ok();
}

Status Profiler::Mark(void* stamp) {
  if (stamp == nullptr) return Status(asim::err::kInvalidParam, "stamp must not be NULL");
  std::string message;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stamps_.count(stamp) == 0) return Status(asim::err::kInvalidParam, "stamp is not a live stamp");
    message = static_cast<Stamp*>(stamp)->message;
  }
  const uint64_t now = profdata::WallNowNs();
  RecordTx("mark", message, now, now, Tid());
  return Status::Ok();
}

Status Profiler::Push(void* stamp) {
  if (stamp == nullptr) return Status(asim::err::kInvalidParam, "stamp must not be NULL");
  std::string message;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stamps_.count(stamp) == 0) return Status(asim::err::kInvalidParam, "stamp is not a live stamp");
    message = static_cast<Stamp*>(stamp)->message;
  }
  t_pushed.push_back(Pushed{message, profdata::WallNowNs()});
  return Status::Ok();
}

Status Profiler::Pop() {
  if (t_pushed.empty()) return Status(asim::err::kInvalidParam, "aclprofPop without an aclprofPush on this thread");
  Pushed p = std::move(t_pushed.back());
  t_pushed.pop_back();
  RecordTx("push_pop", p.message, p.start_ns, profdata::WallNowNs(), Tid());
  return Status::Ok();
}

Status Profiler::RangeStart(void* stamp, uint32_t* range_id) {
  if (stamp == nullptr) return Status(asim::err::kInvalidParam, "stamp must not be NULL");
  if (range_id == nullptr) return Status(asim::err::kInvalidParam, "rangeId must not be NULL");
  std::lock_guard<std::mutex> lock(mutex_);
  if (stamps_.count(stamp) == 0) return Status(asim::err::kInvalidParam, "stamp is not a live stamp");
  const uint32_t id = next_range_++;
  ranges_[id] = Range{static_cast<Stamp*>(stamp)->message, profdata::WallNowNs(), Tid()};
  *range_id = id;
  return Status::Ok();
}

Status Profiler::RangeStop(uint32_t range_id) {
  Range r;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = ranges_.find(range_id);
    if (it == ranges_.end()) {
      return Status(asim::err::kInvalidParam, "rangeId " + std::to_string(range_id) + " is not an open range");
    }
    r = std::move(it->second);
    ranges_.erase(it);
  }
  RecordTx("range", r.message, r.start_ns, profdata::WallNowNs(), r.tid);
  return Status::Ok();
}

}  // namespace asim::prof
