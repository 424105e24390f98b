# Compiles tdt_link_only.c with the system C compiler against the public headers and the
# built libraries, linking them by name (-lacl_tdt_channel -lascendcl) as applications do,
# then runs it. Invoked by ctest:
#   cmake -DCC=cc -DSRC=... -DINCLUDE_DIR=... -DLIB_DIR=... -DOUT=... [-DEXTRA_FLAGS=a;b] -P compile_and_run.cmake
foreach(var CC SRC INCLUDE_DIR LIB_DIR OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_and_run.cmake: ${var} is not set")
  endif()
endforeach()
execute_process(
  COMMAND "${CC}" -std=c99 -Wall -Wextra -Werror -pedantic ${EXTRA_FLAGS} -I "${INCLUDE_DIR}" "${SRC}"
          -L "${LIB_DIR}" -lacl_tdt_channel -lascendcl "-Wl,-rpath,${LIB_DIR}" -o "${OUT}"
  RESULT_VARIABLE compile_result)
if(NOT compile_result EQUAL 0)
  message(FATAL_ERROR "compiling ${SRC} with ${CC} failed (${compile_result})")
endif()
execute_process(COMMAND "${OUT}" RESULT_VARIABLE run_result OUTPUT_VARIABLE run_output)
message(STATUS "${run_output}")
if(NOT run_result EQUAL 0 OR NOT run_output MATCHES "tdt link-only program: ok")
  message(FATAL_ERROR "${OUT} failed (${run_result})")
endif()
