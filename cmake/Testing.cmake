# asim_add_gtest(<name> SOURCES ... [LIBS ...] [LABELS ...])
# One GoogleTest executable, its tests registered one by one with ctest (gtest_discover_tests),
# so ctest's summary counts real test cases. Labels: unit, conformance, e2e, slow, sanitize.
include(GoogleTest)
function(asim_add_gtest name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE asim_options ${ARG_LIBS} GTest::gtest GTest::gmock GTest::gtest_main)
  gtest_discover_tests(${name}
    DISCOVERY_TIMEOUT 60
    TEST_LIST ${name}_TESTS
    PROPERTIES TIMEOUT 120)
  # Labels are set by a second ctest include file, run after the discovered tests are
  # defined: gtest_discover_tests flattens list-valued PROPERTIES, so "unit;threads" would
  # not survive it.
  set(label_file ${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake)
  file(WRITE ${label_file}
    "if(DEFINED ${name}_TESTS)\n  set_tests_properties(\${${name}_TESTS} PROPERTIES LABELS \"${ARG_LABELS}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${label_file})
endfunction()

# Adds every immediate subdirectory of `dir` that holds a CMakeLists.txt, so a new suite
# needs no edit of a shared file.
function(asim_add_subdirectories dir)
  file(GLOB children RELATIVE ${dir} ${dir}/*)
  list(SORT children)
  foreach(child ${children})
    if(IS_DIRECTORY ${dir}/${child} AND EXISTS ${dir}/${child}/CMakeLists.txt)
      add_subdirectory(${dir}/${child})
    endif()
  endforeach()
endfunction()

# Gives `target` the generated test models (tests/support/test_models, configured before
# every suite by tests/CMakeLists.txt): the compile definition ASIM_TEST_MODELS_DIR and a
# build dependency on the files. Without the generator the definition is absent and the
# tests that need models skip.
function(asim_use_test_models target)
  get_property(dir GLOBAL PROPERTY ASIM_TEST_MODELS_DIR)
  if(NOT dir)
    return()
  endif()
  target_compile_definitions(${target} PRIVATE ASIM_TEST_MODELS_DIR="${dir}")
  if(TARGET asim_test_model_files)
    add_dependencies(${target} asim_test_model_files)
  endif()
endfunction()
