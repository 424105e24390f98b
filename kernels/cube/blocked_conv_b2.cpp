// Register tiles of the blocked convolution engine for 2 output channel block(s) per tile,
// compiled for every vector target (see blocked_conv_tile-inl.h); one file per block count
// so the instantiations build in parallel.
// Owner: the cube kernels. Thread safety and failure: as blocked_conv_tile.h says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/blocked_conv_b2.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "kernels/cube/blocked_conv_tile-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

conv_tile::TileFn TileB2Target(int r, int s) {
  return conv_tile::TileFor<2>(r, s);
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(TileB2Target);

namespace conv_tile {

TileFn TileB2(int r, int s) {
  return HWY_DYNAMIC_DISPATCH(TileB2Target)(r, s);
}

}  // namespace conv_tile
}  // namespace asim::kernels
#endif
