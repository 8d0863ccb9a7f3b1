# Lit configuration for the fork's own tests in llvm/test, clang/test and
# lld/test. Upstream's lit.cfg.py files are not used: those suites test a
# whole LLVM build, this one tests the fork's tools on top of Debian's.
#
# ci/test.sh writes one lit.site.cfg.py per project into the build tree that
# sets the config.fork_* values below and then loads this file.
#
# Tools: the fork's llc, opt and clang come first on PATH (build/obj/bin),
# Debian's LLVM 19 tools (FileCheck, not, count, split-file, llvm-readelf,
# ld.lld, ...) after them. The Debian builds of the fork's tools are available
# as %debian_llc, %debian_opt and %debian_clang for comparisons.
import os
import shutil

import lit.formats

config.name = "llvm-amdgpu-fork :: " + config.fork_project
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".mir", ".test", ".cl", ".hip", ".c", ".s", ".txt"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.join(config.fork_repo, config.fork_project, "test")
config.test_exec_root = os.path.join(config.fork_build, "test", config.fork_project)

debian_bin = "/usr/lib/llvm-19/bin"
fork_bin = os.path.join(config.fork_build, "obj", "bin")
config.environment["PATH"] = os.pathsep.join(
    [fork_bin, debian_bin, config.environment.get("PATH", "/usr/bin:/bin")])
config.environment["HOME"] = os.environ.get("HOME", "/tmp")

config.substitutions.extend([
    ("%debian_llc", os.path.join(debian_bin, "llc")),
    ("%debian_opt", os.path.join(debian_bin, "opt")),
    ("%debian_clang", os.path.join(debian_bin, "clang")),
    ("%rocm_device_libs", "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"),
    ("%fork_ci", os.path.join(config.fork_repo, "ci")),
    ("%fork_repo", config.fork_repo),
    ("%kernel_suite",
     os.path.join(config.fork_repo, "llvm", "utils", "amdgpu-kernel-suite")),
    ("%upstream", config.fork_upstream),
    ("%python", config.python_executable),
])

# The targets the fork's llc registers, as upstream's lit.cfg.py lists them
# in config.targets; a directory of target-specific tests says so in a
# lit.local.cfg that reads config.root.targets, as upstream's do.
import re
import subprocess
llc_version = subprocess.run([os.path.join(fork_bin, "llc"), "--version"],
                             capture_output=True, text=True).stdout
config.targets = set()
for line in llc_version.split("Registered Targets:")[-1].splitlines():
    m = re.match(r"\s+(\w+)\s+- ", line)
    if m:
        config.targets.add({"amdgcn": "AMDGPU", "r600": "AMDGPU",
                            "x86": "X86", "x86-64": "X86"}.get(m.group(1),
                                                            m.group(1)))

# Long-running checks (the full faithfulness corpus) opt in with
# 'REQUIRES: long-tests' and run only with FORK_LONG_TESTS=1.
if os.environ.get("FORK_LONG_TESTS") == "1":
    config.available_features.add("long-tests")

# A browser to open generated pages in (Debian's chromium), if installed.
if shutil.which("chromium"):
    config.available_features.add("chromium")
