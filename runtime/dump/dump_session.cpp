// DumpSession compilation and selection. See dump_session.h.
#include "runtime/dump/dump_session.h"

#include <spdlog/fmt/fmt.h>

#include <charconv>

#include "base/log.h"
#include "dumpfmt/dump_naming.h"

namespace asim::dump {
namespace {

Status Invalid(std::string message) {
  return Status(err::kInvalidDumpConfig, std::move(message));
}

// Clears the positions a blacklist entry names ("input0", "output2"); no positions = the
// whole op.
void ApplyBlacklist(const cfg::DumpBlacklistEntry& entry, TensorSelection* sel) {
  if (entry.pos.empty()) {
    sel->any = false;
    return;
  }
  for (const std::string& pos : entry.pos) {
    const bool input = pos.starts_with("input");
    const std::string_view digits = std::string_view(pos).substr(input ? 5 : 6);
    size_t index = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), index);
    std::vector<bool>& v = input ? sel->inputs : sel->outputs;
    if (index < v.size()) v[index] = false;
  }
}

}  // namespace

Status DumpSession::Compile(const cfg::DumpConfig& config, uint32_t first_model_id,
                            std::chrono::system_clock::time_point start, std::shared_ptr<const DumpSession>* out) {
  if (!config.present) return Invalid("the configuration has no \"dump\" section");
  if (config.dump_path.empty()) return Invalid("dump_path is missing or empty");
  if (!config.DataDumpEnabled()) {
    return Invalid("neither dump_list nor dump_op_switch \"on\" is given: nothing to dump");
  }
  if (config.dump_list.empty() && !config.dump_op_switch) {
    return Invalid("dump_list is empty and dump_op_switch is off: nothing to dump");
  }
  const std::string path = cfg::ResolveDumpPath(config.dump_path);
  ASIM_RETURN_IF_ERROR(cfg::CheckDumpPathUsable(path));

  auto session = std::shared_ptr<DumpSession>(new DumpSession());
  session->dump_path_ = path;
  session->time_dir_ = DumpTimeDirName(start);
  session->mode_ = config.dump_mode;
  session->op_switch_ = config.dump_op_switch;
  session->first_model_id_ = first_model_id;
  session->steps_ = config.dump_steps;
  for (const cfg::DumpModelEntry& entry : config.dump_list) {
    ModelSelection sel;
    sel.layers.insert(entry.layers.begin(), entry.layers.end());
    sel.optype_blacklist = entry.optype_blacklist;
    sel.opname_blacklist = entry.opname_blacklist;
    sel.ranges = entry.opname_ranges;
    if (entry.model_name.empty()) {
      session->any_model_ = std::make_unique<ModelSelection>(std::move(sel));
    } else {
      session->models_[entry.model_name] = std::move(sel);
    }
  }
  if (config.dump_data == cfg::DumpData::kStats) {
    ASIM_LOG_WARN("[ACL] dump: dump_data \"stats\" is not simulated; full tensors are dumped instead");
  }
  if (config.dump_debug || !config.dump_scene.empty()) {
    ASIM_LOG_WARN("[ACL] dump: overflow / exception dumps (dump_debug, dump_scene) are not simulated");
  }
  *out = std::move(session);
  return Status::Ok();
}

const ModelSelection* DumpSession::FindModel(const std::string& model_name, const std::string& file_name) const {
  if (!file_name.empty()) {
    auto by_file = models_.find(file_name);
    if (by_file != models_.end()) return &by_file->second;
  }
  auto it = models_.find(model_name);
  if (it != models_.end()) return &it->second;
  return any_model_.get();
}

bool DumpSession::StepSelected(uint64_t data_index) const {
  return cfg::DumpStepSelected(steps_, data_index);
}

TensorSelection DumpSession::Select(const ModelSelection* model, const std::string& op_name, const std::string& op_type,
                                    size_t input_count, size_t output_count,
                                    const std::vector<std::string>* original_op_names) const {
  TensorSelection sel;
  sel.any = true;
  sel.inputs.assign(input_count, dumps_inputs());
  sel.outputs.assign(output_count, dumps_outputs());
  if (model != nullptr) {
    if (!model->layers.empty() && model->layers.count(op_name) == 0) {
      bool original = false;
      if (original_op_names != nullptr) {
        for (const std::string& name : *original_op_names) original = original || model->layers.count(name) != 0;
      }
      if (!original) return {};
    }
    for (const auto& entry : model->optype_blacklist) {
      if (entry.name == op_type) ApplyBlacklist(entry, &sel);
    }
    for (const auto& entry : model->opname_blacklist) {
      if (entry.name == op_name) ApplyBlacklist(entry, &sel);
    }
  }
  if (!sel.any) return {};
  bool some = false;
  for (bool b : sel.inputs) some |= b;
  for (bool b : sel.outputs) some |= b;
  if (!some) return {};
  return sel;
}

}  // namespace asim::dump
