// CompileReport: what the graph compiler decided for every node, for atc to print.
//
// Owns: one line per node of every gear's graph: its op type, the engine the kernel
// registry chose and, for AI CPU nodes, why the AI Core kernels refused (the registry's
// Selection::refusals). Inserted nodes (TransData, Identity) are marked.
// Thread safety: a value type. Failure: none.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::atc {

struct NodeReport {
  size_t gear = 0;  // graph index (0 for a static model)
  std::string name;
  std::string type;
  kernels::Engine engine = kernels::Engine::kAiCore;
  std::string reason;     // AI CPU only: why no AI Core kernel took the node ("" otherwise)
  bool inserted = false;  // added by the compiler (format conversion, output Identity)
};

struct CompileReport {
  std::string soc_version;
  std::vector<NodeReport> nodes;

  // The nodes of graph `gear` named `name`, or nullptr.
  const NodeReport* Find(const std::string& name, size_t gear = 0) const;
  size_t CountOn(kernels::Engine engine, size_t gear = 0) const;
  // One line per node: "gear 0  conv1  Conv  AI_CPU  (DT_FLOAT needs a cube ...)".
  std::string ToString() const;
};

}  // namespace asim::atc
