// Format table and lookups. See format.h for the contract.
//
// Owns: kFormats, the single list of layouts. Owner: base.
// Thread safety: read-only data. Failure: lookups of unknown values return neutral answers.
#include "base/format.h"

#include <array>

namespace asim {
namespace {

struct FormatInfo {
  Format format;
  const char* name;
};

constexpr std::array<FormatInfo, 21> kFormats = {{
    {Format::kUndefined, "UNDEFINED"},
    {Format::kNchw, "NCHW"},
    {Format::kNhwc, "NHWC"},
    {Format::kNd, "ND"},
    {Format::kNc1hwc0, "NC1HWC0"},
    {Format::kFractalZ, "FRACTAL_Z"},
    {Format::kNc1hwc0C04, "NC1HWC0_C04"},
    {Format::kFractalZC04, "FRACTAL_Z_C04"},
    {Format::kHwcn, "HWCN"},
    {Format::kNdhwc, "NDHWC"},
    {Format::kFractalNz, "FRACTAL_NZ"},
    {Format::kNcdhw, "NCDHW"},
    {Format::kNdc1hwc0, "NDC1HWC0"},
    {Format::kFractalZ3d, "FRACTAL_Z_3D"},
    {Format::kNc, "NC"},
    {Format::kNcl, "NCL"},
    {Format::kFractalNzC0_16, "FRACTAL_NZ_C0_16"},
    {Format::kFractalNzC0_32, "FRACTAL_NZ_C0_32"},
    {Format::kFractalNzC0_2, "FRACTAL_NZ_C0_2"},
    {Format::kFractalNzC0_4, "FRACTAL_NZ_C0_4"},
    {Format::kFractalNzC0_8, "FRACTAL_NZ_C0_8"},
}};

const FormatInfo* Find(Format format) {
  for (const FormatInfo& info : kFormats) {
    if (info.format == format) return &info;
  }
  return nullptr;
}

}  // namespace

bool IsValidFormat(int32_t value) {
  return IsKnownFormat(value) && value != static_cast<int32_t>(Format::kFractalZC04);
}

bool IsKnownFormat(int32_t value) {
  return Find(static_cast<Format>(value)) != nullptr;
}

const char* FormatName(Format format) {
  const FormatInfo* info = Find(format);
  return info == nullptr ? "INVALID" : info->name;
}

std::optional<Format> FormatFromName(std::string_view name) {
  for (const FormatInfo& info : kFormats) {
    if (name == info.name) return info.format;
  }
  return std::nullopt;
}

}  // namespace asim
