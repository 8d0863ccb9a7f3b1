#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""Running a tool: how the kernel suite's scripts and library start clang,
llc, ld.lld, llvm-amdgpu-emu, git and gnuplot.

run() runs a command to its end with its output captured, as
subprocess.run(capture_output=True) does, and returns a Result. A command
that outlives its timeout is killed, with every process it started, and
comes back as a Result with timed_out set, not as
subprocess.TimeoutExpired, so that a caller handles a hang where it handles
a failing exit. Output is text unless text=False; bytes
that do not decode are replaced, not an exception: a crashing tool may write
anything. With check=True a failing exit or a timeout raises CommandError,
whose message is the command, how it ended and the last lines of its stderr.
"""

import os
import shlex
import signal
import subprocess
from dataclasses import dataclass
from typing import List, Optional, Sequence, Union


@dataclass
class Result:
    """What a command did. A command that timed out was killed (SIGKILL):
    its returncode is -SIGKILL and its output what it wrote until then."""
    cmd: List[str]
    returncode: int
    stdout: Union[str, bytes]
    stderr: Union[str, bytes]
    timed_out: bool = False


class CommandError(Exception):
    """A command run with check=True exited non-zero or timed out."""

    def __init__(self, result: Result):
        self.result = result
        stderr = result.stderr
        if isinstance(stderr, bytes):
            stderr = stderr.decode(errors="replace")
        what = "timed out" if result.timed_out else \
            "exit status %d" % result.returncode
        tail = stderr.strip().splitlines()[-10:]
        super().__init__("\n".join(["%s: %s" % (shlex.join(result.cmd), what)]
                                   + tail))


def _kill_group(p: subprocess.Popen) -> None:
    """Kills the process group that p leads (every process it started)."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run(cmd: Sequence[str], *, timeout: Optional[float] = None,
        cwd: Optional[str] = None, input: Union[str, bytes, None] = None,
        text: bool = True, check: bool = False) -> Result:
    """Runs cmd (in cwd, with input on its stdin) and returns what it did;
    see the module's docstring."""
    cmd = list(cmd)
    # The command runs in a process group of its own, and a timeout kills
    # the whole group: a compiler driver's cc1 or linker would otherwise run
    # on after the driver, and hold the pipes that the output is read from.
    p = subprocess.Popen(cmd, stdin=None if input is None else subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=cwd, text=text,
                         errors="replace" if text else None,
                         start_new_session=True)
    try:
        out, err = p.communicate(input, timeout=timeout)
        result = Result(cmd, p.returncode, out, err)
    except subprocess.TimeoutExpired:
        _kill_group(p)
        out, err = p.communicate()
        result = Result(cmd, -signal.SIGKILL, out, err, timed_out=True)
    except BaseException:
        _kill_group(p)
        p.wait()
        raise
    if check and (result.returncode or result.timed_out):
        raise CommandError(result)
    return result
