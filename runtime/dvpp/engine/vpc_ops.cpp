// The VPC (see dvpp_ops.h): crop / resize / paste in all their single and batch forms, colour
// conversion and pyramid down-sampling.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/dvpp/engine/dvpp_memory.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"
#include "runtime/dvpp/vpc_transform.h"

namespace asim::dvpp {
namespace {

std::string Num(uint64_t v) {
  return std::to_string(v);
}

// One validated item, with the simulator's views of its pictures.
struct PlannedItem {
  Image in;
  Rect crop;
  Image out;
  Rect paste;
  Interpolation interp = Interpolation::kBilinear;
};

// "acldvppVpcCropAndPasteAsync" -> "VpcCropAndPaste": the task's name in profiles.
std::string TaskName(std::string_view api) {
  if (api.starts_with("acldvpp")) api.remove_prefix(7);
  if (api.ends_with("Async")) api.remove_suffix(5);
  return std::string(api);
}

Status RunItem(const PlannedItem& item) {
  return CropResizePaste(item.in, item.crop, item.out, item.paste, item.interp);
}

}  // namespace

Status VpcCropResizePasteAsync(rt::Runtime& core, const char* api, const ChannelState& channel,
                               const std::vector<VpcItem>& items, void* stream) {
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, api, channel, kModeVpc, stream, &target));
  if (items.empty()) return Status(err::kInvalidParam, std::string(api) + ": nothing to process");
  const sim::SocSpec& spec = *target.spec;
  std::vector<PlannedItem> plan(items.size());
  std::vector<std::shared_ptr<std::atomic<uint32_t>>> codes;
  uint64_t pixels = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const VpcItem& item = items[i];
    const std::string at = items.size() > 1 ? " (roi " + Num(i) + ")" : "";
    const std::string in_name = "inputDesc" + at, out_name = "outputDesc" + at;
    const std::string crop_name = "cropArea" + at, paste_name = "pasteArea" + at;
    ASIM_RETURN_IF_ERROR(rules::CheckVpcInputFormat(spec, in_name.c_str(), item.in.format));
    ASIM_RETURN_IF_ERROR(rules::CheckVpcOutputFormat(spec, out_name.c_str(), item.out.format));
    ASIM_RETURN_IF_ERROR(rules::ResolveInterpolation(spec, item.interpolation, &plan[i].interp));
    ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, in_name.c_str(), item.in, false));
    ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, out_name.c_str(), item.out, true));
    ASIM_RETURN_IF_ERROR(rules::CheckCrop(crop_name.c_str(), item.crop, item.in));
    Rect placed{0, item.out.width - 1, 0, item.out.height - 1};
    if (item.has_paste) ASIM_RETURN_IF_ERROR(rules::CheckPaste(paste_name.c_str(), item.paste, item.out, &placed));
    ASIM_RETURN_IF_ERROR(rules::CheckScale((std::string(api) + at).c_str(), item.crop.width(), item.crop.height(),
                                           placed.width(), placed.height()));
    uint8_t* in_sim = nullptr;
    uint8_t* out_sim = nullptr;
    ASIM_RETURN_IF_ERROR(
        MapDvppBuffer(*target.core, *target.device, (in_name + " data").c_str(), item.in.data, item.in.size, &in_sim));
    ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, (out_name + " data").c_str(), item.out.data,
                                       item.out.size, &out_sim));
    plan[i].in = ToImage(item.in, in_sim);
    plan[i].crop = item.crop;
    plan[i].out = ToImage(item.out, out_sim);
    plan[i].paste = placed;
    codes.push_back(item.out.ret_code);
    pixels += std::max<uint64_t>(uint64_t{item.crop.width()} * item.crop.height(),
                                 uint64_t{placed.width()} * placed.height());
  }
  SubmitDvppTask(target, TaskName(api), DvppDurationPs(spec, DvppEngine::kVpc, pixels), std::move(codes),
                 [plan = std::move(plan)]() {
                   for (const PlannedItem& item : plan) ASIM_RETURN_IF_ERROR(RunItem(item));
                   return Status::Ok();
                 });
  return Status::Ok();
}

Status VpcConvertColorAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in,
                            const PictureDesc& out, void* stream) {
  constexpr char kApi[] = "acldvppVpcConvertColorAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, kApi, channel, kModeVpc, stream, &target));
  const sim::SocSpec& spec = *target.spec;
  if (!rules::IsV200(spec)) return rules::Unsupported(kApi, spec, "");
  ASIM_RETURN_IF_ERROR(rules::CheckVpcInputFormat(spec, "inputDesc", in.format));
  ASIM_RETURN_IF_ERROR(rules::CheckVpcOutputFormat(spec, "outputDesc", out.format));
  ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, "inputDesc", in, false));
  ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, "outputDesc", out, true));
  if (in.width != out.width || in.height != out.height) {
    return Status(err::kInvalidParam, std::string(kApi) + ": outputDesc is " + Num(out.width) + "x" + Num(out.height) +
                                          " but inputDesc " + Num(in.width) + "x" + Num(in.height) +
                                          ": colour conversion keeps the size");
  }
  uint8_t* in_sim = nullptr;
  uint8_t* out_sim = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "inputDesc data", in.data, in.size, &in_sim));
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "outputDesc data", out.data, out.size, &out_sim));
  const Image src = ToImage(in, in_sim), dst = ToImage(out, out_sim);
  SubmitDvppTask(target, "VpcConvertColor", DvppDurationPs(spec, DvppEngine::kVpc, uint64_t{in.width} * in.height),
                 {out.ret_code}, [src, dst]() { return ConvertColor(src, dst); });
  return Status::Ok();
}

Status VpcPyrDownAsync(rt::Runtime& core, const ChannelState& channel, const PictureDesc& in, const PictureDesc& out,
                       void* stream) {
  constexpr char kApi[] = "acldvppVpcPyrDownAsync";
  EngineTarget target;
  ASIM_RETURN_IF_ERROR(ResolveTarget(core, kApi, channel, kModeVpc, stream, &target));
  const sim::SocSpec& spec = *target.spec;
  if (!rules::IsV200(spec)) return rules::Unsupported(kApi, spec, "");
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("inputDesc", in.format, {PixelFormat::kYuv400}));
  ASIM_RETURN_IF_ERROR(rules::CheckFormatIn("outputDesc", out.format, {PixelFormat::kYuv400}));
  ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, "inputDesc", in, false));
  ASIM_RETURN_IF_ERROR(rules::CheckVpcPicture(spec, "outputDesc", out, true));
  if (out.width != (in.width + 1) / 2 || out.height != (in.height + 1) / 2) {
    return Status(err::kInvalidParam, std::string(kApi) + ": outputDesc is " + Num(out.width) + "x" + Num(out.height) +
                                          ", the pyramid level below " + Num(in.width) + "x" + Num(in.height) + " is " +
                                          Num((in.width + 1) / 2) + "x" + Num((in.height + 1) / 2));
  }
  uint8_t* in_sim = nullptr;
  uint8_t* out_sim = nullptr;
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "inputDesc data", in.data, in.size, &in_sim));
  ASIM_RETURN_IF_ERROR(MapDvppBuffer(*target.core, *target.device, "outputDesc data", out.data, out.size, &out_sim));
  const Image src = ToImage(in, in_sim), dst = ToImage(out, out_sim);
  SubmitDvppTask(target, "VpcPyrDown", DvppDurationPs(spec, DvppEngine::kVpc, uint64_t{in.width} * in.height),
                 {out.ret_code}, [src, dst]() { return PyrDown(src, dst); });
  return Status::Ok();
}

}  // namespace asim::dvpp
