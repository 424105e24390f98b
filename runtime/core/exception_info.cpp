// The set of exception infos being delivered (exception_info.h).
#include "runtime/core/exception_info.h"

namespace asim::rt {

void LiveExceptionInfos::Add(const rtExceptionInfo* info) {
  std::lock_guard<std::mutex> lock(mutex_);
  live_.insert(info);
}

void LiveExceptionInfos::Remove(const rtExceptionInfo* info) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(info);
  if (it != live_.end()) live_.erase(it);
}

bool LiveExceptionInfos::Contains(const rtExceptionInfo* info) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return live_.count(info) != 0;
}

}  // namespace asim::rt
