// Register tiles of the blocked convolution engine for 1 output channel block(s) per tile
// (see blocked_conv_tile.h); one file per block count so the instantiations build in parallel.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/aicore/cube/blocked_conv_tile.h"

namespace asim::kernels::conv_tile {

TileFn TileB1(int r, int s) {
  static constexpr TileTable<1, kMaxR1> kTable;
  return kTable.fns[r - 1][s];
}

}  // namespace asim::kernels::conv_tile
