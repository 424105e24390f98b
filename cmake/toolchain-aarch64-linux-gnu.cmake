# Cross-compiling for aarch64 Linux from an x86-64 Debian host (scripts/test_aarch64.sh):
# Debian's crossbuild-essential-arm64 compilers, the arm64 multiarch -dev packages of the
# dependencies (/usr/lib/aarch64-linux-gnu), and qemu-user to run what was built (tests,
# build-time generators, gtest's test discovery). Programs that only run on the build host
# (protoc, python3) come from the host.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Headers and libraries of the target, programs of the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_PREFIX_PATH /usr/lib/aarch64-linux-gnu/cmake)
find_program(ASIM_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${ASIM_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu)
