// Collective execution (comm.h).
#include "runtime/hccl/comm.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace asim::hccl {
namespace {

constexpr uint32_t kMetaMagic = 0x4843434cu;  // "HCCL"
constexpr double kReleaseSeconds = 600.0;     // bound of the wait for peers that are computing

struct MetaHeader {
  uint32_t magic = kMetaMagic;
  uint32_t kind = 0;
  int32_t dtype = 0;
  int32_t reduce = 0;
  uint64_t count = 0;
  uint32_t root = 0;
  uint32_t rank = 0;
  uint64_t seq = 0;
  uint64_t start_ps = 0;  // the rank's simulated start (its device's clock)
};

std::vector<uint8_t> MakeMeta(const CommState& c, const Op& op, uint64_t seq, uint64_t start_ps) {
  MetaHeader h;
  h.start_ps = start_ps;
  h.kind = static_cast<uint32_t>(op.kind);
  h.dtype = static_cast<int32_t>(op.dtype);
  h.reduce = static_cast<int32_t>(op.reduce);
  h.count = op.count;
  h.root = op.root;
  h.rank = c.rank;
  h.seq = seq;
  std::vector<uint8_t> meta(sizeof(h) + op.a2a.size() * sizeof(uint64_t));
  std::memcpy(meta.data(), &h, sizeof(h));
  if (!op.a2a.empty()) std::memcpy(meta.data() + sizeof(h), op.a2a.data(), op.a2a.size() * sizeof(uint64_t));
  return meta;
}

MetaHeader Header(const View& v) {
  MetaHeader h;
  h.magic = 0;
  if (v.meta_bytes >= sizeof(h)) std::memcpy(&h, v.meta, sizeof(h));
  return h;
}

uint64_t A2a(const View& v, size_t index) {
  uint64_t x = 0;
  std::memcpy(&x, v.meta + sizeof(MetaHeader) + index * sizeof(uint64_t), sizeof(x));
  return x;
}

Status Mismatch(const std::string& what) {
  return Status(err::kRtParamInvalid, "the ranks' calls do not match: " + what);
}

// Every rank calls the same operation with matching arguments.
Status CheckMetas(const CommState& c, const Op& op, const std::vector<View>& all) {
  const MetaHeader mine = Header(all[c.rank]);
  for (uint32_t r = 0; r < c.size; ++r) {
    const MetaHeader h = Header(all[r]);
    const std::string who = "rank " + std::to_string(r);
    if (h.magic != kMetaMagic) return Mismatch(who + " sent no valid operation");
    if (h.kind != mine.kind) {
      return Mismatch(who + " called " + OpName(static_cast<OpKind>(h.kind)) + ", rank " + std::to_string(c.rank) +
                      " " + OpName(op.kind));
    }
    if (h.dtype != mine.dtype) {
      return Mismatch(who + " uses data type " + DataTypeName(static_cast<DataType>(h.dtype)) + ", rank " +
                      std::to_string(c.rank) + " " + DataTypeName(op.dtype));
    }
    const bool a2a = op.kind == OpKind::kAlltoAll || op.kind == OpKind::kAlltoAllV;
    if (!a2a && op.kind != OpKind::kBarrier && h.count != mine.count) {
      return Mismatch(who + " passes count " + std::to_string(h.count) + ", rank " + std::to_string(c.rank) + " " +
                      std::to_string(mine.count));
    }
    if ((op.kind == OpKind::kAllReduce || op.kind == OpKind::kReduceScatter) && h.reduce != mine.reduce) {
      return Mismatch(who + " reduces with " + ReduceOpName(static_cast<ReduceOp>(h.reduce)) + ", rank " +
                      std::to_string(c.rank) + " with " + ReduceOpName(op.reduce));
    }
    if (op.kind == OpKind::kBroadcast && h.root != mine.root) {
      return Mismatch(who + " names root " + std::to_string(h.root) + ", rank " + std::to_string(c.rank) + " root " +
                      std::to_string(mine.root));
    }
    if (a2a && all[r].meta_bytes != sizeof(MetaHeader) + 4 * c.size * sizeof(uint64_t)) {
      return Mismatch(who + " sent malformed all-to-all counts");
    }
  }
  if (op.kind == OpKind::kAlltoAll || op.kind == OpKind::kAlltoAllV) {
    const size_t n = c.size;
    for (uint32_t s = 0; s < n; ++s) {
      for (uint32_t d = 0; d < n; ++d) {
        const uint64_t sent = A2a(all[s], d);              // sendCounts[d] of s
        const uint64_t expected = A2a(all[d], 2 * n + s);  // recvCounts[s] of d
        if (sent != expected) {
          return Mismatch("rank " + std::to_string(s) + " sends " + std::to_string(sent) + " elements to rank " +
                          std::to_string(d) + ", which expects " + std::to_string(expected));
        }
      }
    }
  }
  return Status::Ok();
}

Status Compute(const CommState& c, const Op& op, const std::vector<View>& all, std::vector<uint8_t>* out) {
  const size_t es = ElementSize(op.dtype);
  const uint32_t n = c.size;
  switch (op.kind) {
    case OpKind::kAllReduce:
    case OpKind::kReduceScatter: {
      const size_t bytes = op.count * es;
      const size_t offset = op.kind == OpKind::kReduceScatter ? c.rank * bytes : 0;
      for (uint32_t r = 0; r < n; ++r) {
        if (all[r].data_bytes < offset + bytes) return Mismatch("rank " + std::to_string(r) + " sent too little data");
      }
      out->assign(all[0].data + offset, all[0].data + offset + bytes);
      for (uint32_t r = 1; r < n; ++r) ReduceInto(op.dtype, op.reduce, out->data(), all[r].data + offset, op.count);
      return Status::Ok();
    }
    case OpKind::kAllGather: {
      const size_t bytes = op.count * es;
      out->resize(bytes * n);
      for (uint32_t r = 0; r < n; ++r) {
        if (all[r].data_bytes < bytes) return Mismatch("rank " + std::to_string(r) + " sent too little data");
        if (bytes != 0) std::memcpy(out->data() + r * bytes, all[r].data, bytes);
      }
      return Status::Ok();
    }
    case OpKind::kBroadcast: {
      if (c.rank == op.root) return Status::Ok();  // the root's buffer is the result
      const size_t bytes = op.count * es;
      if (all[op.root].data_bytes < bytes) return Mismatch("the root sent too little data");
      out->assign(all[op.root].data, all[op.root].data + bytes);
      return Status::Ok();
    }
    case OpKind::kAlltoAll:
    case OpKind::kAlltoAllV: {
      // The receive region as it is, then every sender's block at its displacement.
      out->assign(static_cast<const uint8_t*>(op.recv), static_cast<const uint8_t*>(op.recv) + op.recv_bytes);
      for (uint32_t s = 0; s < n; ++s) {
        const uint64_t cnt = A2a(all[s], c.rank);
        const uint64_t sdispl = A2a(all[s], n + c.rank);
        const uint64_t rdispl = op.a2a[3 * n + s];
        if ((sdispl + cnt) * es > all[s].data_bytes || (rdispl + cnt) * es > out->size()) {
          return Mismatch("rank " + std::to_string(s) + "'s all-to-all block lies outside its buffer");
        }
        if (cnt != 0) std::memcpy(out->data() + rdispl * es, all[s].data + sdispl * es, cnt * es);
      }
      return Status::Ok();
    }
    case OpKind::kBarrier: return Status::Ok();
    case OpKind::kSend:
    case OpKind::kRecv: break;
  }
  return Status(err::kInternalError, "not a collective");
}

Status ExecuteP2p(const CommState& c, const Op& op, Clock::time_point deadline) {
  if (op.kind == OpKind::kSend) return c.transport->Send(op.root, op.send, op.send_bytes, deadline);
  return c.transport->Recv(op.root, op.recv, op.recv_bytes, deadline);
}

}  // namespace

double ExecTimeoutSeconds() {
  const char* v = std::getenv("HCCL_EXEC_TIMEOUT");
  if (v != nullptr && *v != '\0') {
    char* end = nullptr;
    const double s = std::strtod(v, &end);
    if (end != v && s > 0) return s;
  }
  return 1836.0;
}

Status Execute(const std::shared_ptr<CommState>& comm, const Op& op, uint64_t seq, uint64_t start_ps,
               uint64_t* end_ps) {
  const CommState& c = *comm;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(ExecTimeoutSeconds()));
  const std::string where = std::string(OpName(op.kind)) + " (rank " + std::to_string(c.rank) + " of " +
                            std::to_string(c.size) + ", device " + std::to_string(c.device) + ")";
  auto wrap = [&](Status st) { return st.ok() ? st : Status(st.code(), where + ": " + st.message()); };
  if (op.kind == OpKind::kSend || op.kind == OpKind::kRecv) return wrap(ExecuteP2p(c, op, deadline));

  const std::vector<uint8_t> meta = MakeMeta(c, op, seq, start_ps);
  Contribution mine{meta.data(), meta.size(), op.send, op.send_bytes};
  if (op.kind == OpKind::kBroadcast && c.rank != op.root) mine.data_bytes = 0;
  std::vector<View> all;
  ASIM_RETURN_IF_ERROR(wrap(c.transport->Exchange(seq, mine, &all, deadline)));
  std::vector<uint8_t> out;
  Status st = CheckMetas(c, op, all);
  if (st.ok()) {
    // Synchronised clocks: the collective completes on every rank when the last rank has
    // arrived plus the algorithm's time (the same on every rank).
    uint64_t latest = start_ps;
    for (const View& v : all) latest = std::max(latest, Header(v).start_ps);
    *end_ps = latest + (*end_ps - std::min(*end_ps, start_ps));
  }
  if (st.ok()) st = Compute(c, op, all, &out);
  // Every rank arrived, so every rank releases once it has computed its result: the wait for
  // that is not the peers' HCCL_EXEC_TIMEOUT (a slow host, a sanitizer build, a large
  // reduction), only bounded.
  const auto release_deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::max(ExecTimeoutSeconds(), kReleaseSeconds)));
  const Status released = c.transport->Release(seq, release_deadline);
  if (!st.ok()) return wrap(st);
  if (!released.ok()) return wrap(released);
  if (!out.empty()) std::memcpy(op.recv, out.data(), std::min<size_t>(out.size(), op.recv_bytes));
  return Status::Ok();
}

}  // namespace asim::hccl
