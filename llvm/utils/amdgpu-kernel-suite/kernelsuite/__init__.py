#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The library behind the kernel suite's command-line tools.

The scripts beside this package (suite.py, isa_crosscheck.py, ...) parse
their command lines and report; what they share and what can be tested on
its own lives here:

  kernels.py  the kernel registry: what a kernel module of kernels/ imports
  run.py      compiling a kernel, writing its launch, running it on
              llvm-amdgpu-emu (suite.py, divergence_report.py, ...)
  report.py   the bench report of suite.py bench (Markdown, SVG, JSON)
  proc.py     running a tool (clang, ld.lld, llvm-amdgpu-emu, ...): the one
              place the scripts and the library start a process
  fuzz/       random-CFG kernels with a Python model of each (cf_fuzz.py)
  isa/        the instruction cross-check of llvm-amdgpu-emu against gem5's
              Vega semantics (isa_crosscheck.py)
"""
