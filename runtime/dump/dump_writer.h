// DumpWriter: writes dump files off the execution path.
//
// Owns: one writer thread (started with the first job) and a FIFO of jobs bounded in bytes.
// Push() takes a finished DumpRecord and returns at once while the queued tensor bytes stay
// under the bound; past it, the pushing (stream worker) thread waits for room, so a dump
// slows execution down instead of growing memory without limit (a single record larger
// than the bound is admitted alone). The thread creates the directories and writes each
// file (dump_file.h), or hands the bytes to a sink (acldumpRegCallback) instead.
// Failure: a write that fails (read-only or full disk, a path that became a file ...) is
// dropped and counted; the first one is logged as an error naming the file and the reason,
// the rest at debug level, and Flush() reports how many failed. Nothing here fails the task
// that produced the data.
// Thread safety: every member is thread-safe. The destructor flushes and joins the thread.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <thread>

#include "dumpfmt/dump_record.h"

namespace asim::dump {

struct DumpJob {
  std::string dir;        // created if missing
  std::string file_name;  // inside dir
  DumpRecord record;
};

// Receives a file's bytes in chunks instead of the file being written: `path` is the file's
// absolute path, `offset` the chunk's offset in the file. A non-zero return counts as a
// failed write.
using DumpSink =
    std::function<int32_t(const std::string& path, std::span<const uint8_t> chunk, uint64_t offset, bool last)>;

class DumpWriter {
 public:
  static constexpr uint64_t kDefaultMaxQueuedBytes = uint64_t{256} << 20;
  static constexpr size_t kSinkChunkBytes = size_t{4} << 20;

  struct Stats {
    uint64_t files_written = 0;
    uint64_t bytes_written = 0;
    uint64_t files_failed = 0;
    uint64_t peak_queued_bytes = 0;
    uint64_t waits = 0;  // pushes that had to wait for room
  };

  explicit DumpWriter(uint64_t max_queued_bytes = kDefaultMaxQueuedBytes);
  ~DumpWriter();
  DumpWriter(const DumpWriter&) = delete;
  DumpWriter& operator=(const DumpWriter&) = delete;

  void Push(DumpJob job);
  // Waits until every job pushed before the call is written (or failed). Logs a summary of
  // the failures since the previous Flush, and returns how many there were.
  uint64_t Flush();
  // Callback mode: while a sink is set, files are handed to it instead of written.
  void SetSink(DumpSink sink);
  Stats stats() const;

 private:
  void Run();
  void Write(const DumpJob& job, const DumpSink& sink);

  const uint64_t max_queued_bytes_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;  // the thread waits for jobs
  std::condition_variable room_cv_;  // pushers wait for room
  std::condition_variable done_cv_;  // Flush waits for completion
  std::deque<DumpJob> queue_;
  uint64_t queued_bytes_ = 0;
  uint64_t pushed_ = 0;     // jobs pushed so far
  uint64_t completed_ = 0;  // jobs written or failed so far
  uint64_t failed_since_flush_ = 0;
  std::string first_failure_;  // since the last Flush
  bool stop_ = false;
  DumpSink sink_;
  Stats stats_;
  std::set<std::string> made_dirs_;  // writer thread only
  std::thread thread_;
};

}  // namespace asim::dump
