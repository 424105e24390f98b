// Simulated time: integer picoseconds on the simulated chip's clock.
//
// Owns: the unit and the conversions. Integer time keeps schedules bit-identical across
// hosts (no floating-point accumulation order effects). 2^64 ps is about 213 days.
// Thread safety: plain values. Failure: none.
#pragma once

#include <cstdint>

namespace asim::sim {

using SimPs = uint64_t;

inline constexpr SimPs kPsPerNs = 1000;
inline constexpr SimPs kPsPerUs = 1000 * kPsPerNs;
inline constexpr SimPs kPsPerMs = 1000 * kPsPerUs;

constexpr SimPs UsToPs(double us) {
  return us <= 0 ? 0 : static_cast<SimPs>(us * static_cast<double>(kPsPerUs) + 0.5);
}
constexpr double PsToMs(SimPs ps) {
  return static_cast<double>(ps) / static_cast<double>(kPsPerMs);
}
constexpr double PsToUs(SimPs ps) {
  return static_cast<double>(ps) / static_cast<double>(kPsPerUs);
}

// Time to move `bytes` at `gbytes_per_s` (10^9 bytes per second), rounded up to 1 ps.
constexpr SimPs TransferPs(uint64_t bytes, double gbytes_per_s) {
  if (bytes == 0 || gbytes_per_s <= 0) return 0;
  // bytes / (GB/s) seconds = bytes / gbps ns = bytes * 1000 / gbps ps
  return static_cast<SimPs>(static_cast<double>(bytes) * 1000.0 / gbytes_per_s + 0.999);
}

}  // namespace asim::sim
