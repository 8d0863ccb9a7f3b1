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
its own lives here, one subpackage per tool family:

  isa/  the instruction cross-check of llvm-amdgpu-emu against gem5's Vega
        semantics (isa_crosscheck.py)
"""
