// msaccucmp's built-in metrics. See metrics.h.
#include "tools/dump/metrics.h"

#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

#include "base/fp16.h"
#include "dumpfmt/dump_types.h"

namespace asim::dumptool {
namespace {

constexpr double kEps = DBL_EPSILON;
constexpr double kFloatEps = FLT_EPSILON;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// msaccucmp's _normalized: min-max to [0, 1] (unchanged when constant), clamped >= FLT_EPSILON.
std::vector<double> Normalized(std::span<const double> v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  const double min = *lo, range = *hi - *lo;
  std::vector<double> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const double s = range != 0 ? (v[i] - min) / range : v[i];
    out[i] = std::max(s, kFloatEps);
  }
  return out;
}

double Small(double v) {
  return std::abs(v) < 0.001 ? 0.0 : v;
}

template <typename T>
void Widen(std::span<const uint8_t> data, std::vector<double>* out) {
  const size_t n = data.size() / sizeof(T);
  out->resize(n);
  for (size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, data.data() + i * sizeof(T), sizeof(T));
    (*out)[i] = static_cast<double>(v);
  }
}

}  // namespace

std::string FormatMetric(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return fmt::format("{:.6f}", value);
}

std::vector<std::string> Metrics::Cells() const {
  return {FormatMetric(cosine),
          FormatMetric(max_abs),
          FormatMetric(accumulated_relative),
          FormatMetric(relative_euclidean),
          FormatMetric(kl),
          standard_deviation,
          FormatMetric(mean_abs),
          FormatMetric(rmse),
          FormatMetric(max_relative),
          FormatMetric(mean_relative)};
}

Metrics ComputeMetrics(std::span<const double> x, std::span<const double> y) {
  Metrics m;
  const size_t n = std::min(x.size(), y.size());
  if (n == 0 || x.size() != y.size()) {
    m.cosine = m.max_abs = m.accumulated_relative = m.relative_euclidean = m.kl = kNaN;
    m.mean_abs = m.rmse = m.max_relative = m.mean_relative = kNaN;
    m.standard_deviation = "NaN";
    m.reasons.push_back(n == 0 ? "The tensor is empty." : "The element counts differ.");
    return m;
  }
  double xx = 0, yy = 0, diff2 = 0, abs_sum = 0, max_abs = 0, rel_sum = 0, rel_max = 0;
  double sum_x = 0, sum_y = 0;
  for (size_t i = 0; i < n; ++i) {
    const double a = x[i], b = y[i], d = a - b;
    xx += a * a;
    yy += b * b;
    diff2 += d * d;
    abs_sum += std::abs(d);
    max_abs = std::max(max_abs, std::abs(d));
    sum_x += a;
    sum_y += b;
    if (std::abs(b) > kEps) {
      const double r = std::abs(a / b - 1);
      rel_sum += r;
      rel_max = std::max(rel_max, r);
    }
  }
  // CosineSimilarity.
  const double nx = std::sqrt(xx), ny = std::sqrt(yy);
  if (n == 1 && x[0] == y[0]) {
    m.cosine = 1.0;
  } else if (nx <= kEps && ny <= kEps) {
    m.cosine = 1.0;
  } else if (nx <= kEps) {
    m.cosine = kNaN;
    m.reasons.push_back("Cannot compare by Cosine Similarity. All the data is zero in my output.");
  } else if (ny <= kEps) {
    m.cosine = kNaN;
    m.reasons.push_back("Cannot compare by Cosine Similarity. All the data is zero in the ground truth.");
  } else {
    double c = 0;
    for (size_t i = 0; i < n; ++i) c += (x[i] / nx) * (y[i] / ny);
    m.cosine = std::min(c, 1.0);
  }
  m.max_abs = max_abs;
  m.accumulated_relative = rel_sum;
  m.relative_euclidean = ny <= kEps ? 0.0 : std::sqrt(diff2 / yy);
  // KullbackLeiblerDivergence: p from the ground truth, q from my output.
  {
    const std::vector<double> q = Normalized(x), p = Normalized(y);
    double sp = 0, sq = 0;
    for (size_t i = 0; i < n; ++i) {
      sp += p[i];
      sq += q[i];
    }
    double kl = 0;
    for (size_t i = 0; i < n; ++i) {
      const double pi = p[i] / sp, qi = q[i] / sq;
      kl += pi * std::log(pi / qi);
    }
    if (std::abs(kl) < kEps) kl = 0.0;
    if (std::isinf(kl)) m.reasons.push_back("Cannot compare by KL Divergence. The data contains 0.");
    m.kl = kl;
  }
  // StandardDeviation (population).
  {
    const double mean_x = sum_x / static_cast<double>(n), mean_y = sum_y / static_cast<double>(n);
    double vx = 0, vy = 0;
    for (size_t i = 0; i < n; ++i) {
      vx += (x[i] - mean_x) * (x[i] - mean_x);
      vy += (y[i] - mean_y) * (y[i] - mean_y);
    }
    const double sx = std::sqrt(vx / static_cast<double>(n)), sy = std::sqrt(vy / static_cast<double>(n));
    m.standard_deviation =
        fmt::format("({:.3f};{:.3f}),({:.3f};{:.3f})", Small(mean_x), Small(sx), Small(mean_y), Small(sy));
  }
  m.mean_abs = abs_sum / static_cast<double>(n);
  m.rmse = std::sqrt(diff2 / static_cast<double>(n));
  m.max_relative = rel_max;
  m.mean_relative = rel_sum / static_cast<double>(n);
  return m;
}

Status ToDoubles(int32_t dump_type, std::span<const uint8_t> data, std::vector<double>* out) {
  switch (dump_type) {
    case dump::kDtFloat: Widen<float>(data, out); break;
    case dump::kDtDouble: Widen<double>(data, out); break;
    case dump::kDtInt8: Widen<int8_t>(data, out); break;
    case dump::kDtUint8: Widen<uint8_t>(data, out); break;
    case dump::kDtBool: Widen<uint8_t>(data, out); break;
    case dump::kDtInt16: Widen<int16_t>(data, out); break;
    case dump::kDtUint16: Widen<uint16_t>(data, out); break;
    case dump::kDtInt32: Widen<int32_t>(data, out); break;
    case dump::kDtUint32: Widen<uint32_t>(data, out); break;
    case dump::kDtInt64: Widen<int64_t>(data, out); break;
    case dump::kDtUint64: Widen<uint64_t>(data, out); break;
    case dump::kDtFloat16:
    case dump::kDtBf16: {
      const size_t count = data.size() / 2;
      out->resize(count);
      for (size_t i = 0; i < count; ++i) {
        uint16_t h;
        std::memcpy(&h, data.data() + 2 * i, 2);
        (*out)[i] = dump_type == dump::kDtFloat16 ? HalfToFloat(h) : Bf16ToFloat(h);
      }
      break;
    }
    default:
      return Status(err::kUnsupportedDataType,
                    fmt::format("{} values cannot be compared", dump::DumpDataTypeName(dump_type)));
  }
  return Status::Ok();
}

}  // namespace asim::dumptool
