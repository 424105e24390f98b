// One fp32/fp16 convolution (1-D or 2-D, any groups) on the blocked engine: plans the
// workspace, packs what must be packed, runs the engine per group, unpacks. Shared by the
// AI Core Conv2D (NC1HWC0 + FRACTAL_Z) and the AI CPU Conv2D/Conv (NCHW/NHWC + plain
// filters), so both engines compute the same numbers.
//
// The plan uses the input in place when it is fp32 NC1HWC0 with no padding and whole
// channel blocks per group, and writes the output in place when it is NC1HWC0 with whole
// blocks per group; everything else goes through workspace buffers. Depthwise
// convolutions (groups = Cin = Cout) use the depthwise engine. Weights that move as
// fractals (FRACTAL_Z, NCHW with whole 16-channel blocks: weight_chunks.h) are packed
// chunk by chunk inside the engine (its fused mode), so they are read once and never
// written back packed: on small feature maps the weights outweigh the output and a
// separate repacking pass would cost as much as the convolution. Other filters are packed
// once up front. A model's constant filter can be packed once at load instead
// (PrepackConvWeights, the kernels' PrepareFn): the chunks are then plain copies.
// Owner: the cube kernels. Thread safety: re-entrant. Failure: RunConv returns
// kInvalidParam when the workspace is smaller than the plan and `allow_heap` is false;
// AI CPU callers (shapes unknown at selection) pass allow_heap = true and the runner then
// allocates what the workspace lacks.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "base/status.h"
#include "kernels/cube/conv_pack.h"
#include "kernels/cube/conv_params.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

struct ConvIo {
  ActTensor x;
  FilterTensor w;
  const void* bias = nullptr;  // [Cout] or nullptr
  DataType bias_dtype = DataType::kFloat;
  ActTensor y;
  // The conv epilogue (conv_epilogue.h: y = relu?(conv + residual), residual laid out as y) to
  // fuse into the final stores. RunConv fuses it when y is fp32 NC1HWC0 written in place, and
  // then sets *epilogue_fused; otherwise the caller applies it as a pass of its own.
  const float* residual = nullptr;
  bool relu = false;
  bool* epilogue_fused = nullptr;
  // Called (when set) before RunConv reads w's bytes: only when it cannot use `prepacked`,
  // whose caller may have left the filter out of memory (KernelContext::Materialize).
  const std::function<Status()>* load_filter = nullptr;
};

// Workspace bytes RunConv needs for `p` with x, the filter (`w`: its format, dtype and
// sizes; data unused) and y in these formats (0 when a size is unknown).
size_t ConvWorkspaceBytes(const ConvParams& p, Format x_format, DataType x_dtype, const FilterTensor& w,
                          Format y_format, DataType y_dtype);

// `prepacked` (optional): what PrepackConvWeights made for this filter. Used when it was made
// for the same plan (its fused chunks are then copied instead of packed from the filter on
// every work item), ignored otherwise.
Status RunConv(const ConvParams& p, const ConvIo& io, void* workspace, size_t workspace_bytes, bool allow_heap,
               const void* prepacked = nullptr);

// The filter packed once, as the fused engine's chunks read it, for a convolution whose
// filter is constant (a model weight: io.w.data set). nullptr when the plan does not pack
// chunks (depthwise, filters packed up front anyway) or the sizes are unknown. Owned by the
// caller (a kernel's PrepareFn result). For a 3x3 stride-1 convolution that
// ChooseWinogradTile takes (winograd_conv.h), the filter is transformed for the Winograd path
// instead, and RunConv then computes it that way; ASCEND_SIM_WINOGRAD=0 turns that off.
std::shared_ptr<const void> PrepackConvWeights(const ConvParams& p, Format x_format, DataType x_dtype,
                                               const FilterTensor& w, Format y_format, DataType y_dtype);

// A prepacked filter as a model file stores it (atc: KernelDef::export_prepared): kind
// kPrepackedConvKind, params {layout version, groups, c1g, ob, ocg, taps, Winograd tile,
// floats}, the packed floats. false for nullptr.
inline constexpr const char* kPrepackedConvKind = "conv.blocked_filter_f32";
// Bump when PackWeights' or TransformWinogradFilter's layout changes: a model file's prepared
// filters of another version are then packed again at load instead of read wrongly.
inline constexpr int64_t kPrepackedConvLayoutVersion = 1;
bool ExportPrepackedConvWeights(const void* prepacked, PreparedImage* out);

// What PrepackConvWeights would make for this convolution (w's data unused), as `image`'s
// bytes in place (64-byte aligned; `keep` owns them): nullptr when `image` is not exactly
// that layout (made on a host whose vector target plans other blocks, with Winograd off, by
// another layout version), and the caller then prepacks from the filter.
std::shared_ptr<const void> AdoptPrepackedConvWeights(const ConvParams& p, Format x_format, DataType x_dtype,
                                                      const FilterTensor& w, Format y_format, DataType y_dtype,
                                                      const PreparedImage& image, std::shared_ptr<const void> keep);

// The Winograd tile size `prepacked` was made for (2 or 4), or 0 (the direct engine's chunks,
// or nullptr).
int PrepackedWinogradTile(const void* prepacked);

}  // namespace asim::kernels
