# The fork's own tools (beyond llc, opt and clang).

# llvm-amdgpu-emu, the wave emulator: its library (llvm/tools/llvm-amdgpu-emu/
# lib, also linked into the unit tests) and its front end.
set(EMU_DIR ${FORK_SRC}/llvm/tools/llvm-amdgpu-emu)
set(emu_lib_sources)
foreach(f IN LISTS fork_files)
  if(f MATCHES "^llvm/tools/llvm-amdgpu-emu/lib/.*\\.cpp$")
    list(APPEND emu_lib_sources ${FORK_SRC}/${f})
  endif()
endforeach()
add_library(AMDGPUEmu OBJECT ${emu_lib_sources})
target_include_directories(AMDGPUEmu PUBLIC ${EMU_DIR}/lib
  ${FORK_SRC}/llvm/lib/Target/AMDGPU ${CMAKE_BINARY_DIR}/AMDGPU)
add_dependencies(AMDGPUEmu AMDGPUCommonTableGen)

fork_add_tool(llvm-amdgpu-emu ${EMU_DIR}/llvm-amdgpu-emu.cpp)
target_sources(fork-llvm-amdgpu-emu PRIVATE $<TARGET_OBJECTS:AMDGPUEmu>)
target_include_directories(fork-llvm-amdgpu-emu PRIVATE ${EMU_DIR}/lib)
