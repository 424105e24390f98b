# Third-party dependencies, all from Debian packages (scripts/install-deps.sh).
# Imported targets only; nothing is vendored or downloaded.
find_package(Threads REQUIRED)
find_package(TBB REQUIRED)                 # libtbb-dev: TBB::tbb
find_package(Eigen3 3.4 REQUIRED NO_MODULE) # libeigen3-dev: Eigen3::Eigen
find_package(nlohmann_json 3.10 REQUIRED)  # nlohmann-json3-dev: nlohmann_json::nlohmann_json
find_package(spdlog REQUIRED)              # libspdlog-dev: spdlog::spdlog
find_package(Python3 REQUIRED COMPONENTS Interpreter)  # build-time generators (tools/apigen)
find_package(Protobuf REQUIRED)            # libprotobuf-dev, protobuf-compiler: protobuf::libprotobuf
find_package(ONNX REQUIRED)                # libonnx-dev (ONNX 1.12): onnx, onnx_proto (atc's importer)
find_package(CLI11 REQUIRED)               # libcli11-dev: CLI11::CLI11 (the atc command line)
if(ASIM_BUILD_TESTS)
  find_package(GTest REQUIRED)             # libgtest-dev, libgmock-dev: GTest::gtest, GTest::gmock
endif()
