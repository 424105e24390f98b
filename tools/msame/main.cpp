// msame: runs an offline model (.om) with the real msame's command line (see msame.h).
// Thread safety: a single-threaded process. Failure: exit status 1 after an "[ERROR]" line.
#include "tools/msame/msame.h"

int main(int argc, char** argv) {
  return asim::msame::RunMsame(argc, argv);
}
