// TransData layouts: the shape rules and byte moves between the plain formats (NCHW, NHWC,
// HWCN, ND) and the AI Core's internal ones (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, and the
// small-channel NC1HWC0_C04 / FRACTAL_Z_C04 of atc --enable_small_channel).
//
// Owns: which format pairs the TransData kernel converts, the converted tensor's shape
// (with the origin view that lets the way back drop the padding), and the element moves.
// Padding lanes (C up to C1*C0, N up to N1*16, M up to M1*16) are written as zeros.
// Layouts (C0 = 16 elements, 32 for 1-byte types; see base/format_shape.h):
//   NC1HWC0    [N, C1, H, W, C0]            element (n,c,h,w) at [n][c/C0][h][w][c%C0]
//   FRACTAL_Z  [C1*KH*KW, N1, 16, C0]       conv weight (n,c,h,w) at [(c/C0*KH+h)*KW+w][n/16][n%16][c%C0]
//   FRACTAL_NZ [..., N1, M1, 16, C0]        matrix element (m,n) at [n/C0][m/16][m%16][n%C0]
//   NC1HWC0_C04   [N, 1, H, W, 4]           as NC1HWC0 with C0 = 4 (C <= 4)
//   FRACTAL_Z_C04 [K1, N1, 16, 16]          weight (n,c,h,w), k = (h*KW+w)*4+c (C <= 4), at
//                                           [k/16][n/16][n%16][k%16], K1 = ceil(4*KH*KW/16)
// A 4-D ND tensor is read as NCHW. Grouped conv weights use plain FRACTAL_Z of the
// [Cout, Cin/groups, KH, KW] filter (not CANN's group-enlarged FRACTAL_Z).
// Owner: the cube kernels (kernels/transdata). Thread safety: pure functions;
// ConvertLayout runs on the calling thread plus oneTBB workers. Failure: kInvalidParam
// (kFormatNotMatch for an unsupported pair) naming the formats and the shape.
#pragma once

#include <cstdint>
#include <vector>

#include "base/status.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

// True for NCHW, NHWC, HWCN and ND (read as NCHW when 4-D).
bool IsPlainFormat(Format format);

// The tensor `src` converted to format `dst`: dims, and the origin view (set when `dst` is
// internal, cleared when it is plain). The way back from an internal format uses
// src.origin_dims when they are present, the padded sizes otherwise (FRACTAL_Z needs them).
Status TransDataShape(const TensorSpec& src, Format dst, TensorSpec* out);

// Moves the elements of `src` (spec + bytes) into `dst` (spec from TransDataShape). The
// element size decides the move width; values are copied bit for bit.
Status ConvertLayout(const TensorSpec& src, const void* src_data, const TensorSpec& dst, void* dst_data);

}  // namespace asim::kernels
