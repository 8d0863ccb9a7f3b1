# lld, from upstream's sources, linked like llc/opt/clang: its ELF port and
# lldCommon compiled here, the fork's AMDGPU target and passes, then Debian's
# LLVM archives. lld's LTO step thus runs the fork's -O pipeline and code
# generator and accepts the fork's options (docs/Building.md, "lld").
set(LLD_DIR ${FORK_SRC}/lld)
set(LLD_GEN ${CMAKE_BINARY_DIR}/lld) # tablegen() writes below the top binary dir

set(LLVM_TARGET_DEFINITIONS ${LLD_DIR}/ELF/Options.td)
set(TABLEGEN_OUTPUT)
tablegen(LLVM lld/ELF/Options.inc -gen-opt-parser-defs)
add_public_tablegen_target(ForkLldOptionsTableGen)

# Common/Version.cpp's version string, as upstream's build generates it (no
# VCS revision: the fork builds from a release tarball).
file(WRITE ${LLD_GEN}/Common/Version.inc.new
  "#define LLD_VERSION_STRING \"${LLVM_PACKAGE_VERSION}\"\n")
configure_file(${LLD_GEN}/Common/Version.inc.new
  ${LLD_GEN}/include/lld/Common/Version.inc COPYONLY)
file(WRITE ${LLD_GEN}/Common/VCSVersion.inc.new "")
configure_file(${LLD_GEN}/Common/VCSVersion.inc.new
  ${LLD_GEN}/Common/VCSVersion.inc COPYONLY)

file(GLOB lld_common_sources ${LLD_DIR}/Common/*.cpp)
file(GLOB lld_elf_sources ${LLD_DIR}/ELF/*.cpp ${LLD_DIR}/ELF/Arch/*.cpp)
add_library(ForkLld OBJECT ${lld_common_sources} ${lld_elf_sources})
target_include_directories(ForkLld PRIVATE ${LLD_DIR}/include
  ${LLD_GEN}/include ${LLD_DIR}/ELF ${LLD_GEN}/ELF ${LLD_GEN}/Common)
add_dependencies(ForkLld ForkLldOptionsTableGen)

fork_add_tool(lld ${FORK_SRC}/lld/tools/fork-lld/fork-lld.cpp)
target_sources(fork-lld PRIVATE $<TARGET_OBJECTS:ForkLld>)
target_include_directories(fork-lld PRIVATE ${LLD_DIR}/include)
# ld.lld is the same program; lld tells the flavors apart by argv[0].
add_custom_command(TARGET fork-lld POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E create_symlink lld ${CMAKE_BINARY_DIR}/bin/ld.lld)
