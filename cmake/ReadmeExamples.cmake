# The README's C++ examples, compiled and run from the README itself, so that they cannot drift
# from the library: each ```cpp block becomes build/tests/readme_example_K.cpp at configure time
# (the README is a configure dependency, so editing it re-extracts), an executable, and a test
# that passes when the program prints exactly what the block's `// prints "..."` comment says.
function(dlx_add_readme_examples readme)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${readme})
  file(READ ${readme} text)
  set(fence "```")
  set(index 0)
  while(TRUE)
    string(FIND "${text}" "${fence}cpp\n" open)
    if(open EQUAL -1)
      break()
    endif()
    math(EXPR body_start "${open} + 7")
    string(SUBSTRING "${text}" ${body_start} -1 text)
    string(FIND "${text}" "\n${fence}" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${readme}: a ${fence}cpp block is not closed")
    endif()
    math(EXPR close "${close} + 1")
    string(SUBSTRING "${text}" 0 ${close} code)
    string(SUBSTRING "${text}" ${close} -1 text)
    math(EXPR index "${index} + 1")
    # What it must print: the text of the block's comment `// prints "..."`.
    if(NOT code MATCHES "// prints \"([^\"]*)\"")
      message(FATAL_ERROR "${readme}: ${fence}cpp block ${index} has no // prints \"...\" comment")
    endif()
    set(expected "${CMAKE_MATCH_1}")
    set(source ${CMAKE_CURRENT_BINARY_DIR}/readme_example_${index}.cpp)
    set(old "")
    if(EXISTS ${source})
      file(READ ${source} old)
    endif()
    if(NOT old STREQUAL code)  # an unchanged example is not rebuilt
      file(WRITE ${source} "${code}")
    endif()
    file(WRITE ${source}.expected "${expected}")  # a file keeps trailing blanks exactly
    add_executable(readme_example_${index} ${source})
    target_link_libraries(readme_example_${index} PRIVATE dlx::sudoku dlx_warnings)
    add_test(NAME readme_example_${index}
             COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:readme_example_${index}>
                     -DEXPECTED_FILE=${source}.expected -P ${PROJECT_SOURCE_DIR}/cmake/RunAndCompare.cmake)
  endwhile()
  if(index EQUAL 0)
    message(FATAL_ERROR "${readme} has no ${fence}cpp block to test")
  endif()
endfunction()
