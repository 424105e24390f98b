// DVPP crop-and-paste + JPEG encode, the way the public crop/paste and JPEGE samples do it:
// a JPEG is decoded (JPEGD) to YUV420SP, two of its regions are cropped, scaled and pasted
// into a 640x480 canvas (VPC, acldvppVpcCropAndPasteAsync: a centre crop at its own scale
// and the whole picture shrunk), and the canvas is encoded back to JPEG (JPEGE) and written.
//
// Usage: dvpp_crop_paste_jpege --image in.jpg --output out.jpg
#include <stdio.h>
#include <string.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_dvpp.h"

namespace {

const uint32_t kCanvasW = 640, kCanvasH = 480;

#define CHECK(expr)                                                                              \
  do {                                                                                           \
    aclError ret_ = (expr);                                                                      \
    if (ret_ != ACL_SUCCESS) {                                                                   \
      const char* msg_ = aclGetRecentErrMsg();                                                   \
      fprintf(stderr, "[ERROR] %s failed, errorCode is %d: %s\n", #expr, static_cast<int>(ret_), \
              msg_ != NULL ? msg_ : "");                                                         \
      return 1;                                                                                  \
    }                                                                                            \
  } while (0)

uint32_t AlignUp(uint32_t value, uint32_t align) {
  return (value + align - 1) / align * align;
}

acldvppPicDesc* MakePicDesc(void* data, uint32_t size, uint32_t w, uint32_t h, uint32_t ws, uint32_t hs) {
  acldvppPicDesc* desc = acldvppCreatePicDesc();
  acldvppSetPicDescData(desc, data);
  acldvppSetPicDescSize(desc, size);
  acldvppSetPicDescFormat(desc, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(desc, w);
  acldvppSetPicDescHeight(desc, h);
  acldvppSetPicDescWidthStride(desc, ws);
  acldvppSetPicDescHeightStride(desc, hs);
  return desc;
}

int Run(const std::string& image, const std::string& output, aclrtStream stream) {
  std::ifstream file(image.c_str(), std::ios::binary);
  std::vector<char> jpeg((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (jpeg.empty()) {
    fprintf(stderr, "[ERROR] cannot read %s\n", image.c_str());
    return 1;
  }
  const uint32_t jpeg_size = static_cast<uint32_t>(jpeg.size());
  uint32_t w = 0, h = 0;
  int32_t components = 0;
  CHECK(acldvppJpegGetImageInfo(jpeg.data(), jpeg_size, &w, &h, &components));

  acldvppChannelDesc* channel = acldvppCreateChannelDesc();
  CHECK(acldvppCreateChannel(channel));

  // JPEGD.
  void* jpeg_dev = NULL;
  CHECK(acldvppMalloc(&jpeg_dev, jpeg_size));
  CHECK(aclrtMemcpy(jpeg_dev, jpeg_size, jpeg.data(), jpeg_size, ACL_MEMCPY_HOST_TO_DEVICE));
  uint32_t decoded_size = 0;
  CHECK(acldvppJpegPredictDecSize(jpeg.data(), jpeg_size, PIXEL_FORMAT_YUV_SEMIPLANAR_420, &decoded_size));
  void* decoded = NULL;
  CHECK(acldvppMalloc(&decoded, decoded_size));
  const char* soc = aclrtGetSocName();
  const bool is_310p = soc != NULL && strncmp(soc, "Ascend310P3", strlen("Ascend310P3")) == 0;
  const uint32_t dws = AlignUp(w, is_310p ? 64 : 128), dhs = AlignUp(h, 16);
  acldvppPicDesc* decoded_desc = MakePicDesc(decoded, decoded_size, w, h, dws, dhs);
  CHECK(acldvppJpegDecodeAsync(channel, jpeg_dev, jpeg_size, decoded_desc, stream));

  // The canvas: black in YUV (Y 16, U = V = 128).
  const uint32_t canvas_size = kCanvasW * kCanvasH * 3 / 2;
  void* canvas = NULL;
  CHECK(acldvppMalloc(&canvas, canvas_size));
  CHECK(aclrtMemsetAsync(canvas, canvas_size, 16, kCanvasW * kCanvasH, stream));
  CHECK(aclrtMemsetAsync(static_cast<char*>(canvas) + kCanvasW * kCanvasH, canvas_size - kCanvasW * kCanvasH, 128,
                         kCanvasW * kCanvasH / 2, stream));
  acldvppPicDesc* canvas_desc = MakePicDesc(canvas, canvas_size, kCanvasW, kCanvasH, kCanvasW, kCanvasH);
  // The VPC reads the decoded picture at even sizes.
  acldvppPicDesc* vpc_in = MakePicDesc(decoded, decoded_size, w / 2 * 2, h / 2 * 2, dws, dhs);

  // 1: the centre half of the picture, at its own size, at the canvas' top left (16, 16).
  const uint32_t cw = w / 4 * 2, ch = h / 4 * 2;                // even sizes
  const uint32_t cx = (w - cw) / 4 * 2, cy = (h - ch) / 4 * 2;  // even offsets
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(cx, cx + cw - 1, cy, cy + ch - 1);
  acldvppRoiConfig* paste = acldvppCreateRoiConfig(16, 16 + cw - 1, 16, 16 + ch - 1);
  CHECK(acldvppVpcCropAndPasteAsync(channel, vpc_in, canvas_desc, crop, paste, stream));
  // 2: the whole picture shrunk to 256x192 at the bottom right.
  CHECK(acldvppSetRoiConfig(crop, 0, w / 2 * 2 - 1, 0, h / 2 * 2 - 1));
  CHECK(acldvppSetRoiConfig(paste, kCanvasW - 16 - 256, kCanvasW - 16 - 1, kCanvasH - 16 - 192, kCanvasH - 16 - 1));
  CHECK(acldvppVpcCropAndPasteAsync(channel, vpc_in, canvas_desc, crop, paste, stream));
  CHECK(aclrtSynchronizeStream(stream));
  printf("[INFO] jpegd + crop and paste success: %u x %u into %u x %u\n", w, h, kCanvasW, kCanvasH);

  // JPEGE.
  acldvppJpegeConfig* jpege = acldvppCreateJpegeConfig();
  CHECK(acldvppSetJpegeConfigLevel(jpege, 90));
  uint32_t encoded_size = 0;
  CHECK(acldvppJpegPredictEncSize(canvas_desc, jpege, &encoded_size));
  void* encoded = NULL;
  CHECK(acldvppMalloc(&encoded, encoded_size));
  CHECK(acldvppJpegEncodeAsync(channel, canvas_desc, encoded, &encoded_size, jpege, stream));
  CHECK(aclrtSynchronizeStream(stream));
  std::vector<char> out(encoded_size);
  CHECK(aclrtMemcpy(out.data(), out.size(), encoded, encoded_size, ACL_MEMCPY_DEVICE_TO_HOST));
  std::ofstream(output.c_str(), std::ios::binary).write(out.data(), static_cast<std::streamsize>(out.size()));
  uint32_t ow = 0, oh = 0;
  CHECK(acldvppJpegGetImageInfo(out.data(), encoded_size, &ow, &oh, &components));
  printf("[INFO] jpege success: %s, %u bytes, %u x %u\n", output.c_str(), encoded_size, ow, oh);

  acldvppDestroyJpegeConfig(jpege);
  acldvppDestroyRoiConfig(paste);
  acldvppDestroyRoiConfig(crop);
  acldvppDestroyPicDesc(vpc_in);
  acldvppDestroyPicDesc(canvas_desc);
  acldvppDestroyPicDesc(decoded_desc);
  acldvppFree(encoded);
  acldvppFree(canvas);
  acldvppFree(decoded);
  acldvppFree(jpeg_dev);
  acldvppDestroyChannel(channel);
  acldvppDestroyChannelDesc(channel);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string image, output = "crop_paste.jpg";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--image") == 0) image = argv[i + 1];
    if (strcmp(argv[i], "--output") == 0) output = argv[i + 1];
  }
  if (image.empty()) {
    fprintf(stderr, "usage: %s --image in.jpg [--output out.jpg]\n", argv[0]);
    return 2;
  }
  CHECK(aclInit(NULL));
  CHECK(aclrtSetDevice(0));
  aclrtStream stream = NULL;
  CHECK(aclrtCreateStream(&stream));
  const int ret = Run(image, output, stream);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  if (ret == 0) printf("[INFO] execute sample success\n");
  return ret;
}
