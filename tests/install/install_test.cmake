# The install test (ctest label "install"): installs this build into a fresh prefix, checks the
# files a user expects there, then configures, builds and runs an outside project (project/)
# against the installed package with -DCMAKE_PREFIX_PATH, with this build's compiler and flags.
# Run by ctest as: cmake -DBUILD_DIR=... -DWORK_DIR=... -DCXX=... [-DCXX_FLAGS=...] -P this file.
cmake_minimum_required(VERSION 3.20)
foreach(var BUILD_DIR WORK_DIR CXX VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_test.cmake needs -D${var}=...")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# What a user expects to find.
foreach(file include/dlx/dlx.hpp include/dlx/solver.hpp include/dlx/knuth_format.hpp
             include/sudoku/sudoku.hpp include/sudoku/solver.hpp include/sudoku/reader.hpp
             bin/dlx bin/sudoku)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()

# A small installed API: at most 20 headers, none of the engine's internals (detail/), and
# nothing of the internal targets (sudoku_internal) or the internal headers (internal/).
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/*)
list(LENGTH headers header_count)
if(header_count GREATER 20)
  message(FATAL_ERROR "${header_count} headers installed, more than 20:\n${headers}")
endif()
foreach(header IN LISTS headers)
  if(NOT header MATCHES "^(dlx|sudoku)/[a-z_]+\\.hpp$")
    message(FATAL_ERROR "installed: include/${header}; only dlx/*.hpp and sudoku/*.hpp belong there")
  endif()
endforeach()
file(GLOB_RECURSE installed RELATIVE ${prefix} ${prefix}/*)
list(FILTER installed INCLUDE REGEX "(^|/)(detail|internal)/|_internal")
if(installed)
  message(FATAL_ERROR "internal files installed: ${installed}")
endif()
foreach(pattern */libdlx.a */libsudoku.a */cmake/dlx/dlxConfig.cmake
                */cmake/dlx/dlxConfigVersion.cmake */cmake/dlx/dlxTargets.cmake)
  file(GLOB_RECURSE found ${prefix}/${pattern})
  if(NOT found)
    message(FATAL_ERROR "not installed: ${pattern}")
  endif()
endforeach()

# Both installed programs report the project's version.
run(${prefix}/bin/dlx --version)
if(NOT out MATCHES "${VERSION}")
  message(FATAL_ERROR "dlx --version: '${out}', expected ${VERSION}")
endif()
run(${prefix}/bin/sudoku --version)
if(NOT out MATCHES "${VERSION}")
  message(FATAL_ERROR "sudoku --version: '${out}', expected ${VERSION}")
endif()

# The Python package, when this build made it: installed where the interpreter it was built for
# looks under the install prefix (a folder on that interpreter's own sys.path, such as Debian's
# /usr/local/lib/python3.11/dist-packages), and importable from there.
file(GLOB_RECURSE python_core ${prefix}/*/dlx/_core*.so)
if(python_core AND DEFINED PYTHON AND DEFINED INSTALL_PREFIX)
  list(GET python_core 0 core)
  get_filename_component(package ${core} DIRECTORY)
  get_filename_component(site_dir ${package} DIRECTORY)
  file(RELATIVE_PATH relative ${prefix} ${site_dir})
  run(${PYTHON} -c "import sys; print('\\n'.join(sys.path))")
  string(REPLACE "\n" ";" searched "${out}")
  if(NOT "${INSTALL_PREFIX}/${relative}" IN_LIST searched)
    message(FATAL_ERROR "the Python package went to ${relative} under the prefix, but ${PYTHON} "
                        "does not search ${INSTALL_PREFIX}/${relative}; it searches:\n${out}")
  endif()
  run(${PYTHON} -c "import site; site.addsitedir('${site_dir}'); import dlx.sudoku as s; print(s.solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'))")
  if(NOT out MATCHES "^534678912672195348198342567859761423426853791713924856961537284287419635345286179")
    message(FATAL_ERROR "the installed Python package printed '${out}'")
  endif()
endif()

# The outside project, built against the installed package only.
set(source ${CMAKE_CURRENT_LIST_DIR}/project)
# (It also compiles every installed header on its own: DLX_CHECK_HEADERS.)
run(${CMAKE_COMMAND} -S ${source} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${prefix}
    -DDLX_CHECK_HEADERS=ON
    -DCMAKE_CXX_COMPILER=${CXX} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/outside)
set(expected "cover: 0 3 4\ncovers: 1\nsudoku: 534678912672195348198342567859761423426853791713924856961537284287419635345286179\n")
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "the outside program printed\n${out}\ninstead of\n${expected}")
endif()

# The version file refuses another major version.
execute_process(COMMAND ${CMAKE_COMMAND} -S ${source} -B ${WORK_DIR}/build-v99
                -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} -DDLX_WANT=99
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
if(status EQUAL 0)
  message(FATAL_ERROR "find_package(dlx 99) accepted version ${VERSION}")
endif()
message(STATUS "installed package works from an outside project")
file(REMOVE_RECURSE ${WORK_DIR})
