// Device layouts of dumped tensors back to the layout the model had, and forth.
//
// Owns: the element moves between the AI Core's internal formats and the plain ones
// (ascend_tools_hw.md section 2.8), for any element width:
//   NC1HWC0 / NC1HWC0_C04 [N,C1,H,W,C0]      <-> NCHW or NHWC [N,C,H,W] (padding channels dropped)
//   FRACTAL_Z [C1*Kh*Kw, N1, 16, C0]          <-> NCHW, NHWC or HWCN weights (Cout = N, Cin = C)
//   FRACTAL_Z_C04 [ceil(4*Kh*Kw/16), N1, 16, 16] -> the plain weight (Cin <= 4; k = (h*Kw+w)*4+c)
//   FRACTAL_NZ [..., K1, M1, 16, C0]           <-> ND [..., M, K]
// C0 is read from the dumped shape (its last dim). Which plain layout a 4-D original has is
// the caller's `target` if given, else the output's original_op.format when it is plain,
// else NCHW (an input records no original format). Plain formats are returned unchanged.
// Owner: tools/dump (independent of the kernels' TransData, so each checks the other).
// Thread safety: pure functions. Failure: kInvalidParam naming the formats and shapes when
// the dumped shape, the original shape and the data size do not fit together, or when no
// conversion exists for the format (the caller may keep the device layout).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "base/status.h"
#include "dumpfmt/dump_record.h"

namespace asim::dumptool {

struct PlainTensor {
  int32_t data_type = 0;  // OutputDataType
  int32_t format = 2;     // OutputFormat of `shape` (a plain one after ToOriginalLayout)
  std::vector<uint64_t> shape;
  std::vector<uint8_t> data;
};

// True for the formats whose shape is the tensor's logical shape (NCHW, NHWC, ND, NC,
// HWCN, NCDHW, NDHWC, CN, NCL, CHWN, DHWCN, DHWNC, RESERVED).
bool IsPlainDumpFormat(int32_t format);

// A device-layout tensor back in a plain layout, or a plain 4-D one (NCHW / NHWC / HWCN)
// moved to `target`. The original shape is read in the tensor's original format (its
// original_op's), else in `source_hint` (an input's record's outputs' original format: OpInput
// carries none), else in `target` (a file npy2dump wrote from an array of that layout), else
// NCHW; the result is laid out in `target` when that is a 4-D plain format (the axes moved,
// as msaccucmp's -f does), else in the original format.
Status ToOriginalLayout(const dump::DumpTensor& tensor, std::optional<int32_t> target, PlainTensor* out,
                        std::optional<int32_t> source_hint = std::nullopt);

// The original format a record's inputs most likely have: that of its first output whose
// original_op gives a 4-D plain one (nullopt: none does). OpInput carries no original format.
std::optional<int32_t> InputSourceHint(const dump::DumpRecord& record);

// `plain` (NCHW / NHWC / HWCN for the 4-D formats, any rank for FRACTAL_NZ) laid out in
// `device_format` with `c0` elements per block; out->original_shape records plain.shape.
Status ToDeviceLayout(const PlainTensor& plain, int32_t device_format, uint64_t c0, dump::DumpTensor* out);

}  // namespace asim::dumptool
