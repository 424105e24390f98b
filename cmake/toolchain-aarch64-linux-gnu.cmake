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
# No -L /usr/aarch64-linux-gnu: that sysroot's ld.so comes from libc6-arm64-cross, a different
# glibc build from the multiarch libc6:arm64 the binaries load (through the dependencies' arm64
# packages), and the two disagree on the layout of ld.so's shared state: pthread_create then
# walks an uninitialised stack-cache list forever. Without -L, qemu loads the multiarch
# /lib/ld-linux-aarch64.so.1, which matches the libc beside it.
set(CMAKE_CROSSCOMPILING_EMULATOR ${ASIM_QEMU_AARCH64})
