# Third-party dependencies, all from Debian packages (scripts/install-deps.sh).
# Imported targets only; nothing is vendored or downloaded.
find_package(Threads REQUIRED)
find_package(TBB REQUIRED)                 # libtbb-dev: TBB::tbb
find_package(Eigen3 3.4 REQUIRED NO_MODULE) # libeigen3-dev: Eigen3::Eigen
find_package(nlohmann_json 3.10 REQUIRED)  # nlohmann-json3-dev: nlohmann_json::nlohmann_json
find_package(hwy REQUIRED)                 # libhwy-dev: hwy::hwy (run-time dispatch of the vector kernels)
find_package(spdlog REQUIRED)              # libspdlog-dev: spdlog::spdlog
find_package(ZLIB REQUIRED)                # zlib1g-dev: ZLIB::ZLIB (crc32_combine of the .om's chunk CRCs)
find_package(Python3 REQUIRED COMPONENTS Interpreter)  # build-time generators (tools/apigen)
find_package(Protobuf REQUIRED)            # libprotobuf-dev, protobuf-compiler: protobuf::libprotobuf
if(CMAKE_CROSSCOMPILING)
  # The arm64 libonnx-dev does not install beside the amd64 one (libonnxifi), so the aarch64
  # cross build (scripts/test_aarch64.sh) goes without atc's ONNX front end; native builds,
  # aarch64 hosts included, need it.
  find_package(ONNX QUIET)
else()
  find_package(ONNX REQUIRED)              # libonnx-dev (ONNX 1.12): onnx, onnx_proto (atc's importer)
endif()
find_package(CLI11 REQUIRED)               # libcli11-dev: CLI11::CLI11 (the atc command line)
# The simulated DVPP's image codecs and scaler (runtime/dvpp). find_path/find_library rather than
# pkg-config so that the aarch64 cross build finds the arm64 multiarch copies.
find_path(TURBOJPEG_INCLUDE_DIR turbojpeg.h REQUIRED)  # libturbojpeg0-dev (TurboJPEG API, 2.1)
find_library(TURBOJPEG_LIBRARY NAMES turbojpeg REQUIRED)
find_package(PNG REQUIRED)                             # libpng-dev: PNG::PNG
# The .om CRC-32 (libdeflate-dev 1.14 ships no CMake or pkg-config file the cross build finds).
find_path(LIBDEFLATE_INCLUDE_DIR libdeflate.h REQUIRED)
find_library(LIBDEFLATE_LIBRARY NAMES deflate REQUIRED)
find_path(LIBYUV_INCLUDE_DIR libyuv.h REQUIRED)        # libyuv-dev (Debian ships no pkg-config file)
find_library(LIBYUV_LIBRARY NAMES yuv REQUIRED)
if(NOT TARGET asim::turbojpeg)
  add_library(asim::turbojpeg UNKNOWN IMPORTED)
  set_target_properties(asim::turbojpeg PROPERTIES
    IMPORTED_LOCATION ${TURBOJPEG_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${TURBOJPEG_INCLUDE_DIR})
endif()
if(NOT TARGET asim::deflate)
  add_library(asim::deflate UNKNOWN IMPORTED)
  set_target_properties(asim::deflate PROPERTIES
    IMPORTED_LOCATION ${LIBDEFLATE_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${LIBDEFLATE_INCLUDE_DIR})
endif()
if(NOT TARGET asim::yuv)
  add_library(asim::yuv UNKNOWN IMPORTED)
  set_target_properties(asim::yuv PROPERTIES
    IMPORTED_LOCATION ${LIBYUV_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${LIBYUV_INCLUDE_DIR})
endif()
if(ASIM_BUILD_TESTS)
  find_package(GTest REQUIRED)             # libgtest-dev, libgmock-dev: GTest::gtest, GTest::gmock
endif()
