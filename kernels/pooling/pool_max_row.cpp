// MaxRow16 (see pool_max_row.h), one copy per vector target.
// Owner: the pooling family. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/pooling/pool_max_row.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "kernels/pooling/pool_max_row.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

void MaxRow16Target(const float* row, float* acc, int64_t out_w, const int32_t* wlo, const int32_t* whi, int64_t sw,
                    int64_t dw, int64_t pw) {
  const hn::CappedTag<float, 16> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t ow = 0; ow < out_w; ++ow) {
    float* a = acc + ow * 16;
    const float* first = row + (ow * sw - pw) * 16;  // tap 0's column; only taps inside are read
    for (int64_t l = 0; l < 16; l += lanes) {
      auto m = hn::LoadU(d, a + l);
      for (int64_t tw = wlo[ow]; tw < whi[ow]; ++tw) {
        const auto v = hn::LoadU(d, first + tw * dw * 16 + l);
        m = hn::IfThenElse(hn::Or(hn::Gt(v, m), hn::IsNaN(v)), v, m);  // as the engine's Combine
      }
      hn::StoreU(m, d, a + l);
    }
  }
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(MaxRow16Target);

void MaxRow16(const float* row, float* acc, int64_t out_w, const int32_t* wlo, const int32_t* whi, int64_t sw,
              int64_t dw, int64_t pw) {
  HWY_DYNAMIC_DISPATCH(MaxRow16Target)(row, acc, out_w, wlo, whi, sw, dw, pw);
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
