# Compiles the C99 acceptance program with the system C compiler directly against the public
# headers and the built libascendcl, then runs it. Invoked by ctest:
#   cmake -DCC=cc -DSRC=... -DINCLUDE_DIR=... -DLIBRARY=... -DOUT=... [-DEXTRA_FLAGS=a;b] -P compile_and_run.cmake
foreach(var CC SRC INCLUDE_DIR LIBRARY OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_and_run.cmake: ${var} is not set")
  endif()
endforeach()
get_filename_component(lib_dir "${LIBRARY}" DIRECTORY)
execute_process(
  COMMAND "${CC}" -std=c99 -Wall -Wextra -Werror -pedantic ${EXTRA_FLAGS} -I "${INCLUDE_DIR}" "${SRC}"
          "${LIBRARY}" -lpthread "-Wl,-rpath,${lib_dir}" -o "${OUT}"
  RESULT_VARIABLE compile_result)
if(NOT compile_result EQUAL 0)
  message(FATAL_ERROR "compiling ${SRC} with ${CC} failed (${compile_result})")
endif()
execute_process(COMMAND "${OUT}" RESULT_VARIABLE run_result)
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "${OUT} failed (${run_result})")
endif()
