/*
 * async_pipeline.h: several ResNet-50 inferences in flight on two streams. Each in-flight slot
 * owns its device input/output buffers, datasets and a pinned host output; a request is
 * aclrtMemcpyAsync (input, host -> device), aclmdlExecuteAsync, aclrtMemcpyAsync (output,
 * device -> host) and aclrtLaunchCallback on the slot's stream. The callback runs on the
 * report thread (aclrtSubscribeReport + an aclrtProcessReport loop), takes the top-1 of the
 * output and frees the slot for the next request.
 *
 * Threads: Run() submits from the calling thread; callbacks run on the report thread; the slot
 * state and the results are behind one mutex. Start() and Stop() bracket the report thread;
 * the destructor stops it and frees everything (before aclrtResetDevice/aclFinalize).
 */
#ifndef RESNET50_ASYNC_ASYNC_PIPELINE_H
#define RESNET50_ASYNC_ASYNC_PIPELINE_H

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "acl/acl.h"

struct Top1 {
  int64_t index = -1;
  float value = 0.0f;
};

struct PipelineStats {
  double wallMs = 0.0;    // host wall time from the first submission to the last callback
  float deviceMs = 0.0f;  // simulated: start event to the later of the two streams' end events
  size_t callbacks = 0;
};

class AsyncPipeline {
 public:
  // `desc` and `streams` must stay valid until the pipeline is destroyed; `depth` requests are
  // in flight per stream.
  AsyncPipeline(uint32_t modelId, aclmdlDesc* desc, const std::vector<aclrtStream>& streams, size_t depth);
  ~AsyncPipeline();
  AsyncPipeline(const AsyncPipeline&) = delete;
  AsyncPipeline& operator=(const AsyncPipeline&) = delete;

  bool Start();  // allocates the slots, starts and subscribes the report thread
  // One synchronous aclmdlExecute of `hostInput` on the first slot: the reference result.
  bool ExecuteSync(void* hostInput, size_t inputSize, Top1* top);
  // Runs `requests` inferences, request r on image r % inputs.size(); `inputs` are pinned host
  // tensors (aclrtMallocHost) of `inputSize` bytes. Fills `results` (one per request, in
  // request order) and `stats`.
  bool Run(const std::vector<void*>& inputs, size_t inputSize, size_t requests, std::vector<Top1>* results,
           PipelineStats* stats);
  void Stop();

 private:
  struct Slot {
    AsyncPipeline* owner = nullptr;
    size_t streamIndex = 0;
    void* inputDevice = nullptr;
    void* outputDevice = nullptr;
    void* outputHost = nullptr;
    size_t outputSize = 0;
    aclmdlDataset* input = nullptr;
    aclmdlDataset* output = nullptr;
    bool busy = false;
    size_t request = 0;
  };

  static void OnDone(void* userData);
  void ReportLoop();
  bool Submit(Slot& slot, void* hostInput, size_t inputSize);
  void FreeSlot(Slot& slot);

  uint32_t modelId_;
  aclmdlDesc* desc_;
  std::vector<aclrtStream> streams_;
  std::vector<Slot> slots_;
  aclrtContext context_ = nullptr;
  std::thread reporter_;
  bool reporterStarted_ = false;
  std::vector<bool> subscribed_;

  std::mutex mutex_;
  std::condition_variable changed_;
  bool stop_ = false;
  bool ready_ = false;  // the report thread may call aclrtProcessReport
  std::vector<Top1>* results_ = nullptr;
  size_t callbacks_ = 0;
  bool callbackError_ = false;
};

#endif  // RESNET50_ASYNC_ASYNC_PIPELINE_H
