// Vector target naming and selection over Highway's dispatch (see isa.h).
#include "kernels/framework/isa.h"

#include <hwy/highway.h>
#include <hwy/targets.h>

#include <array>
#include <atomic>
#include <cstdint>

#include "base/log.h"

namespace asim::kernels::isa {
namespace {

struct Named {
  const char* name;
  int64_t targets;  // Highway target bits that carry this name
};

// Best first. HWY_TARGETS is the set every dispatched kernel file is compiled for (the
// build sets HWY_DISABLED_TARGETS for the whole kernels library, so it is the same in all).
constexpr std::array<Named, 5> kNamed{{
    {"avx512", HWY_AVX3 | HWY_AVX3_DL},
    {"avx2", HWY_AVX2},
    {"sve", HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128},
    {"neon", HWY_NEON},
    {"scalar", HWY_EMU128 | HWY_SCALAR},
}};

// The restriction in force ("" = none); kept here because libhwy only keeps the mask.
std::atomic<const Named*> g_forced{nullptr};

// What this CPU supports, read once before anything here restricts dispatch (Force reads
// it first; nothing else in the project calls SetSupportedTargetsForTest or DisableTargets).
int64_t CpuTargets() {
  static const int64_t targets = hwy::SupportedTargets();
  return targets;
}

int64_t Usable(const Named& n) {
  return n.targets & HWY_TARGETS & CpuTargets();
}

const char* NameOfTarget(int64_t target) {
  for (const Named& n : kNamed) {
    if ((n.targets & target) != 0) return n.name;
  }
  return hwy::TargetName(target);  // a string literal too
}

}  // namespace

const std::vector<std::string>& KnownNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v{"auto"};
    for (const Named& n : kNamed) v.emplace_back(n.name);
    return v;
  }();
  return names;
}

std::vector<std::string> Available() {
  std::vector<std::string> out;
  for (const Named& n : kNamed) {
    if (Usable(n) != 0) out.emplace_back(n.name);
  }
  return out;
}

std::string Best() {
  const std::vector<std::string> all = Available();
  return all.empty() ? std::string("scalar") : all.front();
}

const char* ActiveName() {
  const int64_t usable = hwy::SupportedTargets() & HWY_TARGETS;
  // Lower bits are better targets: the best one is the lowest set bit.
  return usable == 0 ? "scalar" : NameOfTarget(usable & -usable);
}

std::string Active() {
  return ActiveName();
}

Status Force(std::string_view name) {
  CpuTargets();  // before the first restriction
  if (name.empty() || name == "auto") {
    g_forced.store(nullptr);
    hwy::SetSupportedTargetsForTest(0);
    ASIM_LOG_INFO("[KERNEL] vector ISA: {} (auto)", Active());
    return Status::Ok();
  }
  const Named* chosen = nullptr;
  for (const Named& n : kNamed) {
    if (name == n.name) chosen = &n;
  }
  if (chosen == nullptr) {
    std::string list;
    for (const std::string& n : KnownNames()) list += (list.empty() ? "" : ", ") + n;
    return Status(err::kInvalidParam, "vector ISA \"" + std::string(name) + "\" (" + kEnvironmentVariable +
                                          " or acl.json sim.isa) is not one of " + list);
  }
  std::vector<std::string> available = Available();
  bool ok = false;
  std::string list;
  for (const std::string& n : available) {
    ok = ok || n == chosen->name;
    list += (list.empty() ? "" : ", ") + n;
  }
  if (!ok) {
    return Status(err::kInvalidParam, "vector ISA \"" + std::string(name) + "\" (" + kEnvironmentVariable +
                                          " or acl.json sim.isa) is not available: this CPU and build can run " + list);
  }
  hwy::SetSupportedTargetsForTest(Usable(*chosen));
  g_forced.store(chosen);
  ASIM_LOG_INFO("[KERNEL] vector ISA: {} (forced; this CPU supports {})", Active(), list);
  return Status::Ok();
}

ScopedIsa::ScopedIsa(std::string_view name) {
  const Named* forced = g_forced.load();
  previous_ = forced != nullptr ? forced->name : "auto";
  status_ = Force(name);
}

ScopedIsa::~ScopedIsa() {
  (void)Force(previous_);
}

}  // namespace asim::kernels::isa
