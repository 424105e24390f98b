/*
 * image_preprocess.h: the public ResNet-50 sample's preprocessing (its transferPic.py), in C++
 * with stb: decode a JPEG/PNG/BMP, resize to 256x256 (or the shorter side to 256, keeping the
 * aspect), centre-crop 224x224, RGB -> BGR, subtract the mean (B 104, G 117, R 123; no
 * scaling), planar NCHW, as fp16 or fp32. For a model input of another height/width the resize
 * and crop scale with it (resize = crop * 256 / 224).
 *
 * No AscendCL here: the functions are pure and unit-tested on tiny images. Errors come back as
 * false with a message; nothing throws.
 */
#ifndef RESNET50_CLASSIFICATION_IMAGE_PREPROCESS_H
#define RESNET50_CLASSIFICATION_IMAGE_PREPROCESS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

// An 8-bit interleaved RGB image.
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // height * width * 3
};

enum class ResizeMode {
  kSquare,       // to resize x resize, as the public sample's script (aspect not kept)
  kShorterSide,  // the shorter side to `resize`, aspect kept (torchvision's Resize(256))
};

struct PreprocessConfig {
  int cropWidth = 224;
  int cropHeight = 224;
  int resize = 256;  // see ResizeMode
  ResizeMode mode = ResizeMode::kSquare;
  float meanBgr[3] = {104.0f, 117.0f, 123.0f};
};

// Decodes an image file (any format stb_image reads) to RGB.
bool DecodeImage(const std::string& path, RgbImage* image, std::string* error);
// Decodes an image held in memory.
bool DecodeImageFromMemory(const uint8_t* data, size_t size, RgbImage* image, std::string* error);

// Resizes with stb_image_resize's default filters; returns the input when the size is equal.
bool ResizeImage(const RgbImage& in, int width, int height, RgbImage* out, std::string* error);
// Cuts the centred width x height window (offsets rounded down, as the script's int()).
bool CenterCrop(const RgbImage& in, int width, int height, RgbImage* out, std::string* error);
// Planar BGR minus mean: out[c * h * w + y * w + x] for c = B, G, R.
void ToBgrNchw(const RgbImage& in, const float meanBgr[3], float* out);
void ToBgrNchwHalf(const RgbImage& in, const float meanBgr[3], uint16_t* out);

// Decode + resize + crop; the image the model sees, as RGB.
bool PrepareImage(const std::string& path, const PreprocessConfig& config, RgbImage* out, std::string* error);

// The whole pipeline into one [1, 3, cropHeight, cropWidth] tensor, fp16 (2 bytes/value) or
// fp32 (4 bytes), written at `out` (which must hold 3 * cropHeight * cropWidth values).
bool PreprocessImage(const std::string& path, const PreprocessConfig& config, bool fp16, void* out, std::string* error);

#endif  // RESNET50_CLASSIFICATION_IMAGE_PREPROCESS_H
