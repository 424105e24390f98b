// The distinct convolution shapes of ResNet-50 v1.5 (torchvision layout: the stride sits
// in the 3x3 convolution of each stage's first bottleneck) at batch 1, 224x224, with how
// many of the network's 53 convolutions have each shape. The bias stands for the folded
// BatchNorm, as in a converted inference model.
//
// Owner: bench/conv. Thread safety: constant data. Failure: none.
#pragma once

#include <cstdint>

namespace asim::bench {

struct ResNetConv {
  const char* name;
  int64_t cin, hw, cout, k, stride, pad, count;
  int64_t OutHw() const { return (hw + 2 * pad - k) / stride + 1; }
  double Gflop() const {  // one instance, unpadded: 2 * MACs
    return 2.0 * static_cast<double>(cout * cin * k * k * OutHw() * OutHw()) / 1e9;
  }
};

inline constexpr ResNetConv kResNet50Convs[] = {
    {"conv1", 3, 224, 64, 7, 2, 3, 1},       {"s1.reduce", 64, 56, 64, 1, 1, 0, 1},
    {"s1.3x3", 64, 56, 64, 3, 1, 1, 3},      {"s1.expand+ds", 64, 56, 256, 1, 1, 0, 4},
    {"s1.reduce'", 256, 56, 64, 1, 1, 0, 2}, {"s2.reduce", 256, 56, 128, 1, 1, 0, 1},
    {"s2.3x3/2", 128, 56, 128, 3, 2, 1, 1},  {"s2.expand", 128, 28, 512, 1, 1, 0, 4},
    {"s2.ds/2", 256, 56, 512, 1, 2, 0, 1},   {"s2.reduce'", 512, 28, 128, 1, 1, 0, 3},
    {"s2.3x3", 128, 28, 128, 3, 1, 1, 3},    {"s3.reduce", 512, 28, 256, 1, 1, 0, 1},
    {"s3.3x3/2", 256, 28, 256, 3, 2, 1, 1},  {"s3.expand", 256, 14, 1024, 1, 1, 0, 6},
    {"s3.ds/2", 512, 28, 1024, 1, 2, 0, 1},  {"s3.reduce'", 1024, 14, 256, 1, 1, 0, 5},
    {"s3.3x3", 256, 14, 256, 3, 1, 1, 5},    {"s4.reduce", 1024, 14, 512, 1, 1, 0, 1},
    {"s4.3x3/2", 512, 14, 512, 3, 2, 1, 1},  {"s4.expand", 512, 7, 2048, 1, 1, 0, 3},
    {"s4.ds/2", 1024, 14, 2048, 1, 2, 0, 1}, {"s4.reduce'", 2048, 7, 512, 1, 1, 0, 2},
    {"s4.3x3", 512, 7, 512, 3, 1, 1, 2},
};

}  // namespace asim::bench
