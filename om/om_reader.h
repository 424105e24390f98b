// The .om reader: bytes (or a file) of docs/om_format.md -> a validated om::Model.
//
// Owns: the decoding of every section and every check on untrusted input: magic, version,
// sizes, header and section CRC-32s, section table ranges and alignment, every count
// (bounded by the bytes left before anything is reserved), string length, enum value and
// reserved byte; then the metadata's cross-checks and Model::Validate(). The input may be
// anything: the reader never crashes, asserts, reads out of bounds or allocates more than
// a small multiple of the input's size.
// Thread safety: pure functions of their arguments; call concurrently on any inputs.
// Failure (the codes are documented for users, docs/om_format.md "Errors"):
//   kGeModelPathInvalid (145002)  the path does not exist (or is empty)
//   kReadModelFailure   (100014)  it exists but cannot be read: a directory, no permission, I/O error
//   kParseModel         (100013)  bad magic: not an offline model
//   kModelSizeInvalid   (100015)  truncated: file size field != the bytes given, header too small
//   kFeatureUnsupported (200006)  "om format version N; this runtime reads version 1"
//   kDeserializeModel   (100012)  anything else corrupt: CRC mismatch, offset / length / count /
//                                 index out of range, bad enum, reserved byte set, Validate()
// Messages say what is wrong and where (section name and byte offset); the *File variants
// prefix the path. On failure `*out` is unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "om/model.h"
#include "om/om_format.h"
#include "runtime/base/status.h"

namespace asim::om {

struct SectionInfo {
  SectionKind kind = SectionKind::kMetadata;
  uint64_t offset = 0;  // from the start of the file
  uint64_t length = 0;
  uint32_t crc32 = 0;
};

// What ReadModelHeader learns without decoding the graphs or touching the weights.
struct ModelHeader {
  uint32_t format_version = 0;
  uint64_t file_size = 0;
  std::string soc_version;
  std::vector<SectionInfo> sections;  // in file order
  // From the metadata section.
  std::string name;
  std::string producer;
  DynamicKind dynamic = DynamicKind::kNone;
  uint32_t gear_count = 0;
  uint32_t graph_count = 0;
  uint32_t input_count = 0;  // the dynamic tensor included
  uint32_t output_count = 0;
  uint64_t work_size = 0;      // the largest graph's (aclmdlQuerySize's work size)
  uint64_t weight_size = 0;    // aclmdlQuerySize's weight size
  uint64_t weight_offset = 0;  // where the weight blob starts in the file (a multiple of 64)
};

// Decodes and validates a whole model.
Status ReadModel(const void* data, size_t size, Model* out);

// Reads the file at `path` and decodes it with ReadModel.
Status ReadModelFile(const std::string& path, Model* out);

// Validates the header, the section table and the metadata section (its CRC included) and
// returns their facts. Does not check the other sections' CRCs or contents, nor the zero
// padding between sections: a model whose header reads may still fail ReadModel.
Status ReadModelHeader(const void* data, size_t size, ModelHeader* out);

// ReadModelHeader on the file at `path`, reading only its header and metadata section
// (a few KiB whatever the weight size): aclmdlQuerySize.
Status ReadModelHeaderFile(const std::string& path, ModelHeader* out);

}  // namespace asim::om
