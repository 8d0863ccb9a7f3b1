# Lit configuration that runs the fork's googletest executables
# (build/obj/unittests/*Tests), one lit test per gtest case.
import os

import lit.formats

config.name = "llvm-amdgpu-fork :: unittests"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.fork_build, "obj", "unittests")
config.test_exec_root = config.test_source_root
