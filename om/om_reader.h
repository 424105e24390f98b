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
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "om/model.h"
#include "om/om_format.h"

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
  // The prepared section's length (its entry table, padding and blob: the table lies after
  // the weights, so the blob's own size is not read here); 0 when the model has none.
  uint64_t prepared_section_size = 0;
};

// What ReadModel does with the weight blob and the prepared blob: copy them into
// Model::weights and Model::prepared_blob, or leave them in `data` and record where
// (Model::weights_in_source, and Model::prepared_in_source when the model has a prepared
// section): for a loader that uploads or maps them from there and must not hold the bytes twice.
enum class WeightCopy { kCopy, kLeaveInSource };

// Decodes and validates a whole model (every section's CRC, the weights' and the prepared
// section's included).
Status ReadModel(const void* data, size_t size, Model* out, WeightCopy weights = WeightCopy::kCopy);

// A model file opened for loading: every byte but the weight blob's and the prepared blob's is
// read and decoded (Open fills the Model, with Model::weights_in_source set, and
// Model::prepared_in_source when it has a prepared section: source_prepared_offset is then the
// blob's file offset). The weight blob stays in the file until ReadWeights copies it straight
// to its destination (device memory), checking its CRC on the way, so a loader never holds the
// weights twice; the prepared blob until MapPrepared maps it. Their sections' CRCs are checked
// then, not by Open: the prepared entry table Open decodes is structurally valid but its CRC
// (which covers the whole section) is checked by MapPrepared, so a loader trusts the entries'
// kinds and params once MapPrepared succeeded. Thread safety: ReadWeights may be called from
// any one thread at a time; MapPrepared from any thread. Failure: Open as ReadModelFile;
// ReadWeights kModelSizeInvalid when the file shrank, kDeserializeModel on a CRC mismatch,
// kReadModelFailure on a read error, each naming the path.
class ModelFile {
 public:
  static Status Open(const std::string& path, Model* model, std::unique_ptr<ModelFile>* out);
  ~ModelFile();
  ModelFile(const ModelFile&) = delete;
  ModelFile& operator=(const ModelFile&) = delete;
  uint64_t weight_size() const;
  // Runs body(begin, end) over [0, count) pieces, possibly on several threads (the caller's
  // thread pool: this library has none).
  using ParallelRunner = std::function<void(size_t count, const std::function<void(size_t, size_t)>& body)>;
  // (offset, size) ranges of the weight blob, sorted by offset and disjoint.
  using WeightRanges = std::vector<std::pair<uint64_t, uint64_t>>;
  // Reads the weight_size() bytes into dst in 4 MiB chunks of 256 KiB reads, each
  // CRC-checked while still in the cache; with `parallel`, chunks on several threads (their
  // CRCs combined). Bytes in `skip` are read and checked but not written (dst's memory there
  // is not touched: a loader that will not keep them, see ReadWeightRange); a read holding
  // some goes through a 256 KiB buffer, the others straight to dst.
  Status ReadWeights(uint8_t* dst, const ParallelRunner& parallel = nullptr, const WeightRanges& skip = {}) const;
  // Reads bytes [offset, offset + len) of the weight blob into dst during the load that
  // called ReadWeights (the skipped bytes a loader needs once, e.g. to repack a filter):
  // no CRC, but the file must still have the size and modification time it had at Open,
  // so the bytes are those ReadWeights checked (else kDeserializeModel: "changed while it
  // was being loaded"); kInvalidParam for a range outside the blob, kModelSizeInvalid when
  // the file shrank. Thread safety: as RereadWeights.
  Status ReadWeightRange(uint64_t offset, uint64_t len, uint8_t* dst) const;
  // Reads bytes [offset, offset + len) of the weight blob into dst again, after ReadWeights
  // succeeded (a loader that returned pages of weights it no longer needed and now does):
  // the 4 MiB chunks they lie in are read whole and each checked against the CRC-32
  // ReadWeights computed for it, so a file changed since then is an error
  // (kDeserializeModel: "changed since it was loaded"), not wrong weights. kInvalidParam
  // before ReadWeights or for a range outside the blob; otherwise as ReadWeights. Thread
  // safety: callable from several threads at once, and concurrently with nothing else.
  Status RereadWeights(uint64_t offset, uint64_t len, uint8_t* dst) const;
  // The prepared blob (Model::source_prepared_*), mapped read-only (MAP_PRIVATE, MAP_POPULATE)
  // from the file, after checking the prepared section's CRC-32 over the mapping (in chunks on
  // `parallel`'s threads, combined with zlib crc32_combine as ReadWeights does) and that the
  // file still has the size and mtime it had at Open. *out points at the blob's first byte
  // and owns the mapping (munmap when the last copy goes); *size its length. A model without
  // prepared data: *out = nullptr, *size = 0, Ok. Errors: kDeserializeModel for a CRC
  // mismatch or a changed file, kReadModelFailure when mmap fails, each naming the path;
  // kInvalidParam for a null argument. The file must not be truncated while the mapping is in
  // use (reading a page past its end would be SIGBUS, as with any mapped file).
  Status MapPrepared(std::shared_ptr<const uint8_t>* out, uint64_t* size,
                     const ParallelRunner& parallel = nullptr) const;

 private:
  ModelFile() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads the file at `path` and decodes it with ReadModel.
Status ReadModelFile(const std::string& path, Model* out);

// Validates the header, the section table and the metadata section (its CRC included) and
// returns their facts. Does not check the other sections' CRCs or contents (the prepared
// section's entries included), nor the zero padding between sections: a model whose header
// reads may still fail ReadModel.
Status ReadModelHeader(const void* data, size_t size, ModelHeader* out);

// ReadModelHeader on the file at `path`, reading only its header and metadata section
// (a few KiB whatever the weight size): aclmdlQuerySize.
Status ReadModelHeaderFile(const std::string& path, ModelHeader* out);

}  // namespace asim::om
