# Install layout expected by AscendCL applications and their CMake files (DESIGN.md):
#   <prefix>/runtime/include/acl/...        headers (also mirrored at <prefix>/include/acl)
#   <prefix>/runtime/lib64/libascendcl.so   the library (and runtime/lib64/stub/ for linking)
#   <prefix>/runtime/include/hccl/..., <prefix>/runtime/lib64/libhccl.so   HCCL
#   <prefix>/acllib -> runtime              the CANN <= 5.0 name, still in many samples' CMake files
#   <prefix>/set_env.sh                     DDK_PATH, NPU_HOST_LIB, ASCEND_HOME_PATH, PATH, LD_LIBRARY_PATH
#   <prefix>/lib/cmake/AscendCL/          find_package(AscendCL) -> AscendCL::ascendcl
#   <prefix>/lib/pkgconfig/ascendcl.pc
include(CMakePackageConfigHelpers)

# Headers only: include/acl also holds the .clang-format that keeps them unformatted.

install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/acl DESTINATION runtime/include FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/acl DESTINATION include FILES_MATCHING PATTERN "*.h")
install(TARGETS ascendcl EXPORT AscendCLTargets
  LIBRARY DESTINATION runtime/lib64
  INCLUDES DESTINATION runtime/include)
install(TARGETS ascendcl ${ASIM_COMPANION_LIBS} LIBRARY DESTINATION runtime/lib64/stub)
install(TARGETS ${ASIM_COMPANION_LIBS} LIBRARY DESTINATION runtime/lib64)
install(EXPORT AscendCLTargets NAMESPACE AscendCL:: DESTINATION lib/cmake/AscendCL)
# HCCL (docs/hccl.md): hccl/hccl.h beside acl/, libhccl.so beside libascendcl.so.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/hccl DESTINATION runtime/include)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/hccl DESTINATION include)
install(TARGETS hccl LIBRARY DESTINATION runtime/lib64)
install(TARGETS hccl LIBRARY DESTINATION runtime/lib64/stub)

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/AscendCLConfig.cmake.in
  ${CMAKE_BINARY_DIR}/AscendCLConfig.cmake INSTALL_DESTINATION lib/cmake/AscendCL)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/AscendCLConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/AscendCLConfig.cmake ${CMAKE_BINARY_DIR}/AscendCLConfigVersion.cmake
  DESTINATION lib/cmake/AscendCL)

configure_file(${CMAKE_SOURCE_DIR}/cmake/ascendcl.pc.in ${CMAKE_BINARY_DIR}/ascendcl.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/ascendcl.pc DESTINATION lib/pkgconfig)

install(PROGRAMS ${CMAKE_SOURCE_DIR}/cmake/set_env.sh DESTINATION .)
# Samples still include ${DDK_PATH}/acllib/include and link ${DDK_PATH}/acllib/lib64/stub.
install(CODE "execute_process(COMMAND \${CMAKE_COMMAND} -E create_symlink runtime
  \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/acllib\")")
