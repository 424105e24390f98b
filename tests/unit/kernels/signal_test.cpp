// AI CPU Det, DFT, STFT and MelWeightMatrix against hand-computed values, every declared
// dtype where the values are exact in it; value-dependent output dims unknown (-1) at
// selection when the deciding input is not a constant; bad dtypes, ranks and attributes get
// the kernel's error code and a message naming the problem.
// (ONNX's own backend cases for these run in tests/onnx_conformance.)
#include <cmath>
#include <string>
#include <vector>

#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

HostTensor F32(std::vector<int64_t> dims, const std::vector<float>& v) {
  return HostTensor::FromValues<float>(DataType::kFloat, std::move(dims), v);
}
HostTensor I64(std::vector<int64_t> dims, const std::vector<int64_t>& v) {
  return HostTensor::FromValues<int64_t>(DataType::kInt64, std::move(dims), v);
}

std::vector<double> Values(const std::string& op, const std::vector<HostTensor>& in, const AttrMap& attrs,
                           const std::vector<int64_t>& dims) {
  RunResult r = RunOp(op, in, attrs);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  if (!r.status.ok()) return {};
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].spec.dims, dims);
  return AsDoubles(r.outputs[0]);
}

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-5) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

// The dims selection infers (no compute), for inputs whose values may be unknown.
std::vector<int64_t> InferredDims(const std::string& op, const std::vector<TensorSpec>& specs, const AttrMap& attrs) {
  Selection sel;
  Status st = KernelRegistry::Get().Select(op, specs, attrs, {}, &sel);
  EXPECT_TRUE(st.ok()) << st.message();
  return st.ok() ? sel.outputs[0].dims : std::vector<int64_t>{};
}

TensorSpec Spec(DataType t, std::vector<int64_t> dims) {
  TensorSpec s;
  s.dtype = t;
  s.dims = std::move(dims);
  return s;
}

// Shape and value problems are found at selection (the kernel's InferShape): the registry
// answers kOpNotFound with the kernel's reason in the message; attribute and dtype refusals
// keep kOpAttrNotMatch / kUnsupportedDataType.
void ExpectRefused(const std::string& op, const std::vector<HostTensor>& in, const AttrMap& attrs, int32_t code,
                   const std::string& words) {
  RunResult r = RunOp(op, in, attrs);
  EXPECT_EQ(r.status.code(), code) << r.status.message();
  EXPECT_NE(r.status.message().find(words), std::string::npos) << r.status.message();
}

// ---- Det --------------------------------------------------------------------------------

TEST(Det, BatchesOfSquareMatricesEveryDtype) {
  // [[0, 1], [2, 3]] = -2; [[1, 2], [2, 4]] is singular; [[0, 2, 1], [1, 0, 0], [0, 1, 3]]
  // needs a row swap: 0 * 0 - 2 * 3 + 1 * 1 = -5.
  for (DataType dt : DeclaredTypes("Det", Engine::kAiCpu)) {
    SCOPED_TRACE(DataTypeName(dt));
    ExpectNear(Values("Det", {Numbers(dt, {2, 2}, {0, 1, 2, 3})}, {}, {}), {-2});
    ExpectNear(Values("Det", {Numbers(dt, {3, 2, 2}, {1, 2, 3, 4, 1, 2, 2, 1, 1, 2, 2, 4})}, {}, {3}), {-2, -3, 0});
    ExpectNear(Values("Det", {Numbers(dt, {1, 1, 3, 3}, {0, 2, 1, 1, 0, 0, 0, 1, 3})}, {}, {1, 1}), {-5});
  }
  // A 4 x 4 in double: a triangular matrix of diagonal 2, 3, 5, 0.5 with its first three rows
  // rotated (an even permutation: no sign flip).
  const std::vector<double> tri = {0, 0, 5, 1, 2, 7, 1, 3, 0, 3, 4, 2, 0, 0, 0, 0.5};
  ExpectNear(Values("Det", {Numbers(DataType::kDouble, {4, 4}, tri)}, {}, {}), {2 * 3 * 5 * 0.5}, 1e-12);
}

TEST(Det, BadRankShapeAndDtypeAreRefused) {
  ExpectRefused("Det", {F32({4}, {1, 2, 3, 4})}, {}, err::kOpNotFound, "rank 2 or more");
  ExpectRefused("Det", {F32({2, 3}, {1, 2, 3, 4, 5, 6})}, {}, err::kOpNotFound, "not a batch of square");
  ExpectRefused("Det", {HostTensor::FromValues<int32_t>(DataType::kInt32, {2, 2}, {1, 2, 3, 4})}, {},
                err::kUnsupportedDataType, "DT_INT32");
}

// ---- DFT --------------------------------------------------------------------------------

// DFT of [1, 2, 3, 4]: 10, -2 + 2i, -2, -2 - 2i.
const std::vector<double> kSpectrum = {10, 0, -2, 2, -2, 0, -2, -2};

TEST(DFT, ForwardOnesidedInverseAndLengthEveryDtype) {
  for (DataType dt : DeclaredTypes("DFT", Engine::kAiCpu)) {
    SCOPED_TRACE(DataTypeName(dt));
    const HostTensor x = Numbers(dt, {1, 4, 1}, {1, 2, 3, 4});
    ExpectNear(Values("DFT", {x}, {}, {1, 4, 2}), kSpectrum);
    ExpectNear(Values("DFT", {x}, Attrs({{"onesided", int64_t{1}}}), {1, 3, 2}), {10, 0, -2, 2, -2, 0});
    // The inverse of the spectrum (complex input) gives the signal back.
    ExpectNear(Values("DFT", {Numbers(dt, {1, 4, 2}, kSpectrum)}, Attrs({{"inverse", int64_t{1}}}), {1, 4, 2}),
               {1, 0, 2, 0, 3, 0, 4, 0});
  }
  const HostTensor x = F32({1, 4, 1}, {1, 2, 3, 4});
  // dft_length 2 truncates to [1, 2]: 3, -1; 6 zero-pads: bin 0 is still 10, bin 3 alternates
  // 1 - 2 + 3 - 4 = -2, bin 1 = sum x_j e^(-i pi j / 3).
  ExpectNear(Values("DFT", {x, I64({}, {2}).AsConstant()}, {}, {1, 2, 2}), {3, 0, -1, 0});
  const auto six = Values("DFT", {x, I64({}, {6}).AsConstant()}, {}, {1, 6, 2});
  ASSERT_EQ(six.size(), 12u);
  EXPECT_NEAR(six[0], 10, 1e-5);
  EXPECT_NEAR(six[6], -2, 1e-5);
  EXPECT_NEAR(six[7], 0, 1e-5);
  EXPECT_NEAR(six[2], 1 + 2 * 0.5 - 3 * 0.5 - 4, 1e-5);                           // re of bin 1
  EXPECT_NEAR(six[3], -(2 * std::sqrt(3.0) / 2 + 3 * std::sqrt(3.0) / 2), 1e-5);  // im of bin 1
}

TEST(DFT, OtherAxesAndBatches) {
  // [2, 2, 1]: axis 1 transforms each row, axis 0 (here the batch) each column.
  const HostTensor x = F32({2, 2, 1}, {1, 2, 3, 5});
  ExpectNear(Values("DFT", {x}, Attrs({{"axis", int64_t{1}}}), {2, 2, 2}), {3, 0, -1, 0, 8, 0, -2, 0});
  ExpectNear(Values("DFT", {x}, Attrs({{"axis", int64_t{0}}}), {2, 2, 2}), {4, 0, 7, 0, -2, 0, -3, 0});
  ExpectNear(Values("DFT", {x}, Attrs({{"axis", int64_t{-3}}}), {2, 2, 2}), {4, 0, 7, 0, -2, 0, -3, 0});
  // [1, 2, 2, 1] along axis 2.
  ExpectNear(Values("DFT", {F32({1, 2, 2, 1}, {1, 2, 3, 5})}, Attrs({{"axis", int64_t{2}}}), {1, 2, 2, 2}),
             {3, 0, -1, 0, 8, 0, -2, 0});
}

TEST(DFT, UnknownLengthGivesAnUnknownDim) {
  EXPECT_EQ(InferredDims("DFT", {Spec(DataType::kFloat, {2, 8, 1}), Spec(DataType::kInt64, {})}, {}),
            (std::vector<int64_t>{2, -1, 2}));
  EXPECT_EQ(InferredDims("DFT", {Spec(DataType::kFloat, {2, 8, 1})}, Attrs({{"onesided", int64_t{1}}})),
            (std::vector<int64_t>{2, 5, 2}));
}

TEST(DFT, BadAxisRankLengthAndDtypeAreRefused) {
  const HostTensor x = F32({1, 4, 1}, {1, 2, 3, 4});
  ExpectRefused("DFT", {x}, Attrs({{"axis", int64_t{2}}}), err::kOpAttrNotMatch, "axis 2 is out of range");
  ExpectRefused("DFT", {x}, Attrs({{"axis", int64_t{-1}}}), err::kOpAttrNotMatch, "axis -1 is out of range");
  ExpectRefused("DFT", {F32({4}, {1, 2, 3, 4})}, {}, err::kOpNotFound, "rank 2 or more");
  ExpectRefused("DFT", {F32({1, 2, 3}, {1, 2, 3, 4, 5, 6})}, {}, err::kOpNotFound, "must end in 1");
  ExpectRefused("DFT", {F32({1, 2, 2}, {1, 2, 3, 4})}, Attrs({{"onesided", int64_t{1}}}), err::kOpAttrNotMatch,
                "real input");
  ExpectRefused("DFT", {x, I64({}, {0}).AsConstant()}, {}, err::kOpNotFound, "dft_length is 0");
  ExpectRefused("DFT", {HostTensor::FromValues<int32_t>(DataType::kInt32, {1, 4, 1}, {1, 2, 3, 4})}, {},
                err::kUnsupportedDataType, "DT_INT32");
}

// ---- STFT -------------------------------------------------------------------------------

TEST(STFT, FramesWithAndWithoutWindowEveryDtype) {
  for (DataType dt : DeclaredTypes("STFT", Engine::kAiCpu)) {
    SCOPED_TRACE(DataTypeName(dt));
    const HostTensor signal = Numbers(dt, {1, 6, 1}, {1, 2, 3, 4, 5, 6});
    // Frames [1, 2, 3, 4] and [3, 4, 5, 6]: 10, -2 + 2i, -2 and 18, -2 + 2i, -2.
    ExpectNear(
        Values("STFT", {signal, I64({}, {2}).AsConstant(), Absent(), I64({}, {4}).AsConstant()}, {}, {1, 2, 3, 2}),
        {10, 0, -2, 2, -2, 0, 18, 0, -2, 2, -2, 0});
    // Window [0, 1, 1, 0] (its length is the frame): [0, 2, 3, 0] and [0, 4, 5, 0].
    const HostTensor window = Numbers(dt, {4}, {0, 1, 1, 0});
    ExpectNear(Values("STFT", {signal, I64({}, {2}).AsConstant(), window}, {}, {1, 2, 3, 2}),
               {5, 0, -3, -2, 1, 0, 9, 0, -5, -4, 1, 0});
    // Both given (they agree); all four bins; step 3 leaves one frame.
    ExpectNear(Values("STFT", {signal, I64({}, {3}).AsConstant(), window, I64({}, {4}).AsConstant()},
                      Attrs({{"onesided", int64_t{0}}}), {1, 1, 4, 2}),
               {5, 0, -3, -2, 1, 0, -3, 2});
  }
}

TEST(STFT, UnknownStepOrLengthGivesUnknownDims) {
  const TensorSpec signal = Spec(DataType::kFloat, {1, 128, 1}), scalar = Spec(DataType::kInt64, {});
  EXPECT_EQ(InferredDims("STFT", {signal, scalar, Spec(DataType::kUndefined, {}), scalar}, {}),
            (std::vector<int64_t>{1, -1, -1, 2}));
  EXPECT_EQ(InferredDims("STFT", {signal, scalar, Spec(DataType::kFloat, {16})}, {}),
            (std::vector<int64_t>{1, -1, 9, 2}));
}

TEST(STFT, BadShapesLengthsAndDtypesAreRefused) {
  const HostTensor signal = F32({1, 6, 1}, {1, 2, 3, 4, 5, 6});
  const HostTensor step = I64({}, {2}).AsConstant();
  ExpectRefused("STFT", {F32({6, 1}, {1, 2, 3, 4, 5, 6}), step, Absent(), I64({}, {4}).AsConstant()}, {},
                err::kOpNotFound, "must have rank 3");
  ExpectRefused("STFT", {signal, step}, {}, err::kOpNotFound, "neither window nor frame_length");
  ExpectRefused("STFT", {signal, step, F32({3}, {1, 1, 1}), I64({}, {4}).AsConstant()}, {}, err::kOpNotFound,
                "differs from frame_length");
  ExpectRefused("STFT", {signal, step, F32({0}, {})}, {}, err::kOpNotFound, "the window is empty");
  ExpectRefused("STFT", {signal, step, Absent(), I64({}, {8}).AsConstant()}, {}, err::kOpNotFound,
                "fewer than one frame");
  ExpectRefused("STFT", {signal, I64({}, {0}).AsConstant(), Absent(), I64({}, {4}).AsConstant()}, {}, err::kOpNotFound,
                "frame_step is 0");
  ExpectRefused("STFT", {F32({1, 3, 2}, {1, 2, 3, 4, 5, 6}), step, Absent(), I64({}, {2}).AsConstant()}, {},
                err::kOpAttrNotMatch, "real signal");
  ExpectRefused("STFT", {HostTensor::FromValues<int32_t>(DataType::kInt32, {1, 2, 1}, {1, 2}), step}, {},
                err::kUnsupportedDataType, "DT_INT32");
}

// ---- MelWeightMatrix --------------------------------------------------------------------

std::vector<HostTensor> MelInputs(int32_t mel, int32_t dft, int32_t rate, float low, float high) {
  auto i32 = [](int32_t v) { return HostTensor::FromValues<int32_t>(DataType::kInt32, {}, {v}).AsConstant(); };
  return {i32(mel), i32(dft), i32(rate), F32({}, {low}), F32({}, {high})};
}

TEST(MelWeightMatrix, TrianglesBetweenMelSpacedBins) {
  // 2 bands, dft_length 32 (17 rows), 16 kHz, 100 .. 7000 Hz: mel points 150.5, 788.5,
  // 1426.5, 2064.4 are 100, 709, 1781, 3672 Hz, bins floor(33 hz / 16000) = 0, 1, 3, 7.
  // Band 0 rises 0 -> 1 over bins 0..1, falls over 1..3; band 1 rises over 1..3, falls
  // over 3..7.
  std::vector<double> want(17 * 2, 0.0);
  auto at = [&](int64_t row, int64_t col) -> double& { return want[static_cast<size_t>(row * 2 + col)]; };
  at(1, 0) = 1, at(2, 0) = 0.5;
  at(2, 1) = 0.5, at(3, 1) = 1, at(4, 1) = 0.75, at(5, 1) = 0.5, at(6, 1) = 0.25;
  ExpectNear(Values("MelWeightMatrix", MelInputs(2, 32, 16000, 100, 7000), {}, {17, 2}), want, 1e-6);
  // ONNX's own case: 8 bands, dft_length 16, 8192 Hz, 0 .. 4096: bins 0 0 0 1 1 2 3 4 5 6,
  // so the first bands are zero-width rises (a single 1).
  std::vector<double> onnx(9 * 8, 0.0);
  for (auto [row, col] :
       std::vector<std::pair<int, int>>{{0, 0}, {0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 7}})
    onnx[static_cast<size_t>(row * 8 + col)] = 1;
  ExpectNear(Values("MelWeightMatrix", MelInputs(8, 16, 8192, 0, 4096), {}, {9, 8}), onnx, 1e-6);
  // output_datatype decides the output's dtype.
  RunResult r =
      RunOp("MelWeightMatrix", MelInputs(8, 16, 8192, 0, 4096), Attrs({{"output_datatype", DataType::kDouble}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dtype, DataType::kDouble);
  ExpectNear(AsDoubles(r.outputs[0]), onnx, 0);
}

TEST(MelWeightMatrix, UnknownCountsGiveUnknownDims) {
  const TensorSpec i = Spec(DataType::kInt32, {}), f = Spec(DataType::kFloat, {});
  EXPECT_EQ(InferredDims("MelWeightMatrix", {i, i, i, f, f}, {}), (std::vector<int64_t>{-1, -1}));
}

TEST(MelWeightMatrix, BadValuesTypesAndShapesAreRefused) {
  ExpectRefused("MelWeightMatrix", MelInputs(0, 16, 8192, 0, 4096), {}, err::kOpNotFound, "num_mel_bins is 0");
  ExpectRefused("MelWeightMatrix", MelInputs(8, 16, 8192, 0, 4096), Attrs({{"output_datatype", DataType::kBool}}),
                err::kOpAttrNotMatch, "not a numeric type");
  auto in = MelInputs(8, 16, 8192, 0, 4096);
  in[2] = HostTensor::FromValues<int32_t>(DataType::kInt32, {2}, {8192, 8192});
  ExpectRefused("MelWeightMatrix", in, {}, err::kOpNotFound, "must be a scalar");
  // A NaN edge gives no bin (found at compute); edges far past the spectrum only visit rows
  // inside the matrix.
  ExpectRefused("MelWeightMatrix", MelInputs(2, 16, 8192, 0, std::nanf("")), {}, err::kOpInputNotMatch,
                "not a finite integer");
  RunResult far = RunOp("MelWeightMatrix", MelInputs(2, 8, 100, 0, 1e12f));
  ASSERT_TRUE(far.status.ok()) << far.status.message();
  EXPECT_EQ(far.outputs[0].spec.dims, (std::vector<int64_t>{5, 2}));
  in = MelInputs(8, 16, 8192, 0, 4096);
  in[0] = HostTensor::FromValues<float>(DataType::kFloat, {}, {8}).AsConstant();
  ExpectRefused("MelWeightMatrix", in, {}, err::kUnsupportedDataType, "DT_FLOAT");
}

}  // namespace
}  // namespace asim::kernels::testing
