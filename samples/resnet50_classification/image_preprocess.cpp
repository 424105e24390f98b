/*
 * image_preprocess.cpp: decode (stb_image), resize (stb_image_resize), crop, BGR, mean, NCHW,
 * fp16. The stb implementations come from Debian's libstb, so only the declarations are
 * included here.
 */
#include "image_preprocess.h"

#include <stb_image.h>
#include <stb_image_resize.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "fp16.h"

namespace {

bool FromStb(unsigned char* data, int width, int height, RgbImage* image, std::string* error) {
  if (data == nullptr) {
    const char* reason = stbi_failure_reason();
    *error = std::string("cannot decode the image: ") + (reason != nullptr ? reason : "unknown reason");
    return false;
  }
  image->width = width;
  image->height = height;
  image->pixels.assign(data, data + static_cast<size_t>(width) * height * 3);
  stbi_image_free(data);
  return true;
}

}  // namespace

bool DecodeImage(const std::string& path, RgbImage* image, std::string* error) {
  int width = 0;
  int height = 0;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &width, &height, &channels, 3);
  if (!FromStb(data, width, height, image, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

bool DecodeImageFromMemory(const uint8_t* data, size_t size, RgbImage* image, std::string* error) {
  if (size > static_cast<size_t>(std::numeric_limits<int>::max())) {
    *error = "image too large";
    return false;
  }
  int width = 0;
  int height = 0;
  int channels = 0;
  unsigned char* pixels = stbi_load_from_memory(data, static_cast<int>(size), &width, &height, &channels, 3);
  return FromStb(pixels, width, height, image, error);
}

bool ResizeImage(const RgbImage& in, int width, int height, RgbImage* out, std::string* error) {
  if (width <= 0 || height <= 0 || in.width <= 0 || in.height <= 0) {
    *error = "resize: empty image or size";
    return false;
  }
  if (width == in.width && height == in.height) {
    *out = in;
    return true;
  }
  RgbImage result;
  result.width = width;
  result.height = height;
  result.pixels.resize(static_cast<size_t>(width) * height * 3);
  if (!stbir_resize_uint8(in.pixels.data(), in.width, in.height, 0, result.pixels.data(), width, height, 0, 3)) {
    *error = "resize: stbir_resize_uint8 failed";
    return false;
  }
  *out = result;
  return true;
}

bool CenterCrop(const RgbImage& in, int width, int height, RgbImage* out, std::string* error) {
  if (width <= 0 || height <= 0 || width > in.width || height > in.height) {
    *error = "crop " + std::to_string(width) + "x" + std::to_string(height) + " does not fit in " +
             std::to_string(in.width) + "x" + std::to_string(in.height);
    return false;
  }
  const int left = (in.width - width) / 2;
  const int top = (in.height - height) / 2;
  RgbImage result;
  result.width = width;
  result.height = height;
  result.pixels.resize(static_cast<size_t>(width) * height * 3);
  for (int y = 0; y < height; ++y) {
    const uint8_t* src = &in.pixels[(static_cast<size_t>(top + y) * in.width + left) * 3];
    std::copy(src, src + static_cast<size_t>(width) * 3, &result.pixels[static_cast<size_t>(y) * width * 3]);
  }
  *out = result;
  return true;
}

namespace {

template <typename T, typename Convert>
void ToBgrPlanes(const RgbImage& in, const float meanBgr[3], T* out, Convert convert) {
  const size_t plane = static_cast<size_t>(in.width) * in.height;
  for (size_t i = 0; i < plane; ++i) {
    const uint8_t* rgb = &in.pixels[i * 3];
    out[i] = convert(rgb[2] - meanBgr[0]);              // B
    out[plane + i] = convert(rgb[1] - meanBgr[1]);      // G
    out[2 * plane + i] = convert(rgb[0] - meanBgr[2]);  // R
  }
}

}  // namespace

void ToBgrNchw(const RgbImage& in, const float meanBgr[3], float* out) {
  ToBgrPlanes(in, meanBgr, out, [](float v) { return v; });
}

void ToBgrNchwHalf(const RgbImage& in, const float meanBgr[3], uint16_t* out) {
  ToBgrPlanes(in, meanBgr, out, [](float v) { return FloatToHalf(v); });
}

bool PrepareImage(const std::string& path, const PreprocessConfig& config, RgbImage* out, std::string* error) {
  RgbImage decoded;
  if (!DecodeImage(path, &decoded, error)) {
    return false;
  }
  // The resize target scales with the crop: 256 for 224, as the public sample.
  int width = config.resize * config.cropWidth / 224;
  int height = config.resize * config.cropHeight / 224;
  if (config.mode == ResizeMode::kShorterSide) {
    const double scale = decoded.width < decoded.height ? static_cast<double>(width) / decoded.width
                                                        : static_cast<double>(height) / decoded.height;
    width = std::max(config.cropWidth, static_cast<int>(std::lround(decoded.width * scale)));
    height = std::max(config.cropHeight, static_cast<int>(std::lround(decoded.height * scale)));
  }
  RgbImage resized;
  return ResizeImage(decoded, width, height, &resized, error) &&
         CenterCrop(resized, config.cropWidth, config.cropHeight, out, error);
}

bool PreprocessImage(const std::string& path, const PreprocessConfig& config, bool fp16, void* out,
                     std::string* error) {
  RgbImage cropped;
  if (!PrepareImage(path, config, &cropped, error)) {
    return false;
  }
  if (fp16) {
    ToBgrNchwHalf(cropped, config.meanBgr, static_cast<uint16_t*>(out));
  } else {
    ToBgrNchw(cropped, config.meanBgr, static_cast<float*>(out));
  }
  return true;
}
