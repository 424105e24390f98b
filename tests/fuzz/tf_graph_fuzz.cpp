// libFuzzer target of atc's TensorFlow reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for ParseTfGraph (a frozen graph's bytes -> GraphDef, node index,
// topological order), ParseTfInput (every node input) and DecodeTensor (every Const's value and
// every tensor attr). Any input must return (never crash, never trip ASan / UBSan, never ask
// for unbounded memory); a failure must carry one of the documented codes (kParseFile,
// kParseModel) and a message that starts with its ATC code; a success must give an order that
// holds every node once with each node after the nodes it reads. The op translations need the
// kernel registry and are covered by the unit suites, not here.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <google/protobuf/stubs/logging.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "tools/atc/tensorflow/tf_loader.h"
#include "tools/atc/tensorflow/tf_tensor.h"

namespace {

void CheckStatus(const asim::Status& st) {
  if (st.ok()) return;
  const int32_t c = st.code();
  if (c != asim::err::kParseFile && c != asim::err::kParseModel) __builtin_trap();
  if (st.message().empty() || st.message()[0] != 'E') __builtin_trap();
}

}  // namespace

// protobuf logs every proto3 string that is not UTF-8 (a parse failure the oracle sees anyway).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace tfi = asim::atc::tf_import;
  tfi::TfGraph g;
  const asim::Status st = tfi::ParseTfGraph(std::string(reinterpret_cast<const char*>(data), size), "fuzz.pb", &g);
  CheckStatus(st);
  if (!st.ok()) return 0;
  if (g.order.size() != static_cast<size_t>(g.def.node_size())) __builtin_trap();
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < g.order.size(); ++i) position[g.order[i]->name()] = i;
  for (size_t i = 0; i < g.order.size(); ++i) {
    const auto& n = *g.order[i];
    for (const auto& text : n.input()) {
      tfi::TfInput in;
      if (!tfi::ParseTfInput(text, &in)) __builtin_trap();  // the loader accepted it
      auto it = position.find(in.node);
      if (it == position.end() || it->second >= i) __builtin_trap();
    }
    for (const auto& [key, attr] : n.attr()) {
      if (attr.value_case() != asim::tf::AttrValue::kTensor) continue;
      tfi::TensorValue t;
      const asim::Status ts = tfi::DecodeTensor(attr.tensor(), "Node [" + n.name() + "]", &t);
      CheckStatus(ts);
      if (ts.ok()) {
        size_t count = 1;
        for (int64_t d : t.dims) count *= static_cast<size_t>(d);
        if (t.bytes == nullptr || t.bytes->size() != count * asim::DataTypeSize(t.dtype)) __builtin_trap();
      }
    }
  }
  return 0;
}
