// The DVPP V1 hardware's rules for pictures, rectangles and sizes, per implementation
// generation (SocSpec::dvpp.generation: "v100" on the 310 and 910, "v200" on the 310P and
// 910B). docs/dvpp.md lists each rule with its source. Every engine call checks its arguments
// here before anything is submitted.
//
// Owns: the constants and the checks. Thread safety: pure functions.
// Failure: err::kFormatNotMatch (ACL_ERROR_FORMAT_NOT_MATCH) for a pixel format the engine
// does not take, err::kFeatureUnsupported for what the chip's generation does not have,
// err::kInvalidParam for everything else; messages name the argument (`what`), the value and
// the rule it breaks.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "base/status.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/dvpp/engine/picture_desc.h"
#include "runtime/dvpp/image.h"
#include "runtime/dvpp/vpc_transform.h"

namespace asim::dvpp::rules {

inline constexpr uint32_t kJpegdMinSide = 32, kJpegdMaxSide = 8192;
inline constexpr uint32_t kJpegeMinSide = 32, kJpegeMaxSide = 8192;
inline constexpr uint32_t kPngdMinSide = 32, kPngdMaxSide = 4096;
inline constexpr uint32_t kVpcMinWidth = 10, kVpcMinHeight = 6;
inline constexpr uint32_t kVpcMaxInputSide = 8192, kVpcMaxOutputSide = 4096;
inline constexpr uint32_t kVpcWidthStrideAlign = 16, kVpcMinWidthStride = 32, kVpcMaxWidthStride = 16384;
inline constexpr uint32_t kVpcHeightStrideAlign = 2, kVpcMinHeightStride = 6;
inline constexpr uint32_t kVpcMaxDownscale = 32, kVpcMaxUpscale = 16;  // per side: [1/32, 16]
inline constexpr uint32_t kPasteLeftAlign = 16;
inline constexpr uint32_t kRoiMaxValue = 65535;
inline constexpr uint32_t kBatchRoiMax = 256;
inline constexpr uint32_t kPngdWidthAlign = 128, kPngdHeightStrideAlign = 16;

bool IsV200(const sim::SocSpec& spec);
uint32_t AlignUp(uint32_t value, uint32_t align);

// err::kFormatNotMatch unless `format` is one of `allowed`.
Status CheckFormatIn(const char* what, uint32_t format, std::initializer_list<PixelFormat> allowed);
// err::kFeatureUnsupported: `api` does not exist on this chip's DVPP generation.
Status Unsupported(const char* api, const sim::SocSpec& spec, const char* instead);

// --- VPC ---
Status CheckVpcInputFormat(const sim::SocSpec& spec, const char* what, uint32_t format);
Status CheckVpcOutputFormat(const sim::SocSpec& spec, const char* what, uint32_t format);
// Data set, size covering the picture, strides (16-byte multiple, >= 32, >= width in bytes;
// height stride even, >= 6, >= height), resolution (input 10x6..8192x8192, output
// 10x6..4096x4096), even width/height for 4:2:0 and even width for 4:2:2.
Status CheckVpcPicture(const sim::SocSpec& spec, const char* what, const PictureDesc& desc, bool is_output);
// Inclusive rectangles inside the picture, at least 10x6, values <= 65535; for 4:2:0
// pictures left/top even and right/bottom odd, for 4:2:2 left even and right odd.
Status CheckCrop(const char* what, const Rect& crop, const PictureDesc& in);
// As CheckCrop on the output; the left edge is rounded up to a multiple of 16 as the
// hardware does (the right edge stays), returned in *placed.
Status CheckPaste(const char* what, const Rect& paste, const PictureDesc& out, Rect* placed);
Status CheckScale(const char* what, uint32_t from_w, uint32_t from_h, uint32_t to_w, uint32_t to_h);
// The largest acldvppResizeConfig interpolation value the chip takes (4 on v100, 2 on v200).
uint32_t MaxInterpolation(const sim::SocSpec& spec);
// The interpolation a VPC call uses; err::kFeatureUnsupported above MaxInterpolation.
// 0 (Huawei's filter on v100, bilinear on v200), 1 and 3 (bilinear): kBilinear; 2 and 4
// (nearest neighbour): kNearest.
Status ResolveInterpolation(const sim::SocSpec& spec, uint32_t value, Interpolation* out);

// --- JPEGD ---
// Output descriptor before the image size is known: format, data/size set, strides aligned
// to the chip's JPEGD alignment or 0 (chosen by the decoder: the decoded size aligned).
Status CheckJpegdOutputDesc(const PictureDesc& out, const sim::SocSpec& spec);
// What JPEGD writes for a requested format (PIXEL_FORMAT_UNKNOWN: the JPEG's own sampling,
// V before U; gray JPEGs as YUV420SP with 128 chroma).
PixelFormat JpegdOutputFormat(uint32_t requested, int32_t subsampling);
// The decoded picture's width/height: even for 4:2:0 / 4:2:2 outputs (rounded up on v100,
// down on v200, as the 310P's JPEGD does).
void JpegdOutputSize(const sim::SocSpec& spec, PixelFormat format, uint32_t* width, uint32_t* height);

// --- JPEGE ---
Status CheckJpegeInput(const sim::SocSpec& spec, const PictureDesc& in);
// acldvppJpegPredictEncSize: the picture's bytes + 768, rounded up to 2 MiB.
uint64_t JpegePredictSize(const PictureDesc& in);
Status CheckJpegeLevel(const sim::SocSpec& spec, uint32_t level);

}  // namespace asim::dvpp::rules
