// HandleRegistry: the live objects behind one kind of opaque AscendCL handle.
//
// Owns: a map from the handle value the application holds (the object's address) to the
// owning shared_ptr. A stale, foreign or never-created handle is simply not found, so the
// API returns an error instead of dereferencing garbage.
// Thread safety: all members are thread-safe. Failure: Find returns nullptr.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace asim::rt {

template <typename T>
class HandleRegistry {
 public:
  void* Add(std::shared_ptr<T> object) {
    void* handle = object.get();
    std::lock_guard<std::mutex> lock(mutex_);
    objects_[handle] = std::move(object);
    return handle;
  }

  std::shared_ptr<T> Find(const void* handle) const {
    if (handle == nullptr) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = objects_.find(handle);
    return it == objects_.end() ? nullptr : it->second;
  }

  std::shared_ptr<T> Remove(const void* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = objects_.find(handle);
    if (it == objects_.end()) return nullptr;
    std::shared_ptr<T> object = std::move(it->second);
    objects_.erase(it);
    return object;
  }

  // Removes and returns every object for which `pred` holds.
  template <typename Pred>
  std::vector<std::shared_ptr<T>> RemoveIf(Pred pred) {
    std::vector<std::shared_ptr<T>> removed;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = objects_.begin(); it != objects_.end();) {
      if (pred(*it->second)) {
        removed.push_back(std::move(it->second));
        it = objects_.erase(it);
      } else {
        ++it;
      }
    }
    return removed;
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return objects_.size();
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const void*, std::shared_ptr<T>> objects_;
};

}  // namespace asim::rt
