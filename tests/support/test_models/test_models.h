// Test models: a fixed set of small models built with the graph compiler, each with
// deterministic inputs and expected outputs from plain reference loops (reference.h), for
// the runtime's model tests and, through the files make_test_models writes, for the
// conformance suites (which use only the public API).
//
// Models (TestModelNames()):
//   add_relu         fp32 ND [2,3,4,5]: Relu(x + y)                          elementwise
//   matmul_bias      fp16 [4,32] x W[32,16] + b[16] -> fp16 [4,16]         cube (MatMul) + Add
//   conv_relu        fp16 NCHW [1,3,16,16]: Conv 8x3x3 pad 1 + bias, Relu  AI Core + TransData
//   conv_fp32_aicpu  fp32 NCHW [1,3,16,16]: Conv 4x3x3 pad 1 + bias        AI CPU where the cube lacks fp32
//   small_cnn        fp16 [1,3,16,16]: Conv, Relu, MaxPool 2, GlobalAveragePool, Flatten,
//                    Gemm (8->10), Cast to fp32, Softmax -> fp32 [1,10]
//   dynamic_batch    add_relu over fp32 [-1,3,4,5] with batch gears {1},{2},{4}
//   dynamic_hw       fp16 [1,3,-1,-1]: Conv 4x3x3 pad 1 + bias, Relu; image gears {16,16},{32,32}
//   dynamic_dims     fp32 x[-1,16], y[-1,16]: x * y + c[16]; dims gears {1,1},{3,3},{8,8}
//   multi_output     fp32 [2,8]: outputs s = x + y and r = Relu(s)
// Every model is compiled for the SoC asked for (Ascend310 by default).
//
// Thread safety: BuildTestModel is pure (safe concurrently). Failure: kInvalidParam for an
// unknown model name; otherwise the compiler's Status (a SoC the model cannot be built for).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "compiler/compile_report.h"
#include "kernels/framework/kernel_def.h"
#include "om/model.h"

namespace asim::testmodels {

// |actual - expected| <= atol + rtol * |expected|, element by element (as floats).
struct Tolerance {
  float rtol = 0;
  float atol = 0;
};
// Model outputs computed in fp32 and stored as fp32 (ND elementwise / AI CPU paths).
inline constexpr Tolerance kFp32Tolerance{1e-5f, 1e-6f};
// Outputs stored as fp16 (one rounding of an fp32-accumulated result, which may land on
// the other side of a rounding boundary than the reference: 2 fp16 ulps).
inline constexpr Tolerance kFp16Tolerance{2e-3f, 2e-3f};

// Host bytes of one input or output, as the application passes / receives them.
struct HostData {
  DataType dtype = DataType::kFloat;
  Format format = Format::kNd;
  std::vector<int64_t> dims;
  std::vector<uint8_t> bytes;
};

// One run: a gear and its data. For dynamic models the application also sets the gear
// (aclmdlSetDynamicBatchSize / HWSize / InputDynamicDims) to `gear`.
struct TestCase {
  size_t graph = 0;                // index into model.graphs (and model.gears)
  std::vector<int64_t> gear;       // the dynamic values; empty for a static model
  std::vector<HostData> inputs;    // data inputs only (not the dynamic tensor)
  std::vector<HostData> expected;  // per output
};

struct TestModel {
  std::string name;
  std::string description;
  om::Model model;
  atc::CompileReport report;
  std::vector<TestCase> cases;  // one per gear (one for a static model), in gear order
  size_t primary_case = 0;      // the case make_test_models writes as <name>.input<i>.bin
  Tolerance tolerance;
  // Engine the kernel registry must choose for each named (non-inserted) node on this SoC.
  std::map<std::string, kernels::Engine> expected_engines;
};

const std::vector<std::string>& TestModelNames();

Status BuildTestModel(const std::string& name, TestModel* out, const std::string& soc_version = "Ascend310");

// Ok when `actual` (bytes of expected.dtype) matches `expected` within `tol`; else
// kFailure naming the element count or the first mismatches.
Status CompareOutput(const std::vector<uint8_t>& actual, const HostData& expected, const Tolerance& tol);

}  // namespace asim::testmodels
