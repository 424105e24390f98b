// Register tiles of the blocked convolution engine for 4 output channel block(s) per tile,
// compiled for every vector target (see blocked_conv_tile-inl.h); one file per block count
// so the instantiations build in parallel.
// Owner: the cube kernels. Thread safety and failure: as blocked_conv_tile.h says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/blocked_conv_b4.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "kernels/cube/blocked_conv_tile-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

conv_tile::TileFn TileB4Target(int r, int s) {
  return conv_tile::TileFor<4>(r, s);
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(TileB4Target);

namespace conv_tile {

TileFn TileB4(int r, int s) {
  return HWY_DYNAMIC_DISPATCH(TileB4Target)(r, s);
}

}  // namespace conv_tile
}  // namespace asim::kernels
#endif
