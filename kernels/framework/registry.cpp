#include "kernels/framework/registry.h"

#include <algorithm>
#include <set>
#include <string>

#include "base/tensor_desc.h"

namespace asim::kernels {

// Every kernel's builder function, declared from the one list.
#define ASIM_KERNEL(op, engine, builder) KernelDef builder();
#include "kernels/kernel_list.inc"
#undef ASIM_KERNEL

namespace {

// Builds every listed kernel; `mismatches` gets the rows whose op type or engine column
// disagrees with what the builder builds.
std::vector<KernelDef> BuildAll(std::vector<std::string>* mismatches) {
  std::vector<KernelDef> defs;
  auto add = [&](KernelDef def, const char* op, Engine engine, const char* builder) {
    if (def.op_type != op || def.engine != engine) {
      mismatches->push_back(std::string("ASIM_KERNEL(") + op + ", " + EngineName(engine) + ", " + builder +
                            ") builds " + def.op_type + " on " + EngineName(def.engine));
    }
    defs.push_back(std::move(def));
  };
#define ASIM_KERNEL(op, engine, builder) add(builder(), #op, Engine::k##engine, #builder);
#include "kernels/kernel_list.inc"
#undef ASIM_KERNEL
  return defs;
}

std::vector<std::string>& ListMismatchStore() {
  static std::vector<std::string> mismatches;  // written once, under Get()'s static initialisation
  return mismatches;
}

// The tensor's bytes fit int64_t (unknown dims count as 0 elements, not as too many).
Status CheckFits(const TensorSpec& t, const std::string& what) {
  return TensorDesc::CheckByteSize(t.dtype, static_cast<int>(t.dims.size()), t.dims.data(), what);
}

}  // namespace

const KernelRegistry& KernelRegistry::Get() {
  static const KernelRegistry* registry = new KernelRegistry(BuildAll(&ListMismatchStore()));  // never destroyed
  return *registry;
}

const std::vector<std::string>& KernelRegistry::ListMismatches() {
  (void)Get();
  return ListMismatchStore();
}

KernelRegistry::KernelRegistry(std::vector<KernelDef> defs) : defs_(std::move(defs)) {
  // AI Core candidates before AI CPU ones; otherwise list order.
  std::stable_sort(defs_.begin(), defs_.end(), [](const KernelDef& a, const KernelDef& b) {
    if (a.op_type != b.op_type) return a.op_type < b.op_type;
    return a.engine == Engine::kAiCore && b.engine == Engine::kAiCpu;
  });
}

AttrMap KernelRegistry::TransDataAttrs(Format from, Format to) {
  AttrMap attrs;
  attrs.Set("src_format", std::string(FormatName(from)));
  attrs.Set("dst_format", std::string(FormatName(to)));
  return attrs;
}

Status KernelRegistry::SelectAsGiven(std::string_view op_type, const std::vector<TensorSpec>& inputs,
                                     const AttrMap& attrs, const ChipTraits& chip, const KernelDef** def,
                                     AttrMap* resolved) const {
  const auto candidates = Find(op_type);
  for (Engine engine : {Engine::kAiCpu, Engine::kAiCore}) {
    for (const KernelDef* d : candidates) {
      if (d->engine != engine || !d->infer_shape) continue;
      AttrMap r;
      if (!d->ResolveAttrs(attrs, &r).ok() || !d->Match(inputs, r, chip).ok()) continue;
      *def = d;
      *resolved = std::move(r);
      return Status::Ok();
    }
  }
  Selection sel;
  Status st = Select(op_type, inputs, attrs, chip, &sel);
  if (st.ok()) {
    return Status(err::kOpNotFound, "no kernel of op type '" + std::string(op_type) + "' takes these inputs as given");
  }
  return st;
}

const KernelDef* KernelRegistry::FindForLayouts(std::string_view op_type, Engine engine,
                                                const std::vector<TensorSpec>& inputs) const {
  const KernelDef* first = nullptr;
  for (const KernelDef* d : Find(op_type)) {
    if (d->engine != engine) continue;
    if (first == nullptr) first = d;
    bool takes = true;
    for (size_t i = 0; i < inputs.size() && i < d->inputs.size() && takes; ++i) {
      const auto& formats = d->inputs[i].formats;
      takes = inputs[i].dtype == DataType::kUndefined || formats.empty() ||
              std::find(formats.begin(), formats.end(), inputs[i].format) != formats.end();
    }
    if (takes) return d;
  }
  return first;
}

Status KernelRegistry::SelectConversion(const TensorSpec& tensor, Format to, const ChipTraits& chip,
                                        Selection* out) const {
  TensorSpec in = tensor;
  in.host_data = nullptr;  // the converted bytes do not exist at selection time
  return Select(kTransDataOp, {in}, TransDataAttrs(tensor.format, to), chip, out);
}

Status KernelRegistry::PlanConversions(const KernelDef& def, const std::vector<TensorSpec>& inputs,
                                       const AttrMap& attrs, const ChipTraits& chip, std::vector<TensorSpec>* converted,
                                       std::vector<FormatConversion>* conversions, bool* rematched) const {
  *rematched = false;
  *converted = inputs;
  conversions->clear();
  std::string done;  // "input 0 'x' NCHW->NC1HWC0, ..."
  for (size_t i = 0; i < inputs.size() && !def.inputs.empty(); ++i) {
    const IoSpec& io = i < def.inputs.size() ? def.inputs[i] : def.inputs.back();
    const TensorSpec& t = inputs[i];
    if (t.dtype == DataType::kUndefined && io.optional) continue;
    if (io.formats.empty() || std::find(io.formats.begin(), io.formats.end(), t.format) != io.formats.end()) {
      continue;
    }
    std::string why;
    bool found = false;
    for (Format to : io.formats) {
      Selection conversion;
      Status st = SelectConversion(t, to, chip, &conversion);
      if (!st.ok() || conversion.outputs.size() != 1) {
        if (why.empty()) why = st.ok() ? "TransData produced no output" : st.message();
        continue;
      }
      (*converted)[i] = conversion.outputs[0];
      conversions->push_back(FormatConversion{i, t.format, to, conversion.outputs[0]});
      done += std::string(done.empty() ? "" : ", ") + "input " + std::to_string(i) + " '" + io.name + "' " +
              FormatName(t.format) + "->" + FormatName(to);
      found = true;
      break;
    }
    if (!found) {
      conversions->clear();
      return Status(err::kFormatNotMatch, "TransData cannot convert input " + std::to_string(i) + " (" + why + ")");
    }
  }
  *rematched = true;
  Status st = def.Match(*converted, attrs, chip);
  if (!st.ok() && conversions->empty()) return st;  // a constraint's own format objection
  if (!st.ok()) {
    conversions->clear();
    return Status(st.code(), st.message() + " (after converting " + done + ")");
  }
  return Status::Ok();
}

std::vector<const KernelDef*> KernelRegistry::Find(std::string_view op_type) const {
  std::vector<const KernelDef*> found;
  for (const auto& d : defs_) {
    if (d.op_type == op_type) found.push_back(&d);
  }
  return found;
}

std::vector<std::string> KernelRegistry::OpTypes() const {
  std::set<std::string> types;
  for (const auto& d : defs_) types.insert(d.op_type);
  return {types.begin(), types.end()};
}

Status KernelRegistry::Select(std::string_view op_type, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                              const ChipTraits& chip, Selection* out) const {
  return SelectAmong(op_type, Find(op_type), inputs, attrs, chip, out);
}

Status KernelRegistry::SelectOnEngine(std::string_view op_type, const std::vector<TensorSpec>& inputs,
                                      const AttrMap& attrs, const ChipTraits& chip, Engine engine,
                                      Selection* out) const {
  std::vector<const KernelDef*> candidates = Find(op_type);
  std::erase_if(candidates, [engine](const KernelDef* d) { return d->engine != engine; });
  if (candidates.empty() && !Find(op_type).empty()) {
    return Status(err::kOpNotFound, "op type '" + std::string(op_type) + "' has no " + EngineName(engine) + " kernel");
  }
  return SelectAmong(op_type, candidates, inputs, attrs, chip, out);
}

Status KernelRegistry::SelectAmong(std::string_view op_type, const std::vector<const KernelDef*>& candidates,
                                   const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits& chip,
                                   Selection* out) const {
  if (candidates.empty()) {
    return Status(err::kOpNotFound, "no kernel implements op type '" + std::string(op_type) + "'");
  }
  // A tensor of more than 2^63 - 1 bytes cannot exist, whichever kernel is asked; the costs
  // and sizes below count its elements in int64_t.
  for (size_t i = 0; i < inputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(CheckFits(inputs[i], "input " + std::to_string(i)));
  }
  std::vector<std::string> refusals;
  int32_t common_code = 0;
  bool mixed = false;
  for (const KernelDef* def : candidates) {
    AttrMap resolved;
    Status st = def->ResolveAttrs(attrs, &resolved);
    if (st.ok()) st = def->Match(inputs, resolved, chip);
    std::vector<FormatConversion> conversions;
    std::vector<TensorSpec> converted;
    if (st.code() == err::kFormatNotMatch && def->engine == Engine::kAiCore && op_type != kTransDataOp) {
      bool rematched = false;
      Status plan = PlanConversions(*def, inputs, resolved, chip, &converted, &conversions, &rematched);
      // Keep the format refusal's words; add why no conversion helps, or the refusal after one.
      st = plan.ok() || rematched ? plan : Status(st.code(), st.message() + "; " + plan.message());
    }
    const std::vector<TensorSpec>& effective = conversions.empty() ? inputs : converted;
    std::vector<TensorSpec> outputs;
    if (st.ok() && def->infer_shape) st = def->infer_shape(effective, resolved, &outputs);
    for (size_t i = 0; st.ok() && i < outputs.size(); ++i) {
      const Status fits = CheckFits(outputs[i], "output " + std::to_string(i));
      if (!fits.ok()) return fits;  // the shape, not this kernel, is at fault
    }
    if (!st.ok()) {
      refusals.push_back(st.message());
      if (common_code == 0)
        common_code = st.code();
      else if (common_code != st.code())
        mixed = true;
      continue;
    }
    out->def = def;
    out->attrs = std::move(resolved);
    out->outputs = std::move(outputs);
    // Dims decided at execution count as 1 here; the runtime sizes them again.
    const std::vector<TensorSpec> known_in = WithUnknownDimsAsOne(effective);
    const std::vector<TensorSpec> known_out = WithUnknownDimsAsOne(out->outputs);
    out->workspace_bytes = def->workspace ? def->workspace(known_in, known_out, out->attrs) : 0;
    out->work = def->cost ? def->cost(known_in, known_out, out->attrs, chip) : WorkDesc{};
    out->work.on_ai_cpu = def->engine == Engine::kAiCpu;
    out->refusals = std::move(refusals);
    out->conversions = std::move(conversions);
    return Status::Ok();
  }
  std::string message = "no kernel of '" + std::string(op_type) + "' accepts these inputs (";
  for (size_t i = 0; i < inputs.size(); ++i) {
    message += (i ? ", " : "") + std::string(DataTypeName(inputs[i].dtype)) + " " + FormatName(inputs[i].format) + " " +
               DimsToString(inputs[i].dims);
  }
  message += "): ";
  for (size_t i = 0; i < refusals.size(); ++i) message += (i ? "; " : "") + refusals[i];
  int32_t code = err::kOpNotFound;
  if (!mixed && (common_code == err::kUnsupportedDataType || common_code == err::kFormatNotMatch ||
                 common_code == err::kOpAttrNotMatch)) {
    code = common_code;
  }
  return Status(code, message);
}

}  // namespace asim::kernels
