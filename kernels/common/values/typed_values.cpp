// Implementation of kernels/common/values/typed_values.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/common/values/typed_values.h"

namespace asim::kernels {

double LoadAsDouble(DataType dtype, const void* data, int64_t i) {
  double out = 0;
  Status st = DispatchNumeric(dtype, "LoadAsDouble", [&](auto tag) {
    using T = decltype(tag);
    out = ToDouble(static_cast<const T*>(data)[i]);
    return Status::Ok();
  });
  return st.ok() ? out : 0.0;
}

}  // namespace asim::kernels
