/*
 * async_pipeline.cpp: slots, the report thread, submission and the completion callback.
 */
#include "async_pipeline.h"

#include <pthread.h>

#include <algorithm>
#include <chrono>

#include "fp16.h"
#include "sample_utils.h"

namespace {

bool Failed(const char* what, aclError ret) {
  AclFailed(what, ret);
  return false;
}

Top1 TakeTop1(const void* data, size_t size, aclDataType type) {
  Top1 top;
  const size_t count = std::min<size_t>(1000, size / (type == ACL_FLOAT16 ? 2 : 4));  // the first image
  for (size_t i = 0; i < count; ++i) {
    const float value =
        type == ACL_FLOAT16 ? HalfToFloat(static_cast<const uint16_t*>(data)[i]) : static_cast<const float*>(data)[i];
    if (top.index < 0 || value > top.value) {
      top.index = static_cast<int64_t>(i);
      top.value = value;
    }
  }
  return top;
}

}  // namespace

AsyncPipeline::AsyncPipeline(uint32_t modelId, aclmdlDesc* desc, const std::vector<aclrtStream>& streams, size_t depth)
    : modelId_(modelId), desc_(desc), streams_(streams), slots_(streams.size() * depth) {}

AsyncPipeline::~AsyncPipeline() {
  Stop();
  for (Slot& slot : slots_) {
    FreeSlot(slot);
  }
}

bool AsyncPipeline::Start() {
  aclError ret = aclrtGetCurrentContext(&context_);
  if (ret != ACL_SUCCESS) {
    return Failed("aclrtGetCurrentContext", ret);
  }
  const size_t inputSize = aclmdlGetInputSizeByIndex(desc_, 0);
  const size_t outputSize = aclmdlGetOutputSizeByIndex(desc_, 0);
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& slot = slots_[i];
    slot.owner = this;
    slot.streamIndex = i % streams_.size();
    slot.outputSize = outputSize;
    if ((ret = aclrtMalloc(&slot.inputDevice, inputSize, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS ||
        (ret = aclrtMalloc(&slot.outputDevice, outputSize, ACL_MEM_MALLOC_NORMAL_ONLY)) != ACL_SUCCESS ||
        (ret = aclrtMallocHost(&slot.outputHost, outputSize)) != ACL_SUCCESS) {
      return Failed("allocating a slot's buffers", ret);
    }
    slot.input = aclmdlCreateDataset();
    slot.output = aclmdlCreateDataset();
    if (slot.input == nullptr || slot.output == nullptr) {
      ErrorLog("aclmdlCreateDataset failed");
      return false;
    }
    // The data buffers belong to the datasets (destroyed in FreeSlot); the memory to the slot.
    aclDataBuffer* in = aclCreateDataBuffer(slot.inputDevice, inputSize);
    if (in == nullptr || (ret = aclmdlAddDatasetBuffer(slot.input, in)) != ACL_SUCCESS) {
      (void)aclDestroyDataBuffer(in);
      return Failed("aclmdlAddDatasetBuffer (input)", ret);
    }
    aclDataBuffer* out = aclCreateDataBuffer(slot.outputDevice, outputSize);
    if (out == nullptr || (ret = aclmdlAddDatasetBuffer(slot.output, out)) != ACL_SUCCESS) {
      (void)aclDestroyDataBuffer(out);
      return Failed("aclmdlAddDatasetBuffer (output)", ret);
    }
  }
  InfoLog("%zu slots: %zu streams x %zu requests in flight, each with its own input/output buffers", slots_.size(),
          streams_.size(), slots_.size() / streams_.size());

  reporter_ = std::thread(&AsyncPipeline::ReportLoop, this);
  reporterStarted_ = true;
  const uint64_t threadId = static_cast<uint64_t>(reporter_.native_handle());
  for (aclrtStream stream : streams_) {
    ret = aclrtSubscribeReport(threadId, stream);
    subscribed_.push_back(ret == ACL_SUCCESS);
    if (ret != ACL_SUCCESS) {
      return Failed("aclrtSubscribeReport", ret);
    }
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ready_ = true;
  }
  changed_.notify_all();
  InfoLog("report thread subscribed to %zu streams", streams_.size());
  return true;
}

void AsyncPipeline::ReportLoop() {
  const aclError ret = aclrtSetCurrentContext(context_);
  if (ret != ACL_SUCCESS) {
    AclFailed("aclrtSetCurrentContext (report thread)", ret);
    return;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return ready_ || stop_; });
  while (!stop_) {
    lock.unlock();
    const aclError report = aclrtProcessReport(100);  // runs the callbacks that are due
    lock.lock();
    if (report != ACL_SUCCESS && report != ACL_ERROR_WAIT_CALLBACK_TIMEOUT) {
      AclFailed("aclrtProcessReport", report);
      callbackError_ = true;
      changed_.notify_all();
      break;
    }
  }
}

void AsyncPipeline::OnDone(void* userData) {
  Slot& slot = *static_cast<Slot*>(userData);
  AsyncPipeline& self = *slot.owner;
  const Top1 top = TakeTop1(slot.outputHost, slot.outputSize, aclmdlGetOutputDataType(self.desc_, 0));
  std::lock_guard<std::mutex> lock(self.mutex_);
  (*self.results_)[slot.request] = top;
  slot.busy = false;
  ++self.callbacks_;
  self.changed_.notify_all();
}

bool AsyncPipeline::Submit(Slot& slot, void* hostInput, size_t inputSize) {
  aclrtStream stream = streams_[slot.streamIndex];
  aclError ret = aclrtMemcpyAsync(slot.inputDevice, inputSize, hostInput, inputSize, ACL_MEMCPY_HOST_TO_DEVICE, stream);
  if (ret != ACL_SUCCESS) {
    return Failed("aclrtMemcpyAsync (input)", ret);
  }
  if ((ret = aclmdlExecuteAsync(modelId_, slot.input, slot.output, stream)) != ACL_SUCCESS) {
    return Failed("aclmdlExecuteAsync", ret);
  }
  ret = aclrtMemcpyAsync(slot.outputHost, slot.outputSize, slot.outputDevice, slot.outputSize,
                         ACL_MEMCPY_DEVICE_TO_HOST, stream);
  if (ret != ACL_SUCCESS) {
    return Failed("aclrtMemcpyAsync (output)", ret);
  }
  if ((ret = aclrtLaunchCallback(&AsyncPipeline::OnDone, &slot, ACL_CALLBACK_BLOCK, stream)) != ACL_SUCCESS) {
    return Failed("aclrtLaunchCallback", ret);
  }
  return true;
}

bool AsyncPipeline::ExecuteSync(void* hostInput, size_t inputSize, Top1* top) {
  Slot& slot = slots_.front();
  aclError ret = aclrtMemcpy(slot.inputDevice, inputSize, hostInput, inputSize, ACL_MEMCPY_HOST_TO_DEVICE);
  if (ret != ACL_SUCCESS) {
    return Failed("aclrtMemcpy (input)", ret);
  }
  if ((ret = aclmdlExecute(modelId_, slot.input, slot.output)) != ACL_SUCCESS) {
    return Failed("aclmdlExecute", ret);
  }
  ret = aclrtMemcpy(slot.outputHost, slot.outputSize, slot.outputDevice, slot.outputSize, ACL_MEMCPY_DEVICE_TO_HOST);
  if (ret != ACL_SUCCESS) {
    return Failed("aclrtMemcpy (output)", ret);
  }
  *top = TakeTop1(slot.outputHost, slot.outputSize, aclmdlGetOutputDataType(desc_, 0));
  return true;
}

bool AsyncPipeline::Run(const std::vector<void*>& inputs, size_t inputSize, size_t requests, std::vector<Top1>* results,
                        PipelineStats* stats) {
  results->assign(requests, Top1());
  {
    std::lock_guard<std::mutex> lock(mutex_);
    results_ = results;
    callbacks_ = 0;
  }
  std::vector<aclrtEvent> events(streams_.size() + 1, nullptr);
  bool ok = true;
  for (aclrtEvent& event : events) {
    const aclError ret = aclrtCreateEvent(&event);
    if (ret != ACL_SUCCESS) {
      AclFailed("aclrtCreateEvent", ret);
      ok = false;
    }
  }
  // Every stream starts after the start event, so one event measures all of them.
  ok = ok && aclrtRecordEvent(events[0], streams_[0]) == ACL_SUCCESS;
  for (size_t s = 1; ok && s < streams_.size(); ++s) {
    ok = aclrtStreamWaitEvent(streams_[s], events[0]) == ACL_SUCCESS;
  }
  const auto start = std::chrono::steady_clock::now();
  size_t submitted = 0;
  for (size_t r = 0; ok && r < requests; ++r) {
    Slot& slot = slots_[r % slots_.size()];
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return !slot.busy || callbackError_; });
      if (callbackError_) {
        ok = false;
        break;
      }
      slot.busy = true;
      slot.request = r;
    }
    ok = Submit(slot, inputs[r % inputs.size()], inputSize);
    submitted += ok ? 1 : 0;
  }
  for (size_t s = 0; s < streams_.size(); ++s) {
    ok = aclrtRecordEvent(events[s + 1], streams_[s]) == ACL_SUCCESS && ok;
  }
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return callbacks_ >= submitted || callbackError_; });
    stats->callbacks = callbacks_;
  }
  stats->wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  stats->deviceMs = 0.0f;
  for (size_t s = 0; s < streams_.size(); ++s) {
    float ms = 0.0f;
    aclError ret = aclrtSynchronizeStream(streams_[s]);
    if (ret == ACL_SUCCESS) {
      ret = aclrtEventElapsedTime(&ms, events[0], events[s + 1]);
    }
    if (ret != ACL_SUCCESS) {
      AclFailed("aclrtSynchronizeStream/aclrtEventElapsedTime", ret);
      ok = false;
    }
    stats->deviceMs = std::max(stats->deviceMs, ms);
  }
  for (aclrtEvent event : events) {
    if (event != nullptr) {
      (void)aclrtDestroyEvent(event);
    }
  }
  return ok && stats->callbacks == requests;
}

void AsyncPipeline::Stop() {
  if (!reporterStarted_) {
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  const uint64_t threadId = static_cast<uint64_t>(reporter_.native_handle());
  reporter_.join();
  for (size_t s = 0; s < subscribed_.size(); ++s) {
    if (subscribed_[s]) {
      const aclError ret = aclrtUnSubscribeReport(threadId, streams_[s]);
      if (ret != ACL_SUCCESS) {
        AclFailed("aclrtUnSubscribeReport", ret);
      }
    }
  }
  subscribed_.clear();
  reporterStarted_ = false;
  InfoLog("report thread stopped and unsubscribed");
}

void AsyncPipeline::FreeSlot(Slot& slot) {
  for (aclmdlDataset* dataset : {slot.input, slot.output}) {
    if (dataset != nullptr) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(dataset); ++i) {
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(dataset, i));
      }
      (void)aclmdlDestroyDataset(dataset);
    }
  }
  slot.input = slot.output = nullptr;
  for (void* device : {slot.inputDevice, slot.outputDevice}) {
    if (device != nullptr) {
      (void)aclrtFree(device);
    }
  }
  if (slot.outputHost != nullptr) {
    (void)aclrtFreeHost(slot.outputHost);
  }
  slot.inputDevice = slot.outputDevice = slot.outputHost = nullptr;
}
