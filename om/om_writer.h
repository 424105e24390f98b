// The .om writer: om::Model -> the bytes of docs/om_format.md.
//
// Owns: the encoding of every section and the file layout (header, section table, 8-byte
// aligned sections, 64-byte aligned weights, CRC-32s). The output is canonical: the same
// Model always gives the same bytes, and ReadModel of them gives an equal Model.
// Thread safety: pure functions of their arguments (the model is only read).
// Failure: Validate()'s kDeserializeModel when the model is inconsistent (nothing is
// written then); kInvalidParam when a value cannot be represented (a SoC name longer than
// 255 bytes, a string or list over 2^32-1 elements); kWriteFile when the file cannot be
// created or written, naming the path and strerror. On failure `*bytes` is unchanged and
// no file is left behind.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/model.h"

namespace asim::om {

// Validates `model` and encodes it into `*bytes` (replacing its contents).
Status WriteModel(const Model& model, std::vector<uint8_t>* bytes);

// WriteModel, then writes the bytes to `path` (created or truncated).
Status WriteModelFile(const Model& model, const std::string& path);

}  // namespace asim::om
