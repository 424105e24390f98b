// MpiTransport for builds without Open MPI (the aarch64 cross build: no arm64 libopenmpi-dev
// beside the amd64 one): communicators of ranks in several processes fail with
// err::kFeatureUnsupported; ranks of one process (HcclCommInitAll, one-rank communicators) still work.
#include "runtime/hccl/mpi_transport.h"

namespace asim::hccl {

struct MpiTransport::Impl {};

Status MpiTransport::Create(uint64_t /*group_id*/, uint32_t /*n_ranks*/, uint32_t /*rank*/,
                            std::unique_ptr<Transport>* /*out*/) {
  return Status(err::kFeatureUnsupported,
                "this libhccl.so was built without Open MPI: one process, HcclCommInitAll only");
}

MpiTransport::MpiTransport(std::unique_ptr<Impl> impl, uint32_t rank, uint32_t size)
    : impl_(std::move(impl)), rank_(rank), size_(size) {}
MpiTransport::~MpiTransport() = default;
Status MpiTransport::Exchange(uint64_t, const Contribution&, std::vector<View>*, Clock::time_point) {
  return Status(err::kFeatureUnsupported, "no MPI");
}
Status MpiTransport::Release(uint64_t, Clock::time_point) {
  return Status(err::kFeatureUnsupported, "no MPI");
}
Status MpiTransport::Send(uint32_t, const void*, size_t, Clock::time_point) {
  return Status(err::kFeatureUnsupported, "no MPI");
}
Status MpiTransport::Recv(uint32_t, void*, size_t, Clock::time_point) {
  return Status(err::kFeatureUnsupported, "no MPI");
}

}  // namespace asim::hccl
