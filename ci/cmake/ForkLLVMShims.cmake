# Stand-ins for the parts of AddLLVM.cmake that upstream's AMDGPU CMakeLists.txt
# files call, plus the fork's own helpers. Debian's LLVMExports.cmake already
# defines imported LLVMAMDGPU* targets, so the fork's copies are object
# libraries named fork_<library>; they are linked as objects, never archived.
include(TableGen)

function(get_subproject_title outvar)
  set(${outvar} "LLVM" PARENT_SCOPE)
endfunction()

macro(add_llvm_component_group)
endmacro()

macro(add_llvm_target target_name)
  include_directories(BEFORE ${CMAKE_CURRENT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  add_llvm_component_library(LLVM${target_name} ${ARGN})
endmacro()

# Dependencies upstream's build generates; Debian ships their outputs.
if(NOT TARGET intrinsics_gen)
  add_custom_target(intrinsics_gen)
endif()

function(add_llvm_component_library name)
  cmake_parse_arguments(ARG "" "" "LINK_COMPONENTS;LINK_LIBS;ADD_TO_COMPONENT;DEPENDS" ${ARGN})
  add_library(fork_${name} OBJECT ${ARG_UNPARSED_ARGUMENTS})
  if(LLVM_COMMON_DEPENDS OR ARG_DEPENDS)
    add_dependencies(fork_${name} ${LLVM_COMMON_DEPENDS} ${ARG_DEPENDS})
  endif()
  # llvm-mca's AMDGPU plugin is not part of any tool the fork links.
  if(NOT name STREQUAL "LLVMAMDGPUTargetMCA")
    set_property(GLOBAL APPEND PROPERTY FORK_AMDGPU_LIBS fork_${name})
  endif()
endfunction()

# fork_object_library(NAME SOURCES...): objects linked into every tool.
function(fork_object_library name)
  if(ARGN)
    add_library(${name} OBJECT ${ARGN})
    add_dependencies(${name} AMDGPUCommonTableGen)
    set_property(GLOBAL APPEND PROPERTY FORK_COMMON_OBJECTS ${name})
  endif()
endfunction()

# Debian's static archives, minus the AMDGPU target the fork rebuilds.
file(GLOB DEBIAN_LLVM_ARCHIVES ${LLVM_LIBRARY_DIR}/libLLVM*.a)
list(FILTER DEBIAN_LLVM_ARCHIVES EXCLUDE REGEX "/libLLVMAMDGPU[^/]*\\.a$")
file(GLOB DEBIAN_CLANG_ARCHIVES ${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a)
set(DEBIAN_SYSTEM_LIBS z3 z zstd xml2 rt dl m pthread)

# fork_link(TARGET [CLANG]): link TARGET with the fork's objects first, then
# Debian's archives (lld resolves archives in any order).
function(fork_link target)
  cmake_parse_arguments(ARG "CLANG" "" "" ${ARGN})
  get_property(amdgpu GLOBAL PROPERTY FORK_AMDGPU_LIBS)
  get_property(common GLOBAL PROPERTY FORK_COMMON_OBJECTS)
  set(objs)
  foreach(lib IN LISTS amdgpu common)
    list(APPEND objs $<TARGET_OBJECTS:${lib}>)
  endforeach()
  target_sources(${target} PRIVATE ${objs})
  if(ARG_CLANG)
    target_link_libraries(${target} PRIVATE ${DEBIAN_CLANG_ARCHIVES})
  endif()
  target_link_libraries(${target} PRIVATE ${DEBIAN_LLVM_ARCHIVES} ${DEBIAN_SYSTEM_LIBS})
endfunction()

# fork_add_tool(NAME [CLANG] SOURCES...): a statically linked tool bin/NAME.
# The CMake target is fork-NAME: Debian's exports already import llc and opt.
function(fork_add_tool name)
  cmake_parse_arguments(ARG "CLANG" "" "" ${ARGN})
  add_executable(fork-${name} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(fork-${name} PROPERTIES OUTPUT_NAME ${name})
  add_dependencies(fork-${name} AMDGPUCommonTableGen)
  if(ARG_CLANG)
    fork_link(fork-${name} CLANG)
  else()
    fork_link(fork-${name})
  endif()
endfunction()
