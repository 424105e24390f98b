// See dvpp_process.h. Written the way the public vpc/jpeg ResNet-50 sample is: sizes from
// acldvppJpegGetImageInfo and acldvppJpegPredictDecSize, JPEGD strides aligned to 128 x 16
// (64 x 16 on an Ascend310P3, chosen by aclrtGetSocName), VPC strides 16 x 2.
#include "dvpp_process.h"

#include <stdio.h>
#include <string.h>

#include <fstream>
#include <iterator>
#include <vector>

namespace {

uint32_t AlignUp(uint32_t value, uint32_t align) {
  return (value + align - 1) / align * align;
}

#define DVPP_CHECK(expr)                                                                         \
  do {                                                                                           \
    aclError ret_ = (expr);                                                                      \
    if (ret_ != ACL_SUCCESS) {                                                                   \
      const char* msg_ = aclGetRecentErrMsg();                                                   \
      fprintf(stderr, "[ERROR] %s failed, errorCode is %d: %s\n", #expr, static_cast<int>(ret_), \
              msg_ != NULL ? msg_ : "");                                                         \
      return false;                                                                              \
    }                                                                                            \
  } while (0)

}  // namespace

DvppProcess::DvppProcess(aclrtStream stream, uint32_t model_width, uint32_t model_height)
    : stream_(stream), model_width_(model_width), model_height_(model_height) {}

DvppProcess::~DvppProcess() {
  if (resize_out_desc_ != NULL) acldvppDestroyPicDesc(resize_out_desc_);
  if (resize_in_desc_ != NULL) acldvppDestroyPicDesc(resize_in_desc_);
  if (decode_out_desc_ != NULL) acldvppDestroyPicDesc(decode_out_desc_);
  if (resize_out_ != NULL) acldvppFree(resize_out_);
  if (decode_out_ != NULL) acldvppFree(decode_out_);
  if (jpeg_dev_ != NULL) acldvppFree(jpeg_dev_);
  if (resize_config_ != NULL) acldvppDestroyResizeConfig(resize_config_);
  if (channel_ != NULL) {
    acldvppDestroyChannel(channel_);
    acldvppDestroyChannelDesc(channel_);
  }
}

bool DvppProcess::Init() {
  channel_ = acldvppCreateChannelDesc();
  if (channel_ == NULL) {
    fprintf(stderr, "[ERROR] acldvppCreateChannelDesc failed\n");
    return false;
  }
  DVPP_CHECK(acldvppCreateChannel(channel_));
  resize_config_ = acldvppCreateResizeConfig();
  if (resize_config_ == NULL) {
    fprintf(stderr, "[ERROR] acldvppCreateResizeConfig failed\n");
    return false;
  }
  printf("[INFO] dvpp init resource success\n");
  return true;
}

bool DvppProcess::Decode(const std::string& jpeg_path) {
  std::ifstream file(jpeg_path.c_str(), std::ios::binary);
  if (!file) {
    fprintf(stderr, "[ERROR] cannot open image %s\n", jpeg_path.c_str());
    return false;
  }
  std::vector<char> jpeg((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const uint32_t jpeg_size = static_cast<uint32_t>(jpeg.size());
  int32_t components = 0;
  DVPP_CHECK(acldvppJpegGetImageInfo(jpeg.data(), jpeg_size, &decode_width_, &decode_height_, &components));
  printf("[INFO] image %s: %u x %u, %d components\n", jpeg_path.c_str(), decode_width_, decode_height_, components);
  DVPP_CHECK(acldvppJpegPredictDecSize(jpeg.data(), jpeg_size, PIXEL_FORMAT_YUV_SEMIPLANAR_420, &decode_out_size_));

  DVPP_CHECK(acldvppMalloc(&jpeg_dev_, jpeg_size));
  DVPP_CHECK(aclrtMemcpy(jpeg_dev_, jpeg_size, jpeg.data(), jpeg_size, ACL_MEMCPY_HOST_TO_DEVICE));
  DVPP_CHECK(acldvppMalloc(&decode_out_, decode_out_size_));

  const char* soc = aclrtGetSocName();
  const bool is_310p = soc != NULL && strncmp(soc, "Ascend310P3", strlen("Ascend310P3")) == 0;
  decode_width_stride_ = AlignUp(decode_width_, is_310p ? 64 : 128);
  decode_height_stride_ = AlignUp(decode_height_, 16);
  decode_out_desc_ = acldvppCreatePicDesc();
  acldvppSetPicDescData(decode_out_desc_, decode_out_);
  acldvppSetPicDescFormat(decode_out_desc_, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(decode_out_desc_, decode_width_);
  acldvppSetPicDescHeight(decode_out_desc_, decode_height_);
  acldvppSetPicDescWidthStride(decode_out_desc_, decode_width_stride_);
  acldvppSetPicDescHeightStride(decode_out_desc_, decode_height_stride_);
  acldvppSetPicDescSize(decode_out_desc_, decode_out_size_);
  DVPP_CHECK(acldvppJpegDecodeAsync(channel_, jpeg_dev_, jpeg_size, decode_out_desc_, stream_));
  DVPP_CHECK(aclrtSynchronizeStream(stream_));
  if (acldvppGetPicDescRetCode(decode_out_desc_) != 0) {
    fprintf(stderr, "[ERROR] JPEGD ret code %u\n", acldvppGetPicDescRetCode(decode_out_desc_));
    return false;
  }
  printf("[INFO] jpegd success: %u x %u, strides %u x %u\n", decode_width_, decode_height_, decode_width_stride_,
         decode_height_stride_);
  return true;
}

bool DvppProcess::Resize() {
  // The VPC reads the decoded picture with even sizes (YUV420SP).
  resize_in_desc_ = acldvppCreatePicDesc();
  acldvppSetPicDescData(resize_in_desc_, decode_out_);
  acldvppSetPicDescFormat(resize_in_desc_, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(resize_in_desc_, decode_width_ / 2 * 2);
  acldvppSetPicDescHeight(resize_in_desc_, decode_height_ / 2 * 2);
  acldvppSetPicDescWidthStride(resize_in_desc_, decode_width_stride_);
  acldvppSetPicDescHeightStride(resize_in_desc_, decode_height_stride_);
  acldvppSetPicDescSize(resize_in_desc_, decode_out_size_);

  const uint32_t out_ws = AlignUp(model_width_, 16), out_hs = AlignUp(model_height_, 2);
  resize_out_size_ = out_ws * out_hs * 3 / 2;
  DVPP_CHECK(acldvppMalloc(&resize_out_, resize_out_size_));
  resize_out_desc_ = acldvppCreatePicDesc();
  acldvppSetPicDescData(resize_out_desc_, resize_out_);
  acldvppSetPicDescFormat(resize_out_desc_, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(resize_out_desc_, model_width_);
  acldvppSetPicDescHeight(resize_out_desc_, model_height_);
  acldvppSetPicDescWidthStride(resize_out_desc_, out_ws);
  acldvppSetPicDescHeightStride(resize_out_desc_, out_hs);
  acldvppSetPicDescSize(resize_out_desc_, resize_out_size_);
  DVPP_CHECK(acldvppVpcResizeAsync(channel_, resize_in_desc_, resize_out_desc_, resize_config_, stream_));
  DVPP_CHECK(aclrtSynchronizeStream(stream_));
  printf("[INFO] vpc resize success: %u x %u\n", model_width_, model_height_);
  return true;
}

bool DvppProcess::Process(const std::string& jpeg_path) {
  return Decode(jpeg_path) && Resize();
}
