// LoadedModel: one model on one simulated device — its memory, its prepared task lists and
// its executions.
//
// Owns: the om::Model it was loaded from, the work and weight memory it allocated (not the
// memory the application passed to LoadFromFileWithMem), one prepared task list per graph
// (kernel bound, attributes resolved, shapes checked against the kernel's inference,
// workspace checked, simulated duration from the cost model with L2 reuse along the graph),
// and an internal stream for aclmdlExecute.
//
// Execution = binding the dataset buffers to the graph's input/output tensors and
// submitting one kernel task per node to the stream. Executions of one model are serialised
// on the device by an event chain (each waits for the previous one's end, whatever stream
// it ran on) because they share the work memory; the host never blocks for that in
// ExecuteAsync. Every task carries a KernelTaskInfo for observers.
//
// Data-dependent shapes: a graph whose file marks tensors dynamic (outputs of NonZero,
// Unique ... and everything computed from them, planned at their bounds by atc) runs its
// dynamic nodes differently: each execution has its own ExecShapes; a dynamic node's task,
// on the stream's worker and in graph order, re-infers its output shapes from the actual
// input dims, runs, reads the computed dims back and publishes them (to its consumers'
// KernelTaskInfos, which observers see at their begin, and to the model's latest output
// dims for aclmdlGetCurOutputDims). Nodes whose shapes are known at load run exactly as in
// a static model; a dynamic node's simulated duration is its load-time (bound) estimate.
// String (DT_STRING) model inputs and outputs: bound, checked and written as
// string_tensors.h says (CANN's layout, the dataset buffer's size is the application's).
// A synchronous execution without a time limit runs its tasks on the calling thread (the
// internal stream's SetRunsInline) while it holds the model's execution lock: another
// thread's execution of the same model, even an asynchronous one, waits until it is done.
// Thread safety: Execute and WaitIdle are thread-safe; everything else is immutable after
// Load. Nothing here reads process state: the device and the application's stream come in
// resolved (tests drive a LoadedModel on a device of their own, without aclInit).
// Failure: Status with the AscendCL / GE code and a message that names the model, the
// node or the dataset index.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "device_sim/cost/cost_model.h"
#include "device_sim/engine/hw_stream.h"
#include "device_sim/engine/sim_event.h"
#include "kernels/common/host/large_buffer.h"
#include "kernels/framework/kernel_def.h"
#include "om/model.h"
#include "runtime/core/objects.h"
#include "runtime/model/exec_memory.h"
#include "runtime/model/model_info.h"
#include "runtime/model/model_manager.h"
#include "runtime/observe/kernel_task.h"

namespace asim::model {

class LoadedModel {
 public:
  // Loads on `device` (the current context's). `memory` as LoadMemory says. `weights` is
  // where the blob is when the model leaves it in its source (ignored otherwise).
  static Status Load(std::shared_ptr<const om::Model> model, const LoadMemory& memory,
                     std::shared_ptr<rt::DeviceContext> device, uint32_t id, std::shared_ptr<LoadedModel>* out,
                     WeightSource weights = {});
  ~LoadedModel();
  LoadedModel(const LoadedModel&) = delete;
  LoadedModel& operator=(const LoadedModel&) = delete;

  uint32_t id() const { return id_; }
  int32_t device_id() const { return device_->id(); }
  const std::string& name() const { return model_->name; }
  // The .om file name without directory and suffix when loaded from a file (set by
  // ModelManager before the model is published; empty for models loaded from memory).
  const std::string& file_name() const { return file_name_; }
  void set_file_name(std::string name) { file_name_ = std::move(name); }
  const std::shared_ptr<const ModelInfo>& info() const { return info_; }
  // The gear of the latest execution or gear choice (aclmdlSetDynamic*); -1 before either.
  int current_gear() const { return current_gear_.load(); }
  void set_current_gear(int gear) { current_gear_.store(gear); }
  // The actual dims of data-dependent output `index` in the latest execution that produced
  // it; false when it is not data-dependent or was not produced yet.
  bool LastOutputDims(size_t index, std::vector<int64_t>* dims) const;

  // Bytes of weight memory the load left out of memory (PlanSkippedWeights), and how many of
  // them were read back since (diagnostics, tests).
  uint64_t released_weight_bytes() const { return released_bytes_; }
  uint64_t restored_weight_bytes() const;
  // Nodes whose prepared data (om::Model::prepared) the load took from the model file's
  // mapping instead of preparing it (diagnostics, tests).
  size_t prepared_from_file() const { return prepared_from_file_; }

  // Binds and submits one execution; a synchronous one also waits and fills `result` (may
  // be nullptr) with the actual dims of the data-dependent outputs.
  Status Execute(const ExecuteRequest& request, ExecuteResult* result = nullptr);
  // Unload: from now on Execute refuses (kInvalidModelId), so no execution can be submitted
  // after the wait; then waits until every submitted execution has ended. An execution that
  // found the model before the unload and submits after it would otherwise run on freed
  // memory once the last reference goes.
  void Retire();

 private:
  struct PreparedNode {
    const om::Node* node = nullptr;
    const kernels::KernelDef* def = nullptr;
    kernels::AttrMap attrs;
    std::vector<kernels::TensorSpec> inputs;
    std::vector<kernels::TensorSpec> outputs;
    sim::CostEstimate estimate;
    WorkDesc work;
    sim::CostHints hints;
    uint32_t block_dim = 1;
    std::shared_ptr<const std::vector<std::string>> original_op_names;  // see KernelTaskInfo
    std::shared_ptr<const std::string> aicpu_reason;                    // see KernelTaskInfo
    bool dynamic = false;    // an input or output tensor is dynamic: shapes re-inferred at execution
    bool by_values = false;  // an output's dims are unknown at load: inferred from the input values
    // Timing-only mode (compute_mode.h) still runs this node: its output dims come from values,
    // or it computes values that decide another node's dims (PlanComputeWhenOff).
    bool computes_when_off = false;
    std::shared_ptr<const void> prepared;  // the kernel's PrepareFn result (KernelContext::prepared)
    // Plain sources (PlanPlainSources): a TransData that runs only while an observer may read
    // tensors; for a node reading its output, the model input it was made from.
    bool runs_for_observers_only = false;
    int32_t plain_source = -1;  // tensor index, or -1
    kernels::TensorSpec plain_source_spec;
  };
  struct PreparedGraph {
    std::vector<PreparedNode> nodes;
    bool dynamic = false;  // some tensor is dynamic
    // Per tensor (dynamic ones only): the nodes reading it, with the slot of the tensor in
    // that node's KernelTaskInfo::inputs.
    std::vector<std::vector<std::pair<size_t, size_t>>> consumers;
  };
  // Per execution of a dynamic graph: the actual dims of its dynamic tensors (written by
  // their producer's task before any consumer runs: same stream, in order) and every
  // node's KernelTaskInfo, which those tasks update for observers.
  // Tensors whose dims are unknown at load (values decide them) are sized when produced:
  // in memory of this execution, or in the output buffer (the application's, or one the
  // runtime allocates and hands over when the application gave none).
  struct ExecShapes {
    explicit ExecShapes(std::shared_ptr<rt::DeviceContext> device) : memory(std::move(device)) {}
    std::vector<std::vector<int64_t>> dims;                       // per tensor
    std::vector<bool> produced;                                   // per tensor: dims set in this execution
    std::vector<std::shared_ptr<observe::KernelTaskInfo>> infos;  // per node
    std::vector<uint8_t*> sim;                                    // per tensor: where it was sized, else nullptr
    std::vector<const uint8_t*> dev;                              // per tensor: the same as a device address
    std::vector<IoBuffer> handed_outputs;                         // per model output: allocated for the application
    ExecMemory memory;
  };
  // Per execution: where each tensor of the graph is, in the simulator's view (sim) and as
  // the application's device address (dev); `shapes` for dynamic graphs only.
  struct Binding {
    std::vector<uint8_t*> sim;
    std::vector<const uint8_t*> dev;
    std::shared_ptr<ExecShapes> shapes;
    uint32_t aicpu_timeout_s = 0;      // the request's (0 = CANN's default)
    std::vector<IoBuffer> outputs;     // the dataset's output buffers (device addresses and sizes)
    bool allocates_outputs = false;    // a synchronous execution: NULL output buffers are allocated
    std::vector<size_t> string_bytes;  // per tensor: a DT_STRING input / output's dataset buffer bytes
  };

  LoadedModel(std::shared_ptr<const om::Model> model, std::shared_ptr<rt::DeviceContext> device, uint32_t id);
  Status AllocateMemory(const LoadMemory& memory, bool huge_weight_pages);
  // For a model whose weights can be read again (WeightSource::read_range and reread) and
  // live in memory it allocated: the whole pages of weights that only kernels with a
  // prepared copy read (KernelDef::prepared_replaces: ResNet-50's filters, repacked at load,
  // are most of its 100 MB), which the upload leaves out so they are never held twice
  // (recorded as released runs, read back on demand by RestoreWeights).
  WeightRanges PlanSkippedWeights(const sim::SocSpec& spec);
  Status UploadWeights(const WeightSource& weights, const WeightRanges& skip);
  bool Released(uint64_t offset, uint64_t size) const;  // some byte of the range is not in memory
  Status Prepare(const sim::SocSpec& spec);
  // A static graph's image inputs: a TransData from a model input in NCHW with at most 4
  // channels to NC1HWC0 pads each pixel's 3 values to 16 lanes (ResNet-50 at batch 8: 1.6 ms
  // writing 26 MB that the convolution then reads back only to repack the 3 channels). When
  // every reader of its output reads the plain source instead (KernelDef::
  // reads_plain_source), the TransData's output is needed only by an observer that reads
  // tensors (the dump): it runs only then. The simulated time is unchanged: the task is
  // submitted and costed as before, only its host computation is skipped.
  void PlanPlainSources(size_t graph);
  // Timing-only mode: marks the nodes whose output dims come from values, and, transitively,
  // the producers of the values deciding them (Shape -> Add -> Reshape's shape, Cast ->
  // ReduceSum -> TopK's k), so the dims are those of a computing run. A value input is one
  // the kernel declares so (HostInput, computed_unless_known) or a small integer vector; the
  // walk does not go past Shape / Size, which read only their input's dims.
  void PlanComputeWhenOff(size_t graph);
  // Whether `reader`'s planned workspace holds what its kernel needs with `plain` as input 0
  // (a convolution packs an NCHW input where it reads an unpadded NC1HWC0 one in place).
  static bool PlainSourceFits(const PreparedNode& reader, const kernels::TensorSpec& plain);
  // After PrepareNode: the weights of `pn` PlanSkippedWeights left out, read in when its
  // kernel prepared nothing to replace them with.
  Status RestoreUnreplacedWeights(size_t graph, const PreparedNode& pn) const;
  // Reads back the released pages that overlap weight bytes [offset, offset + size), once:
  // before a kernel or an observer reads them (KernelContext::materialize,
  // KernelTaskInfo::load_inputs). Thread-safe.
  Status RestoreWeights(uint64_t offset, uint64_t size) const;
  Status RestoreNodeWeights(size_t gear, const om::Node& node, size_t input) const;  // one input, or every (SIZE_MAX)
  Status PrepareNode(size_t graph, const om::Node& node, const kernels::ChipTraits& chip, PreparedNode* out) const;
  Status SelectGear(const ExecuteRequest& request, size_t* gear) const;
  Status Bind(size_t gear, const ExecuteRequest& request, Binding* binding) const;
  Status RunNode(size_t gear, size_t index, const Binding& binding) const;
  // Dynamic nodes: the actual input dims into `ctx`, its output shapes re-inferred from them
  // (checked against the planned bytes and workspace) ... *upstream_failed: an input was not
  // produced in this execution (its producer failed): the node is to do nothing.
  Status BindActualShapes(size_t gear, const PreparedNode& pn, const Binding& binding, kernels::KernelContext* ctx,
                          bool* upstream_failed) const;
  // An output of `pn` whose dims were unknown at load, placed for its actual `bytes`.
  Status PlaceSizedOutput(size_t gear, const PreparedNode& pn, size_t output, uint64_t bytes, const Binding& binding,
                          kernels::KernelContext* ctx) const;
  // ... and after compute, the actual output dims published.
  void PublishShapes(size_t gear, size_t index, const Binding& binding, const kernels::KernelContext& ctx) const;
  sim::TaskDesc NodeTask(size_t gear, size_t index, uint64_t execution, std::shared_ptr<const Binding> binding);
  std::string Where(const om::Node& node) const;  // "model 'm' (id 3) node 'conv1' (Conv2D, AI_CORE)"

  std::string file_name_;
  const std::shared_ptr<const om::Model> model_;
  const std::shared_ptr<rt::DeviceContext> device_;
  const uint32_t id_;
  std::shared_ptr<const ModelInfo> info_;
  std::vector<PreparedGraph> graphs_;

  void* work_dev_ = nullptr;  // device address of the work memory
  uint8_t* work_sim_ = nullptr;
  bool owns_work_ = false;
  void* weight_dev_ = nullptr;
  uint8_t* weight_sim_ = nullptr;
  bool owns_weight_ = false;
  // Weight pages left out of memory (PlanSkippedWeights), in runs sorted by offset into the
  // weight memory; fixed after load except `restored`, which RestoreWeights sets under the mutex.
  struct ReleasedRun {
    uint64_t offset = 0;
    uint64_t size = 0;
    bool restored = false;
  };
  std::function<Status(uint64_t, uint64_t, uint8_t*)> reread_;
  std::function<Status(uint64_t, uint64_t, uint8_t*)> read_range_;  // during Load only
  mutable kernels::LargeBuffer<uint8_t> staging_;  // during Load only: PrepareNode's weights read from the source
  mutable uint64_t staging_bytes_ = 0;
  // During Load only: the model file's prepared blob, mapped (WeightSource::map_prepared);
  // the prepared results made from it keep the mapping alive.
  std::shared_ptr<const uint8_t> prepared_blob_;
  uint64_t prepared_blob_size_ = 0;
  mutable size_t prepared_from_file_ = 0;
  mutable std::mutex released_mutex_;
  mutable std::vector<ReleasedRun> released_;
  uint64_t released_bytes_ = 0;

  std::shared_ptr<sim::HwStream> sync_stream_;  // aclmdlExecute's stream (runs inline: Execute)
  std::mutex exec_mutex_;                       // submission order of executions
  std::shared_ptr<sim::SimEvent> last_done_;    // recorded at the end of the latest execution
  std::shared_ptr<sim::HwStream> last_stream_;  // the stream that execution ran on
  uint64_t executions_ = 0;                     // executions submitted (guarded by exec_mutex_)
  bool retired_ = false;                        // Retire was called (guarded by exec_mutex_)
  std::atomic<int> current_gear_{-1};
  mutable std::mutex output_dims_mutex_;
  // Per model output: the actual dims of the latest execution that produced it (empty when
  // not data-dependent or not produced yet).
  mutable std::vector<std::vector<int64_t>> output_dims_;
};

}  // namespace asim::model
