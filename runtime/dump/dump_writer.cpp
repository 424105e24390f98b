// DumpWriter: the writer thread and its bounded queue. See dump_writer.h.
#include "runtime/dump/dump_writer.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <vector>

#include "base/log.h"
#include "dumpfmt/dump_file.h"

namespace asim::dump {

DumpWriter::DumpWriter(uint64_t max_queued_bytes) : max_queued_bytes_(max_queued_bytes == 0 ? 1 : max_queued_bytes) {}

DumpWriter::~DumpWriter() {
  Flush();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  work_cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void DumpWriter::Push(DumpJob job) {
  const uint64_t bytes = job.record.DataBytes();
  std::unique_lock<std::mutex> lock(mu_);
  if (!thread_.joinable()) thread_ = std::thread([this] { Run(); });
  if (queued_bytes_ > 0 && queued_bytes_ + bytes > max_queued_bytes_) {
    ++stats_.waits;
    room_cv_.wait(lock, [&] { return queued_bytes_ == 0 || queued_bytes_ + bytes <= max_queued_bytes_; });
  }
  queued_bytes_ += bytes;
  if (queued_bytes_ > stats_.peak_queued_bytes) stats_.peak_queued_bytes = queued_bytes_;
  queue_.push_back(std::move(job));
  ++pushed_;
  work_cv_.notify_one();
}

uint64_t DumpWriter::Flush() {
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t target = pushed_;
  done_cv_.wait(lock, [&] { return completed_ >= target; });
  const uint64_t failed = failed_since_flush_;
  if (failed > 1) {
    ASIM_LOG_WARN(
        "[ACL] dump: {} dump file(s) could not be written (the first: {}); execution results are not affected", failed,
        first_failure_);
  }
  failed_since_flush_ = 0;
  first_failure_.clear();
  return failed;
}

void DumpWriter::SetSink(DumpSink sink) {
  std::lock_guard<std::mutex> lock(mu_);
  sink_ = std::move(sink);
}

DumpWriter::Stats DumpWriter::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

void DumpWriter::Run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    work_cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stop_ and drained
    DumpJob job = std::move(queue_.front());
    queue_.pop_front();
    DumpSink sink = sink_;
    lock.unlock();
    Write(job, sink);
    const uint64_t bytes = job.record.DataBytes();
    job = DumpJob{};  // free the tensor bytes before making room
    lock.lock();
    queued_bytes_ -= bytes;
    ++completed_;
    room_cv_.notify_all();
    done_cv_.notify_all();
  }
}

void DumpWriter::Write(const DumpJob& job, const DumpSink& sink) {
  const std::string path = job.dir + "/" + job.file_name;
  Status st;
  uint64_t bytes = 0;
  if (sink) {
    const std::vector<uint8_t> file = EncodeDumpFile(job.record);
    bytes = file.size();
    size_t offset = 0;
    do {
      const size_t n = std::min(kSinkChunkBytes, file.size() - offset);
      const bool last = offset + n == file.size();
      const int32_t rc = sink(path, std::span<const uint8_t>(file.data() + offset, n), offset, last);
      if (rc != 0) {
        st = Status(err::kWriteFile, "the dump callback returned " + std::to_string(rc) + " for '" + path + "'");
        break;
      }
      offset += n;
    } while (offset < file.size());
  } else {
    if (made_dirs_.count(job.dir) == 0) {
      std::error_code ec;
      std::filesystem::create_directories(job.dir, ec);
      if (ec) {
        st = Status(err::kWriteFile, "cannot create dump directory '" + job.dir + "': " + ec.message());
      } else {
        made_dirs_.insert(job.dir);
      }
    }
    if (st.ok()) {
      st = WriteDumpFile(path, job.record);
      if (!st.ok()) made_dirs_.erase(job.dir);  // it may have been removed: check again next time
    }
    bytes = st.ok() ? kHeaderLengthBytes + EncodeDumpHeader(job.record).size() + job.record.DataBytes() : 0;
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (st.ok()) {
    ++stats_.files_written;
    stats_.bytes_written += bytes;
    return;
  }
  ++stats_.files_failed;
  if (failed_since_flush_++ == 0) {
    first_failure_ = st.message();
    ASIM_LOG_ERROR(
        "[ACL] dump: {}; this operator's dump is dropped and execution goes on (results are not affected); "
        "further dump write failures are counted and summarised when the dump ends",
        st.message());
  } else {
    ASIM_LOG_DEBUG("[ACL] dump: {}", st.message());
  }
}

}  // namespace asim::dump
