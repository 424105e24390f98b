// libFuzzer target of the dump file reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for DecodeDumpFile (dumpfmt: the bytes of one dump
// file, the "big dump" layout or the older inline one -> DumpRecord) and for what dump2npy
// does with the record next: RecordToNpy (tools/dump: device layout back to the original
// one, bf16 widened) with and without keep_device_layout, in memory (no file is read or
// written). Inputs are bounded by libFuzzer's -max_len; the decoder copies at most the
// input's bytes. Any input must return (never crash, never trip ASan / UBSan, never ask
// for unbounded memory); a failure of the decoder is kParseFile naming the source; an
// accepted record encodes and decodes back to itself (an empty one too: the 8-byte file);
// every .npy array dump2npy would write has exactly its shape's bytes (element count
// computed without overflow) and reads back as itself.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <google/protobuf/stubs/logging.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "dumpfmt/dump_file.h"
#include "tools/dump/convert.h"
#include "tools/dump/npy.h"

namespace {

constexpr std::string_view kSource = "Conv2D.conv1.2.1700000000000000";

// The bytes `array`'s shape needs, false when that overflows.
bool ShapeBytes(const asim::dumptool::NpyArray& array, uint64_t* bytes) {
  uint64_t n = asim::dumptool::NpyItemSize(array.descr);
  for (uint64_t d : array.shape) {
    if (__builtin_mul_overflow(n, d, &n)) return false;
  }
  *bytes = n;
  return true;
}

void CheckNpy(const asim::dump::DumpRecord& record, bool keep_device_layout) {
  namespace dt = asim::dumptool;
  dt::ConvertOptions options;
  options.keep_device_layout = keep_device_layout;
  std::vector<dt::NpyTensor> tensors;
  const asim::Status st = dt::RecordToNpy(record, kSource, options, &tensors);
  if (!st.ok()) {
    if (st.message().empty()) __builtin_trap();
    return;
  }
  if (tensors.size() != record.inputs.size() + record.outputs.size()) __builtin_trap();
  for (const dt::NpyTensor& t : tensors) {
    uint64_t bytes = 0;
    if (dt::NpyItemSize(t.array.descr) == 0) __builtin_trap();
    if (!ShapeBytes(t.array, &bytes) || bytes != t.array.data.size()) __builtin_trap();
    const std::vector<uint8_t> encoded = dt::EncodeNpy(t.array);
    dt::NpyArray again;
    if (!dt::DecodeNpy(encoded, t.name, &again).ok()) __builtin_trap();
    if (again.descr != t.array.descr || again.shape != t.array.shape || again.data != t.array.data) __builtin_trap();
  }
}

}  // namespace

// protobuf logs every proto3 string that is not UTF-8 (a parse failure the oracle sees anyway).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace dump = asim::dump;
  dump::DumpRecord record;
  const asim::Status st = dump::DecodeDumpFile(std::span<const uint8_t>(data, size), kSource, &record);
  if (!st.ok()) {
    if (st.code() != asim::err::kParseFile || st.message().find(kSource) == std::string::npos) __builtin_trap();
    return 0;
  }
  if (record.DataBytes() > size) __builtin_trap();
  const std::vector<uint8_t> encoded = dump::EncodeDumpFile(record);
  dump::DumpRecord again;
  if (!dump::DecodeDumpFile(encoded, "re-encoded", &again).ok() || !(again == record)) __builtin_trap();
  CheckNpy(record, false);
  CheckNpy(record, true);
  return 0;
}
