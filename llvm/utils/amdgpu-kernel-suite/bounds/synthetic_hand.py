"""DARM's synthetic benchmarks melded by hand (synthetic_hand.cl): bounds
for what melding can do to sb1..sb4_r. Loads kernels/synthetic.py, which
registers the original kernels and whose CPU reference these share, so a
run with --kernel-dir bounds has both."""

import importlib.util
import os

from kernelsuite.kernels import kernel

_spec = importlib.util.spec_from_file_location(
    "suite_kernel_synthetic",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernels",
                 "synthetic.py"))
synthetic = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(synthetic)


def _hand(name, shape, doc):
    def make(rng, n):
        return synthetic.launch(rng, n, shape)
    make.__name__, make.__doc__ = name, doc
    kernel("synthetic_hand.cl", "bound", sizes=synthetic.SIZES,
           bench_size=synthetic.BENCH)(make)


for _name, _shape in (("sb1", 1), ("sb2", 2), ("sb3", 3), ("sb4", 4),
                      ("sb1_r", 11), ("sb2_r", 12), ("sb3_r", 13),
                      ("sb4_r", 14)):
    _hand(_name + "_hand", _shape, f"{_name} melded by hand in the source.")
