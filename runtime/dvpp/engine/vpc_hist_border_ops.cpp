// The v200 VPC's histogram, LUT and border calls (see dvpp_ops.h).
#include <string>
#include <vector>

#include "runtime/dvpp/engine/dvpp_memory.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"
#include "runtime/dvpp/vpc_transform.h"

namespace asim::dvpp {
namespace {

using PF = PixelFormat;

std::string Num(uint64_t v) {
  return std::to_string(v);
}

// Channel, stream and the v200 requirement.
Status Target(rt::Runtime& core, const char* api, const ChannelState& channel, void* stream, EngineTarget* target) {
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, api, channel, kModeVpc, stream, target));
  if (!rules::IsV200(*target->spec)) return rules::Unsupported(api, *target->spec, "");
  return Status::Ok();
}

Status MapPicture(EngineTarget& target, const std::string& what, const PictureDesc& desc, bool is_output,
                  Image* image) {
  ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(*target.spec, what.c_str(), desc, is_output));
  uint8_t* sim = nullptr;
  ASIM_RETURN_IF_ERROR(
      MapDvppBuffer(*target.core, *target.device, (what + " data").c_str(), desc.data, desc.size, &sim));
  *image = ToImage(desc, sim);
  return Status::Ok();
}

Status CheckBorder(const char* what, const Border& b, const PictureDesc& in, const PictureDesc& out) {
  if (static_cast<uint64_t>(out.width) != uint64_t{in.width} + b.left + b.right ||
      static_cast<uint64_t>(out.height) != uint64_t{in.height} + b.top + b.bottom) {
    return Status(err::kInvalidParam, std::string(what) + ": outputDesc is " + Num(out.width) + "x" + Num(out.height) +
                                          " but the input with its borders (top " + Num(b.top) + ", bottom " +
                                          Num(b.bottom) + ", left " + Num(b.left) + ", right " + Num(b.right) +
                                          ") is " + Num(uint64_t{in.width} + b.left + b.right) + "x" +
                                          Num(uint64_t{in.height} + b.top + b.bottom));
  }
  const PF f = static_cast<PF>(out.format);
  if ((f == PF::kYuv420sp || f == PF::kYvu420sp) && ((b.top | b.bottom | b.left | b.right) & 1) != 0) {
    return Status(err::kInvalidParam, std::string(what) + ": borders of a 4:2:0 picture must be even");
  }
  if (static_cast<uint32_t>(b.type) > 3) {
    return Status(err::kInvalidParam, std::string(what) + ": border type " + Num(static_cast<uint32_t>(b.type)) +
                                          " is not an acldvppBorderType");
  }
  return Status::Ok();
}

}  // namespace

Status VpcCalcHistAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                        std::shared_ptr<HistState> hist, void* stream) {
  constexpr char kApi[] = "acldvppVpcCalcHistAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(Target(core, kApi, channel, stream, &target));
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("srcPicDesc", in.format, {PF::kYuv400, PF::kYuv420sp, PF::kYvu420sp}));
  Image src;
  ASIM_RETURN_IF_ERROR(MapPicture(target, "srcPicDesc", in, false, &src));
  SubmitDvppTask(target, "VpcCalcHist", DvppDurationPs(*target.spec, DvppEngine::kVpc, uint64_t{in.width} * in.height),
                 {}, [src, hist]() {
                   Status st = CalcHist(src, &hist->bins);
                   hist->ret_code.store(st.ok() ? 0 : static_cast<uint32_t>(st.code()));
                   return st;
                 });
  return Status::Ok();
}

Status VpcEqualizeHistAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                            const PictureDesc& out, const LutMap& lut, void* stream) {
  constexpr char kApi[] = "acldvppVpcEqualizeHistAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(Target(core, kApi, channel, stream, &target));
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("inputDesc", in.format, {PF::kYuv400, PF::kYuv420sp, PF::kYvu420sp}));
  if (out.format != in.format || out.width != in.width || out.height != in.height) {
    return Status(err::kInvalidParam, std::string(kApi) + ": outputDesc must have inputDesc's format and size");
  }
  Image src, dst;
  ASIM_RETURN_IF_ERROR(MapPicture(target, "inputDesc", in, false, &src));
  ASIM_RETURN_IF_ERROR(MapPicture(target, "outputDesc", out, true, &dst));
  SubmitDvppTask(target, "VpcEqualizeHist",
                 DvppDurationPs(*target.spec, DvppEngine::kVpc, uint64_t{in.width} * in.height), {out.ret_code},
                 [src, dst, lut]() { return ApplyLut(src, dst, lut); });
  return Status::Ok();
}

Status VpcMakeBorderAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, const PictureDesc& out,
                          const Border& border, void* stream) {
  constexpr char kApi[] = "acldvppVpcMakeBorderAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(Target(core, kApi, channel, stream, &target));
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("inputDesc", in.format,
                                            {PF::kYuv400, PF::kYuv420sp, PF::kYvu420sp, PF::kRgb888, PF::kBgr888}));
  if (out.format != in.format) {
    return Status(err::kFormatNotMatch, std::string(kApi) + ": outputDesc must have inputDesc's format");
  }
  ASIM_RETURN_IF_ERROR(CheckBorder(kApi, border, in, out));
  Image src, dst;
  ASIM_RETURN_IF_ERROR(MapPicture(target, "inputDesc", in, false, &src));
  ASIM_RETURN_IF_ERROR(MapPicture(target, "outputDesc", out, true, &dst));
  SubmitDvppTask(target, "VpcMakeBorder",
                 DvppDurationPs(*target.spec, DvppEngine::kVpc, uint64_t{out.width} * out.height), {out.ret_code},
                 [src, dst, border]() { return MakeBorder(src, dst, border); });
  return Status::Ok();
}

Status VpcBatchCropResizeMakeBorderAsync(rt::Runtime& core, const ChannelState& channel,
                                         const std::vector<VpcItem>& items, const std::vector<Border>& borders,
                                         void* stream) {
  constexpr char kApi[] = "acldvppVpcBatchCropResizeMakeBorderAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(Target(core, kApi, channel, stream, &target));
  if (items.empty() || items.size() != borders.size()) {
    return Status(err::kInvalidParam, std::string(kApi) + ": one border config per crop area");
  }
  struct Planned {
    Image in, out;
    Rect crop;
    Interpolation interp;
    Border border;
  };
  std::vector<Planned> plan;
  std::vector<std::shared_ptr<std::atomic<uint32_t>>> codes;
  uint64_t pixels = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const VpcItem& item = items[i];
    const Border& b = borders[i];
    const std::string at = " (roi " + Num(i) + ")";
    ASIM_RETURN_IF_ERROR(rules::CheckVpcInputFormat(*target.spec, ("inputDesc" + at).c_str(), item.in.format));
    ASIM_RETURN_IF_ERROR(
        rules::CheckFormatIn(("outputDesc" + at).c_str(), item.out.format, {PF::kYuv420sp, PF::kYvu420sp}));
    Planned p;
    ASIM_RETURN_IF_ERROR(rules::ResolveInterpolation(*target.spec, item.interpolation, &p.interp));
    ASIM_RETURN_IF_ERROR(MapPicture(target, "inputDesc" + at, item.in, false, &p.in));
    ASIM_RETURN_IF_ERROR(MapPicture(target, "outputDesc" + at, item.out, true, &p.out));
    ASIM_RETURN_IF_ERROR(rules::CheckCrop(("cropArea" + at).c_str(), item.crop, item.in));
    if (uint64_t{b.left} + b.right + 2 > item.out.width || uint64_t{b.top} + b.bottom + 2 > item.out.height ||
        ((b.top | b.bottom | b.left | b.right) & 1) != 0 || static_cast<uint32_t>(b.type) > 3) {
      return Status(err::kInvalidParam, std::string(kApi) + at +
                                            ": the borders must be even, of a valid type, and leave room for the "
                                            "resized crop in the output");
    }
    const uint32_t inner_w = item.out.width - b.left - b.right, inner_h = item.out.height - b.top - b.bottom;
    ASIM_RETURN_IF_ERROR(
        rules::CheckScale((std::string(kApi) + at).c_str(), item.crop.width(), item.crop.height(), inner_w, inner_h));
    p.crop = item.crop;
    p.border = b;
    plan.push_back(p);
    codes.push_back(item.out.ret_code);
    pixels += uint64_t{item.out.width} * item.out.height;
  }
  SubmitDvppTask(target, "VpcBatchCropResizeMakeBorder", DvppDurationPs(*target.spec, DvppEngine::kVpc, pixels),
                 std::move(codes), [plan = std::move(plan)]() {
                   for (const Planned& p : plan) {
                     // The resized crop in a scratch 4:2:0 picture, then bordered into the output.
                     const uint32_t w = p.out.width - p.border.left - p.border.right;
                     const uint32_t h = p.out.height - p.border.top - p.border.bottom;
                     const uint32_t ws = (w + 15) / 16 * 16;
                     std::vector<uint8_t> scratch(static_cast<size_t>(ws) * h * 3 / 2);
                     Image inner;
                     inner.data = scratch.data();
                     inner.size = scratch.size();
                     inner.format = p.out.format;
                     inner.width = w;
                     inner.height = h;
                     inner.width_stride = ws;
                     inner.height_stride = h;
                     ASIM_RETURN_IF_ERROR(CropResizePaste(p.in, p.crop, inner, Rect{0, w - 1, 0, h - 1}, p.interp));
                     ASIM_RETURN_IF_ERROR(MakeBorder(inner, p.out, p.border));
                   }
                   return Status::Ok();
                 });
  return Status::Ok();
}

}  // namespace asim::dvpp
