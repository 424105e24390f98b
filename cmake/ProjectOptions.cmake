# asim_options: compile settings shared by every internal target.
# C++20, -Wall -Wextra -Werror, hidden visibility (only acl* is exported, see ascendcl.map),
# position-independent code (internal static libraries end up in libascendcl.so).
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
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
endif()
