// PNG probe and decode on libpng, reading from memory. libpng reports errors by longjmp; every
// setjmp lives in a small function of this file whose frame holds no C++ object with a
// destructor, and whose locals are not modified between the setjmp and a possible longjmp.
//
// Owns: the libpng read structures of one call (destroyed on every path). Thread safety:
// reentrant (no globals; the error message travels in the per-call PngSource).
// Failure: Status (see png_codec.h); std::bad_alloc becomes err::kBadAlloc.
#include <png.h>

#include <csetjmp>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "runtime/dvpp/png_codec.h"

namespace asim::dvpp {
namespace {

// The bytes being read and the first libpng error message: plain data, safe across longjmp.
struct PngSource {
  const uint8_t* data;
  size_t size;
  size_t pos;
  char message[200];
};

void OnError(png_structp png, png_const_charp message) {
  auto* source = static_cast<PngSource*>(png_get_error_ptr(png));
  if (source != nullptr && source->message[0] == '\0') {
    std::strncpy(source->message, message != nullptr ? message : "unknown error", sizeof(source->message) - 1);
    source->message[sizeof(source->message) - 1] = '\0';
  }
  png_longjmp(png, 1);
}

void OnWarning(png_structp, png_const_charp) {}

void ReadFromMemory(png_structp png, png_bytep out, size_t length) {
  auto* source = static_cast<PngSource*>(png_get_io_ptr(png));
  if (length > source->size - source->pos) png_error(png, "PNG data ends early (truncated file)");
  std::memcpy(out, source->data + source->pos, length);
  source->pos += length;
}

// What the decode needs to know after png_read_info.
struct PngHeader {
  png_uint_32 width;
  png_uint_32 height;
  int bit_depth;
  int color_type;
  int interlace;
  int has_trns;
};

// The setjmp frames. Return 0 on success, 1 after a libpng error (message in the source).
int ReadHeader(png_structp png, png_infop info, PngHeader* header) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_read_info(png, info);
  header->width = png_get_image_width(png, info);
  header->height = png_get_image_height(png, info);
  header->bit_depth = png_get_bit_depth(png, info);
  header->color_type = png_get_color_type(png, info);
  header->interlace = png_get_interlace_type(png, info);
  header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0 ? 1 : 0;
  return 0;
}

// Sets up the transformations for `channels` (3 or 4) output bytes per pixel and reads every
// pass of every row into `rows`; *row_bytes receives libpng's row size after the transforms.
int ReadRows(png_structp png, png_infop info, const PngHeader* header, int channels, png_bytepp rows,
             size_t* row_bytes) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_set_expand(png);  // palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha
  png_set_strip_16(png);
  const int color = header->color_type;
  if ((color & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  const int has_alpha = (color & PNG_COLOR_MASK_ALPHA) != 0 || header->has_trns != 0;
  if (channels == 4 && has_alpha == 0) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  if (channels == 3 && has_alpha != 0) png_set_strip_alpha(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  *row_bytes = png_get_rowbytes(png, info);
  if (*row_bytes != static_cast<size_t>(header->width) * static_cast<size_t>(channels)) {
    png_error(png, "unexpected row size after the colour transformations");
  }
  png_read_image(png, rows);
  png_read_end(png, nullptr);
  return 0;
}

// The libpng structures of one call; the destructor frees them (outside any setjmp frame).
class PngReader {
 public:
  PngReader(const uint8_t* data, size_t size) : source_{data, size, 0, {}} {
    png_ = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source_, OnError, OnWarning);
    if (png_ != nullptr) info_ = png_create_info_struct(png_);
    if (png_ != nullptr) png_set_read_fn(png_, &source_, ReadFromMemory);
  }
  ~PngReader() { png_destroy_read_struct(&png_, info_ != nullptr ? &info_ : nullptr, nullptr); }
  PngReader(const PngReader&) = delete;
  PngReader& operator=(const PngReader&) = delete;

  bool ok() const { return png_ != nullptr && info_ != nullptr; }
  png_structp png() const { return png_; }
  png_infop info() const { return info_; }
  Status Failure(const char* what) const {
    return Status(err::kInvalidFile,
                  std::string("PNG: ") + what + ": " + (source_.message[0] != '\0' ? source_.message : "libpng error"));
  }

 private:
  PngSource source_;
  png_structp png_ = nullptr;
  png_infop info_ = nullptr;
};

Status CheckSignature(const uint8_t* data, size_t size) {
  if (data == nullptr || size == 0) return Status(err::kInvalidParam, "PNG: no input data");
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) return Status(err::kInvalidFile, "PNG: bad signature (not a PNG)");
  return Status::Ok();
}

Status ReadPngHeader(PngReader& reader, PngHeader* header) {
  if (!reader.ok()) return Status(err::kBadAlloc, "PNG: cannot create the libpng read structures");
  if (ReadHeader(reader.png(), reader.info(), header) != 0) return reader.Failure("header");
  return Status::Ok();
}

Status DecodePngImpl(const uint8_t* data, size_t size, const Image& out) {
  ASIM_RETURN_IF_ERROR(CheckSignature(data, size));
  if (out.format != PixelFormat::kRgb888 && out.format != PixelFormat::kRgba8888) {
    return Status(err::kInvalidParam, "PNG decode: output format " +
                                          PixelFormatName(static_cast<uint32_t>(out.format)) +
                                          " is not a PNGD output (RGB888 or RGBA8888)");
  }
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "PNG decode output"));
  PngReader reader(data, size);
  PngHeader header{};
  ASIM_RETURN_IF_ERROR(ReadPngHeader(reader, &header));
  if (header.width != out.width || header.height != out.height) {
    return Status(err::kInvalidParam, "PNG decode: output is " + std::to_string(out.width) + "x" +
                                          std::to_string(out.height) + " but the image is " +
                                          std::to_string(header.width) + "x" + std::to_string(header.height));
  }
  std::vector<png_bytep> rows(out.height);
  for (uint32_t y = 0; y < out.height; ++y) rows[y] = out.data + static_cast<size_t>(y) * out.width_stride;
  const int channels = out.format == PixelFormat::kRgba8888 ? 4 : 3;
  size_t row_bytes = 0;
  if (ReadRows(reader.png(), reader.info(), &header, channels, rows.data(), &row_bytes) != 0) {
    return reader.Failure("decode");
  }
  return Status::Ok();
}

}  // namespace

Status ProbePng(const uint8_t* data, size_t size, PngInfo* info) {
  if (info == nullptr) return Status(err::kInvalidParam, "PNG probe: info is null");
  ASIM_RETURN_IF_ERROR(CheckSignature(data, size));
  try {
    PngReader reader(data, size);
    PngHeader header{};
    ASIM_RETURN_IF_ERROR(ReadPngHeader(reader, &header));
    PngInfo result;
    result.width = header.width;
    result.height = header.height;
    result.bit_depth = header.bit_depth;
    result.interlaced = header.interlace != PNG_INTERLACE_NONE;
    switch (header.color_type) {
      case PNG_COLOR_TYPE_GRAY: result.components = 1; break;
      case PNG_COLOR_TYPE_GRAY_ALPHA: result.components = 2; break;
      case PNG_COLOR_TYPE_RGB: result.components = 3; break;
      case PNG_COLOR_TYPE_RGB_ALPHA: result.components = 4; break;
      case PNG_COLOR_TYPE_PALETTE: result.components = header.has_trns != 0 ? 4 : 3; break;
      default: return Status(err::kInvalidFile, "PNG: unknown colour type " + std::to_string(header.color_type));
    }
    *info = result;
    return Status::Ok();
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "PNG probe: out of host memory");
  }
}

Status DecodePng(const uint8_t* data, size_t size, const Image& out) {
  try {
    return DecodePngImpl(data, size, out);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "PNG decode: out of host memory");
  }
}

}  // namespace asim::dvpp
