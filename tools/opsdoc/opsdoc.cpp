// opsdoc: writes docs/ops.md, the table of every op type x engine x dtypes x formats, from
// the kernel registry itself (so the document cannot drift from the code).
//
// Usage: opsdoc [--check FILE] [--out FILE]
//   --out FILE    write the document
//   --check FILE  exit 1 when FILE differs from what would be written
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "kernels/framework/registry.h"

namespace {

using asim::kernels::Engine;
using asim::kernels::KernelDef;

std::string Join(const std::set<std::string>& items) {
  if (items.empty()) return "any";
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

std::string Render() {
  const auto& registry = asim::kernels::KernelRegistry::Get();
  std::ostringstream os;
  const auto op_types = registry.OpTypes();
  size_t aicore = 0, aicpu = 0;
  for (const auto& d : registry.all()) (d.engine == Engine::kAiCore ? aicore : aicpu)++;
  os << "# Operators\n\n"
     << "Generated from the kernel registry by `tools/opsdoc` (do not edit; the test `docs.ops_md_current` "
        "fails when this file and the registry disagree; regenerate with `build/tools/opsdoc/opsdoc --out "
        "docs/ops.md`).\n\n"
     << op_types.size() << " op types, " << aicore << " AI Core kernels, " << aicpu << " AI CPU kernels. "
     << "Selection tries the AI Core kernel first and falls back to AI CPU when the dtype, format, shape or "
        "attributes do not fit (see docs/simulator.md). Dtypes and formats are those of the first input; "
        "\"any\" means the kernel takes every value.\n\n"
     << "| Op type | Engine | Dtypes | Formats | Source |\n|---|---|---|---|---|\n";
  for (const auto& op : op_types) {
    for (const KernelDef* def : registry.Find(op)) {
      std::set<std::string> dtypes, formats;
      if (!def->inputs.empty()) {
        for (auto t : def->inputs[0].dtypes) dtypes.insert(asim::DataTypeName(t));
        for (auto f : def->inputs[0].formats) formats.insert(asim::FormatName(f));
      }
      os << "| " << op << " | " << asim::kernels::EngineName(def->engine) << " | " << Join(dtypes) << " | "
         << Join(formats) << " | `" << def->source << "` |\n";
    }
  }
  return os.str();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string text = Render();
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string path = argv[i + 1];
    if (flag == "--out") {
      std::ofstream(path) << text;
    } else if (flag == "--check") {
      std::ifstream in(path);
      std::stringstream existing;
      existing << in.rdbuf();
      if (existing.str() != text) {
        std::cerr << path << " is out of date with the kernel registry; regenerate it with: opsdoc --out " << path
                  << "\n";
        return 1;
      }
    } else {
      std::cerr << "usage: opsdoc [--out FILE] [--check FILE]\n";
      return 2;
    }
  }
  if (argc == 1) std::cout << text;
  return 0;
}
