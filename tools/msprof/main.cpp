// msprof: see msprof_cli.h.
#include <iostream>

#include "tools/msprof/msprof_cli.h"

int main(int argc, char** argv) {
  return asim::msprof::RunMsprof(argc, argv, std::cout, std::cerr);
}
