// A model's prepared blob (om::Model::prepared_blob) built in a temporary file instead of in
// memory. atc prepares ~110 MB of repacked and Winograd-transformed filters for ResNet-50;
// held in a growing vector they took ~200 MB of its peak memory (the blob plus the copy each
// growth makes), and its peak is what a conversion host has to have. The compiler appends
// each node's data here (compiler/prepared_data.h), the model records the blob as "in the
// source" (Model::prepared_in_source, offset 0, size() bytes), and WriteModelFile(model,
// path, spill) copies the file into the .om in pieces.
//
// Owns: the file, which has no name (O_TMPFILE, or created and unlinked at once): it goes
// when the spill is destroyed or the process ends. Owner: whoever compiles and writes the
// model (atc). Thread safety: none; one thread appends and reads. Failure: Create, Append
// and Read return kWriteFile naming the directory and strerror (a full disk, a read-only
// directory); a failed Append leaves size() and crc() as they were; Read of bytes beyond
// size() is kInvalidParam.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "base/status.h"

namespace asim::om {

class PreparedSpill {
 public:
  // A spill file in `dir` (the directory the model is written to: the same filesystem, and
  // not a tmpfs that would hold the bytes in memory after all).
  static Status Create(const std::string& dir, std::unique_ptr<PreparedSpill>* out);
  ~PreparedSpill();
  PreparedSpill(const PreparedSpill&) = delete;
  PreparedSpill& operator=(const PreparedSpill&) = delete;

  // Appends `size` bytes at the next multiple of kPreparedDataAlignment (the gap reads as
  // zeros); *offset = where they start.
  Status Append(const void* data, uint64_t size, uint64_t* offset);
  // Copies [offset, offset + size) of the blob into `out`.
  Status Read(uint64_t offset, void* out, uint64_t size) const;

  uint64_t size() const { return size_; }
  // The CRC-32 (om/byte_io.h) of the blob's size() bytes, gaps included.
  uint32_t crc() const { return crc_; }

 private:
  PreparedSpill(int fd, std::string dir) : fd_(fd), dir_(std::move(dir)) {}
  Status Failed(const char* what, int error) const;

  int fd_;
  std::string dir_;
  uint64_t size_ = 0;
  uint32_t crc_ = 0;
};

}  // namespace asim::om
