// Register tiles of the blocked convolution engine for 4 output channel block(s) per tile
// (see blocked_conv_tile.h); one file per block count so the instantiations build in parallel.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/aicore/cube/blocked_conv_tile.h"

namespace asim::kernels::conv_tile {

TileFn TileB4(int r, int s) {
  static constexpr TileTable<4, kMaxR4> kTable;
  return kTable.fns[r - 1][s];
}

}  // namespace asim::kernels::conv_tile
