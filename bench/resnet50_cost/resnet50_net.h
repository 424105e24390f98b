// ResNet-50 v1.5 (torchvision layout) as data, the way ATC converts it for an Ascend chip,
// and its per-task cost on a simulated SoC.
//
// Owns: the op list (conv geometries and the vector ops between them, fp16, BatchNorm folded
// into each convolution's bias as ATC does), ATC's UB fusion of Conv+Relu and
// Conv+Add+Relu, each task's WorkDesc (kernels/common: CubeConvWork, CubeMatMulWork,
// VectorElementwiseCost and elementwise descriptions alike) and its estimate (device_sim/cost:
// EstimateCost with L2ReuseModel hints). The model path (atc, .om, executor) will replace
// the hand-written list; the cost side stays.
// Owner: the cost-model engineer (bench/resnet50_cost). Thread safety: pure functions and
// value types. Failure: none (sizes are fixed by the network).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/work.h"
#include "device_sim/cost/cost_model.h"
#include "device_sim/soc/soc_spec.h"
#include "kernels/common/cost/cube_work.h"

namespace asim::bench {

enum class OpKind { kAipp, kConv, kRelu, kAdd, kMaxPool, kGlobalAvgPool, kGemm, kSoftmax };
const char* OpKindName(OpKind kind);  // ONNX / CANN op type: "Conv", "Relu", "Aipp" ...

struct NetTensor {
  std::vector<int64_t> shape;  // logical NCHW (NC for 2-D)
  int64_t bytes = 0;           // as stored on the device (fp16 NC1HWC0, C0 = 16, or C04 / u8)
};

struct NetOp {
  std::string name;  // "layer1.0.conv1"
  OpKind kind = OpKind::kConv;
  kernels::ConvGeometry conv;                  // kConv
  int64_t gemm_m = 0, gemm_k = 0, gemm_n = 0;  // kGemm
  std::vector<int> inputs;                     // activation tensor ids
  int output = -1;
};

struct Net {
  int64_t batch = 1;
  std::vector<NetTensor> tensors;
  std::vector<NetOp> ops;  // topological order, as the executor would launch them
};

// The network for `batch` images of 3x224x224, with AIPP (uint8 image -> fp16 NC1HWC0_C04)
// and the small-channel first convolution of `atc --insert_op_conf ... --enable_small_channel=1`
// (the command line of both published anchors), softmax at the end.
Net BuildResNet50(int64_t batch);

// One device task: an op, or a chain ATC's UB fusion merged into one kernel.
struct NetTask {
  std::string name;
  std::string type;        // "Conv2D+Relu", "Conv2D+Add+Relu", "MaxPool" ...
  std::vector<int> ops;    // indices into Net::ops
  std::vector<int> reads;  // activation tensors read (ids)
  int64_t weight_bytes = 0;
  int output = -1;
  WorkDesc work;
};

// Groups ops into tasks (fuse = ATC's UB fusion on) and fills each task's WorkDesc for `chip`.
std::vector<NetTask> PlanTasks(const Net& net, const kernels::ChipTraits& chip, bool fuse);

struct TaskCost {
  const NetTask* task = nullptr;
  sim::CostHints hints;
  sim::CostEstimate estimate;
};

struct NetCost {
  std::vector<TaskCost> tasks;
  sim::SimPs total_ps = 0;  // tasks back to back on one stream
};

// Estimates every task on `spec`, with L2 reuse hints from an L2ReuseModel of the chip's L2
// (use_l2 = false: every byte goes to DDR/HBM).
NetCost EstimateNet(const Net& net, const std::vector<NetTask>& tasks, const sim::SocSpec& spec, bool use_l2);

}  // namespace asim::bench
