// Small valid om::Models for the om tests and the fuzz seed generator, and helpers to
// locate and patch fields of their encoded bytes.
//
// Owns: the reference models (a static conv + relu with weights, a dynamic-batch model with
// two gears, a model carrying every attribute type) and byte surgery that keeps CRCs
// right, so a test reaches the check it means to reach rather than the CRC check.
// Thread safety: pure functions. Failure: builders never fail; patch helpers assume the
// bytes came from WriteModel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "om/model.h"
#include "om/om_format.h"

namespace asim::om::testing {

Model MakeConvReluModel();      // static: x[1,3,8,8] -> Conv2D(w, b) -> Relu -> y; weights 464 bytes
Model MakeDynamicBatchModel();  // batch gears {1} and {4}; graphs with an absent optional input
Model MakeAllAttrsModel();      // one node with every AttrValue alternative, origin formats, metadata
// Data-dependent output shapes (format version 2): x int32[2,3] -> NonZero (AI CPU) ->
// nz int64[2,6] (dynamic, work) -> Cast -> y fp32[2,6] (dynamic output, dims [-1,-1]).
Model MakeDataDependentModel();
// Prepared data (format version 3): MakeConvReluModel with two prepared entries, conv1's
// (0, 0) "test.conv_filter" [0, +200) and relu1's (0, 1) "test.relu_table" [256, +100), in a
// 400-byte blob (gaps and a tail not covered by any entry).
Model MakePreparedModel();
// MakeDynamicBatchModel with three prepared entries over both graphs: (0, 0), (1, 0), (1, 1).
Model MakePreparedGearsModel();

// Encodes `model` (which must be valid) with WriteModel.
std::vector<uint8_t> Encode(const Model& model);

// The section table entry of `kind` in encoded bytes: its file offset and length.
struct Span {
  uint64_t offset = 0;
  uint64_t length = 0;
  uint64_t entry = 0;  // file offset of the section table entry
};
Span FindSection(const std::vector<uint8_t>& bytes, SectionKind kind);

// Recomputes every section CRC and the header CRC after a test changed bytes.
void FixCrcs(std::vector<uint8_t>* bytes);

// File offset of prepared entry `i`'s first field (graph) in `bytes`, encoded from `model`.
struct PreparedEntryAt {
  uint64_t graph = 0;  // u32 graph, then u32 node
  uint64_t node = 0;
  uint64_t kind = 0;         // u32 length + bytes
  uint64_t param_count = 0;  // u32 count + i64 each
  uint64_t offset = 0;       // u64 offset, then u64 size
  uint64_t size = 0;
};
PreparedEntryAt FindPreparedEntry(const std::vector<uint8_t>& bytes, const Model& model, size_t i);
// File offset of the prepared blob's first byte.
uint64_t PreparedBlobAt(const std::vector<uint8_t>& bytes, const Model& model);

uint32_t GetU32(const std::vector<uint8_t>& bytes, size_t at);
void PutU32(std::vector<uint8_t>* bytes, size_t at, uint32_t v);
void PutU64(std::vector<uint8_t>* bytes, size_t at, uint64_t v);

}  // namespace asim::om::testing
