// libFuzzer target of the profiling raw-data reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for the record-line parsers of a PROF_* directory's data files
// (profdata/raw_io.h, the ones ReadRaw and `msprof --export` use): TaskFromJsonLine
// (device_<n>/data/task.data.*), ApiEventFromJsonLine (host/data/api_event.data.*) and
// TxEventFromJsonLine (host/data/msproftx.data.*). The input is a set of lines, split at
// '\n' as ReadRaw splits a file; every non-empty line goes to all three parsers. Inputs are
// bounded by libFuzzer's -max_len; nothing is read from or written to disk. Any line must
// return (never crash, never trip ASan / UBSan, never throw); a failure is kParseFile with
// a message; an accepted record writes back as one line without '\n' that parses again
// and writes the same (the raw format is canonical after one round).
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "profdata/raw_io.h"

namespace {

template <typename Record>
void CheckLine(const std::string& line, asim::Status (*from)(const std::string&, Record*),
               std::string (*to)(const Record&)) {
  Record record;
  const asim::Status st = from(line, &record);
  if (!st.ok()) {
    if (st.code() != asim::err::kParseFile || st.message().empty()) __builtin_trap();
    return;
  }
  const std::string written = to(record);
  if (written.empty() || written.find('\n') != std::string::npos) __builtin_trap();
  Record again;
  if (!from(written, &again).ok() || to(again) != written) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace pd = asim::profdata;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string line(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (line.empty()) continue;
    CheckLine<pd::DeviceTask>(line, pd::TaskFromJsonLine, pd::TaskToJsonLine);
    CheckLine<pd::ApiEvent>(line, pd::ApiEventFromJsonLine, pd::ApiEventToJsonLine);
    CheckLine<pd::TxEvent>(line, pd::TxEventFromJsonLine, pd::TxEventToJsonLine);
  }
  return 0;
}
