// Format: tensor memory layouts, numerically identical to aclFormat.
//
// Owns: the one table of layouts (value, name). The numbers mirror acl_base.h (fact sheet
// ascendcl_api.md section 3) but are declared here independently, so nothing below
// runtime/api includes an acl/ header. Owner: base.
// Thread safety: pure functions over constant tables; safe from any thread.
// Failure: none. Unknown values are reported by IsValidFormat and named "INVALID".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace asim {

enum class Format : int32_t {
  kUndefined = -1,
  kNchw = 0,
  kNhwc = 1,
  kNd = 2,
  kNc1hwc0 = 3,
  kFractalZ = 4,
  kNc1hwc0C04 = 12,
  kFractalZC04 = 13,  // conv weights for an NC1HWC0_C04 input (internal; not in aclFormat)
  kHwcn = 16,
  kNdhwc = 27,
  kFractalNz = 29,
  kNcdhw = 30,
  kNdc1hwc0 = 32,
  kFractalZ3d = 33,  // ACL_FRACTAL_Z_3D (no _FORMAT_ in the public name)
  kNc = 35,
  kNcl = 47,
  // Newest CANN only (hicann/runtime 2026).
  kFractalNzC0_16 = 50,
  kFractalNzC0_32 = 51,
  kFractalNzC0_2 = 52,
  kFractalNzC0_4 = 53,
  kFractalNzC0_8 = 54,
};

// True when `value` is an aclFormat value, one of the enumerators above but the internal-only
// kFractalZC04 (ACL_FORMAT_UNDEFINED included): what the public API accepts.
bool IsValidFormat(int32_t value);

// True for every enumerator above, the internal layouts a converted model stores included.
bool IsKnownFormat(int32_t value);

// "NCHW", "FRACTAL_NZ", "FRACTAL_Z_3D", "UNDEFINED" ...; "INVALID" outside the enum.
const char* FormatName(Format format);

// Inverse of FormatName ("NCHW" -> kNchw), exact and case-sensitive; nullopt if unknown.
std::optional<Format> FormatFromName(std::string_view name);

}  // namespace asim
