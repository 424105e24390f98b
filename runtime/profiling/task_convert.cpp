// Task and chip conversion, AI CPU reasons. See task_convert.h.
//
// Thread safety: see task_convert.h. Failure: none.
#include "runtime/profiling/task_convert.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "base/dtype.h"
#include "base/format.h"
#include "compiler/chip_traits.h"
#include "kernels/framework/isa.h"
#include "kernels/framework/registry.h"
#include "runtime/observe/collective_task.h"
#include "runtime/observe/kernel_task.h"

namespace asim::prof {
namespace {

profdata::TensorInfo TensorOf(const observe::TaskTensor& t) {
  profdata::TensorInfo out;
  out.dims = t.desc.dims;
  out.dtype = DtypeText(DataTypeName(t.desc.dtype));
  out.format = FormatName(t.desc.format);
  return out;
}

kernels::TensorSpec SpecOf(const observe::TaskTensor& t) {
  kernels::TensorSpec s;
  s.dtype = t.desc.dtype;
  // The op as the graph states it: its plain view when the tensor is in an internal format.
  const bool internal = t.desc.origin_format != Format::kUndefined && !t.desc.origin_dims.empty();
  s.format = internal ? t.desc.origin_format : t.desc.format;
  s.dims = internal ? t.desc.origin_dims : t.desc.dims;
  return s;
}

std::string Reason(const observe::KernelTaskInfo& info, const sim::SocSpec& spec) {
  // The converter's own record (its dims and the node's attributes decided it).
  if (info.aicpu_reason && !info.aicpu_reason->empty()) return *info.aicpu_reason;
  const kernels::KernelRegistry& reg = kernels::KernelRegistry::Get();
  bool any_aicore = false;
  for (const kernels::KernelDef* def : reg.Find(info.op_type)) any_aicore |= def->engine == kernels::Engine::kAiCore;
  if (!any_aicore) return "no AI Core kernel for op type " + info.op_type;
  std::vector<kernels::TensorSpec> inputs;
  for (const observe::TaskTensor& t : info.inputs) inputs.push_back(SpecOf(t));
  kernels::Selection sel;
  const Status st = reg.Select(info.op_type, inputs, kernels::AttrMap{}, atc::ChipTraitsOf(spec), &sel);
  if (!st.ok()) return st.message();
  if (sel.def != nullptr && sel.def->engine == kernels::Engine::kAiCpu && !sel.refusals.empty()) {
    std::string out;
    for (const std::string& r : sel.refusals) out += (out.empty() ? "" : "; ") + r;
    return out;
  }
  return "placed on AI CPU by the model converter (the AI Core kernel refuses this node's attributes)";
}

std::string CachedReason(const observe::KernelTaskInfo& info, const sim::SocSpec& spec) {
  static std::mutex mutex;
  static std::map<std::string, std::string> cache;
  if (info.aicpu_reason && !info.aicpu_reason->empty()) return *info.aicpu_reason;
  std::string key = spec.soc_version + "|" + info.op_type;
  for (const observe::TaskTensor& t : info.inputs) {
    key += "|" + std::string(DataTypeName(t.desc.dtype)) + ":" + FormatName(t.desc.format);
    for (int64_t d : t.desc.dims) key += "," + std::to_string(d);
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  std::string reason;
  try {
    reason = Reason(info, spec);
  } catch (const std::exception& e) {
    reason = std::string("unknown (") + e.what() + ")";
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() < 4096) cache.emplace(key, reason);
  return reason;
}

profdata::TaskKind KindOf(sim::TaskKind k) {
  return static_cast<profdata::TaskKind>(static_cast<uint8_t>(k));
}
profdata::Engine EngineOf(sim::EngineKind e) {
  return static_cast<profdata::Engine>(static_cast<uint8_t>(e));
}

}  // namespace

std::string DtypeText(const char* dt_name) {
  std::string s = dt_name == nullptr ? "" : dt_name;
  return s.rfind("DT_", 0) == 0 ? s.substr(3) : s;
}

profdata::ChipInfo ChipInfoOf(const sim::SocSpec& spec, uint64_t sim_zero_wall_ns) {
  profdata::ChipInfo c;
  c.soc_version = spec.soc_version;
  c.soc_name = spec.soc_name;
  c.split_cube_vector = spec.split_cube_vector;
  c.aicore_freq_mhz = spec.cores.aicore_freq_mhz;
  c.ai_core_count = spec.cores.ai_core_count;
  c.vector_core_count = spec.cores.vector_core_count;
  c.ai_cpu_count = spec.cores.ai_cpu_count;
  c.ai_cpu_freq_mhz = spec.cores.ai_cpu_freq_mhz;
  c.cube_fp16_macs_per_cycle = spec.cube.fp16_macs_per_cycle;
  c.cube_int8_macs_per_cycle = spec.cube.int8_macs_per_cycle;
  c.vector_bytes_per_cycle = spec.vector.bytes_per_cycle;
  c.l1_to_l0a_bytes_per_cycle = spec.cost.l1_to_l0a_bytes_per_cycle;
  c.l1_to_l0b_bytes_per_cycle = spec.cost.l1_to_l0b_bytes_per_cycle;
  c.memory_gbps = spec.memory.bandwidth_gbps;
  c.l2_bytes = spec.buffers.l2_bytes;
  c.sim_zero_wall_ns = sim_zero_wall_ns;
  c.host_vector_isa = kernels::isa::Active();
  return c;
}

profdata::DeviceTask ConvertTask(const sim::TaskRecord& r, bool ok, const sim::SocSpec* spec) {
  profdata::DeviceTask t;
  t.device_id = r.device_id;
  t.stream_id = r.stream_id;
  t.task_id = r.task_id;
  t.kind = KindOf(r.kind);
  t.engine = EngineOf(r.engine);
  t.name = r.name;
  t.op_type = r.op_type;
  t.block_dim = r.block_dim;
  t.bytes = r.bytes;
  t.start_ps = r.start_ps;
  t.end_ps = r.end_ps;
  t.wait_ps = r.wait_ps;
  t.ok = ok;
  if (const observe::CollectiveTaskInfo* coll = observe::CollectiveInfoOf(r)) {
    t.inputs.push_back(profdata::TensorInfo{{static_cast<int64_t>(coll->input_count)}, coll->dtype, "ND"});
    t.outputs.push_back(profdata::TensorInfo{{static_cast<int64_t>(coll->output_count)}, coll->dtype, "ND"});
    return t;
  }
  const observe::KernelTaskInfo* info = observe::KernelInfoOf(r);
  if (info == nullptr) return t;
  t.has_op_info = true;
  t.model_id = info->model_id;
  t.model_name = info->model_name;
  t.execution = info->execution;
  if (!info->op_name.empty()) t.name = info->op_name;
  if (!info->op_type.empty()) t.op_type = info->op_type;
  t.block_dim = info->block_dim;
  for (const observe::TaskTensor& in : info->inputs) t.inputs.push_back(TensorOf(in));
  for (const observe::TaskTensor& out : info->outputs) t.outputs.push_back(TensorOf(out));
  const sim::CostEstimate& e = info->estimate;
  profdata::KernelCounters& c = t.counters;
  c.valid = true;
  c.block_dim = e.block_dim;
  c.cores_used = e.cores_used;
  c.waves = e.waves;
  c.cube_cycles = e.cube_cycles;
  c.vector_cycles = e.vector_cycles;
  c.scalar_cycles = e.scalar_cycles;
  c.mte1_cycles = e.mte1_cycles;
  c.mte2_cycles = e.mte2_cycles;
  c.mte3_cycles = e.mte3_cycles;
  c.non_overlap_cycles = e.non_overlap_cycles;
  c.startup_cycles = e.startup_cycles;
  c.total_cycles = e.total_cycles;
  c.critical_pipe = sim::CriticalPipeName(e.critical_pipe);
  c.overhead_ps = e.overhead_ps;
  c.aicpu_compute_cycles = e.aicpu_compute_cycles;
  c.aicpu_memory_cycles = e.aicpu_memory_cycles;
  c.aicpu_cores_used = e.aicpu_cores_used;
  const WorkDesc& w = info->work;
  c.has_work = true;
  c.cube_macs = w.cube_macs;
  c.cube_dtype = DtypeText(DataTypeName(w.cube_dtype));
  c.vector_ops = w.vector_ops;
  c.vector_elem_bytes = w.vector_elem_bytes;
  c.scalar_ops = w.scalar_ops;
  c.mte1_bytes = w.mte1_bytes;
  c.mte2_bytes = w.mte2_bytes;
  c.mte3_bytes = w.mte3_bytes;
  c.l2_hit_bytes = std::min(info->hints.mte2_l2_hit_bytes, w.mte2_bytes);
  c.l2_resident_bytes = std::min(info->hints.mte3_l2_resident_bytes, w.mte3_bytes);
  c.aicpu_ops = w.aicpu_ops;
  c.aicpu_bytes = w.aicpu_bytes;
  if (info->ai_cpu && spec != nullptr) t.aicpu_reason = CachedReason(*info, *spec);
  return t;
}

}  // namespace asim::prof
