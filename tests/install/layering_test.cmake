# The layering of the installed API (ctest: internal_includes): the engine's internals,
# dlx/detail/, are included only by dlx/ itself and its tests; the installed headers include
# only installed headers (also compiled one by one: the target installed_headers).
# Run as: cmake -DSOURCE_DIR=<repository> -P this file.
cmake_minimum_required(VERSION 3.20)
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "layering_test.cmake needs -DSOURCE_DIR=...")
endif()
set(found)
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/apps/*.[ch]pp ${SOURCE_DIR}/sudoku/*.[ch]pp ${SOURCE_DIR}/python/*.[ch]pp
     ${SOURCE_DIR}/web/*.[ch]pp ${SOURCE_DIR}/bench/*.[ch]pp ${SOURCE_DIR}/fuzz/*.[ch]pp
     ${SOURCE_DIR}/tests/sudoku/*.[ch]pp ${SOURCE_DIR}/tests/cli/*.[ch]pp
     ${SOURCE_DIR}/dlx/include/*.hpp ${SOURCE_DIR}/sudoku/include/*.hpp)
foreach(source IN LISTS sources)
  file(STRINGS ${SOURCE_DIR}/${source} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]dlx/detail/")
  foreach(line IN LISTS lines)
    list(APPEND found "${source}: ${line}")
  endforeach()
endforeach()
if(found)
  list(JOIN found "\n  " found)
  message(FATAL_ERROR "dlx/detail/ included outside dlx/ and its tests:\n  ${found}")
endif()
message(STATUS "${CMAKE_CURRENT_LIST_FILE}: no dlx/detail/ include outside dlx/ and its tests")
