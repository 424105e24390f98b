// The .om writer: om::Model -> the bytes of docs/om_format.md.
//
// Owns: the encoding of every section and the file layout (header, section table, 8-byte
// aligned sections, 64-byte aligned weights, the prepared section last at a 4096-byte aligned
// offset when the model has prepared data, CRC-32s; the lowest format version that holds the
// model). The output is canonical: the same Model always gives the same bytes, and ReadModel
// of them gives an equal Model.
// Thread safety: pure functions of their arguments (the model is only read).
// Failure: Validate()'s kDeserializeModel when the model is inconsistent (nothing is
// written then); kInvalidParam for a model read with its weight or prepared blob left in the
// source (WeightCopy::kLeaveInSource, ModelFile) or a value that cannot be represented (a SoC
// name longer than 255 bytes, a string or list over 2^32-1 elements); kWriteFile when the
// file cannot be created or written, naming the path and strerror. WriteModelFile writes a
// file beside `path` and renames it over `path` (a process that loaded the old file keeps
// it). On failure `*bytes` is unchanged, no new file is left behind and `path` is as it was.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/model.h"

namespace asim::om {

class PreparedSpill;  // om/prepared_spill.h

// Validates `model` and encodes it into `*bytes` (replacing its contents).
Status WriteModel(const Model& model, std::vector<uint8_t>* bytes);

// WriteModel, then writes the bytes to `path` (created or truncated). A model whose prepared
// blob is in `prepared` (Model::prepared_in_source at offset 0 with the spill's size: what
// the compiler makes with CompileOptions::prepared_spill) is written with the blob copied
// from that file in pieces; kInvalidParam when the sizes differ. Without a spill such a model
// is refused as WriteModel refuses it.
Status WriteModelFile(const Model& model, const std::string& path, const PreparedSpill* prepared = nullptr);

}  // namespace asim::om
