// SegvReport (see segv_report.h). Owner: runtime/check.
// Thread safety: writers serialise on g_mutex and publish slots with release stores; the
// signal handler uses acquire loads and write(2) only. Failure: see the header.
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

Slot g_live[kLiveSlots];
Slot g_freed[kFreedSlots];
DeviceSlot g_devices[kDeviceSlots];
std::atomic<bool> g_active{false};
struct sigaction g_old_segv;
struct sigaction g_old_bus;

std::mutex g_mutex;                             // writers only
std::unordered_map<uint64_t, size_t>* g_index;  // addr -> live slot (under g_mutex)
size_t g_next_live = 0;
size_t g_next_freed = 0;
bool g_installed = false;

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

void HandOn(int sig, siginfo_t* info, void* context) {
  struct sigaction& old = sig == SIGBUS ? g_old_bus : g_old_segv;
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
  int32_t device = -1;
  if (g_active.load(std::memory_order_acquire)) {
    for (const DeviceSlot& d : g_devices) {
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
    if (const Slot* s = Lookup(g_live, kLiveSlots, addr)) {
      Put("[MEMCHECK]   it is at +");
      PutDec(static_cast<int64_t>(addr - s->begin.load(std::memory_order_acquire)));
      Put(" in ");
      Put(s->text);
      Put("\n");
    } else if (const Slot* f = Lookup(g_freed, kFreedSlots, addr)) {
      Put("[MEMCHECK]   no live allocation holds it; it is at +");
      PutDec(static_cast<int64_t>(addr - f->begin.load(std::memory_order_acquire)));
      Put(" in ");
      Put(f->text);
      Put(", which was freed\n");
    } else {
      Put("[MEMCHECK]   no recorded allocation holds this address\n");
    }
  }
  HandOn(sig, info, context);
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

SegvReport& SegvReport::Get() {
  static SegvReport report;
  return report;
}

void SegvReport::Install() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_installed) return;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = &Handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, &g_old_segv) != 0) return;
  sigaction(SIGBUS, &sa, &g_old_bus);
  g_installed = true;
}

void SegvReport::SetActive(bool active) {
  g_active.store(active, std::memory_order_release);
}

void SegvReport::AddDevice(int32_t device_id, uint64_t base, uint64_t size) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (DeviceSlot& d : g_devices) {
    if (d.begin.load() == 0) {
      d.device.store(device_id, std::memory_order_release);
      d.end.store(base + size, std::memory_order_release);
      d.begin.store(base, std::memory_order_release);
      return;
    }
  }
}

void SegvReport::RemoveDevice(int32_t device_id) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (DeviceSlot& d : g_devices) {
    if (d.begin.load() != 0 && d.device.load() == device_id) d.begin.store(0, std::memory_order_release);
  }
}

void SegvReport::Add(const AllocRecord& record) {
  const std::string text = OneLine(record);
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_index == nullptr) g_index = new std::unordered_map<uint64_t, size_t>();  // process lifetime
  if (auto it = g_index->find(record.addr); it != g_index->end()) {              // a new description of the same block
    Fill(g_live[it->second], record.addr, record.addr + std::max<uint64_t>(record.reserved, 1), text);
    return;
  }
  for (size_t n = 0; n < kLiveSlots; ++n) {
    const size_t i = (g_next_live + n) % kLiveSlots;
    if (g_live[i].begin.load() != 0) continue;
    Fill(g_live[i], record.addr, record.addr + std::max<uint64_t>(record.reserved, 1), text);
    (*g_index)[record.addr] = i;
    g_next_live = i + 1;
    return;
  }
}

void SegvReport::Remove(uint64_t addr) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_index == nullptr) return;
  auto it = g_index->find(addr);
  if (it == g_index->end()) return;
  Slot& live = g_live[it->second];
  Slot& freed = g_freed[g_next_freed++ % kFreedSlots];
  Fill(freed, live.begin.load(), live.end.load(), live.text);
  live.begin.store(0, std::memory_order_release);
  g_index->erase(it);
}

void SegvReport::Clear() {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (Slot& s : g_live) s.begin.store(0, std::memory_order_release);
  for (Slot& s : g_freed) s.begin.store(0, std::memory_order_release);
  if (g_index != nullptr) g_index->clear();
}

}  // namespace asim::check
