#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Random-CFG fuzzing of the control-flow lowerings and cf-meld (cf_fuzz.py).

  model     ops, blocks, and what one lane of a kernel writes (simulate)
  generate  random CFGs (generate_model, generate_structured)
  emit      the model as LLVM IR (Emitter)
  check     one seed: build both pipelines, run them, compare
"""
