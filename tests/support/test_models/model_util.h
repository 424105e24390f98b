// Shared pieces of the test model definitions (internal to asim_test_models): host data
// from float values, float constants, conv attributes, compiling into a TestModel.
// Thread safety: pure. Failure: Compile returns the compiler's Status.
#pragma once

#include <string>
#include <vector>

#include "compiler/graph_builder.h"
#include "tests/support/test_models/reference.h"
#include "tests/support/test_models/test_models.h"

namespace asim::testmodels::detail {

HostData Data(DataType dtype, Format format, std::vector<int64_t> dims, const std::vector<float>& values);
int64_t Elements(const std::vector<int64_t>& dims);

// A constant of `dtype` holding `values` (rounded to fp16 for DT_FLOAT16).
int FloatConstant(atc::GraphBuilder& b, const std::string& name, DataType dtype, const std::vector<int64_t>& dims,
                  const std::vector<float>& values);

// ONNX Conv attributes: k x k kernel, symmetric pad, stride.
kernels::AttrMap ConvAttrs(int64_t k, int64_t pad, int64_t stride);

// Compiles `b` for `soc` into m->model and m->report (static when `gears` is empty); the
// model's metadata records the test model's name and description.
Status Compile(const atc::GraphBuilder& b, const std::string& soc, om::DynamicKind dynamic,
               const std::vector<std::vector<int64_t>>& gears, TestModel* m);

// Whether the SoC's cube computes fp32 (an fp32 conv / matmul stays on the AI Core).
bool CubeFp32(const std::string& soc);

// The model builders (one per model, in models_*.cpp).
Status BuildAddRelu(const std::string& soc, TestModel* m);
Status BuildMatMulBias(const std::string& soc, TestModel* m);
Status BuildMultiOutput(const std::string& soc, TestModel* m);
Status BuildConvRelu(const std::string& soc, TestModel* m);
Status BuildConvFp32AiCpu(const std::string& soc, TestModel* m);
Status BuildSmallCnn(const std::string& soc, TestModel* m);
Status BuildDynamicBatch(const std::string& soc, TestModel* m);
Status BuildDynamicHw(const std::string& soc, TestModel* m);
Status BuildDynamicDims(const std::string& soc, TestModel* m);

}  // namespace asim::testmodels::detail
