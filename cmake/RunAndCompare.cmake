# ctest helper: runs PROGRAM and fails unless it exits 0 and prints exactly the text of
# EXPECTED_FILE.
file(READ ${EXPECTED_FILE} EXPECTED)
execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE output ERROR_VARIABLE errors
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${status}: ${errors}")
endif()
if(NOT output STREQUAL EXPECTED)
  message(FATAL_ERROR "${PROGRAM} printed\n[${output}]\ninstead of\n[${EXPECTED}]")
endif()
