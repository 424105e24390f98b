// SubgraphRunner (see subgraph_runner.h). Thread safety and failure: as the header says.
#include "kernels/control/subgraph_runner.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <new>

#include "kernels/common/shape/computed_shape.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"

namespace asim::kernels {
namespace {

constexpr size_t kAlignment = 64;  // the AI Core kernels' vector loads like whole cache lines
constexpr size_t kCacheEntries = 64;
// Scalar work of one pass over a body besides its nodes' own: choosing each node's kernel
// and allocating its outputs.
constexpr double kBodyPassOps = 256;

std::shared_ptr<void> AllocateAligned(size_t bytes) {
  void* p = ::operator new(bytes == 0 ? kAlignment : bytes, std::align_val_t(kAlignment));
  return std::shared_ptr<void>(p, [](void* q) { ::operator delete(q, std::align_val_t(kAlignment)); });
}

// A non-null address for empty tensors (kernels may not be given nullptr for a present input).
uint8_t g_empty[kAlignment];

}  // namespace

SubgraphRunner::SubgraphRunner(Subgraph graph, std::string what) : graph_(std::move(graph)), what_(std::move(what)) {}

Status SubgraphRunner::FromAttr(const AttrMap& attrs, const std::string& what,
                                std::shared_ptr<const SubgraphRunner>* out) {
  const AttrValue* v = attrs.Find(what);
  const auto* text = v == nullptr ? nullptr : std::get_if<std::string>(v);
  if (text == nullptr) return Status(err::kInvalidParam, "attribute '" + what + "' (a subgraph) is missing");
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const SubgraphRunner>, std::less<>> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(*text); it != cache.end() && it->second->what() == what) {
      *out = it->second;
      return Status::Ok();
    }
  }
  Subgraph graph;
  ASIM_RETURN_IF_ERROR(DecodeSubgraph(*text, what, &graph));
  auto runner = std::make_shared<const SubgraphRunner>(std::move(graph), what);
  std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() >= kCacheEntries) cache.clear();  // bounded; a miss only costs a parse
  cache[*text] = runner;
  *out = std::move(runner);
  return Status::Ok();
}

Status SubgraphRunner::CheckInputs(const std::vector<TensorSpec>& inputs, size_t first) const {
  if (inputs.size() != graph_.inputs.size()) {
    return Status(err::kInvalidParam, "subgraph '" + what_ + "' has " + std::to_string(graph_.inputs.size()) +
                                          " inputs (" + std::to_string(graph_.captured) +
                                          " captured), the node gives " + std::to_string(inputs.size()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const SubgraphValue& v = graph_.values[static_cast<size_t>(graph_.inputs[i])];
    if (inputs[i].dtype != v.dtype) {
      return Status(err::kInvalidParam, "input " + std::to_string(first + i) + " is " + DataTypeName(inputs[i].dtype) +
                                            ", subgraph '" + what_ + "' input '" + v.name + "' is " +
                                            DataTypeName(v.dtype));
    }
  }
  return Status::Ok();
}

Status SubgraphRunner::Choose(const SubgraphNode& node, const std::vector<TensorSpec>& in, const KernelDef** def,
                              AttrMap* attrs, std::vector<TensorSpec>* out) const {
  Status st = KernelRegistry::Get().SelectAsGiven(node.type, in, node.attrs, graph_.chip, def, attrs);
  if (st.ok()) st = (*def)->infer_shape(in, *attrs, out);
  if (st.ok() && out->size() < node.outputs.size()) {
    st = Status(err::kInvalidParam, "the kernel produces " + std::to_string(out->size()) + " outputs, the body " +
                                        std::to_string(node.outputs.size()));
  }
  return st.ok() ? st : NodeError(node, st);
}

Status SubgraphRunner::NodeError(const SubgraphNode& node, const Status& st) const {
  return Status(st.code(), what_ + " node '" + node.name + "' (" + node.type + "): " + st.message());
}

Status SubgraphRunner::Infer(const std::vector<TensorSpec>& inputs, std::vector<TensorSpec>* outputs,
                             WorkDesc* work) const {
  ASIM_RETURN_IF_ERROR(CheckInputs(inputs, 0));
  std::vector<TensorSpec> specs(graph_.values.size());
  for (size_t v = 0; v < graph_.values.size(); ++v) {
    if (graph_.values[v].data != nullptr) specs[v] = graph_.values[v].Spec();
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    TensorSpec s = inputs[i];
    s.host_data = nullptr;  // as compiled: only the body's constants are known
    specs[static_cast<size_t>(graph_.inputs[i])] = std::move(s);
  }
  *work = WorkDesc{};
  work->on_ai_cpu = true;
  for (const SubgraphNode& node : graph_.nodes) {
    std::vector<TensorSpec> in;
    for (int v : node.inputs) in.push_back(v >= 0 ? specs[static_cast<size_t>(v)] : TensorSpec{});
    const KernelDef* def = nullptr;
    AttrMap attrs;
    std::vector<TensorSpec> out;
    ASIM_RETURN_IF_ERROR(Choose(node, in, &def, &attrs, &out));
    if (def->cost) AddBodyWork(def->cost(in, out, attrs, graph_.chip), 1.0, work);
    for (size_t k = 0; k < node.outputs.size(); ++k) specs[static_cast<size_t>(node.outputs[k])] = out[k];
  }
  outputs->clear();
  for (int v : graph_.outputs) {
    TensorSpec s = specs[static_cast<size_t>(v)];
    s.host_data = nullptr;
    outputs->push_back(std::move(s));
  }
  return Status::Ok();
}

Status SubgraphRunner::Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
                           const std::function<bool()>& interrupted) const {
  std::vector<TensorSpec> given;
  for (const auto& t : inputs) given.push_back(t.spec);
  ASIM_RETURN_IF_ERROR(CheckInputs(given, 0));
  std::vector<HostTensor> values(graph_.values.size());
  for (size_t v = 0; v < graph_.values.size(); ++v) {
    const SubgraphValue& value = graph_.values[v];
    if (value.data != nullptr) values[v] = HostTensor{value.Spec(), value.data->data(), value.data};
  }
  for (size_t i = 0; i < inputs.size(); ++i) values[static_cast<size_t>(graph_.inputs[i])] = inputs[i];
  for (const SubgraphNode& node : graph_.nodes) {
    KernelContext ctx;
    ctx.interrupted = interrupted;
    std::vector<TensorSpec> in;
    for (int v : node.inputs) {
      if (v < 0) {
        in.emplace_back();
        ctx.inputs.push_back(TensorView{});
        continue;
      }
      const HostTensor& t = values[static_cast<size_t>(v)];
      TensorSpec s = t.spec;
      void* data = const_cast<void*>(t.data != nullptr ? t.data : g_empty);
      s.host_data = data;  // everything is on the AI CPU: every value is known
      in.push_back(s);
      ctx.inputs.push_back(TensorView{s, data});
    }
    const KernelDef* def = nullptr;
    AttrMap attrs;
    std::vector<TensorSpec> out;
    ASIM_RETURN_IF_ERROR(Choose(node, in, &def, &attrs, &out));
    std::vector<std::shared_ptr<void>> buffers;
    for (const TensorSpec& o : out) {
      if (!o.IsStatic()) {
        return NodeError(node, Status(err::kInvalidParam, "output shape " + DimsToString(o.dims) + " is not known"));
      }
      buffers.push_back(AllocateAligned(o.Bytes()));
      TensorSpec spec = o;
      spec.host_data = nullptr;
      ctx.outputs.push_back(TensorView{spec, buffers.back().get()});
    }
    const size_t workspace_bytes = def->workspace ? def->workspace(in, out, attrs) : 0;
    std::shared_ptr<void> workspace = workspace_bytes > 0 ? AllocateAligned(workspace_bytes) : nullptr;
    ctx.attrs = &attrs;
    ctx.workspace = workspace.get();
    ctx.workspace_bytes = workspace_bytes;
    Status st = InvokeKernel(*def, ctx);
    if (!st.ok()) return NodeError(node, st);
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      values[static_cast<size_t>(node.outputs[k])] = HostTensor{ctx.outputs[k].spec, buffers[k].get(), buffers[k]};
    }
  }
  outputs->clear();
  for (int v : graph_.outputs) outputs->push_back(values[static_cast<size_t>(v)]);
  return Status::Ok();
}

Status CopyToComputedOutputs(const std::vector<HostTensor>& from, KernelContext& ctx, const std::string& op) {
  // Every output's dims first: one that outgrows its bound still records its actual dims
  // (computed_shape.h), so that a retry finds all of them placed.
  Status first;
  for (size_t k = 0; k < from.size(); ++k) {
    const TensorView& o = ctx.out(k);
    if (from[k].spec.dtype != o.spec.dtype) {
      return Status(err::kInvalidParam, op + ": output " + std::to_string(k) + " is " +
                                            DataTypeName(from[k].spec.dtype) + ", planned as " +
                                            DataTypeName(o.spec.dtype));
    }
    Status st = SetComputedDims(ctx, k, from[k].spec.dims, op);
    if (!st.ok() && first.ok()) first = st;
  }
  ASIM_RETURN_IF_ERROR(first);
  for (size_t k = 0; k < from.size(); ++k) {
    const size_t bytes = ctx.out(k).spec.Bytes();
    if (bytes > 0) std::memcpy(ctx.out(k).data, from[k].data, bytes);
  }
  return Status::Ok();
}

Status CopyToComputedOutput(const HostTensor& from, KernelContext& ctx, size_t index, const std::string& op) {
  TensorView& o = ctx.out(index);
  if (from.spec.dtype != o.spec.dtype) {
    return Status(err::kInvalidParam, op + ": output " + std::to_string(index) + " is " +
                                          DataTypeName(from.spec.dtype) + ", planned as " + DataTypeName(o.spec.dtype));
  }
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, index, from.spec.dims, op));
  const size_t bytes = o.spec.Bytes();
  if (bytes > 0) std::memcpy(o.data, from.data, bytes);
  return Status::Ok();
}

InferShapeFn InferShapeFrom(InferWithWorkFn fn) {
  return [fn](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    WorkDesc unused;
    return fn(inputs, attrs, outputs, &unused);
  };
}

CostFn CostFrom(InferWithWorkFn fn) {
  return [fn](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs,
              const ChipTraits&) {
    std::vector<TensorSpec> outputs;
    WorkDesc work;
    if (!fn(inputs, attrs, &outputs, &work).ok()) work = WorkDesc{};
    work.on_ai_cpu = true;
    return work;
  };
}

void AddBodyWork(const WorkDesc& body, double times, WorkDesc* total) {
  const double ops = static_cast<double>(body.aicpu_ops + body.cube_macs + body.vector_ops + body.scalar_ops);
  const double bytes = static_cast<double>(body.aicpu_bytes + body.mte2_bytes + body.mte3_bytes);
  total->on_ai_cpu = true;
  total->aicpu_ops += static_cast<uint64_t>(std::llround((ops + kBodyPassOps) * times));
  total->aicpu_bytes += static_cast<uint64_t>(std::llround(bytes * times));
}

}  // namespace asim::kernels
