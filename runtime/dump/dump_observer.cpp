// DumpObserver: selection and tensor capture of kernel tasks. See dump_observer.h.
#include "runtime/dump/dump_observer.h"

#include <chrono>
#include <cstring>

#include "base/log.h"
#include "dumpfmt/dump_naming.h"
#include "dumpfmt/dump_types.h"

namespace asim::dump {
namespace {

std::vector<uint64_t> Dims(const std::vector<int64_t>& dims) {
  std::vector<uint64_t> out;
  out.reserve(dims.size());
  for (int64_t d : dims) out.push_back(d < 0 ? 0 : static_cast<uint64_t>(d));
  return out;
}

uint64_t NowMicros() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

OpDescRecord DescOf(const sim::TaskRecord& record, const observe::KernelTaskInfo& info) {
  OpDescRecord d;
  d.device_id = record.device_id;
  d.stream_id = record.stream_id;
  d.task_id = record.task_id;
  d.op_name = info.op_name;
  for (const auto& t : info.inputs) d.inputs.push_back({t.desc, t.device_addr});
  for (const auto& t : info.outputs) d.outputs.push_back({t.desc, t.device_addr});
  return d;
}

}  // namespace

DumpObserver::DumpObserver(DumpManager* manager, uint32_t device_id, const sim::DeviceMemory* memory)
    : manager_(manager), device_id_(device_id), memory_(memory) {}

bool DumpObserver::InRange(const observe::KernelTaskInfo& info, const ModelSelection& model) {
  std::lock_guard<std::mutex> lock(mu_);
  RangeState& state = ranges_[info.model_id];
  if (state.open.size() != model.ranges.size() || state.execution != info.execution) {
    state.execution = info.execution;
    state.open.assign(model.ranges.size(), false);
  }
  bool selected = false;
  for (size_t i = 0; i < model.ranges.size(); ++i) {
    if (!state.open[i] && info.op_name == model.ranges[i].begin) state.open[i] = true;
    if (state.open[i]) {
      selected = true;
      if (info.op_name == model.ranges[i].end) state.open[i] = false;  // the end op is included
    }
  }
  return selected;
}

DumpTensor DumpObserver::Copy(const observe::TaskTensor& tensor, const observe::KernelTaskInfo& info, bool output,
                              size_t index, bool readable) {
  DumpTensor t;
  const om::TensorDesc& desc = tensor.desc;
  t.data_type = DumpDataTypeOf(desc.dtype);
  t.format = DumpFormatOf(desc.format);
  t.shape = Dims(desc.dims);
  t.original_shape = Dims(desc.origin_dims.empty() ? desc.dims : desc.origin_dims);
  t.address = reinterpret_cast<uint64_t>(tensor.device_addr);
  if (output) {
    const Format origin = desc.origin_format == Format::kUndefined ? desc.format : desc.origin_format;
    t.original_op = DumpOriginalOp{info.op_name, static_cast<uint32_t>(index), t.data_type, DumpFormatOf(origin)};
  }
  if (tensor.bytes == 0 || tensor.device_addr == nullptr || !readable) return t;
  void* sim_ptr = nullptr;
  const Status st = memory_->Translate(tensor.device_addr, tensor.bytes, &sim_ptr);
  if (!st.ok()) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!read_error_logged_) {
      read_error_logged_ = true;
      ASIM_LOG_ERROR("[ACL] dump: {} {} {} of op '{}' cannot be read ({}); it is dumped empty", info.op_type,
                     output ? "output" : "input", index, info.op_name, st.message());
    }
    return t;
  }
  const auto* p = static_cast<const uint8_t*>(sim_ptr);
  t.data.assign(p, p + tensor.bytes);
  return t;
}

void DumpObserver::OnKernelBegin(const sim::TaskRecord& record, const observe::KernelTaskInfo& kernel) {
  if (!manager_->active()) return;
  const observe::KernelTaskInfo* info = &kernel;
  DumpTarget target = manager_->TargetFor(info->model_id);
  if (!target.session) return;
  const DumpSession& session = *target.session;
  const ModelSelection* model = nullptr;
  std::string dir;
  if (info->model_id == 0) {
    if (!session.op_switch()) return;
    dir = SingleOpDumpDir(session.dump_path(), session.time_dir(), device_id_);
  } else {
    if (info->model_id < session.first_model_id()) return;
    model = session.FindModel(info->model_name, info->model_file_name);
    if (model == nullptr || !session.StepSelected(info->execution)) return;
    if (!model->ranges.empty() && !InRange(*info, *model)) return;
    dir = ModelDumpDir(session.dump_path(), session.time_dir(), device_id_, info->model_name, info->model_id,
                       info->execution);
  }
  TensorSelection selection = session.Select(model, info->op_name, info->op_type, info->inputs.size(),
                                             info->outputs.size(), info->original_op_names.get());
  if (!selection.any) return;
  const Status loaded = info->LoadInputs();
  if (!loaded.ok()) {
    ASIM_LOG_ERROR("[ACL] dump: the inputs of op '{}' cannot be read back ({}); they are dumped empty", info->op_name,
                   loaded.message());
  }

  Pending pending;
  pending.writer = std::move(target.writer);
  pending.dir = std::move(dir);
  pending.record.op_name = info->op_name;
  for (size_t i = 0; i < info->inputs.size(); ++i) {
    if (selection.inputs[i]) pending.record.inputs.push_back(Copy(info->inputs[i], *info, false, i, loaded.ok()));
  }
  pending.selection = std::move(selection);
  std::lock_guard<std::mutex> lock(mu_);
  pending_[record.task_id] = std::move(pending);
  pending_count_.store(pending_.size(), std::memory_order_release);
}

void DumpObserver::OnKernelEnd(const sim::TaskRecord& record, const observe::KernelTaskInfo& kernel,
                               const Status& result) {
  const bool active = manager_->active();
  if (!active && result.ok() && pending_count_.load(std::memory_order_acquire) == 0) return;
  const observe::KernelTaskInfo* info = &kernel;
  if (!result.ok()) {
    // The failed op's inputs are read later (exception dump, aclmdlCreateAndGetOpDesc).
    if (const Status st = info->LoadInputs(); !st.ok()) {
      ASIM_LOG_ERROR("[ACL] the inputs of failed op '{}' cannot be read back: {}", info->op_name, st.message());
    }
  }
  if (active || !result.ok()) manager_->RecordOpDesc(DescOf(record, *info));

  Pending pending;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = pending_.find(record.task_id);
    if (it == pending_.end()) return;
    pending = std::move(it->second);
    pending_.erase(it);
    pending_count_.store(pending_.size(), std::memory_order_release);
  }
  for (size_t i = 0; i < info->outputs.size(); ++i) {
    if (pending.selection.outputs[i]) pending.record.outputs.push_back(Copy(info->outputs[i], *info, true, i));
  }
  const uint64_t now = NowMicros();
  pending.record.dump_time = now;
  DumpJob job;
  job.dir = std::move(pending.dir);
  job.file_name = DumpFileName(info->op_type, info->op_name, record.task_id, record.stream_id, now);
  job.record = std::move(pending.record);
  pending.writer->Push(std::move(job));
}

}  // namespace asim::dump
