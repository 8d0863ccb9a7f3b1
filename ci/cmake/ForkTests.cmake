# Unit tests, on Debian's googletest sources, linked like the tools (fork
# objects first, then Debian's archives). Executables end in "Tests" and live
# in unittests/, where ci/lit/unit.cfg.py finds them.
set(GOOGLETEST_SRC /usr/src/googletest CACHE PATH "Debian's googletest sources")
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
add_subdirectory(${GOOGLETEST_SRC} ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)

# fork_add_unittest(NAME SOURCES...)
function(fork_add_unittest name)
  add_executable(${name} ${ARGN})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/unittests)
  target_include_directories(${name} PRIVATE
    ${FORK_SRC}/llvm/lib/Target/AMDGPU ${CMAKE_BINARY_DIR}/AMDGPU)
  add_dependencies(${name} AMDGPUCommonTableGen)
  target_link_libraries(${name} PRIVATE gmock gtest_main)
  fork_link(${name})
endfunction()

# Upstream's own AMDGPU unit tests, run against the fork's AMDGPU target.
set(upstream_amdgpu_tests ${FORK_SRC}/llvm/unittests/Target/AMDGPU)
fork_add_unittest(UpstreamAMDGPUTests
  ${upstream_amdgpu_tests}/AMDGPUUnitTests.cpp
  ${upstream_amdgpu_tests}/DwarfRegMappings.cpp
  ${upstream_amdgpu_tests}/ExecMayBeModifiedBeforeAnyUse.cpp
  ${upstream_amdgpu_tests}/PALMetadata.cpp)

# The fork's own unit tests: every *Test.cpp the fork adds under llvm/unittests.
set(fork_unittest_sources)
foreach(f IN LISTS fork_files)
  if(f MATCHES "^llvm/unittests/.*Test\\.cpp$")
    list(APPEND fork_unittest_sources ${FORK_SRC}/${f})
  endif()
endforeach()
fork_add_unittest(ForkTests ${fork_unittest_sources})
target_sources(ForkTests PRIVATE $<TARGET_OBJECTS:AMDGPUEmu>)
target_include_directories(ForkTests PRIVATE ${EMU_DIR}/lib)
