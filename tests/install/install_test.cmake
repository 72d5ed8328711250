# The install test (ctest label "install"): installs this build into a fresh prefix, checks the
# files a user expects there, then configures, builds and runs an outside project (project/)
# against the installed package with -DCMAKE_PREFIX_PATH, with this build's compiler and flags,
# and with a Boost that only the package's find_dependency(Boost) can find.
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

# A small installed API: at most 21 headers (sat.hpp the 21st), none of the engine's internals
# (detail/), and nothing of the internal targets (sudoku_internal) or the internal headers
# (internal/).
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/*)
list(LENGTH headers header_count)
if(header_count GREATER 21)
  message(FATAL_ERROR "${header_count} headers installed, more than 21:\n${headers}")
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

# A Boost of the consumer's own, away from the system's: the public headers include
# Boost.Multiprecision (dlx/memo.hpp), so the package must find Boost (find_dependency) and hand
# its include directory on through dlx::dlx. A scratch prefix holds this build's Boost package
# files, copied at the same place relative to the prefix (Boost's config finds its headers
# relative to itself), and copies of the Boost headers that <boost/multiprecision/cpp_int.hpp>
# reads (the compiler lists them: -M). Copies, not a link to the system's folder: GCC writes
# system headers' real paths in depfiles. The consumer names the prefix with Boost_ROOT only;
# the compiler would find the system's copy in /usr/include by itself, so what shows that the
# package did its part is the compiler's own record of the files it read (the depfile): the
# Boost headers must come from the scratch prefix, none from the system's folder.
load_cache(${BUILD_DIR} READ_WITH_PREFIX build_ Boost_DIR boost_headers_DIR Boost_INCLUDE_DIR)
if(NOT IS_DIRECTORY "${build_Boost_DIR}" OR NOT IS_DIRECTORY "${build_boost_headers_DIR}"
   OR NOT EXISTS "${build_Boost_INCLUDE_DIR}/boost/version.hpp")
  message(FATAL_ERROR "this build found Boost without its CMake package (Boost_DIR "
                      "'${build_Boost_DIR}', Boost_INCLUDE_DIR '${build_Boost_INCLUDE_DIR}'): "
                      "the install test needs BoostConfig.cmake (Boost 1.70 or newer)")
endif()
get_filename_component(boost_cmake_dir ${build_Boost_DIR} DIRECTORY)
get_filename_component(boost_system_prefix ${build_Boost_INCLUDE_DIR} DIRECTORY)
file(RELATIVE_PATH boost_cmake_relative ${boost_system_prefix} ${boost_cmake_dir})
set(boost_prefix ${WORK_DIR}/boost)
file(COPY ${build_Boost_DIR} ${build_boost_headers_DIR}
     DESTINATION ${boost_prefix}/${boost_cmake_relative})
file(WRITE ${WORK_DIR}/boost_probe.cpp "#include <boost/multiprecision/cpp_int.hpp>\n")
separate_arguments(probe_flags UNIX_COMMAND "${CXX_FLAGS}")
set(probe_include)
if(NOT build_Boost_INCLUDE_DIR STREQUAL "/usr/include")
  set(probe_include -isystem ${build_Boost_INCLUDE_DIR})
endif()
run(${CXX} ${probe_flags} -std=c++20 ${probe_include} -M ${WORK_DIR}/boost_probe.cpp)
string(REGEX MATCHALL "[^ \t\r\n\\\\]+" probe_files "${out}")
set(copied 0)
foreach(header IN LISTS probe_files)
  string(FIND "${header}" "${build_Boost_INCLUDE_DIR}/boost/" at)
  if(at EQUAL 0)
    file(RELATIVE_PATH relative ${build_Boost_INCLUDE_DIR} ${header})
    get_filename_component(folder ${boost_prefix}/include/${relative} DIRECTORY)
    file(COPY ${header} DESTINATION ${folder})
    math(EXPR copied "${copied} + 1")
  endif()
endforeach()
if(copied LESS 10)
  message(FATAL_ERROR "the compiler listed ${copied} Boost headers for cpp_int.hpp:\n${out}")
endif()

# The outside project, built against the installed package only.
set(source ${CMAKE_CURRENT_LIST_DIR}/project)
# (It also compiles every installed header on its own: DLX_CHECK_HEADERS.) Makefiles keep the
# depfiles that the checks below read (Ninja folds them into its own log).
run(${CMAKE_COMMAND} -S ${source} -B ${WORK_DIR}/build -G "Unix Makefiles"
    -DCMAKE_PREFIX_PATH=${prefix} -DBoost_ROOT=${boost_prefix} -DDLX_CHECK_HEADERS=ON
    -DCMAKE_CXX_COMPILER=${CXX} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/outside)
set(expected "cover: 0 3 4\ncovers: 1\nmemo count: 1\nsudoku: 534678912672195348198342567859761423426853791713924856961537284287419635345286179\n")
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "the outside program printed\n${out}\ninstead of\n${expected}")
endif()
load_cache(${WORK_DIR}/build READ_WITH_PREFIX outside_ Boost_DIR)
string(FIND "${outside_Boost_DIR}" "${boost_prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "the package found Boost at '${outside_Boost_DIR}', not in ${boost_prefix}")
endif()
set(depfile ${WORK_DIR}/build/CMakeFiles/outside.dir/main.cpp.o.d)
if(NOT EXISTS ${depfile})
  message(FATAL_ERROR "no depfile ${depfile}: cannot tell where the Boost headers came from")
endif()
file(READ ${depfile} depends)
file(REAL_PATH ${boost_prefix} boost_prefix_real)  # what a depfile says where a link is on the way
string(FIND "${depends}" "${boost_prefix}/include/boost/multiprecision/cpp_int.hpp" through_package)
string(FIND "${depends}" "${boost_prefix_real}/include/boost/multiprecision/cpp_int.hpp" real)
string(FIND "${depends}" "${build_Boost_INCLUDE_DIR}/boost/" from_system)
if((through_package EQUAL -1 AND real EQUAL -1) OR NOT from_system EQUAL -1)
  message(FATAL_ERROR "the outside program did not read Boost.Multiprecision through the Boost "
                      "the package found (${boost_prefix}/include) but from "
                      "${build_Boost_INCLUDE_DIR}: dlx::dlx does not carry Boost::headers")
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
