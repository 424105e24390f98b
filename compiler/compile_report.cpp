// CompileReport (see compile_report.h). Thread safety and failure: as the header says.
#include "compiler/compile_report.h"

namespace asim::atc {

const NodeReport* CompileReport::Find(const std::string& name, size_t gear) const {
  for (const auto& n : nodes) {
    if (n.gear == gear && n.name == name) return &n;
  }
  return nullptr;
}

size_t CompileReport::CountOn(kernels::Engine engine, size_t gear) const {
  size_t count = 0;
  for (const auto& n : nodes) count += n.gear == gear && n.engine == engine ? 1 : 0;
  return count;
}

std::string CompileReport::ToString() const {
  std::string text;
  for (const auto& n : nodes) {
    text += "gear " + std::to_string(n.gear) + "  " + n.name + "  " + n.type + "  " + kernels::EngineName(n.engine);
    if (n.inserted) text += "  (inserted)";
    if (!n.reason.empty()) text += "  (" + n.reason + ")";
    text += "\n";
  }
  return text;
}

}  // namespace asim::atc
