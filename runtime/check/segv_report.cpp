// SegvReport (see segv_report.h). Owner: runtime/check.
// Thread safety: writers serialise on Tables::mutex and publish slots with release stores;
// the signal handler uses acquire loads and write(2) only. Failure: see the header.
#include "runtime/check/segv_report.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

#include "runtime/check/alloc_table.h"

namespace asim::check {
namespace {

constexpr size_t kTextBytes = 320;
constexpr size_t kLiveSlots = 4096;
constexpr size_t kFreedSlots = 256;
constexpr size_t kDeviceSlots = 64;

struct Slot {
  std::atomic<uint64_t> begin{0};  // 0: free
  std::atomic<uint64_t> end{0};
  char text[kTextBytes];
};

struct DeviceSlot {
  std::atomic<uint64_t> begin{0};
  std::atomic<uint64_t> end{0};
  std::atomic<int32_t> device{-1};
};

}  // namespace

struct SegvReport::Tables {
  Slot live[kLiveSlots];
  Slot freed[kFreedSlots];
  DeviceSlot devices[kDeviceSlots];
  std::atomic<bool> active{false};
  struct sigaction old_segv {};  // the dispositions Install replaced (handed on to)
  struct sigaction old_bus {};

  std::mutex mutex;                            // writers only
  std::unordered_map<uint64_t, size_t> index;  // addr -> live slot (under mutex)
  size_t next_live = 0;
  size_t next_freed = 0;
};

namespace {

// The one process-level pointer of runtime/check: the report the signal handler reads, set by
// api::RuntimeContext (SetProcessReport). The handler is process-wide, so its state is too.
std::atomic<SegvReport::Tables*> g_process_tables{nullptr};

void Put(const char* s) {
  size_t n = std::strlen(s);
  while (n > 0) {
    const ssize_t w = ::write(2, s, n);
    if (w <= 0) return;
    s += w;
    n -= static_cast<size_t>(w);
  }
}

void PutHex(uint64_t v) {
  char buf[19] = "0x";
  char digits[16];
  int n = 0;
  do {
    digits[n++] = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v != 0);
  for (int i = 0; i < n; ++i) buf[2 + i] = digits[n - 1 - i];
  buf[2 + n] = '\0';
  Put(buf);
}

void PutDec(int64_t v) {
  char buf[24];
  int n = 0;
  bool neg = v < 0;
  uint64_t u = neg ? static_cast<uint64_t>(-v) : static_cast<uint64_t>(v);
  do {
    buf[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (neg) Put("-");
  char out[24];
  for (int i = 0; i < n; ++i) out[i] = buf[n - 1 - i];
  out[n] = '\0';
  Put(out);
}

// Finds the slot of `slots` whose [begin, end) holds addr.
const Slot* Lookup(const Slot* slots, size_t count, uint64_t addr) {
  for (size_t i = 0; i < count; ++i) {
    const uint64_t b = slots[i].begin.load(std::memory_order_acquire);
    if (b != 0 && addr >= b && addr < slots[i].end.load(std::memory_order_acquire)) return &slots[i];
  }
  return nullptr;
}

void HandOn(int sig, siginfo_t* info, void* context, const SegvReport::Tables* t) {
  struct sigaction old;
  if (t != nullptr) {
    old = sig == SIGBUS ? t->old_bus : t->old_segv;
  } else {
    std::memset(&old, 0, sizeof(old));
    old.sa_handler = SIG_DFL;
  }
  if ((old.sa_flags & SA_SIGINFO) != 0 && old.sa_sigaction != nullptr) {
    old.sa_sigaction(sig, info, context);
    return;
  }
  if ((old.sa_flags & SA_SIGINFO) == 0 && old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
    old.sa_handler(sig);
    return;
  }
  // Default action: restore it and return; the faulting instruction runs again and the
  // process ends with the signal, as without memcheck.
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof(dfl));
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, nullptr);
}

void Handler(int sig, siginfo_t* info, void* context) {
  const uint64_t addr = reinterpret_cast<uint64_t>(info->si_addr);
  const SegvReport::Tables* t = g_process_tables.load(std::memory_order_acquire);
  int32_t device = -1;
  if (t != nullptr && t->active.load(std::memory_order_acquire)) {
    for (const DeviceSlot& d : t->devices) {
      const uint64_t b = d.begin.load(std::memory_order_acquire);
      if (b != 0 && addr >= b && addr < d.end.load(std::memory_order_acquire)) {
        device = d.device.load(std::memory_order_acquire);
        break;
      }
    }
  }
  if (device >= 0) {
    Put("[MEMCHECK] memcheck: host access to device memory: the host dereferenced ");
    PutHex(addr);
    Put(", an address of device ");
    PutDec(device);
    Put(" (device memory is not host-accessible in host run mode; copy it with aclrtMemcpy)\n");
    if (const Slot* s = Lookup(t->live, kLiveSlots, addr)) {
      Put("[MEMCHECK]   it is at +");
      PutDec(static_cast<int64_t>(addr - s->begin.load(std::memory_order_acquire)));
      Put(" in ");
      Put(s->text);
      Put("\n");
    } else if (const Slot* f = Lookup(t->freed, kFreedSlots, addr)) {
      Put("[MEMCHECK]   no live allocation holds it; it is at +");
      PutDec(static_cast<int64_t>(addr - f->begin.load(std::memory_order_acquire)));
      Put(" in ");
      Put(f->text);
      Put(", which was freed\n");
    } else {
      Put("[MEMCHECK]   no recorded allocation holds this address\n");
    }
  }
  HandOn(sig, info, context, t);
}

void Fill(Slot& slot, uint64_t begin, uint64_t end, const std::string& text) {
  slot.begin.store(0, std::memory_order_release);
  const size_t n = std::min(text.size(), kTextBytes - 1);
  std::memcpy(slot.text, text.data(), n);
  slot.text[n] = '\0';
  slot.end.store(end, std::memory_order_release);
  slot.begin.store(begin, std::memory_order_release);
}

std::string OneLine(const AllocRecord& r) {
  std::string s = DescribeRecord(r, " ");
  for (char& c : s) {
    if (c == '\n') c = ';';
  }
  return s;
}

}  // namespace

SegvReport::SegvReport() : tables_(std::make_unique<Tables>()) {}

SegvReport::~SegvReport() {
  Tables* mine = tables_.get();
  g_process_tables.compare_exchange_strong(mine, nullptr);
}

void SegvReport::SetProcessReport(SegvReport* report) {
  g_process_tables.store(report != nullptr ? report->tables_.get() : nullptr, std::memory_order_release);
}

void SegvReport::Install() {
  std::lock_guard<std::mutex> lock(tables_->mutex);
  struct sigaction current;
  if (sigaction(SIGSEGV, nullptr, &current) != 0) return;
  if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == &Handler) return;  // installed already
  struct sigaction sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = &Handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, &tables_->old_segv) != 0) return;
  sigaction(SIGBUS, &sa, &tables_->old_bus);
}

void SegvReport::SetActive(bool active) {
  tables_->active.store(active, std::memory_order_release);
}

void SegvReport::AddDevice(int32_t device_id, uint64_t base, uint64_t size) {
  std::lock_guard<std::mutex> lock(tables_->mutex);
  for (DeviceSlot& d : tables_->devices) {
    if (d.begin.load() == 0) {
      d.device.store(device_id, std::memory_order_release);
      d.end.store(base + size, std::memory_order_release);
      d.begin.store(base, std::memory_order_release);
      return;
    }
  }
}

void SegvReport::RemoveDevice(int32_t device_id) {
  std::lock_guard<std::mutex> lock(tables_->mutex);
  for (DeviceSlot& d : tables_->devices) {
    if (d.begin.load() != 0 && d.device.load() == device_id) d.begin.store(0, std::memory_order_release);
  }
}

void SegvReport::Add(const AllocRecord& record) {
  const std::string text = OneLine(record);
  Tables& t = *tables_;
  std::lock_guard<std::mutex> lock(t.mutex);
  if (auto it = t.index.find(record.addr); it != t.index.end()) {  // a new description of the same block
    Fill(t.live[it->second], record.addr, record.addr + std::max<uint64_t>(record.reserved, 1), text);
    return;
  }
  for (size_t n = 0; n < kLiveSlots; ++n) {
    const size_t i = (t.next_live + n) % kLiveSlots;
    if (t.live[i].begin.load() != 0) continue;
    Fill(t.live[i], record.addr, record.addr + std::max<uint64_t>(record.reserved, 1), text);
    t.index[record.addr] = i;
    t.next_live = i + 1;
    return;
  }
}

void SegvReport::Remove(uint64_t addr) {
  Tables& t = *tables_;
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.index.find(addr);
  if (it == t.index.end()) return;
  Slot& live = t.live[it->second];
  Slot& freed = t.freed[t.next_freed++ % kFreedSlots];
  Fill(freed, live.begin.load(), live.end.load(), live.text);
  live.begin.store(0, std::memory_order_release);
  t.index.erase(it);
}

void SegvReport::Clear() {
  Tables& t = *tables_;
  std::lock_guard<std::mutex> lock(t.mutex);
  for (Slot& s : t.live) s.begin.store(0, std::memory_order_release);
  for (Slot& s : t.freed) s.begin.store(0, std::memory_order_release);
  t.index.clear();
}

}  // namespace asim::check
