// DvppProcess: the sample's image path on the device, as the public DVPP samples do it:
// the JPEG file into DVPP memory, JPEGD into YUV420SP (NV12), VPC resize to the model's
// 224x224, all on one stream. The resized picture stays in DVPP memory and is the model's input.
#ifndef RESNET50_DVPP_DVPP_PROCESS_H
#define RESNET50_DVPP_DVPP_PROCESS_H

#include <stdint.h>

#include <string>

#include "acl/acl.h"
#include "acl/ops/acl_dvpp.h"

class DvppProcess {
 public:
  DvppProcess(aclrtStream stream, uint32_t model_width, uint32_t model_height);
  ~DvppProcess();

  // Creates the channel and the resize configuration.
  bool Init();
  // Decodes `jpeg_path` and resizes it; on success the picture is at OutputBuffer().
  bool Process(const std::string& jpeg_path);
  void* OutputBuffer() const { return resize_out_; }
  uint32_t OutputSize() const { return resize_out_size_; }

 private:
  bool Decode(const std::string& jpeg_path);
  bool Resize();

  aclrtStream stream_;
  uint32_t model_width_, model_height_;
  acldvppChannelDesc* channel_ = nullptr;
  acldvppResizeConfig* resize_config_ = nullptr;
  acldvppPicDesc* decode_out_desc_ = nullptr;
  acldvppPicDesc* resize_in_desc_ = nullptr;
  acldvppPicDesc* resize_out_desc_ = nullptr;
  void* jpeg_dev_ = nullptr;
  void* decode_out_ = nullptr;
  void* resize_out_ = nullptr;
  uint32_t decode_width_ = 0, decode_height_ = 0, decode_width_stride_ = 0, decode_height_stride_ = 0;
  uint32_t decode_out_size_ = 0, resize_out_size_ = 0;
};

#endif  // RESNET50_DVPP_DVPP_PROCESS_H
