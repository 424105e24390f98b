// DumpSession: one dump configuration in force (the acl.json "dump" section given to aclInit,
// or one aclmdlSetDump), compiled for the per-task decisions the observer makes.
//
// Owns: the resolved dump_path and the {time} directory name fixed when the session
// starts, the mode, the model and single-op selection (dump_list entries by model name,
// layers, op type / op name blacklists with tensor positions, op name ranges), dump_step,
// and the first model id it applies to (aclmdlSetDump applies to models loaded after it).
// Compile() applies the rules the real runtime checks before it accepts a configuration:
// dump_path exists and is a writable directory; something is selected (dump_list has an
// entry or dump_op_switch is on).
// Thread safety: immutable after Compile; shared by the observer threads.
// Failure: Compile returns kInvalidDumpConfig naming the setting and the reason.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/config/dump_config.h"

namespace asim::dump {

// The tensors of one op a session dumps.
struct TensorSelection {
  bool any = false;           // false: the op is not dumped at all
  std::vector<bool> inputs;   // per input index
  std::vector<bool> outputs;  // per output index
};

// One dump_list entry, compiled.
struct ModelSelection {
  std::set<std::string> layers;  // empty: every op
  std::vector<cfg::DumpBlacklistEntry> optype_blacklist;
  std::vector<cfg::DumpBlacklistEntry> opname_blacklist;
  std::vector<cfg::DumpOpRange> ranges;  // empty: no range restriction
};

class DumpSession {
 public:
  // `first_model_id`: models with smaller ids are not dumped (0: every model).
  static Status Compile(const cfg::DumpConfig& config, uint32_t first_model_id,
                        std::chrono::system_clock::time_point start, std::shared_ptr<const DumpSession>* out);

  const std::string& dump_path() const { return dump_path_; }
  const std::string& time_dir() const { return time_dir_; }
  cfg::DumpMode mode() const { return mode_; }
  bool op_switch() const { return op_switch_; }
  uint32_t first_model_id() const { return first_model_id_; }
  bool dumps_inputs() const { return mode_ != cfg::DumpMode::kOutput; }
  bool dumps_outputs() const { return mode_ != cfg::DumpMode::kInput; }

  // The dump_list entry for a model, or nullptr when the model is not selected. An entry's
  // model_name names a model loaded from a file by the file's name without suffix, or any
  // model by the name atc gave it; the file name wins when both have an entry (as in CANN);
  // an entry without model_name matches every model. `file_name` is empty for a model loaded
  // from memory.
  const ModelSelection* FindModel(const std::string& model_name, const std::string& file_name = {}) const;
  bool StepSelected(uint64_t data_index) const;

  // What to dump of one op (layers and blacklists; ranges are the observer's, they depend
  // on execution order). `model` nullptr = a single-op task. A layer selects an op by its name
  // in the .om or by the name of a framework op atc fused into it (`original_op_names`, may
  // be null).
  TensorSelection Select(const ModelSelection* model, const std::string& op_name, const std::string& op_type,
                         size_t input_count, size_t output_count,
                         const std::vector<std::string>* original_op_names = nullptr) const;

 private:
  std::string dump_path_;
  std::string time_dir_;
  cfg::DumpMode mode_ = cfg::DumpMode::kOutput;
  bool op_switch_ = false;
  uint32_t first_model_id_ = 0;
  std::vector<cfg::DumpStepRange> steps_;
  std::map<std::string, ModelSelection> models_;  // by model name
  std::unique_ptr<ModelSelection> any_model_;     // an entry without model_name
};

}  // namespace asim::dump
