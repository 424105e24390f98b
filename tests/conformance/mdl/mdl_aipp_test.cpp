// aclmdlAIPP parameter sets: creation, the data size, every setter's ranges and errors, and
// the model-id based AIPP calls' argument errors.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cmath>
#include <cstdint>
#include <limits>

#include "conformance_util.h"
#include "mdl_raw_enum.h"

namespace {

constexpr uint32_t kUnknownModelId = 0x7ffffff0u;
constexpr aclError kInvalid = ACL_ERROR_INVALID_PARAM;

class MdlAipp : public ::testing::Test {
 protected:
  void SetUp() override {
    aipp_ = aclmdlCreateAIPP(2);
    ASSERT_NE(aipp_, nullptr) << conformance::RecentMsg();
  }
  void TearDown() override {
    if (aipp_ != nullptr) EXPECT_ACL_OK(aclmdlDestroyAIPP(aipp_));
  }
  aclmdlAIPP* aipp_ = nullptr;
};

TEST(MdlAippCreate, BatchSizeLimits) {
  EXPECT_EQ(aclmdlCreateAIPP(0), nullptr);
  EXPECT_RECENT_MSG_HAS("batchSize");
  EXPECT_EQ(aclmdlCreateAIPP(ACL_MAX_BATCH_NUM + 1), nullptr);
  EXPECT_RECENT_MSG_HAS("batchSize");
  EXPECT_EQ(aclmdlCreateAIPP(UINT64_MAX), nullptr);
  for (uint64_t n : {uint64_t{1}, uint64_t{ACL_MAX_BATCH_NUM}}) {
    aclmdlAIPP* aipp = aclmdlCreateAIPP(n);
    ASSERT_NE(aipp, nullptr) << n;
    EXPECT_ACL_OK(aclmdlDestroyAIPP(aipp));
  }
}

TEST(MdlAippCreate, DestroyErrors) {
  EXPECT_ACL_ERROR(aclmdlDestroyAIPP(nullptr), kInvalid, "aippParmsSet");
  aclmdlAIPP* aipp = aclmdlCreateAIPP(1);
  ASSERT_ACL_OK(aclmdlDestroyAIPP(aipp));
  EXPECT_ACL_ERROR(aclmdlDestroyAIPP(aipp), kInvalid, "not live");
  EXPECT_ACL_ERROR(aclmdlSetAIPPInputFormat(aipp, ACL_RGB888_U8), kInvalid, "not live");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp, 0, 0, 0, 0, 0, 0), kInvalid, "not live");
}

TEST(MdlAippCreate, DataSize) {
  // 64 bytes of common parameters + 96 per batch (GE's kAippDynamicPara / kAippDynamicBatchPara).
  size_t size = 0;
  ASSERT_ACL_OK(aclmdlGetAippDataSize(1, &size));
  EXPECT_EQ(size, 160u);
  ASSERT_ACL_OK(aclmdlGetAippDataSize(4, &size));
  EXPECT_EQ(size, 448u);
  EXPECT_ACL_ERROR(aclmdlGetAippDataSize(0, &size), kInvalid, "batchSize");
  EXPECT_ACL_ERROR(aclmdlGetAippDataSize(1, nullptr), kInvalid, "size");
  EXPECT_ACL_ERROR(aclmdlGetAippDataSize(UINT64_MAX, &size), kInvalid, "overflow");
}

TEST_F(MdlAipp, InputFormat) {
  for (int f = ACL_YUV420SP_U8; f <= ACL_RAW24; ++f) {
    EXPECT_ACL_OK(aclmdlSetAIPPInputFormat(aipp_, static_cast<aclAippInputFormat>(f)));
  }
  EXPECT_ACL_ERROR(aclmdlSetAIPPInputFormat(aipp_, static_cast<aclAippInputFormat>(0)), kInvalid, "inputFormat");
  EXPECT_ACL_ERROR(MdlSetAIPPInputFormatRaw(aipp_, -1), kInvalid, "inputFormat");
  EXPECT_ACL_ERROR(MdlSetAIPPInputFormatRaw(aipp_, 0x10000), kInvalid, "inputFormat");
  EXPECT_ACL_ERROR(aclmdlSetAIPPInputFormat(aipp_, ACL_AIPP_RESERVED), kInvalid, "inputFormat");
  EXPECT_ACL_ERROR(aclmdlSetAIPPInputFormat(nullptr, ACL_RGB888_U8), kInvalid, "aippParmsSet");
}

TEST_F(MdlAipp, CscParams) {
  EXPECT_ACL_OK(aclmdlSetAIPPCscParams(aipp_, 1, 256, 0, 359, 256, -88, -183, 256, 454, 0, 0, 128, 128, 0, 128, 128));
  EXPECT_ACL_OK(aclmdlSetAIPPCscParams(aipp_, 1, -32677, 32676, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 0, 0, 0));
  EXPECT_ACL_ERROR(aclmdlSetAIPPCscParams(aipp_, 1, -32678, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), kInvalid,
                   "cscMatrixR0C0");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCscParams(aipp_, 1, 0, 0, 0, 0, 0, 0, 0, 0, 32677, 0, 0, 0, 0, 0, 0), kInvalid,
                   "cscMatrixR2C2");
  // Switch off: the matrix is not checked.
  EXPECT_ACL_OK(aclmdlSetAIPPCscParams(aipp_, 0, -32768, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  EXPECT_ACL_ERROR(aclmdlSetAIPPCscParams(aipp_, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), kInvalid,
                   "cscSwitch");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCscParams(aipp_, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), kInvalid,
                   "cscSwitch");
}

TEST_F(MdlAipp, SwapSwitches) {
  EXPECT_ACL_OK(aclmdlSetAIPPRbuvSwapSwitch(aipp_, 0));
  EXPECT_ACL_OK(aclmdlSetAIPPRbuvSwapSwitch(aipp_, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPRbuvSwapSwitch(aipp_, 2), kInvalid, "rbuvSwapSwitch");
  EXPECT_ACL_OK(aclmdlSetAIPPAxSwapSwitch(aipp_, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPAxSwapSwitch(aipp_, -1), kInvalid, "axSwapSwitch");
  EXPECT_ACL_ERROR(aclmdlSetAIPPAxSwapSwitch(nullptr, 0), kInvalid, "aippParmsSet");
}

TEST_F(MdlAipp, SrcImageSize) {
  EXPECT_ACL_OK(aclmdlSetAIPPSrcImageSize(aipp_, 224, 224));
  EXPECT_ACL_OK(aclmdlSetAIPPSrcImageSize(aipp_, 2, 1));
  EXPECT_ACL_OK(aclmdlSetAIPPSrcImageSize(aipp_, 4096, 4096));
  EXPECT_ACL_ERROR(aclmdlSetAIPPSrcImageSize(aipp_, 1, 224), kInvalid, "srcImageSizeW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPSrcImageSize(aipp_, 4097, 224), kInvalid, "srcImageSizeW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPSrcImageSize(aipp_, 224, 0), kInvalid, "srcImageSizeH");
  EXPECT_ACL_ERROR(aclmdlSetAIPPSrcImageSize(aipp_, 224, 4097), kInvalid, "srcImageSizeH");
}

TEST_F(MdlAipp, ScfParams) {
  EXPECT_ACL_OK(aclmdlSetAIPPScfParams(aipp_, 1, 640, 480, 224, 224, 0));
  EXPECT_ACL_OK(aclmdlSetAIPPScfParams(aipp_, 1, 16, 16, 1920, 4096, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 1, 15, 480, 224, 224, 0), kInvalid, "scfInputSizeW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 1, 640, 4097, 224, 224, 0), kInvalid, "scfInputSizeH");
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 1, 640, 480, 1921, 224, 0), kInvalid, "scfOutputSizeW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 1, 640, 480, 224, 15, 0), kInvalid, "scfOutputSizeH");
  EXPECT_ACL_OK(aclmdlSetAIPPScfParams(aipp_, 0, -1, -1, -1, -1, 0));  // off: sizes not checked
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 3, 640, 480, 224, 224, 0), kInvalid, "scfSwitch");
  EXPECT_ACL_ERROR(aclmdlSetAIPPScfParams(aipp_, 1, 640, 480, 224, 224, 2), kInvalid, "batchIndex");
}

TEST_F(MdlAipp, CropParams) {
  EXPECT_ACL_OK(aclmdlSetAIPPCropParams(aipp_, 1, 0, 0, 224, 224, 0));
  EXPECT_ACL_OK(aclmdlSetAIPPCropParams(aipp_, 1, 4095, 4095, 4096, 1, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, -1, 0, 224, 224, 0), kInvalid, "cropStartPosW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, 0, 4096, 224, 224, 0), kInvalid, "cropStartPosH");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, 0, 0, 0, 224, 0), kInvalid, "cropSizeW");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, 0, 0, 224, 4097, 0), kInvalid, "cropSizeH");
  EXPECT_ACL_OK(aclmdlSetAIPPCropParams(aipp_, 0, -5, -5, 0, 0, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, 0, 0, 224, 224, 2), kInvalid, "batchIndex 2");
  EXPECT_ACL_ERROR(aclmdlSetAIPPCropParams(aipp_, 1, 0, 0, 224, 224, UINT64_MAX), kInvalid, "batchIndex");
}

TEST_F(MdlAipp, PaddingParams) {
  EXPECT_ACL_OK(aclmdlSetAIPPPaddingParams(aipp_, 1, 0, 32, 1, 31, 0));
  EXPECT_ACL_ERROR(aclmdlSetAIPPPaddingParams(aipp_, 1, 33, 0, 0, 0, 0), kInvalid, "paddingSizeTop");
  EXPECT_ACL_ERROR(aclmdlSetAIPPPaddingParams(aipp_, 1, 0, -1, 0, 0, 0), kInvalid, "paddingSizeBottom");
  EXPECT_ACL_ERROR(aclmdlSetAIPPPaddingParams(aipp_, 1, 0, 0, 40, 0, 0), kInvalid, "paddingSizeLeft");
  EXPECT_ACL_ERROR(aclmdlSetAIPPPaddingParams(aipp_, 1, 0, 0, 0, 40, 0), kInvalid, "paddingSizeRight");
  EXPECT_ACL_OK(aclmdlSetAIPPPaddingParams(aipp_, 0, 99, 99, 99, 99, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPPaddingParams(aipp_, 1, 0, 0, 0, 0, 5), kInvalid, "batchIndex");
}

TEST_F(MdlAipp, PixelMeanMinVarReci) {
  EXPECT_ACL_OK(aclmdlSetAIPPDtcPixelMean(aipp_, 104, 117, 123, 0, 0));
  EXPECT_ACL_OK(aclmdlSetAIPPDtcPixelMean(aipp_, 0, 255, 0, 255, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMean(aipp_, 256, 0, 0, 0, 0), kInvalid, "dtcPixelMeanChn0");
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMean(aipp_, 0, 0, 0, -1, 0), kInvalid, "dtcPixelMeanChn3");
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMean(aipp_, 0, 0, 0, 0, 2), kInvalid, "batchIndex");

  EXPECT_ACL_OK(aclmdlSetAIPPDtcPixelMin(aipp_, 0.0f, 0.5f, 255.0f, 1.0f, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMin(aipp_, -0.5f, 0, 0, 0, 0), kInvalid, "dtcPixelMinChn0");
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMin(aipp_, 0, 255.5f, 0, 0, 0), kInvalid, "dtcPixelMinChn1");
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMin(aipp_, 0, 0, std::nanf(""), 0, 0), kInvalid, "dtcPixelMinChn2");
  EXPECT_ACL_ERROR(aclmdlSetAIPPDtcPixelMin(aipp_, 0, 0, 0, 0, 9), kInvalid, "batchIndex");

  EXPECT_ACL_OK(aclmdlSetAIPPPixelVarReci(aipp_, 0.0171f, 0.0175f, 0.0174f, 1.0f, 0));
  EXPECT_ACL_OK(aclmdlSetAIPPPixelVarReci(aipp_, -65504.0f, 65504.0f, 0.0f, -1.0f, 1));
  EXPECT_ACL_ERROR(aclmdlSetAIPPPixelVarReci(aipp_, 0, 0, 0, 70000.0f, 0), kInvalid, "dtcPixelVarReciChn3");
  EXPECT_ACL_ERROR(aclmdlSetAIPPPixelVarReci(aipp_, std::numeric_limits<float>::infinity(), 0, 0, 0, 0), kInvalid,
                   "dtcPixelVarReciChn0");
  EXPECT_ACL_ERROR(aclmdlSetAIPPPixelVarReci(nullptr, 1, 1, 1, 1, 0), kInvalid, "aippParmsSet");
}

TEST_F(MdlAipp, ModelCallsArgumentErrors) {
  aclmdlInputAippType type = ACL_DATA_WITH_STATIC_AIPP;
  size_t attached = 0;
  EXPECT_ACL_ERROR(aclmdlGetAippType(1, 0, nullptr, &attached), kInvalid, "type");
  EXPECT_ACL_ERROR(aclmdlGetAippType(1, 0, &type, nullptr), kInvalid, "dynamicAttachedDataIndex");
  EXPECT_ACL_ERROR(aclmdlGetFirstAippInfo(1, 0, nullptr), kInvalid, "aippInfo");

  aclmdlDataset* dataset = aclmdlCreateDataset();
  EXPECT_ACL_ERROR(aclmdlSetInputAIPP(1, nullptr, 0, aipp_), kInvalid, "dataset");
  EXPECT_ACL_ERROR(aclmdlSetInputAIPP(1, dataset, 0, nullptr), kInvalid, "aippParmsSet");
  EXPECT_ACL_ERROR(aclmdlSetAIPPByInputIndex(1, dataset, 0, nullptr), kInvalid, "aippParmsSet");
  EXPECT_ACL_ERROR(aclmdlSetAIPPByInputIndex(1, nullptr, 0, aipp_), kInvalid, "dataset");
  EXPECT_ACL_ERROR(aclmdlSetAIPPByInputIndex(1, dataset, 0, aipp_), kInvalid, "out of range");
  EXPECT_ACL_OK(aclmdlDestroyDataset(dataset));
}

TEST_F(MdlAipp, UnknownModelIsReportedLikeGetDesc) {
  aclmdlDesc* desc = aclmdlCreateDesc();
  const aclError expected = aclmdlGetDesc(desc, kUnknownModelId);
  ASSERT_NE(expected, ACL_SUCCESS);
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));

  aclmdlInputAippType type = ACL_DATA_WITH_STATIC_AIPP;
  size_t attached = 0;
  EXPECT_EQ(aclmdlGetAippType(kUnknownModelId, 0, &type, &attached), expected);
  EXPECT_EQ(attached, static_cast<size_t>(ACL_INVALID_NODE_INDEX));  // set before anything is checked
  aclAippInfo info;
  EXPECT_EQ(aclmdlGetFirstAippInfo(kUnknownModelId, 0, &info), expected);
  aclmdlDataset* dataset = aclmdlCreateDataset();
  aclDataBuffer* buffer = aclCreateDataBuffer(nullptr, 0);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset, buffer));
  EXPECT_EQ(aclmdlSetInputAIPP(kUnknownModelId, dataset, 0, aipp_), expected);
  EXPECT_EQ(aclmdlSetAIPPByInputIndex(kUnknownModelId, dataset, 0, aipp_), expected);
  EXPECT_ACL_OK(aclmdlDestroyDataset(dataset));
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

}  // namespace
