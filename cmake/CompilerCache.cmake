# Use ccache when it is installed: CI builds on two cores, and rebuilds must be cheap.
find_program(ASIM_CCACHE ccache)
if(ASIM_CCACHE)
  set(CMAKE_C_COMPILER_LAUNCHER ${ASIM_CCACHE})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${ASIM_CCACHE})
endif()
