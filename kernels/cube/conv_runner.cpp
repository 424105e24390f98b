// One convolution on the blocked engine: plan, pack, run, unpack (see conv_runner.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/conv_runner.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "base/fp16.h"
#include "kernels/common/host/large_buffer.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/host/scratch_pool.h"
#include "kernels/cube/blocked_conv.h"
#include "kernels/cube/narrow_stem.h"
#include "kernels/cube/weight_chunks.h"
#include "kernels/cube/winograd_conv.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}
size_t AlignUp(size_t v) {
  return (v + 63) / 64 * 64;
}

// The convolution as 2-D (a 1-D one has H = 1) and the buffers it needs.
struct Plan {
  int64_t n = 0, h = 1, w = 1, oh = 1, ow = 1, kh = 1, kw = 1, sh = 1, sw = 1, dh = 1, dw = 1;
  int64_t pt = 0, pb = 0, pl = 0, pr = 0;
  int64_t cin = 0, cout = 0, groups = 1, cin_g = 0, cout_g = 0;
  bool two_d = true;
  bool depthwise = false, direct_in = false, direct_out = false, known = true;
  bool fused = false;    // weights packed chunk by chunk inside the engine (weight_chunks.h)
  bool partial = false;  // fused with an fp16 output in place: fp32 running sums in the workspace
  int winograd = 0;      // Winograd tile size (winograd_conv.h) when the filter is transformed at load
  int64_t c1g = 0, co1g = 0, ob = 1, ocg = 0, hp = 0, wp = 0, chunk_c1 = 1;
  size_t in_off = 0, w_off = 0, bias_off = 0, out_off = 0, partial_off = 0, bytes = 0;
};

// `one_register`: plan as a target whose channel block fits one vector register (true) or
// not (false) would; unset: as the running target does.
Plan MakePlan(const ConvParams& p, Format x_format, DataType x_dtype, const FilterTensor& w, Format y_format,
              DataType y_dtype, std::optional<bool> one_register = std::nullopt) {
  Plan s;
  const bool one_d = p.spatial == 1;
  s.two_d = p.spatial == 2;
  s.n = p.n;
  s.h = one_d ? 1 : p.in[0];
  s.w = one_d ? p.in[0] : p.in[1];
  s.oh = one_d ? 1 : p.out[0];
  s.ow = one_d ? p.out[0] : p.out[1];
  s.kh = one_d ? 1 : p.kernel[0];
  s.kw = one_d ? p.kernel[0] : p.kernel[1];
  s.sh = one_d ? 1 : p.stride[0];
  s.sw = one_d ? p.stride[0] : p.stride[1];
  s.dh = one_d ? 1 : p.dilation[0];
  s.dw = one_d ? p.dilation[0] : p.dilation[1];
  s.pt = one_d ? 0 : p.pad_begin[0];
  s.pb = one_d ? 0 : p.pad_end[0];
  s.pl = one_d ? p.pad_begin[0] : p.pad_begin[1];
  s.pr = one_d ? p.pad_end[0] : p.pad_end[1];
  s.cin = p.cin;
  s.cout = p.cout;
  s.groups = p.groups;
  s.cin_g = p.cin_g();
  s.cout_g = p.cout_g();
  for (int64_t v : {s.n, s.h, s.w, s.oh, s.ow, s.cin, s.cout}) s.known = s.known && v >= 0;
  if (!s.known) return s;
  s.depthwise = p.IsDepthwise();
  const bool no_pad = s.pt == 0 && s.pb == 0 && s.pl == 0 && s.pr == 0;
  s.direct_in = x_format == Format::kNc1hwc0 && x_dtype == DataType::kFloat && no_pad &&
                (s.depthwise || s.groups == 1 || s.cin_g % 16 == 0);
  s.direct_out = y_format == Format::kNc1hwc0 && (s.depthwise || s.groups == 1 || s.cout_g % 16 == 0);
  s.hp = s.h + s.pt + s.pb;
  s.wp = s.w + s.pl + s.pr;
  size_t in_floats, w_floats, bias_floats;
  if (s.depthwise) {
    s.c1g = s.co1g = CeilDiv(s.cin, 16);
    in_floats = static_cast<size_t>(s.n * s.c1g * s.hp * s.wp * 16);
    w_floats = static_cast<size_t>(s.c1g * s.kh * s.kw * 16);
    bias_floats = static_cast<size_t>(s.c1g * 16);
  } else {
    s.c1g = CeilDiv(s.cin_g, 16);
    s.co1g = CeilDiv(s.cout_g, 16);
    if (s.groups == 1 && s.kh == 3 && s.kw == 3 && s.sh == 1 && s.sw == 1 && s.dh == 1 && s.dw == 1) {
      s.winograd = ChooseWinogradTile(s.n, s.oh, s.ow, s.cin, s.cout);
    }
    const bool wide = s.winograd == 0;  // the Winograd GEMMs measured faster at 2 blocks
    s.ob = one_register ? ChooseOutputBlocksFor(*one_register, s.co1g, s.ow, wide)
                        : ChooseOutputBlocks(s.co1g, s.ow, wide);
    s.ocg = CeilDiv(s.co1g, s.ob);
    in_floats = static_cast<size_t>(s.n * s.c1g * s.hp * s.wp * 16);
    bias_floats = static_cast<size_t>(s.ocg * s.ob * 16);
    // Fused when every group's weights move as fractals; else packed once up front.
    FilterTensor shape = w;
    shape.cout = s.cout, shape.cin_g = s.cin_g, shape.kh = s.kh, shape.kw = s.kw;
    s.fused = true;
    for (int64_t g = 0; g < s.groups && s.fused; ++g) s.fused = FastWeightChunks(shape, g * s.cout_g, s.cout_g);
    if (s.fused) {
      s.chunk_c1 = ChunkInputBlocks(s.kh, s.kw);
      w_floats =
          static_cast<size_t>(FusedWorkItems(s.n, s.ocg, s.ob, s.oh) * ChunkFloats(s.chunk_c1, s.ob, s.kh, s.kw));
      s.partial = s.direct_out && y_dtype == DataType::kFloat16 && s.c1g > s.chunk_c1;
    } else {
      w_floats = static_cast<size_t>(PackedWeightFloats(s.co1g, s.ob, s.c1g, s.kh, s.kw));
    }
  }
  const size_t out_floats = static_cast<size_t>(s.n * s.co1g * s.oh * s.ow * 16);
  size_t at = 0;
  s.in_off = at;
  at += s.direct_in ? 0 : AlignUp(in_floats * sizeof(float));
  s.w_off = at;
  at += AlignUp(w_floats * sizeof(float));
  s.bias_off = at;
  at += AlignUp(bias_floats * sizeof(float));
  s.out_off = at;
  at += s.direct_out ? 0 : AlignUp(out_floats * sizeof(float));
  s.partial_off = at;
  at += s.partial ? AlignUp(static_cast<size_t>(s.n * CeilDiv(s.cout, 16) * s.oh * s.ow * 16) * sizeof(float)) : 0;
  s.bytes = at + 64;  // room to align the base
  return s;
}

size_t ElemBytes(DataType t) {
  return t == DataType::kFloat16 ? 2 : 4;
}

void RunDepthwise(const Plan& s, const ConvIo& io, char* base) {
  const float* in = static_cast<const float*>(io.x.data);
  if (!s.direct_in) {
    float* buf = reinterpret_cast<float*>(base + s.in_off);
    PackActivations(io.x, 0, s.cin, s.pt, s.pb, s.pl, s.pr, buf);
    in = buf;
  }
  float* weights = reinterpret_cast<float*>(base + s.w_off);
  PackDepthwiseWeights(io.w, weights);
  float* bias = nullptr;
  if (io.bias != nullptr) {
    bias = reinterpret_cast<float*>(base + s.bias_off);
    PackBias(io.bias, io.bias_dtype, 0, s.cout, s.c1g * 16, bias);
  }
  BlockedDepthwiseArgs a;
  a.in = in;
  a.in_c1 = s.hp * s.wp * 16;
  a.in_n = s.c1g * a.in_c1;
  a.in_row = s.wp * 16;
  a.c1 = s.c1g;
  a.weights = weights;
  a.bias = bias;
  a.kh = s.kh, a.kw = s.kw, a.sh = s.sh, a.sw = s.sw, a.dh = s.dh, a.dw = s.dw;
  a.n = s.n, a.oh = s.oh, a.ow = s.ow;
  a.out = s.direct_out ? io.y.data : base + s.out_off;
  a.out_c1 = s.oh * s.ow * 16;
  a.out_n = s.co1g * a.out_c1;
  a.out_row = s.ow * 16;
  a.out_f16 = s.direct_out && io.y.dtype == DataType::kFloat16;
  RunBlockedDepthwise(a);
  if (!s.direct_out) UnpackActivations(reinterpret_cast<const float*>(base + s.out_off), s.cout, io.y, 0);
}

// The filter of every convolution group packed as PackWeights lays it out, which is the
// fused engine's chunk layout ([weight group][c1][kh][kw][16 ci][ob*16 co]) back to back;
// or, for a convolution the Winograd path takes, the transformed filter
// (TransformWinogradFilter's layout, one group).

struct PrepackedConvWeights {
  int64_t groups = 0, c1g = 0, ob = 0, ocg = 0, taps = 0;
  int winograd = 0;          // the tile size the filter was transformed for; 0: packed for the direct engine
  int64_t total_floats = 0;  // groups x GroupFloats(), or the Winograd filter's WinogradFilterFloats
  // The packed filter, 64-byte aligned: the tiles read chunks of it in place. Either `owned`
  // (huge pages of a load's arena: ResNet-50's filters are 110 MB) or memory `mapped` keeps
  // alive (a model file's prepared data: AdoptPrepackedConvWeights).
  const float* data = nullptr;
  LargeBuffer<float> owned;
  std::shared_ptr<const void> mapped;
  int64_t BlockFloats() const { return taps * 16 * ob * 16; }  // one input block of one weight group
  int64_t GroupFloats() const { return ocg * c1g * BlockFloats(); }
  bool Fits(const Plan& s) const {
    return winograd == 0 && s.fused && groups == s.groups && c1g == s.c1g && ob == s.ob && ocg == s.ocg &&
           taps == s.kh * s.kw;
  }
  bool FitsWinograd(const Plan& s) const {
    return winograd != 0 && winograd == s.winograd && c1g == s.c1g && ob == s.ob && ocg == s.ocg;
  }
};

// ASCEND_SIM_WINOGRAD=0 (or off, false): every convolution on the direct engine, for results
// that do not depend on which filters a model prepares at load.
bool WinogradEnabled() {
  const char* v = std::getenv("ASCEND_SIM_WINOGRAD");
  if (v == nullptr) return true;
  const std::string s(v);
  return !(s == "0" || s == "off" || s == "OFF" || s == "false" || s == "FALSE");
}

// The Winograd path (winograd_conv.h) with `pre`'s transformed filter; false when its scratch
// memory is not there (the caller then runs the direct engine).
bool RunWinograd(const Plan& s, const ConvIo& io, char* base, const PrepackedConvWeights& pre, bool fuse_epilogue) {
  WinogradConvArgs a;
  a.m = s.winograd;
  a.c1 = s.c1g;
  a.c0_last = s.cin_g - 16 * (s.c1g - 1);
  a.ob = s.ob;
  a.ocg = s.ocg;
  a.n = s.n, a.oh = s.oh, a.ow = s.ow;
  a.out_c1 = s.oh * s.ow * 16;
  a.out_row = s.ow * 16;
  a.out_blocks = s.co1g;
  // One buffer per row part (one for the three phases), all leased before any output is
  // written (a part without memory would leave the output half made for the direct engine to
  // redo, over an input that may share its memory).
  const int64_t row_parts = ChooseWinogradRowParts(a.m, a.n, a.oh, a.ow, a.ocg, a.ob, HostConcurrency());
  const size_t part_bytes = WinogradPartScratchBytes(a.m, a.n, a.oh, a.ow, a.c1, a.out_blocks, row_parts);
  std::vector<std::unique_ptr<ScratchLease>> leases;
  std::vector<float*> scratch;
  for (int64_t part = 0; part < std::max<int64_t>(1, row_parts); ++part) {
    // Buffer k for worker slot k, the one that slot wrote last time (scratch_pool.h).
    const int affinity = row_parts >= 1 ? static_cast<int>(part) : kAnyAffinity;
    leases.push_back(std::make_unique<ScratchLease>(part_bytes, affinity));
    if (leases.back()->data() == nullptr) return false;
    scratch.push_back(static_cast<float*>(leases.back()->data()));
  }
  // An NC1HWC0 input (fp32 or fp16) is read where it is, its padding made by the transform;
  // any other layout is packed (padded, fp32) first.
  const int64_t x_c1 = CeilDiv(s.cin, 16);
  if (io.x.format == Format::kNc1hwc0 && (io.x.dtype == DataType::kFloat || io.x.dtype == DataType::kFloat16)) {
    a.in = io.x.data;
    a.in_f16 = io.x.dtype == DataType::kFloat16;
    a.in_h = s.h, a.in_w = s.w, a.pad_top = s.pt, a.pad_left = s.pl;
  } else {
    float* buf = reinterpret_cast<float*>(base + s.in_off);
    PackActivations(io.x, 0, s.cin, s.pt, s.pb, s.pl, s.pr, buf);
    a.in = buf;
    a.in_h = s.hp, a.in_w = s.wp;
  }
  a.in_c1 = a.in_h * a.in_w * 16;
  a.in_n = x_c1 * a.in_c1;
  a.in_row = a.in_w * 16;
  a.filter = pre.data;
  if (io.bias != nullptr) {
    float* bias = reinterpret_cast<float*>(base + s.bias_off);
    PackBias(io.bias, io.bias_dtype, 0, s.cout, s.ocg * s.ob * 16, bias);
    a.bias = bias;
  }
  if (s.direct_out) {
    a.out = io.y.data;
    a.out_f16 = io.y.dtype == DataType::kFloat16;
    a.out_n = CeilDiv(s.cout, 16) * a.out_c1;
    if (fuse_epilogue) {
      a.residual = io.residual;
      a.relu = io.relu;
    }
  } else {
    a.out = base + s.out_off;
    a.out_n = s.co1g * a.out_c1;
  }
  RunWinogradConv(a, row_parts, scratch.data());
  if (!s.direct_out) UnpackActivations(reinterpret_cast<const float*>(base + s.out_off), s.cout, io.y, 0);
  return true;
}

NarrowStemShape StemShape(const Plan& s) {
  NarrowStemShape t;
  t.n = s.n, t.cin = s.cin, t.h = s.h, t.w = s.w, t.hp = s.hp, t.wp = s.wp, t.pt = s.pt, t.pl = s.pl;
  t.kh = s.kh, t.kw = s.kw, t.cout = s.cout, t.ob = s.ob, t.ocg = s.ocg;
  return t;
}

// Whether RunConv takes the narrow stem (narrow_stem.h) for this plan: its repacked input and
// filter go where the plan keeps the padded input and the packed filter, which they fit.
bool UsesNarrowStem(const Plan& s, Format x_format, DataType x_dtype) {
  if (!s.known || !s.two_d || s.depthwise || s.direct_in || !s.direct_out ||
      !NarrowStemApplies(s.cin, s.groups, s.dw, x_format, x_dtype)) {
    return false;
  }
  const NarrowStemShape t = StemShape(s);
  return static_cast<size_t>(NarrowStemInputFloats(t)) * sizeof(float) <= s.w_off - s.in_off &&
         static_cast<size_t>(NarrowStemWeightFloats(t)) * sizeof(float) <= s.bias_off - s.w_off;
}

void RunNarrowStem(const Plan& s, const ConvIo& io, char* base, bool fuse_epilogue) {
  const NarrowStemShape t = StemShape(s);
  auto* in = reinterpret_cast<float*>(base + s.in_off);
  auto* weights = reinterpret_cast<float*>(base + s.w_off);
  PackNarrowStemInput(t, io.x, in);
  PackNarrowStemWeights(t, io.w, weights);
  BlockedConvArgs a;
  a.in = in;
  a.in_pixel = s.cin;
  a.in_row = s.wp * s.cin;
  a.in_c1 = 16;  // block b of a filter row's steps starts 16 floats after block b - 1
  a.in_n = s.hp * a.in_row;
  a.c1 = NarrowStemBlocks(t);
  a.c0_last = s.kw * s.cin - 16 * (a.c1 - 1);
  a.weights = weights;
  a.ob = s.ob;
  a.ocg = s.ocg;
  if (io.bias != nullptr) {
    auto* bias = reinterpret_cast<float*>(base + s.bias_off);
    PackBias(io.bias, io.bias_dtype, 0, s.cout, s.ocg * s.ob * 16, bias);
    a.bias = bias;
  }
  a.kh = s.kh, a.kw = 1, a.sh = s.sh, a.sw = s.sw, a.dh = s.dh, a.dw = 1;
  a.n = s.n, a.oh = s.oh, a.ow = s.ow;
  a.out_f16 = io.y.dtype == DataType::kFloat16;
  a.out = io.y.data;
  a.out_c1 = s.oh * s.ow * 16;
  a.out_row = s.ow * 16;
  a.out_n = CeilDiv(s.cout, 16) * a.out_c1;
  a.out_blocks = s.co1g;
  if (fuse_epilogue) {
    a.residual = io.residual;
    a.relu = io.relu;
  }
  RunBlockedConv(a);
}

struct PrepackedChunkSource {
  const PrepackedConvWeights* pre = nullptr;
  const float* group = nullptr;  // this convolution group's packed filter
};

// The engine's pack_chunk callback over a prepacked filter: the blocks where they are (they
// are contiguous), or a zero-padded copy when the chunk runs past the group's last block.
const float* PrepackedChunk(const void* source, int64_t g, int64_t ci1_first, int64_t ci1_count, float* dst) {
  const PrepackedChunkSource& src = *static_cast<const PrepackedChunkSource*>(source);
  const PrepackedConvWeights& pre = *src.pre;
  const int64_t block = pre.BlockFloats();
  const int64_t have = std::clamp<int64_t>(pre.c1g - ci1_first, 0, ci1_count);
  const float* from = src.group + (g * pre.c1g + ci1_first) * block;
  if (have == ci1_count) return from;
  std::memcpy(dst, from, static_cast<size_t>(have * block) * sizeof(float));
  std::fill(dst + have * block, dst + ci1_count * block, 0.0f);
  return dst;
}

// The engine's chunk_address callback over a prepacked filter.
const float* PrepackedChunkAddress(const void* source, int64_t g, int64_t ci1_first) {
  const PrepackedChunkSource& src = *static_cast<const PrepackedChunkSource*>(source);
  return src.group + (g * src.pre->c1g + ci1_first) * src.pre->BlockFloats();
}

// A strided 1x1 convolution reads one input pixel in sh x sw: its input gathered to the pixels
// it reads ([n][c1][oh][ow][16] fp32, in scratch memory) makes it a stride-1 1x1 convolution
// whose rows the engine tiles as one (blocked_conv.cpp): full register tiles over contiguous
// pixels, instead of tiles that use one cache line in sw of the input. An fp16 input is widened
// in the same pass, the pixels the convolution reads only (not the whole image, as the
// generic repacking would: 4x the work at stride 2). Null when the scratch memory is not there
// (the caller then repacks or reads the input in place).
const float* GatherStridedInput(const Plan& s, const void* in, DataType dtype, std::optional<ScratchLease>* lease) {
  const int64_t c1 = CeilDiv(s.cin, 16);
  lease->emplace(static_cast<size_t>(s.n * c1 * s.oh * s.ow * 16) * sizeof(float));
  auto* out = static_cast<float*>((*lease)->data());
  if (out == nullptr) return nullptr;
  const bool half = dtype == DataType::kFloat16;
  ParallelFor(s.n * c1 * s.oh, 8, [&](int64_t begin, int64_t end) {
    std::vector<uint16_t> halves(half ? static_cast<size_t>(s.ow * 16) : 0);
    for (int64_t row = begin; row < end; ++row) {
      const int64_t y = row % s.oh, plane = row / s.oh;  // plane: image * c1 + block
      const int64_t src_at = (plane * s.h + y * s.sh) * s.w * 16;
      float* dst = out + row * s.ow * 16;
      if (half) {
        // Gathered as halves first (a row is a few KiB), then widened in one vector pass.
        const uint16_t* src = static_cast<const uint16_t*>(in) + src_at;
        for (int64_t x = 0; x < s.ow; ++x) std::memcpy(&halves[x * 16], src + x * s.sw * 16, 16 * sizeof(uint16_t));
        HalfToFloat(halves.data(), dst, halves.size());
      } else {
        const float* src = static_cast<const float*>(in) + src_at;
        for (int64_t x = 0; x < s.ow; ++x) std::memcpy(dst + x * 16, src + x * s.sw * 16, 16 * sizeof(float));
      }
    }
  });
  return out;
}

}  // namespace

namespace {

// The layout PrepackConvWeights makes for this plan, without its bytes (data unset); nullopt
// when it makes none.
std::optional<PrepackedConvWeights> PrepackedLayout(const Plan& s, Format x_format, DataType x_dtype) {
  if (!s.known || s.depthwise || s.n == 0 || s.oh == 0 || s.ow == 0 || s.cout == 0) return std::nullopt;
  if (UsesNarrowStem(s, x_format, x_dtype)) return std::nullopt;  // its filter is small: packed per run
  PrepackedConvWeights pre;
  pre.groups = s.groups, pre.c1g = s.c1g, pre.ob = s.ob, pre.ocg = s.ocg, pre.taps = s.kh * s.kw;
  if (s.winograd != 0 && WinogradEnabled()) {
    pre.winograd = s.winograd;
    pre.total_floats = WinogradFilterFloats(s.winograd, s.ocg, s.ob, s.c1g);
    return pre;
  }
  if (!s.fused || PackedWeightFloats(s.co1g, s.ob, s.c1g, s.kh, s.kw) != pre.GroupFloats()) return std::nullopt;
  pre.total_floats = pre.groups * pre.GroupFloats();
  return pre;
}

// The parameters of a prepared image (kernels::PreparedImage::params), in this order.
std::vector<int64_t> ImageParams(const PrepackedConvWeights& pre) {
  return {kPrepackedConvLayoutVersion, pre.groups, pre.c1g, pre.ob, pre.ocg, pre.taps, pre.winograd, pre.total_floats};
}

}  // namespace

std::shared_ptr<const void> PrepackConvWeights(const ConvParams& p, Format x_format, DataType x_dtype,
                                               const FilterTensor& w, Format y_format, DataType y_dtype) {
  if (w.data == nullptr) return nullptr;
  const Plan s = MakePlan(p, x_format, x_dtype, w, y_format, y_dtype);
  std::optional<PrepackedConvWeights> layout = PrepackedLayout(s, x_format, x_dtype);
  if (!layout) return nullptr;
  auto pre = std::make_shared<PrepackedConvWeights>(std::move(*layout));
  if (pre->winograd != 0) {
    // One output group packed at a time into a buffer of one group (a few hundred KiB), not
    // the whole packed filter: fresh memory is zeroed by the kernel, which dominates load time.
    const size_t group_bytes = static_cast<size_t>(PackedWeightFloats(s.ob, s.ob, s.c1g, 3, 3)) * sizeof(float);
    ScratchLease packed(group_bytes);
    pre->owned = AllocatePrepacked<float>(static_cast<size_t>(pre->total_floats) * sizeof(float));
    if (packed.data() != nullptr && pre->owned != nullptr) {
      auto* group = static_cast<float*>(packed.data());
      for (int64_t g = 0; g < s.ocg; ++g) {
        const int64_t co_first = g * s.ob * 16;
        PackWeights(w, co_first, std::min(s.ob * 16, s.cout - co_first), s.ob, group);
        TransformWinogradFilter(s.winograd, group, g, s.ocg, s.ob, s.c1g, pre->owned.get());
      }
      pre->data = pre->owned.get();
      return pre;
    }
    pre->owned.reset();  // not enough memory: prepack for the direct engine as below
    pre->winograd = 0;
    if (!s.fused || PackedWeightFloats(s.co1g, s.ob, s.c1g, s.kh, s.kw) != pre->GroupFloats()) return nullptr;
    pre->total_floats = pre->groups * pre->GroupFloats();
  }
  pre->owned = AllocatePrepacked<float>(static_cast<size_t>(pre->total_floats) * sizeof(float));
  if (pre->owned == nullptr) return nullptr;  // the convolution then packs per execution
  for (int64_t g = 0; g < s.groups; ++g) {
    PackWeights(w, g * s.cout_g, s.cout_g, s.ob, pre->owned.get() + g * pre->GroupFloats());
  }
  pre->data = pre->owned.get();
  return pre;
}

bool ExportPrepackedConvWeights(const void* prepacked, PreparedImage* out) {
  if (prepacked == nullptr) return false;
  const auto& pre = *static_cast<const PrepackedConvWeights*>(prepacked);
  if (pre.data == nullptr) return false;
  out->kind = kPrepackedConvKind;
  out->params = ImageParams(pre);
  out->data = pre.data;
  out->size = static_cast<size_t>(pre.total_floats) * sizeof(float);
  return true;
}

std::shared_ptr<const void> AdoptPrepackedConvWeights(const ConvParams& p, Format x_format, DataType x_dtype,
                                                      const FilterTensor& w, Format y_format, DataType y_dtype,
                                                      const PreparedImage& image, std::shared_ptr<const void> keep) {
  if (image.kind != kPrepackedConvKind || image.data == nullptr || reinterpret_cast<uintptr_t>(image.data) % 64 != 0) {
    return nullptr;
  }
  const Plan s = MakePlan(p, x_format, x_dtype, w, y_format, y_dtype);
  std::optional<PrepackedConvWeights> layout = PrepackedLayout(s, x_format, x_dtype);
  if (!layout || image.params != ImageParams(*layout) ||
      image.size != static_cast<size_t>(layout->total_floats) * sizeof(float)) {
    return nullptr;  // made for another plan (another host's target, ASCEND_SIM_WINOGRAD, a layout version)
  }
  auto pre = std::make_shared<PrepackedConvWeights>(std::move(*layout));
  pre->data = static_cast<const float*>(image.data);
  pre->mapped = std::move(keep);
  return pre;
}

int PrepackedWinogradTile(const void* prepacked) {
  return prepacked != nullptr ? static_cast<const PrepackedConvWeights*>(prepacked)->winograd : 0;
}

size_t ConvWorkspaceBytes(const ConvParams& p, Format x_format, DataType x_dtype, const FilterTensor& w,
                          Format y_format, DataType y_dtype) {
  // Enough for the plan of every target (see ChooseOutputBlocks): the size is planned into
  // models, which may run on another host.
  const Plan wide = MakePlan(p, x_format, x_dtype, w, y_format, y_dtype, true);
  const Plan narrow = MakePlan(p, x_format, x_dtype, w, y_format, y_dtype, false);
  return wide.known ? std::max(wide.bytes, narrow.bytes) : 0;
}

Status RunConv(const ConvParams& p, const ConvIo& io, void* workspace, size_t workspace_bytes, bool allow_heap,
               const void* prepacked) {
  const Plan s = MakePlan(p, io.x.format, io.x.dtype, io.w, io.y.format, io.y.dtype);
  const auto* pre = static_cast<const PrepackedConvWeights*>(prepacked);
  if (!s.known) return Status(err::kOpInputNotMatch, "convolution shapes are not known at run time");
  if (s.n == 0 || s.oh == 0 || s.ow == 0 || s.cout == 0) return Status::Ok();
  std::unique_ptr<char[]> heap;
  if (workspace_bytes < s.bytes) {
    if (!allow_heap) {
      return Status(err::kInvalidParam, "convolution workspace has " + std::to_string(workspace_bytes) +
                                            " bytes, needs " + std::to_string(s.bytes));
    }
    heap.reset(new (std::nothrow) char[s.bytes]);
    if (!heap) return Status(err::kBadAlloc, "convolution workspace of " + std::to_string(s.bytes) + " bytes");
    workspace = heap.get();
  }
  char* base = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(workspace) + 63) / 64 * 64);
  if (io.epilogue_fused != nullptr) *io.epilogue_fused = false;
  const auto load_filter = [&io] { return io.load_filter != nullptr ? (*io.load_filter)() : Status::Ok(); };
  if (s.depthwise) {
    ASIM_RETURN_IF_ERROR(load_filter());
    RunDepthwise(s, io, base);
    return Status::Ok();
  }
  const bool fuse_epilogue = (io.residual != nullptr || io.relu) && io.epilogue_fused != nullptr && s.direct_out &&
                             io.y.dtype == DataType::kFloat;
  if (fuse_epilogue) *io.epilogue_fused = true;
  if (pre != nullptr && pre->FitsWinograd(s) && RunWinograd(s, io, base, *pre, fuse_epilogue)) return Status::Ok();
  if (UsesNarrowStem(s, io.x.format, io.x.dtype)) {
    ASIM_RETURN_IF_ERROR(load_filter());
    RunNarrowStem(s, io, base, fuse_epilogue);
    return Status::Ok();
  }
  if (pre != nullptr && !pre->Fits(s)) pre = nullptr;
  if (pre == nullptr) ASIM_RETURN_IF_ERROR(load_filter());  // the filter is packed from w below
  if (io.y.format == Format::kNc1hwc0 && !s.direct_out) {   // groups share blocks: padding lanes must be zero
    std::memset(io.y.data, 0,
                static_cast<size_t>(s.n * CeilDiv(s.cout, 16) * s.oh * s.ow * 16) * ElemBytes(io.y.dtype));
  }
  float* weights = reinterpret_cast<float*>(base + s.w_off);
  float* bias = io.bias != nullptr ? reinterpret_cast<float*>(base + s.bias_off) : nullptr;
  const int64_t x_c1 = CeilDiv(s.cin, 16), y_c1 = CeilDiv(s.cout, 16);
  // A strided 1x1 convolution (ResNet's downsampling shortcuts) on its gathered input.
  std::optional<ScratchLease> gathered_lease;
  const float* gathered = nullptr;
  const bool blocked_in = s.direct_in || (io.x.format == Format::kNc1hwc0 && io.x.dtype == DataType::kFloat16 &&
                                          s.pt == 0 && s.pb == 0 && s.pl == 0 && s.pr == 0);
  if (blocked_in && s.fused && s.groups == 1 && s.kh == 1 && s.kw == 1 && (s.sh > 1 || s.sw > 1)) {
    gathered = GatherStridedInput(s, io.x.data, io.x.dtype, &gathered_lease);
  }
  for (int64_t g = 0; g < s.groups; ++g) {
    BlockedConvArgs a;
    if (gathered != nullptr) {
      a.in = gathered;
      a.in_c1 = s.oh * s.ow * 16;
      a.in_n = x_c1 * a.in_c1;
    } else if (s.direct_in) {
      a.in = static_cast<const float*>(io.x.data) + g * (s.cin_g / 16) * s.h * s.w * 16;
      a.in_c1 = s.h * s.w * 16;
      a.in_n = x_c1 * a.in_c1;
    } else {
      float* buf = reinterpret_cast<float*>(base + s.in_off);
      PackActivations(io.x, g * s.cin_g, s.cin_g, s.pt, s.pb, s.pl, s.pr, buf);
      a.in = buf;
      a.in_c1 = s.hp * s.wp * 16;
      a.in_n = s.c1g * a.in_c1;
    }
    a.in_row = gathered != nullptr ? s.ow * 16 : s.wp * 16;
    a.c1 = s.c1g;
    a.c0_last = s.cin_g - 16 * (s.c1g - 1);
    const WeightChunkSource chunks = MakeWeightChunkSource(io.w, g * s.cout_g, s.cout_g, s.ob);
    const PrepackedChunkSource copies{pre, pre != nullptr ? pre->data + g * pre->GroupFloats() : nullptr};
    if (s.fused) {
      a.pack_chunk = pre != nullptr ? PrepackedChunk : PackWeightChunk;
      a.chunk_address = pre != nullptr ? PrepackedChunkAddress : nullptr;
      a.pack_source = pre != nullptr ? static_cast<const void*>(&copies) : static_cast<const void*>(&chunks);
      a.chunk_c1 = s.chunk_c1;
      a.chunk_buffers = weights;
    } else {
      PackWeights(io.w, g * s.cout_g, s.cout_g, s.ob, weights);
      a.weights = weights;
    }
    if (bias != nullptr) PackBias(io.bias, io.bias_dtype, g * s.cout_g, s.cout_g, s.ocg * s.ob * 16, bias);
    a.ob = s.ob;
    a.ocg = s.ocg;
    a.bias = bias;
    a.kh = s.kh, a.kw = s.kw, a.sh = s.sh, a.sw = s.sw, a.dh = s.dh, a.dw = s.dw;
    if (gathered != nullptr) a.sh = a.sw = 1;
    a.n = s.n, a.oh = s.oh, a.ow = s.ow;
    a.out_c1 = s.oh * s.ow * 16;
    a.out_row = s.ow * 16;
    a.out_blocks = s.co1g;
    if (s.direct_out) {
      const int64_t offset = g * (s.cout_g / 16) * a.out_c1;
      a.out_f16 = io.y.dtype == DataType::kFloat16;
      a.out = a.out_f16 ? static_cast<void*>(static_cast<uint16_t*>(io.y.data) + offset)
                        : static_cast<void*>(static_cast<float*>(io.y.data) + offset);
      a.out_n = y_c1 * a.out_c1;
      if (s.partial) a.partial = reinterpret_cast<float*>(base + s.partial_off) + offset;
      if (fuse_epilogue) {
        a.residual = io.residual != nullptr ? io.residual + offset : nullptr;
        a.relu = io.relu;
      }
    } else {
      a.out = base + s.out_off;
      a.out_n = s.co1g * a.out_c1;
    }
    RunBlockedConv(a);
    if (!s.direct_out)
      UnpackActivations(reinterpret_cast<const float*>(base + s.out_off), s.cout_g, io.y, g * s.cout_g);
  }
  return Status::Ok();
}

}  // namespace asim::kernels
