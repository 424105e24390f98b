// ResNet-50 op list, ATC-style fusion and per-task costs (see resnet50_net.h).
// Owner: the cost-model engineer. Thread safety: pure functions. Failure: none.
#include "resnet50_net.h"

#include <algorithm>

#include "device_sim/cost/l2_reuse.h"
#include "kernels/common/cost/cost_utils.h"

namespace asim::bench {
namespace {

constexpr int64_t kC0 = 16;
constexpr int64_t kFp16 = 2;

int64_t RoundUp(int64_t v, int64_t m) {
  return (v + m - 1) / m * m;
}

// Bytes of an fp16 NC1HWC0 tensor (C padded to 16).
int64_t Nc1hwc0Bytes(int64_t n, int64_t c, int64_t h, int64_t w) {
  return n * RoundUp(c, kC0) * h * w * kFp16;
}

class Builder {
 public:
  explicit Builder(int64_t batch) { net_.batch = batch; }

  int Tensor(std::vector<int64_t> shape, int64_t bytes) {
    net_.tensors.push_back(NetTensor{std::move(shape), bytes});
    return static_cast<int>(net_.tensors.size()) - 1;
  }
  int Act(int64_t c, int64_t h, int64_t w) { return Tensor({net_.batch, c, h, w}, Nc1hwc0Bytes(net_.batch, c, h, w)); }

  // Conv (BatchNorm folded into weights and bias), pads "same"-style as torchvision.
  int Conv(const std::string& name, int in, int64_t cout, int64_t k, int64_t stride, int64_t pad,
           bool small_channel = false) {
    const std::vector<int64_t>& s = net_.tensors[in].shape;
    kernels::ConvGeometry g;
    g.n = s[0];
    g.cin = s[1];
    g.h = s[2];
    g.w = s[3];
    g.cout = cout;
    g.kh = g.kw = k;
    g.oh = (g.h + 2 * pad - k) / stride + 1;
    g.ow = (g.w + 2 * pad - k) / stride + 1;
    g.dtype = DataType::kFloat16;
    g.bias = true;
    g.small_channel = small_channel;
    NetOp op;
    op.name = name;
    op.kind = OpKind::kConv;
    op.conv = g;
    op.inputs = {in};
    op.output = Act(cout, g.oh, g.ow);
    net_.ops.push_back(op);
    return op.output;
  }
  int Unary(const std::string& name, OpKind kind, int in, int out) {
    NetOp op;
    op.name = name;
    op.kind = kind;
    op.inputs = {in};
    op.output = out;
    net_.ops.push_back(op);
    return out;
  }
  int Relu(const std::string& name, int in) {
    const std::vector<int64_t>& s = net_.tensors[in].shape;
    return Unary(name, OpKind::kRelu, in, Act(s[1], s[2], s[3]));
  }
  int Add(const std::string& name, int a, int b) {
    const std::vector<int64_t>& s = net_.tensors[a].shape;
    NetOp op;
    op.name = name;
    op.kind = OpKind::kAdd;
    op.inputs = {a, b};
    op.output = Act(s[1], s[2], s[3]);
    net_.ops.push_back(op);
    return op.output;
  }
  int Bottleneck(const std::string& name, int in, int64_t width, int64_t stride, bool downsample) {
    int x = Relu(name + ".relu1", Conv(name + ".conv1", in, width, 1, 1, 0));
    x = Relu(name + ".relu2", Conv(name + ".conv2", x, width, 3, stride, 1));
    x = Conv(name + ".conv3", x, width * 4, 1, 1, 0);
    const int identity = downsample ? Conv(name + ".downsample", in, width * 4, 1, stride, 0) : in;
    // The downsample convolution is launched before conv3 so that conv3, Add and Relu stay
    // adjacent for the fusion pass, as ATC orders them.
    if (downsample) std::rotate(net_.ops.end() - 2, net_.ops.end() - 1, net_.ops.end());
    return Relu(name + ".relu3", Add(name + ".add", x, identity));
  }

  Net Build() {
    const int64_t n = net_.batch;
    const int image = Tensor({n, 3, 224, 224}, n * 3 * 224 * 224);  // uint8 NHWC from the app
    // AIPP: colour conversion, mean/scale, cast to fp16, layout NC1HWC0_C04.
    NetOp aipp;
    aipp.name = "aipp";
    aipp.kind = OpKind::kAipp;
    aipp.inputs = {image};
    aipp.output = Tensor({n, 3, 224, 224}, n * 4 * 224 * 224 * kFp16);
    net_.ops.push_back(aipp);
    int x = Relu("relu", Conv("conv1", aipp.output, 64, 7, 2, 3, /*small_channel=*/true));
    x = Unary("maxpool", OpKind::kMaxPool, x, Act(64, 56, 56));
    const int64_t blocks[4] = {3, 4, 6, 3};
    for (int layer = 0; layer < 4; ++layer) {
      const int64_t width = int64_t{64} << layer;
      for (int64_t b = 0; b < blocks[layer]; ++b) {
        const std::string name = "layer" + std::to_string(layer + 1) + "." + std::to_string(b);
        x = Bottleneck(name, x, width, b == 0 && layer > 0 ? 2 : 1, b == 0);
      }
    }
    x = Unary("avgpool", OpKind::kGlobalAvgPool, x, Tensor({n, 2048}, n * 2048 * kFp16));
    NetOp fc;
    fc.name = "fc";
    fc.kind = OpKind::kGemm;
    fc.gemm_m = n;
    fc.gemm_k = 2048;
    fc.gemm_n = 1000;
    fc.inputs = {x};
    fc.output = Tensor({n, 1000}, n * 1000 * kFp16);
    net_.ops.push_back(fc);
    Unary("softmax", OpKind::kSoftmax, fc.output, Tensor({n, 1000}, n * 1000 * kFp16));
    return std::move(net_);
  }

 private:
  Net net_;
};

// Elementwise-style WorkDesc: every input read once, the output written once.
WorkDesc VectorWork(int64_t in_bytes, int64_t out_bytes, double ops, uint32_t elem_bytes, int64_t out_elems,
                    const kernels::ChipTraits& chip) {
  WorkDesc w;
  w.vector_ops = static_cast<uint64_t>(ops);
  w.vector_elem_bytes = elem_bytes;
  w.mte2_bytes = static_cast<uint64_t>(in_bytes);
  w.mte3_bytes = static_cast<uint64_t>(out_bytes);
  w.block_dim = kernels::ElementwiseBlockDim(out_elems, elem_bytes, chip);
  w.scalar_ops = 64 * w.block_dim;
  return w;
}

kernels::TensorSpec Spec(const NetTensor& t) {
  kernels::TensorSpec s;
  s.dtype = DataType::kFloat16;
  s.format = Format::kNc1hwc0;
  s.dims = t.shape;
  if (s.dims.size() == 4) s.dims[1] = RoundUp(s.dims[1], kC0);  // stored channels
  return s;
}

// The WorkDesc of one unfused op.
WorkDesc OpWork(const Net& net, const NetOp& op, const kernels::ChipTraits& chip) {
  const NetTensor& out = net.tensors[op.output];
  const NetTensor& in = net.tensors[op.inputs[0]];
  const int64_t out_elems = out.bytes / kFp16;
  switch (op.kind) {
    case OpKind::kConv: return kernels::CubeConvWork(op.conv, chip);
    case OpKind::kGemm:
      return kernels::CubeMatMulWork(1, op.gemm_m, op.gemm_k, op.gemm_n, DataType::kFloat16, true, chip);
    case OpKind::kAipp:
      // Per output element: colour-space/mean/scale (about 3 fp16 vector ops, cast included).
      return VectorWork(in.bytes, out.bytes, 3.0 * static_cast<double>(out_elems), kFp16, out_elems, chip);
    case OpKind::kMaxPool:
      // 3x3 window: 9 vmax per output element over the C0 lanes.
      return VectorWork(in.bytes, out.bytes, 9.0 * static_cast<double>(out_elems), kFp16, out_elems, chip);
    case OpKind::kGlobalAvgPool:
      // Accumulate every input element in fp32, then one scale per output.
      return VectorWork(in.bytes, out.bytes, static_cast<double>(in.bytes / kFp16 + out_elems), 4, out_elems, chip);
    case OpKind::kSoftmax: {
      // max, sub, exp, sum, div per element, in fp32 (VectorElementwiseCost with fp32 work).
      std::vector<kernels::TensorSpec> ins{Spec(in)}, outs{Spec(out)};
      WorkDesc w = kernels::VectorElementwiseCost(5.0 * 2)(ins, outs, {}, chip);  // fp32 = 2x fp16 ops
      return w;
    }
    case OpKind::kRelu:
    case OpKind::kAdd: {
      std::vector<kernels::TensorSpec> ins;
      for (int id : op.inputs) ins.push_back(Spec(net.tensors[id]));
      std::vector<kernels::TensorSpec> outs{Spec(out)};
      return kernels::VectorElementwiseCost(1.0)(ins, outs, {}, chip);
    }
  }
  return WorkDesc{};
}

int64_t WeightBytes(const WorkDesc& w, const Net& net, const NetOp& op) {
  if (op.kind != OpKind::kConv && op.kind != OpKind::kGemm) return 0;
  int64_t act = 0;
  for (int id : op.inputs) act += net.tensors[id].bytes;
  return std::max<int64_t>(0, static_cast<int64_t>(w.mte2_bytes) - act);
}

}  // namespace

const char* OpKindName(OpKind kind) {
  switch (kind) {
    case OpKind::kAipp: return "Aipp";
    case OpKind::kConv: return "Conv2D";
    case OpKind::kRelu: return "Relu";
    case OpKind::kAdd: return "Add";
    case OpKind::kMaxPool: return "MaxPool";
    case OpKind::kGlobalAvgPool: return "GlobalAveragePool";
    case OpKind::kGemm: return "MatMul";
    case OpKind::kSoftmax: return "Softmax";
  }
  return "?";
}

Net BuildResNet50(int64_t batch) {
  return Builder(batch).Build();
}

std::vector<NetTask> PlanTasks(const Net& net, const kernels::ChipTraits& chip, bool fuse) {
  std::vector<NetTask> tasks;
  const auto& ops = net.ops;
  for (size_t i = 0; i < ops.size(); ++i) {
    const NetOp& op = ops[i];
    NetTask t;
    t.name = op.name;
    t.type = OpKindName(op.kind);
    t.ops = {static_cast<int>(i)};
    t.reads = op.inputs;
    t.output = op.output;
    t.work = OpWork(net, op, chip);
    t.weight_bytes = WeightBytes(t.work, net, op);
    if (fuse && op.kind == OpKind::kConv) {
      // UB fusion: the conv's vector epilogue also applies Relu, or Add (reading the other
      // input from GM) and Relu, in fp16 (half an fp32 vector op per element) before MTE3.
      const int64_t out_elems = net.tensors[op.output].bytes / kFp16;
      size_t j = i + 1;
      if (j < ops.size() && ops[j].kind == OpKind::kAdd && ops[j].inputs[0] == op.output) {
        const int other = ops[j].inputs[1];
        t.work.vector_ops += static_cast<uint64_t>(out_elems / 2);
        t.work.mte2_bytes += static_cast<uint64_t>(net.tensors[other].bytes);
        t.reads.push_back(other);
        t.type += "+Add";
        t.output = ops[j].output;
        t.ops.push_back(static_cast<int>(j));
        ++j;
      }
      if (j < ops.size() && ops[j].kind == OpKind::kRelu && ops[j].inputs[0] == t.output) {
        t.work.vector_ops += static_cast<uint64_t>(out_elems / 2);
        t.type += "+Relu";
        t.output = ops[j].output;
        t.ops.push_back(static_cast<int>(j));
        ++j;
      }
      i = j - 1;
    }
    tasks.push_back(std::move(t));
  }
  return tasks;
}

NetCost EstimateNet(const Net& net, const std::vector<NetTask>& tasks, const sim::SocSpec& spec, bool use_l2) {
  NetCost cost;
  sim::L2ReuseModel l2(spec.buffers.l2_bytes);
  for (const NetTask& t : tasks) {
    TaskCost tc;
    tc.task = &t;
    if (use_l2) {
      uint64_t hits = 0;
      for (int id : t.reads) hits += l2.Read(static_cast<uint64_t>(id), static_cast<uint64_t>(net.tensors[id].bytes));
      l2.Stream(static_cast<uint64_t>(t.weight_bytes));
      tc.hints.mte2_l2_hit_bytes = hits;
      tc.hints.mte3_l2_resident_bytes =
          l2.Write(static_cast<uint64_t>(t.output), static_cast<uint64_t>(net.tensors[t.output].bytes));
    }
    tc.estimate = sim::EstimateCost(t.work, spec, tc.hints);
    cost.total_ps += tc.estimate.duration_ps;
    cost.tasks.push_back(tc);
  }
  return cost;
}

}  // namespace asim::bench
