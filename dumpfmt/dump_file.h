// Dump files: one operator's DumpRecord as the CANN toolchain stores it (ascend_tools_hw.md
// section 2.3, the "big dump" layout msaccucmp's big_dump_data.py reads):
//
//   uint64 header_length  (little-endian)
//   header                (serialized toolkit.dumpdata.DumpData, every `data` field empty,
//                          every `size` field set)
//   input[0].data ... input[n-1].data, output[0].data ..., buffer[0].data ..., space[0].data ...
//
// A file is valid when its size is 8 + header_length + the sum of the sizes. Reading also
// accepts the older layout (before version 2.0): a single DumpData with the data inline.
//
// Owner: dumpfmt. Thread safety: reentrant. Failure: Status with
// err::kWriteFile (the path and strerror; a partly written file is removed),
// err::kInvalidFile (cannot open / read), err::kParseFile (what is inconsistent, where).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "dumpfmt/dump_record.h"

namespace asim::dump {

inline constexpr size_t kHeaderLengthBytes = 8;

// The serialized DumpData header of `record` (data fields empty, sizes set).
std::string EncodeDumpHeader(const DumpRecord& record);

// The whole file in memory.
std::vector<uint8_t> EncodeDumpFile(const DumpRecord& record);

// Writes `record` to `path` (created or truncated, mode 0640).
Status WriteDumpFile(const std::string& path, const DumpRecord& record);

// Parses a file's bytes; `source` names it in messages.
Status DecodeDumpFile(std::span<const uint8_t> bytes, std::string_view source, DumpRecord* out);
Status ReadDumpFile(const std::string& path, DumpRecord* out);

}  // namespace asim::dump
