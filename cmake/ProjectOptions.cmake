# asim_options: compile settings shared by every internal target.
# C++20, -Wall -Wextra -Werror, hidden visibility (only acl* is exported, see ascendcl.map),
# position-independent code (internal static libraries end up in libascendcl.so).
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()

# How much debug information -g builds (Debug, RelWithDebInfo) carry. "lines" (-g1: function
# names and line tables) is what backtraces, sanitizer reports and perf need, at a quarter of
# full -g's size and 15% less compile time; every test executable links the whole runtime
# statically, so full -g made a test run's four build trees ~20 GB. "full" (-g) is for a gdb
# session that needs variables. Where the toolchain supports it, the sections are also
# zlib-compressed (-gz), which gdb, addr2line and the sanitizers' symbolizers read.
set(ASIM_DEBUG_INFO lines CACHE STRING "Debug information in -g builds: lines (-g1), full (-g) or none")
set_property(CACHE ASIM_DEBUG_INFO PROPERTY STRINGS lines full none)
if(ASIM_DEBUG_INFO STREQUAL "lines")
  set(asim_debug_flag "-g1")
elseif(ASIM_DEBUG_INFO STREQUAL "full")
  set(asim_debug_flag "-g")
elseif(ASIM_DEBUG_INFO STREQUAL "none")
  set(asim_debug_flag "")
else()
  message(FATAL_ERROR "ASIM_DEBUG_INFO must be lines, full or none, not '${ASIM_DEBUG_INFO}'")
endif()
foreach(lang C CXX)
  foreach(config DEBUG RELWITHDEBINFO)
    string(REGEX REPLACE "(^| )-g[0-9]*( |$)" " ${asim_debug_flag} " CMAKE_${lang}_FLAGS_${config}
           "${CMAKE_${lang}_FLAGS_${config}}")
  endforeach()
endforeach()
if(NOT ASIM_DEBUG_INFO STREQUAL "none")
  include(CheckCXXCompilerFlag)
  include(CheckLinkerFlag)
  check_cxx_compiler_flag(-gz ASIM_COMPILER_HAS_GZ)
  check_linker_flag(CXX -gz ASIM_LINKER_HAS_GZ)
  if(ASIM_COMPILER_HAS_GZ AND ASIM_LINKER_HAS_GZ)
    add_compile_options(-gz)
    add_link_options(-gz)
  endif()
endif()

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
set(CMAKE_CXX_VISIBILITY_PRESET hidden)
set(CMAKE_C_VISIBILITY_PRESET hidden)
set(CMAKE_VISIBILITY_INLINES_HIDDEN ON)

add_library(asim_options INTERFACE)
target_compile_options(asim_options INTERFACE -Wall -Wextra -Werror)
target_include_directories(asim_options INTERFACE ${CMAKE_SOURCE_DIR})

if(ASIM_SANITIZE AND ASIM_TSAN)
  message(FATAL_ERROR "ASIM_SANITIZE and ASIM_TSAN are mutually exclusive")
endif()
if(ASIM_SANITIZE)
  set(ASIM_SAN_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
elseif(ASIM_TSAN)
  set(ASIM_SAN_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
endif()
if(ASIM_SAN_FLAGS)
  # Applied globally so that tests, samples and the library agree on the runtime.
  add_compile_options(${ASIM_SAN_FLAGS})
  add_link_options(${ASIM_SAN_FLAGS})
  add_compile_definitions(ASIM_SANITIZER_BUILD=1)
  if(ASIM_SANITIZE AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    # The C API takes its enums (aclFormat, aclDataType, ...) from C callers, for whom any int
    # is a value of the enum type, and checks each one's range itself. Clang's enum check
    # holds C++'s narrower rule for enums without a fixed type (the range of their
    # enumerators' bits) and reports the load of such an argument before the range check can
    # refuse it. Neither compiler assumes that narrower range in its code here (no
    # -fstrict-enums), and gcc's enum check does not apply it, so clang's is turned off.
    add_compile_options(-fno-sanitize=enum)
  endif()
  if(ASIM_SANITIZE AND CMAKE_C_COMPILER_ID MATCHES "Clang")
    # A C program (the C99 and memcheck test programs) links libascendcl.so, whose C++ code
    # carries UBSan's C++ checks (vptr, function type); clang's C driver leaves their runtime
    # out unless told to link it.
    add_link_options("$<$<LINK_LANGUAGE:C>:-fsanitize-link-c++-runtime;-lstdc++>")
  endif()
endif()
