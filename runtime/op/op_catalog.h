// OpCatalog: the single-op models this process knows (aclopSetModelDir, aclopLoad, and the
// ones compiled online by aclopCompile* or on demand), and the search for the one a call
// runs.
//
// Owns: one entry per model: its description (atc::SingleOpDesc, read back from the model's
// metadata), the om::Model, where it came from and the SoC it was built for. Entries are
// never changed; an online-compiled entry may be dropped when more than the
// aclopSetMaxOpQueueNum limit of online entries exist (oldest first; models loaded from a
// directory or memory stay). Find prefers static models over ones with unknown dims (-1).
// Thread safety: every member is thread-safe; entries are shared_ptr<const>, so a caller
// keeps the one it found even if it is dropped meanwhile.
// Failure: LoadDir: kReadModelFailure for a missing directory, kOpLoadFailed when a file is
// not a valid single-op model (every other file of the directory is still loaded, as on
// CANN, which skips it with a warning; the error names each bad file); LoadMem: the reader's
// code; Find: kOpNotFound with the closest candidates and what differs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "compiler/single_op.h"
#include "device_sim/soc/soc_spec.h"
#include "om/model.h"
#include "runtime/op/op_call.h"

namespace asim::op {

struct OpModelEntry {
  uint64_t serial = 0;  // unique in the process; the key of loaded copies on devices
  atc::SingleOpDesc desc;
  std::shared_ptr<const om::Model> model;
  std::string source;  // the file, "aclopLoad", "aclopCompile", "compiled on demand"
  bool dynamic = false;
  bool online = false;  // compiled in this process (subject to the queue limit)
};

class OpCatalog {
 public:
  OpCatalog() = default;

  // Loads every *.om under `dir` (three levels deep). *loaded = how many were added.
  Status LoadDir(const std::string& dir, size_t* loaded);
  Status LoadMem(const void* data, size_t size);
  // Adds a model compiled in this process.
  Status AddCompiled(om::Model model, const std::string& source, std::shared_ptr<const OpModelEntry>* out);
  // Adds an op compiled with unknown dims (-1 / -2, aclopCompile of a dynamic-shape op): the
  // entry has no graph; each call with known dims runs a static instance compiled from it.
  Status AddDynamic(atc::SingleOpDesc desc, const std::string& soc_version, const std::string& source,
                    std::shared_ptr<const OpModelEntry>* out);

  // The entry a call runs on chip `spec`; kOpNotFound when none matches (the message lists
  // the closest candidates and how to provide a model).
  Status Find(const OpCall& call, const sim::SocSpec& spec, std::shared_ptr<const OpModelEntry>* out) const;

  Status SetMaxOnline(uint64_t max);
  size_t size() const;
  void Clear();  // aclFinalize

 private:
  Status AddModel(std::shared_ptr<om::Model> model, const std::string& source, bool online,
                  std::shared_ptr<const OpModelEntry>* out);
  // Registers the entry (dropping the oldest online ones past the limit).
  void Insert(std::shared_ptr<OpModelEntry> entry, std::shared_ptr<const OpModelEntry>* out);

  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<const OpModelEntry>> entries_;
  uint64_t next_serial_ = 1;
  uint64_t max_online_ = 20000;
};

// Whether a model built for `model_soc` runs on a device simulating `spec` (the rule the
// model loader applies).
bool SocMatches(const std::string& model_soc, const sim::SocSpec& spec);

}  // namespace asim::op
