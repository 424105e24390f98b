#include "kernels/framework/tensor.h"

namespace asim::kernels {

std::string DimsToString(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) s += ',';
    s += std::to_string(dims[i]);
  }
  s += ']';
  return s;
}

}  // namespace asim::kernels
