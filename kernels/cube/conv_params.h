// Convolution geometry from attributes: shared by the AI Core and AI CPU convolution
// kernels (and usable by the converter), so both engines read the attributes one way.
//
// Two attribute styles:
//   CANN Conv2D  strides, dilations: 4 values in data_format order (NCHW: [1,1,sh,sw],
//                NHWC: [1,sh,sw,1]) or 2 values [sh,sw]; pads: [top, bottom, left, right];
//                groups; data_format ("NCHW" default here, where CANN's proto says "NHWC":
//                this project's models come from ONNX; pass it explicitly to be portable);
//                offset_x (0 only).
//   ONNX Conv    kernel_shape (optional, checked), strides, dilations (one value per
//                spatial axis), pads [x1_begin, x2_begin, ..., x1_end, x2_end], group,
//                auto_pad (NOTSET, SAME_UPPER, SAME_LOWER, VALID); 1 to 3 spatial axes.
// Unknown input sizes (-1) give unknown output sizes (shape inference of dynamic shapes).
// Owner: the cube kernels. Thread safety: pure functions. Failure: kOpAttrNotMatch for a
// malformed attribute, kOpInputNotMatch for shapes that do not fit; the message names the
// attribute or the shapes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"

namespace asim::kernels {

enum class ConvAttrStyle { kCann, kOnnx };

struct ConvParams {
  int64_t n = 0, cin = 0, cout = 0, groups = 1;
  int spatial = 2;  // spatial axes in use (1..3); unused trailing axes are 1
  std::array<int64_t, 3> in{1, 1, 1}, kernel{1, 1, 1}, stride{1, 1, 1}, dilation{1, 1, 1};
  std::array<int64_t, 3> pad_begin{0, 0, 0}, pad_end{0, 0, 0}, out{1, 1, 1};

  int64_t cin_g() const { return cin / groups; }
  int64_t cout_g() const { return cout / groups; }
  bool IsDepthwise() const { return groups > 1 && groups == cin && groups == cout; }
  // Multiply-accumulates of the whole convolution (0 when a size is unknown).
  int64_t Macs() const;
};

// The logical sizes of the operands: x as N, C, spatial...; filter as Cout, Cin/groups,
// kernel spatial... (the caller reads them from whatever layout the tensors are in).
struct ConvOperandShapes {
  int64_t n = 0, c = 0;
  std::vector<int64_t> spatial;  // input sizes, 1..3 values, -1 = unknown
  int64_t cout = 0, cin_g = 0;
  std::vector<int64_t> kernel;  // same count as spatial
};

// Resolves padding and output sizes for a convolution; data_format is read by the CANN
// style only (the caller has already used it to read the shapes).
Status ResolveConvParams(ConvAttrStyle style, const AttrMap& attrs, const ConvOperandShapes& shapes, ConvParams* out);

// ONNX ConvTranspose: kernel_shape, strides, dilations, pads, group, auto_pad,
// output_padding, output_shape. Filter shapes: Cin, Cout/groups, kernel... (note the swap).
Status ResolveConvTransposeParams(const AttrMap& attrs, const ConvOperandShapes& shapes, ConvParams* out);

// "NCHW" or "NHWC" from the data_format attribute; kOpAttrNotMatch otherwise.
Status ConvDataFormat(const AttrMap& attrs, bool* nhwc);

}  // namespace asim::kernels
