// CSV tables as the msprof summaries are written: a header row and rows of text fields.
//
// Owns: the one CSV dialect of the deliverables (comma separated, '\n' line ends, a field
// quoted with '"' when it holds a comma, a quote or a line break, quotes doubled inside)
// and its reader (for msprof's own re-reading and the tests).
// Thread safety: pure functions. Failure: WriteCsv returns a Status (kWriteFile) naming the
// file; ParseCsv never fails (malformed quoting is read leniently).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::profdata {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string CsvField(std::string_view field);
std::string ToCsv(const Table& table);
Table ParseCsv(std::string_view text);  // first line = header

// Writes `text` to `path` (replacing it).
Status WriteTextFile(const std::string& path, std::string_view text);
Status ReadTextFile(const std::string& path, std::string* text);

}  // namespace asim::profdata
