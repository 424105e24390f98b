// MpiTransport over Open MPI (mpi_transport.h).
#include "runtime/hccl/mpi_transport.h"

// The C API only (Open MPI's C++ bindings do not build with -Werror).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

namespace asim::hccl {

struct MpiTransport::Impl {
  MPI_Comm comm = MPI_COMM_NULL;
  std::mutex mutex;
  bool broken = false;
  std::vector<uint64_t> sizes;  // 2 per rank: meta bytes, data bytes
  std::vector<uint8_t> meta, data;
};

namespace {

constexpr int kP2pTag = 0x4853;  // "HS"

std::string MpiError(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(code, text, &len);
  return std::string(text, static_cast<size_t>(len));
}

void FinalizeAtExit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

Status EnsureMpi() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return Status(err::kInternalError, "MPI was already finalized");
    return Status::Ok();
  }
  int provided = 0;
  const int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided);
  if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Init_thread failed: " + MpiError(rc));
  std::atexit(FinalizeAtExit);
  return Status::Ok();
}

// Polls `req` until it completes or the deadline passes.
Status Wait(MPI_Request* req, Clock::time_point deadline, const char* what) {
  for (int spins = 0;; ++spins) {
    int done = 0;
    const int rc = MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return Status(err::kInternalError, std::string(what) + ": " + MpiError(rc));
    if (done) return Status::Ok();
    if (Clock::now() >= deadline) {
      return Status(err::kRtTaskTimeout,
                    std::string(what) + ": timed out (HCCL_EXEC_TIMEOUT) waiting for the other ranks");
    }
    if (spins > 100) std::this_thread::sleep_for(std::chrono::microseconds(spins > 10000 ? 1000 : 20));
  }
}

Status Displacements(const std::vector<uint64_t>& sizes, size_t which, std::vector<int>* counts,
                     std::vector<int>* displs, size_t* total) {
  const size_t n = sizes.size() / 2;
  counts->assign(n, 0);
  displs->assign(n, 0);
  uint64_t off = 0;
  for (size_t r = 0; r < n; ++r) {
    const uint64_t c = sizes[2 * r + which];
    if (c > INT_MAX || off > INT_MAX) {
      return Status(err::kRtParamInvalid, "a collective over MPI moves at most 2 GiB per rank");
    }
    (*counts)[r] = static_cast<int>(c);
    (*displs)[r] = static_cast<int>(off);
    off += c;
  }
  if (off > INT_MAX) return Status(err::kRtParamInvalid, "a collective over MPI moves at most 2 GiB in all");
  *total = off;
  return Status::Ok();
}

}  // namespace

Status MpiTransport::Create(uint64_t group_id, uint32_t n_ranks, uint32_t rank, std::unique_ptr<Transport>* out) {
  // One creation at a time in a process: MPI_Init_thread may run once only, and two threads
  // splitting MPI_COMM_WORLD at once is erroneous MPI (the application that initialises a
  // communicator per thread, one rank per thread, then gets the "processes joined" error).
  static std::mutex create_mutex;
  std::lock_guard<std::mutex> lock(create_mutex);
  ASIM_RETURN_IF_ERROR(EnsureMpi());
  auto impl = std::make_unique<Impl>();
  const int color = static_cast<int>(group_id & 0x3fffffff);
  int rc = MPI_Comm_split(MPI_COMM_WORLD, color, static_cast<int>(rank), &impl->comm);
  if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Comm_split failed: " + MpiError(rc));
  MPI_Comm_set_errhandler(impl->comm, MPI_ERRORS_RETURN);
  int size = 0;
  MPI_Comm_size(impl->comm, &size);
  // Every process must agree on the rank count and hold a distinct rank.
  std::vector<uint32_t> mine = {n_ranks, rank};
  std::vector<uint32_t> all(2 * static_cast<size_t>(size));
  rc = MPI_Allgather(mine.data(), 2, MPI_UINT32_T, all.data(), 2, MPI_UINT32_T, impl->comm);
  if (rc != MPI_SUCCESS) {
    MPI_Comm_free(&impl->comm);
    return Status(err::kInternalError, "MPI_Allgather failed: " + MpiError(rc));
  }
  std::string problem;
  if (static_cast<uint32_t>(size) != n_ranks) {
    problem = std::to_string(size) + " processes joined the communicator of " + std::to_string(n_ranks) + " ranks";
  }
  for (int r = 0; r < size && problem.empty(); ++r) {
    if (all[2 * r] != n_ranks) {
      problem = "process " + std::to_string(r) + " asks for " + std::to_string(all[2 * r]) + " ranks, this one for " +
                std::to_string(n_ranks);
    } else if (all[2 * r + 1] != static_cast<uint32_t>(r)) {
      problem = "the ranks given are not 0.." + std::to_string(n_ranks - 1) + " once each";
    }
  }
  if (!problem.empty()) {
    MPI_Comm_free(&impl->comm);
    return Status(err::kInvalidParam, problem);
  }
  out->reset(new MpiTransport(std::move(impl), rank, n_ranks));
  return Status::Ok();
}

MpiTransport::MpiTransport(std::unique_ptr<Impl> impl, uint32_t rank, uint32_t size)
    : impl_(std::move(impl)), rank_(rank), size_(size) {}

MpiTransport::~MpiTransport() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && !impl_->broken && impl_->comm != MPI_COMM_NULL) MPI_Comm_free(&impl_->comm);
}

Status MpiTransport::Exchange(uint64_t /*seq*/, const Contribution& mine, std::vector<View>* all,
                              Clock::time_point deadline) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (impl_->broken) return Status(err::kRtTaskTimeout, "the communicator failed earlier (a peer timed out)");
  const size_t n = size_;
  uint64_t sizes[2] = {mine.meta_bytes, mine.data_bytes};
  impl_->sizes.assign(2 * n, 0);
  MPI_Request req;
  int rc = MPI_Iallgather(sizes, 2, MPI_UINT64_T, impl_->sizes.data(), 2, MPI_UINT64_T, impl_->comm, &req);
  if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Iallgather: " + MpiError(rc));
  Status st = Wait(&req, deadline, "collective");
  if (!st.ok()) {
    impl_->broken = true;
    return st;
  }
  std::vector<int> counts, displs;
  size_t total = 0;
  for (size_t which = 0; which < 2; ++which) {
    ASIM_RETURN_IF_ERROR(Displacements(impl_->sizes, which, &counts, &displs, &total));
    std::vector<uint8_t>& buf = which == 0 ? impl_->meta : impl_->data;
    buf.resize(total == 0 ? 1 : total);
    const void* src = which == 0 ? mine.meta : mine.data;
    const int cnt = static_cast<int>(which == 0 ? mine.meta_bytes : mine.data_bytes);
    rc = MPI_Iallgatherv(cnt == 0 ? buf.data() : src, cnt, MPI_BYTE, buf.data(), counts.data(), displs.data(), MPI_BYTE,
                         impl_->comm, &req);
    if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Iallgatherv: " + MpiError(rc));
    st = Wait(&req, deadline, "collective");
    if (!st.ok()) {
      impl_->broken = true;
      return st;
    }
  }
  all->assign(n, View{});
  size_t moff = 0, doff = 0;
  for (size_t r = 0; r < n; ++r) {
    const size_t mb = impl_->sizes[2 * r], db = impl_->sizes[2 * r + 1];
    (*all)[r] = View{impl_->meta.data() + moff, mb, impl_->data.data() + doff, db};
    moff += mb;
    doff += db;
  }
  return Status::Ok();
}

Status MpiTransport::Release(uint64_t /*seq*/, Clock::time_point /*deadline*/) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  // Every rank has its own copy of what it read: nothing to wait for.
  impl_->meta.clear();
  impl_->data.clear();
  impl_->meta.shrink_to_fit();
  impl_->data.shrink_to_fit();
  return Status::Ok();
}

Status MpiTransport::Send(uint32_t peer, const void* data, size_t bytes, Clock::time_point deadline) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (impl_->broken) return Status(err::kRtTaskTimeout, "the communicator failed earlier (a peer timed out)");
  if (bytes > INT_MAX) return Status(err::kRtParamInvalid, "HcclSend over MPI moves at most 2 GiB");
  MPI_Request req;
  const int rc = MPI_Isend(data, static_cast<int>(bytes), MPI_BYTE, static_cast<int>(peer), kP2pTag, impl_->comm, &req);
  if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Isend: " + MpiError(rc));
  Status st = Wait(&req, deadline, "HcclSend");
  if (!st.ok()) impl_->broken = true;
  return st;
}

Status MpiTransport::Recv(uint32_t peer, void* data, size_t bytes, Clock::time_point deadline) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (impl_->broken) return Status(err::kRtTaskTimeout, "the communicator failed earlier (a peer timed out)");
  if (bytes > INT_MAX) return Status(err::kRtParamInvalid, "HcclRecv over MPI moves at most 2 GiB");
  // Probe first so that a size mismatch is reported rather than truncated.
  for (int spins = 0;; ++spins) {
    int flag = 0;
    MPI_Status status;
    int rc = MPI_Iprobe(static_cast<int>(peer), kP2pTag, impl_->comm, &flag, &status);
    if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Iprobe: " + MpiError(rc));
    if (flag) {
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      std::vector<uint8_t> tmp(static_cast<size_t>(count) + 1);
      rc = MPI_Recv(tmp.data(), count, MPI_BYTE, static_cast<int>(peer), kP2pTag, impl_->comm, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) return Status(err::kInternalError, "MPI_Recv: " + MpiError(rc));
      if (static_cast<size_t>(count) != bytes) {
        return Status(err::kRtParamInvalid, "HcclSend from rank " + std::to_string(peer) + " sends " +
                                                std::to_string(count) + " bytes, HcclRecv on rank " +
                                                std::to_string(rank_) + " expects " + std::to_string(bytes));
      }
      if (bytes != 0) std::memcpy(data, tmp.data(), bytes);
      return Status::Ok();
    }
    if (Clock::now() >= deadline) {
      impl_->broken = true;
      return Status(err::kRtTaskTimeout,
                    "HcclRecv: timed out (HCCL_EXEC_TIMEOUT) waiting for rank " + std::to_string(peer));
    }
    if (spins > 100) std::this_thread::sleep_for(std::chrono::microseconds(spins > 10000 ? 1000 : 20));
  }
}

}  // namespace asim::hccl
