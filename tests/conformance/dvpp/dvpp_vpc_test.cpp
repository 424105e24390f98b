// Conformance: acl/ops/acl_dvpp.h VPC — resize, crop, crop-and-paste, their batch forms and
// every rule the hardware enforces (strides, even ROI edges, scale range, formats, memory
// kind), plus the calls the v100 chips do not have. Default SoC: Ascend310 (DVPP v100).
//
// PUBLIC API ONLY: acl/... headers, standard headers and GoogleTest.
#include "dvpp_test_util.h"

namespace {

using dvpptest::Channel;
using dvpptest::DvppBuffer;
using dvpptest::PicDesc;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

// An NV12 picture with strides ws x hs whose luma is f(x, y) and chroma (u, v) = g(x, y).
std::vector<uint8_t> Nv12(uint32_t w, uint32_t h, uint32_t ws, uint32_t hs, uint8_t (*luma)(uint32_t, uint32_t),
                          uint8_t u = 100, uint8_t v = 150) {
  std::vector<uint8_t> pic(size_t{ws} * hs * 3 / 2, 0);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) pic[size_t{y} * ws + x] = luma(x, y);
  }
  for (uint32_t y = 0; y < h / 2; ++y) {
    for (uint32_t x = 0; x < w / 2; ++x) {
      pic[size_t{ws} * hs + size_t{y} * ws + 2 * x] = u;
      pic[size_t{ws} * hs + size_t{y} * ws + 2 * x + 1] = v;
    }
  }
  return pic;
}

uint8_t Blocks(uint32_t x, uint32_t y) {
  return static_cast<uint8_t>(((x / 2) * 7 + (y / 2) * 13) % 251);
}
uint8_t Texture(uint32_t x, uint32_t y) {
  return static_cast<uint8_t>((x * 3 + y * 5) % 256);
}
uint8_t Flat(uint32_t, uint32_t) {
  return 90;
}

class VpcTest : public ::testing::Test {
 protected:
  Channel ch;
  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  void TearDown() override { EXPECT_ACL_OK(acldvppDestroyResizeConfig(resize)); }
};

TEST_F(VpcTest, NearestHalvingOfTwoByTwoBlocksIsExact) {
  const uint32_t w = 64, h = 48, ow = 32, oh = 24;
  const std::vector<uint8_t> host = Nv12(w, h, w, h, Blocks);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer out(size_t{ow} * oh * 3 / 2);
  PicDesc src(in.get(), w * h * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, w, h);
  PicDesc dst(out.get(), ow * oh * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, ow, oh, ow, oh);
  ASSERT_ACL_OK(acldvppSetResizeConfigInterpolation(resize, 2));
  ASSERT_ACL_OK(acldvppVpcResizeAsync(ch.desc(), src.desc, dst.desc, resize, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r = out.Read();
  for (uint32_t y = 0; y < oh; ++y) {
    for (uint32_t x = 0; x < ow; ++x) ASSERT_EQ(r[y * ow + x], Blocks(2 * x, 2 * y)) << x << "," << y;
  }
  EXPECT_EQ(r[ow * oh], 100);
  EXPECT_EQ(r[ow * oh + 1], 150);
  EXPECT_EQ(acldvppGetPicDescRetCode(dst.desc), 0u);
}

TEST_F(VpcTest, BilinearKeepsAFlatPictureFlat) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Flat);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer out(size_t{224} * 224 * 3 / 2);
  PicDesc src(in.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc dst(out.get(), 224 * 224 * 3 / 2, PIXEL_FORMAT_YVU_SEMIPLANAR_420, 224, 224, 224, 224);
  for (uint32_t mode : {0u, 1u, 3u}) {
    ASSERT_ACL_OK(acldvppSetResizeConfigInterpolation(resize, mode));
    ASSERT_ACL_OK(acldvppVpcResizeAsync(ch.desc(), src.desc, dst.desc, resize, ch.stream()));
    ASSERT_ACL_OK(ch.Sync());
    const std::vector<uint8_t> r = out.Read();
    for (size_t i = 0; i < size_t{224} * 224; ++i) ASSERT_EQ(r[i], 90) << i;
    EXPECT_EQ(r[224 * 224], 150);  // NV21: V first
    EXPECT_EQ(r[224 * 224 + 1], 100);
  }
}

TEST_F(VpcTest, CropWithoutResizeCopiesExactly) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Texture);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer out(size_t{32} * 24 * 3 / 2);
  PicDesc src(in.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc dst(out.get(), 32 * 24 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 32, 24, 32, 24);
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(16, 47, 8, 31);
  ASSERT_ACL_OK(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r = out.Read();
  for (uint32_t y = 0; y < 24; ++y) {
    for (uint32_t x = 0; x < 32; ++x) ASSERT_EQ(r[y * 32 + x], Texture(16 + x, 8 + y)) << x << "," << y;
  }
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(crop));
}

TEST_F(VpcTest, CropAndPasteLeavesTheRestOfThePicture) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Texture);
  DvppBuffer in(host.data(), host.size());
  const uint32_t ow = 96, oh = 64;
  DvppBuffer out(size_t{ow} * oh * 3 / 2);
  out.Fill(0x11);
  PicDesc src(in.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc dst(out.get(), ow * oh * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, ow, oh, ow, oh);
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(0, 31, 0, 23);
  acldvppRoiConfig* paste = acldvppCreateRoiConfig(32, 63, 16, 39);
  ASSERT_ACL_OK(acldvppVpcCropAndPasteAsync(ch.desc(), src.desc, dst.desc, crop, paste, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r = out.Read();
  for (uint32_t y = 0; y < oh; ++y) {
    for (uint32_t x = 0; x < ow; ++x) {
      const bool inside = x >= 32 && x <= 63 && y >= 16 && y <= 39;
      ASSERT_EQ(r[y * ow + x], inside ? Texture(x - 32, y - 16) : 0x11) << x << "," << y;
    }
  }
  // A paste area whose left edge is not a multiple of 16 starts at the next multiple.
  out.Fill(0x11);
  ASSERT_ACL_OK(acldvppSetRoiConfig(paste, 20, 63, 16, 39));
  ASSERT_ACL_OK(acldvppSetRoiConfig(crop, 0, 31, 0, 23));
  ASSERT_ACL_OK(acldvppVpcCropAndPasteAsync(ch.desc(), src.desc, dst.desc, crop, paste, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r2 = out.Read();
  EXPECT_EQ(r2[16 * ow + 20], 0x11);
  EXPECT_EQ(r2[16 * ow + 31], 0x11);
  EXPECT_NE(r2[20 * ow + 40], 0x11);
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(crop));
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(paste));
}

TEST_F(VpcTest, RulesAreEnforcedWithTheirCodes) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Texture);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer out(size_t{1024} * 1024 * 3 / 2);
  PicDesc src(in.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc dst(out.get(), 32 * 24 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 32, 24, 32, 24);
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(1, 32, 0, 23);
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "left must be even");
  ASSERT_ACL_OK(acldvppSetRoiConfig(crop, 0, 31, 0, 48));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "outside");
  ASSERT_ACL_OK(acldvppSetRoiConfig(crop, 0, 9, 0, 5));  // 10x6 -> 224x224: over 16x
  PicDesc big(out.get(), 224 * 224 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 224, 224, 224, 224);
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, big.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "1/32, 16");
  ASSERT_ACL_OK(acldvppSetRoiConfig(crop, 0, 31, 0, 23));
  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(src.desc, 72));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "widthStride");
  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(src.desc, 64));
  ASSERT_ACL_OK(acldvppSetPicDescFormat(dst.desc, PIXEL_FORMAT_RGB_888));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_FORMAT_NOT_MATCH,
                   "outputDesc");
  ASSERT_ACL_OK(acldvppSetPicDescFormat(dst.desc, PIXEL_FORMAT_YUV_SEMIPLANAR_420));
  ASSERT_ACL_OK(acldvppSetPicDescSize(dst.desc, 100));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "size");
  ASSERT_ACL_OK(acldvppSetPicDescSize(dst.desc, 32 * 24 * 3 / 2));
  void* plain = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&plain, 64 * 48 * 3 / 2, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(acldvppSetPicDescData(src.desc, plain));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "aclrtMalloc");
  EXPECT_ACL_ERROR(acldvppFree(plain), ACL_ERROR_INVALID_PARAM, "aclrtFree");
  ASSERT_ACL_OK(aclrtFree(plain));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "freed");
  // Above 4096 the v100 VPC reads YUV420SP only.
  DvppBuffer wide(size_t{15008} * 64);
  PicDesc wide_rgb(wide.get(), 15008 * 64, PIXEL_FORMAT_RGB_888, 5000, 64, 15008, 64);
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), wide_rgb.desc, dst.desc, crop, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "NV12");
  ASSERT_ACL_OK(acldvppSetPicDescData(src.desc, in.get()));
  EXPECT_ACL_OK(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, crop, ch.stream()));
  EXPECT_ACL_ERROR(acldvppVpcCropAsync(ch.desc(), src.desc, dst.desc, nullptr, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "cropArea");
  EXPECT_ACL_ERROR(acldvppSetResizeConfigInterpolation(resize, 5), ACL_ERROR_INVALID_PARAM, "interpolation");
  EXPECT_ACL_OK(acldvppSetResizeConfigInterpolation(resize, 4));  // the v100 takes 0..4
  EXPECT_ACL_OK(ch.Sync());
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(crop));
}

TEST_F(VpcTest, BatchCropGivesOnePicturePerArea) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Texture);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer wide0(32 * 16 * 3 / 2), wide1(32 * 16 * 3 / 2);
  acldvppBatchPicDesc* src = acldvppCreateBatchPicDesc(1);
  acldvppBatchPicDesc* dst = acldvppCreateBatchPicDesc(2);
  ASSERT_NE(src, nullptr);
  acldvppPicDesc* s = acldvppGetPicDesc(src, 0);
  ASSERT_ACL_OK(acldvppSetPicDescData(s, in.get()));
  ASSERT_ACL_OK(acldvppSetPicDescSize(s, 64 * 48 * 3 / 2));
  ASSERT_ACL_OK(acldvppSetPicDescFormat(s, PIXEL_FORMAT_YUV_SEMIPLANAR_420));
  ASSERT_ACL_OK(acldvppSetPicDescWidth(s, 64));
  ASSERT_ACL_OK(acldvppSetPicDescHeight(s, 48));
  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(s, 64));
  ASSERT_ACL_OK(acldvppSetPicDescHeightStride(s, 48));
  DvppBuffer* outs[2] = {&wide0, &wide1};
  for (uint32_t i = 0; i < 2; ++i) {
    acldvppPicDesc* d = acldvppGetPicDesc(dst, i);
    ASSERT_ACL_OK(acldvppSetPicDescData(d, outs[i]->get()));
    ASSERT_ACL_OK(acldvppSetPicDescSize(d, 32 * 16 * 3 / 2));
    ASSERT_ACL_OK(acldvppSetPicDescFormat(d, PIXEL_FORMAT_YUV_SEMIPLANAR_420));
    ASSERT_ACL_OK(acldvppSetPicDescWidth(d, 16));
    ASSERT_ACL_OK(acldvppSetPicDescHeight(d, 16));
    ASSERT_ACL_OK(acldvppSetPicDescWidthStride(d, 32));
    ASSERT_ACL_OK(acldvppSetPicDescHeightStride(d, 16));
  }
  EXPECT_EQ(acldvppGetPicDesc(dst, 2), nullptr);
  EXPECT_ACL_ERROR(acldvppDestroyPicDesc(acldvppGetPicDesc(dst, 0)), ACL_ERROR_INVALID_PARAM, "batch");
  acldvppRoiConfig* areas[2] = {acldvppCreateRoiConfig(0, 15, 0, 15), acldvppCreateRoiConfig(32, 47, 16, 31)};
  uint32_t roi_nums[1] = {2};
  ASSERT_ACL_OK(acldvppVpcBatchCropAsync(ch.desc(), src, roi_nums, 1, dst, areas, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r0 = wide0.Read(), r1 = wide1.Read();
  for (uint32_t y = 0; y < 16; ++y) {
    for (uint32_t x = 0; x < 16; ++x) {
      ASSERT_EQ(r0[y * 32 + x], Texture(x, y));
      ASSERT_EQ(r1[y * 32 + x], Texture(32 + x, 16 + y));
    }
  }
  uint32_t too_many[1] = {3};
  EXPECT_ACL_ERROR(acldvppVpcBatchCropAsync(ch.desc(), src, too_many, 1, dst, areas, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "dstBatchPicDescs");
  EXPECT_ACL_ERROR(acldvppVpcBatchCropAsync(ch.desc(), src, roi_nums, 2, dst, areas, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "size");
  for (acldvppRoiConfig* a : areas) EXPECT_ACL_OK(acldvppDestroyRoiConfig(a));
  EXPECT_ACL_OK(acldvppDestroyBatchPicDesc(src));
  EXPECT_ACL_OK(acldvppDestroyBatchPicDesc(dst));
}

TEST_F(VpcTest, V100ChipsLackConvertColorPyrDownAndChannelModes) {
  const std::vector<uint8_t> host = Nv12(64, 48, 64, 48, Flat);
  DvppBuffer in(host.data(), host.size());
  DvppBuffer out(64 * 48 * 3);
  PicDesc src(in.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc dst(out.get(), 64 * 48 * 3, PIXEL_FORMAT_RGB_888, 64, 48, 192, 48);
  EXPECT_ACL_ERROR(acldvppVpcConvertColorAsync(ch.desc(), src.desc, dst.desc, ch.stream()),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  EXPECT_ACL_ERROR(acldvppVpcPyrDownAsync(ch.desc(), src.desc, dst.desc, nullptr, ch.stream()),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  acldvppChannelDesc* desc = acldvppCreateChannelDesc();
  EXPECT_ACL_ERROR(acldvppSetChannelDescMode(desc, DVPP_CHNMODE_VPC), ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  // Histograms, LUT maps and borders are v200 features: their objects cannot be made here.
  EXPECT_EQ(acldvppCreateLutMap(), nullptr);
  EXPECT_RECENT_MSG_HAS("Ascend310");
  EXPECT_EQ(acldvppCreateHist(), nullptr);
  EXPECT_EQ(acldvppCreateBorderConfig(), nullptr);
  // ... and the calls using them say so, whatever they are given.
  EXPECT_ACL_ERROR(acldvppVpcCalcHistAsync(ch.desc(), src.desc, nullptr, nullptr, ch.stream()),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  EXPECT_ACL_ERROR(acldvppVpcEqualizeHistAsync(ch.desc(), src.desc, dst.desc, nullptr, ch.stream()),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  EXPECT_ACL_ERROR(acldvppVpcMakeBorderAsync(ch.desc(), src.desc, dst.desc, nullptr, ch.stream()),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "Ascend310");
  EXPECT_ACL_OK(acldvppDestroyChannelDesc(desc));
}

}  // namespace
