// atc: the ONNX -> .om converter with the real ATC command line (see atc_cli.h).
// Thread safety: a single-threaded process. Failure: exit status 255 after printing the
// error in the real tool's format.
#include <iostream>

#include "tools/atc/cli/atc_cli.h"

int main(int argc, char** argv) {
  return asim::atc::RunAtc(argc, argv, std::cout);
}
