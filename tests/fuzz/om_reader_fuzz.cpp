// libFuzzer target of the .om reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle. Any input: ReadModel and ReadModelHeader must return (never
// crash, never trip ASan / UBSan), a failure must carry a documented code and a message.
// An accepted input must be a model the writer accepts (ReadModel ran Validate), that reads
// back, and whose encoding is canonical (write(read(write(m))) == write(m)); its header
// must read too and it must render as JSON. A broken oracle traps, which libFuzzer reports.
// Each input is read twice: as it is (the CRC checks refuse most mutations) and re-sealed
// (om_seal.h: CRCs recomputed), so mutations reach the section decoders.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "om/om_json.h"
#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tests/fuzz/om_seal.h"

namespace {

bool DocumentedCode(int32_t code) {
  return code == asim::err::kParseModel || code == asim::err::kModelSizeInvalid ||
         code == asim::err::kFeatureUnsupported || code == asim::err::kDeserializeModel;
}

void CheckOne(const uint8_t* data, size_t size) {
  asim::om::Model model;
  const asim::Status read = asim::om::ReadModel(data, size, &model);
  asim::om::ModelHeader header;
  const asim::Status header_read = asim::om::ReadModelHeader(data, size, &header);
  if (!header_read.ok() && (!DocumentedCode(header_read.code()) || header_read.message().empty())) __builtin_trap();
  if (!read.ok()) {
    if (!DocumentedCode(read.code()) || read.message().empty()) __builtin_trap();
    return;
  }
  if (!header_read.ok()) __builtin_trap();  // the header checks are a subset of ReadModel's
  if (header.work_size != model.work_size() || header.weight_size != model.weight_size()) __builtin_trap();
  // The optional prepared section: the header sees it exactly when the model has entries.
  if ((header.prepared_section_size != 0) != !model.prepared.empty()) __builtin_trap();
  std::vector<uint8_t> bytes;
  if (!asim::om::WriteModel(model, &bytes).ok()) __builtin_trap();
  asim::om::Model again;
  if (!asim::om::ReadModel(bytes.data(), bytes.size(), &again).ok()) __builtin_trap();
  std::vector<uint8_t> bytes2;
  if (!asim::om::WriteModel(again, &bytes2).ok() || bytes2 != bytes) __builtin_trap();
  if (asim::om::ModelToJson(model, &header).empty()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  CheckOne(data, size);
  const std::vector<uint8_t> sealed = asim::fuzz::SealOm(data, size);
  if (!sealed.empty()) CheckOne(sealed.data(), sealed.size());
  return 0;
}
