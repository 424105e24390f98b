/*
 * test_image_preprocess.cpp: unit tests of the sample's model-independent parts on tiny
 * images: fp16 conversion, resize, centre crop, BGR planes minus the mean, fp16/fp32 tensors,
 * decoding, the shipped picture. No AscendCL, no model.
 */
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "fp16.h"
#include "image_preprocess.h"

namespace {

RgbImage Pattern(int width, int height) {
  RgbImage image;
  image.width = width;
  image.height = height;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      image.pixels.push_back(static_cast<uint8_t>(10 * x + y));  // R
      image.pixels.push_back(static_cast<uint8_t>(100 + x));     // G
      image.pixels.push_back(static_cast<uint8_t>(200 + y));     // B
    }
  }
  return image;
}

TEST(Resnet50SampleFp16, ExactAndRoundedValues) {
  EXPECT_EQ(FloatToHalf(0.0f), 0x0000);
  EXPECT_EQ(FloatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(FloatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(FloatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(FloatToHalf(-104.0f), 0xd680);
  EXPECT_EQ(FloatToHalf(151.0f), 0x58b8);
  EXPECT_EQ(FloatToHalf(0.1f), 0x2e66);
  EXPECT_EQ(FloatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(FloatToHalf(65519.0f), 0x7bff);  // below the midpoint to infinity
  EXPECT_EQ(FloatToHalf(65520.0f), 0x7c00);  // ties to even: overflow
  EXPECT_EQ(FloatToHalf(1e9f), 0x7c00);
  EXPECT_EQ(FloatToHalf(-std::numeric_limits<float>::infinity()), 0xfc00);
  EXPECT_EQ(FloatToHalf(std::nanf("")) & 0x7c00, 0x7c00);
  EXPECT_NE(FloatToHalf(std::nanf("")) & 0x03ff, 0);
  EXPECT_EQ(FloatToHalf(1.0f + 1.0f / 2048), 0x3c00);     // tie, rounds to even (down)
  EXPECT_EQ(FloatToHalf(1.0f + 3.0f / 2048), 0x3c02);     // tie, rounds to even (up)
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -24)), 0x0001);  // smallest subnormal
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -25)), 0x0000);  // half of it: tie to even (zero)
  EXPECT_EQ(FloatToHalf(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -15)), 0x0200);     // subnormal
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -14)), 0x0400);     // smallest normal
  EXPECT_EQ(FloatToHalf(std::ldexp(1023.5f, -24)), 0x0400);  // subnormal rounding carries to normal
}

TEST(Resnet50SampleFp16, RoundTripsEveryFiniteHalf) {
  for (uint32_t h = 0; h < 0x10000u; ++h) {
    const uint16_t half = static_cast<uint16_t>(h);
    if ((half & 0x7c00u) == 0x7c00u) {
      continue;  // Inf/NaN
    }
    ASSERT_EQ(FloatToHalf(HalfToFloat(half)), half) << std::hex << h;
  }
  EXPECT_EQ(HalfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_TRUE(std::isinf(HalfToFloat(0x7c00)));
  EXPECT_TRUE(std::isnan(HalfToFloat(0x7e00)));
}

TEST(Resnet50SamplePreprocess, CenterCropTakesTheMiddle) {
  const RgbImage image = Pattern(6, 5);
  RgbImage crop;
  std::string error;
  ASSERT_TRUE(CenterCrop(image, 4, 2, &crop, &error)) << error;
  ASSERT_EQ(crop.width, 4);
  ASSERT_EQ(crop.height, 2);
  // Offsets (6-4)/2 = 1 and (5-2)/2 = 1 (rounded down, as the script's int()).
  EXPECT_EQ(crop.pixels[0], 10 * 1 + 1);
  EXPECT_EQ(crop.pixels[(1 * 4 + 3) * 3 + 1], 100 + 4);
  EXPECT_FALSE(CenterCrop(image, 7, 2, &crop, &error));
  EXPECT_NE(error.find("does not fit"), std::string::npos);
}

TEST(Resnet50SamplePreprocess, ResizeKeepsConstantsAndOrder) {
  RgbImage flat;
  flat.width = 7;
  flat.height = 5;
  for (int i = 0; i < 35; ++i) {
    flat.pixels.insert(flat.pixels.end(), {30, 60, 90});
  }
  RgbImage out;
  std::string error;
  ASSERT_TRUE(ResizeImage(flat, 16, 12, &out, &error)) << error;
  ASSERT_EQ(out.pixels.size(), 16u * 12u * 3u);
  for (size_t i = 0; i < out.pixels.size(); i += 3) {
    ASSERT_EQ(out.pixels[i], 30);
    ASSERT_EQ(out.pixels[i + 1], 60);
    ASSERT_EQ(out.pixels[i + 2], 90);
  }
  // A horizontal ramp stays a (non-decreasing) ramp when halved.
  RgbImage ramp = Pattern(16, 4);
  ASSERT_TRUE(ResizeImage(ramp, 8, 2, &out, &error)) << error;
  for (int x = 1; x < 8; ++x) {
    EXPECT_GE(out.pixels[x * 3 + 1], out.pixels[(x - 1) * 3 + 1]);
  }
  EXPECT_FALSE(ResizeImage(ramp, 0, 2, &out, &error));
}

TEST(Resnet50SamplePreprocess, BgrPlanesMinusMean) {
  const RgbImage image = Pattern(3, 2);
  const float mean[3] = {104.0f, 117.0f, 123.0f};
  std::vector<float> out(3 * 6);
  ToBgrNchw(image, mean, out.data());
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 3; ++x) {
      const int i = y * 3 + x;
      EXPECT_EQ(out[i], 200 + y - 104.0f);          // plane 0: B
      EXPECT_EQ(out[6 + i], 100 + x - 117.0f);      // plane 1: G
      EXPECT_EQ(out[12 + i], 10 * x + y - 123.0f);  // plane 2: R
    }
  }
  std::vector<uint16_t> half(3 * 6);
  ToBgrNchwHalf(image, mean, half.data());
  for (size_t i = 0; i < half.size(); ++i) {
    EXPECT_EQ(HalfToFloat(half[i]), out[i]);  // integers in [-123, 151]: exact in fp16
  }
}

// Writes a tiny picture as PNG (lossless) and runs the whole pipeline on it.
TEST(Resnet50SamplePreprocess, WholePipelineOnATinyPicture) {
  const RgbImage image = Pattern(10, 8);
  const std::string path = testing::TempDir() + "resnet50_preprocess_tiny.png";
  ASSERT_TRUE(stbi_write_png(path.c_str(), 10, 8, 3, image.pixels.data(), 30));
  RgbImage decoded;
  std::string error;
  ASSERT_TRUE(DecodeImage(path, &decoded, &error)) << error;
  EXPECT_EQ(decoded.pixels, image.pixels);

  PreprocessConfig config;  // crop 4x4, resize 4*256/224 = 4: the crop is the whole resized image
  config.cropWidth = 4;
  config.cropHeight = 4;
  RgbImage prepared;
  ASSERT_TRUE(PrepareImage(path, config, &prepared, &error)) << error;
  EXPECT_EQ(prepared.width, 4);
  EXPECT_EQ(prepared.height, 4);

  config.cropWidth = 7;  // resize 8x8 square, crop 7x7 at offset 0
  config.cropHeight = 7;
  std::vector<uint16_t> tensor(3 * 7 * 7);
  ASSERT_TRUE(PreprocessImage(path, config, true, tensor.data(), &error)) << error;
  ASSERT_TRUE(PrepareImage(path, config, &prepared, &error)) << error;
  EXPECT_EQ(HalfToFloat(tensor[0]), prepared.pixels[2] - 104.0f);
  EXPECT_EQ(HalfToFloat(tensor[2 * 49 + 48]), prepared.pixels[48 * 3] - 123.0f);

  config.mode = ResizeMode::kShorterSide;  // 10x8 -> shorter side 8: 10x8, crop 7x7
  ASSERT_TRUE(PrepareImage(path, config, &prepared, &error)) << error;
  EXPECT_EQ(prepared.width, 7);
  // Same size as decoded: no resampling, the crop is at (1, 0).
  EXPECT_EQ(prepared.pixels[0], image.pixels[(0 * 10 + 1) * 3]);
  std::remove(path.c_str());
}

TEST(Resnet50SamplePreprocess, ReportsUndecodableFiles) {
  RgbImage image;
  std::string error;
  EXPECT_FALSE(DecodeImage("/nonexistent/picture.jpg", &image, &error));
  EXPECT_NE(error.find("/nonexistent/picture.jpg"), std::string::npos);
  const uint8_t junk[] = {1, 2, 3, 4};
  EXPECT_FALSE(DecodeImageFromMemory(junk, sizeof(junk), &image, &error));
}

TEST(Resnet50SamplePreprocess, ShippedPicture) {
  RgbImage image;
  std::string error;
  ASSERT_TRUE(DecodeImage(RESNET50_SAMPLE_DIR "/data/house_320x240.jpg", &image, &error)) << error;
  EXPECT_EQ(image.width, 320);
  EXPECT_EQ(image.height, 240);
  PreprocessConfig config;
  std::vector<uint16_t> tensor(3 * 224 * 224);
  ASSERT_TRUE(PreprocessImage(RESNET50_SAMPLE_DIR "/data/house_320x240.jpg", config, true, tensor.data(), &error));
  float lo = 1e9f, hi = -1e9f;
  for (uint16_t h : tensor) {
    lo = std::min(lo, HalfToFloat(h));
    hi = std::max(hi, HalfToFloat(h));
  }
  EXPECT_GE(lo, -123.0f);
  EXPECT_LE(hi, 151.0f);
  EXPECT_GT(hi - lo, 100.0f);  // a real picture, not a flat one
}

}  // namespace
