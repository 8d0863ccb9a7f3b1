#===----------------------------------------------------------------------===#
#
# Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
# See https://llvm.org/LICENSE.txt for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
"""The model as LLVM IR for amdgcn: one kernel, allocas for the state."""

from .model import COMMUTED_OPS, EXTRA_OPS, LOOP_BOUND, OPS, WORKGROUP


class Emitter:
    """Writes the model as LLVM IR with allocas for X, H, C and F."""

    def __init__(self, blocks, nexits):
        self.blocks, self.nexits = blocks, nexits
        self.lines, self.tmp, self.guards, self.unreachable = [], 0, [], []

    def fresh(self):
        self.tmp += 1
        return f"%t{self.tmp}"

    def emit(self, s):
        self.lines.append("  " + s)

    def load(self, var, ty="i32"):
        t = self.fresh()
        self.emit(f"{t} = load {ty}, ptr addrspace(5) %{var}")
        return t

    def store_at(self, base, offset, value, buf):
        idx, p = self.fresh(), self.fresh()
        self.emit(f"{idx} = add i32 {base}, {offset}")
        self.emit(f"{p} = getelementptr i32, ptr addrspace(1) %{buf}, i32 {idx}")
        if value is None:  # visits[...] += 1
            v, w = self.fresh(), self.fresh()
            self.emit(f"{v} = load i32, ptr addrspace(1) {p}")
            self.emit(f"{w} = add i32 {v}, 1")
            value = w
        self.emit(f"store i32 {value}, ptr addrspace(1) {p}")

    def label(self, i, t):
        if t[0] == "exit":
            return f"exit{t[1]}"
        if t[0] == "block":
            return f"b{t[1]}"
        g = f"g{i}_{len(self.guards)}"
        self.guards.append((g, t[1], t[2]))
        return g

    def op(self, name, x, k):
        """Emits X = name(X, k); returns the new X."""
        if name in OPS or name in COMMUTED_OPS:
            t = self.fresh()
            template = (OPS.get(name) or COMMUTED_OPS[name])[0]
            self.emit(f"{t} = " + template.format(x=x, k=k))
            return t
        values = {"x": x, "k": k}
        for line in EXTRA_OPS[name][0]:
            values[line[1:line.index("}")]] = self.fresh()
            self.emit(line.format(**values))
        return values["r"]

    def block(self, i, blk):
        self.lines.append(f"b{i}:")
        x = self.load("x")
        for name, k in blk.ops:
            x = self.op(name, x, k)
        self.emit(f"store i32 {x}, ptr addrspace(5) %x")
        h, h31, h1 = self.load("h"), self.fresh(), self.fresh()
        self.emit(f"{h31} = mul i32 {h}, 31")
        self.emit(f"{h1} = add i32 {h31}, {i}")
        self.emit(f"store i32 {h1}, ptr addrspace(5) %h")
        c, c1 = self.load("c"), self.fresh()
        self.emit(f"{c1} = add i32 {c}, 1")
        self.emit(f"store i32 {c1}, ptr addrspace(5) %c")
        self.store_at("%vbase", i, None, "visits")
        if blk.ops2 is not None:
            x = self.load("x")
            for name, k in blk.ops2:
                x = self.op(name, x, k)
            self.emit(f"store i32 {x}, ptr addrspace(5) %x")
            self.store_at("%vbase", i, None, "visits")
        if blk.flag is not None:
            m, f = self.fresh(), self.fresh()
            self.emit(f"{m} = and i32 {x}, {1 << blk.flag}")
            self.emit(f"{f} = icmp ne i32 {m}, 0")
            self.emit(f"store i1 {f}, ptr addrspace(5) %f")
        if blk.term[0] == "br":
            self.emit(f"br label %{self.label(i, blk.term[1])}")
            return
        if blk.term[0] == "switch":
            self.switch(i, x, *blk.term[1:])
            return
        cond = blk.term[1]
        if cond[0] == "flag":
            v = self.load("f", "i1")
        else:
            m, v = self.fresh(), self.fresh()
            src, pred = (x, "eq") if cond[0] == "div" else ("%s", "ne")
            self.emit(f"{m} = and i32 {src}, {1 << cond[1]}")
            self.emit(f"{v} = icmp {pred} i32 {m}, 0")
        a, b = self.label(i, blk.term[2]), self.label(i, blk.term[3])
        self.emit(f"br i1 {v}, label %{a}, label %{b}")

    def switch(self, i, x, sel, cases, default):
        kind, shift, mask = sel
        t = self.fresh()
        if kind == "uni":
            # S & (mask << shift), against values << shift: the uniform
            # (S >> shift) & mask would be an s_bfe_u32, which the emulator
            # does not implement.
            self.emit(f"{t} = and i32 %s, {mask << shift}")
        else:
            v = x
            if shift:
                v = self.fresh()
                self.emit(f"{v} = lshr i32 {x}, {shift}")
            self.emit(f"{t} = and i32 {v}, {mask}")
        scale = shift if kind == "uni" else 0
        labels = {}  # one guard block per distinct target

        def label(target):
            if target not in labels:
                labels[target] = self.label(i, target)
            return labels[target]

        if default is None:
            dflt = f"unreachable{i}"
            self.unreachable.append(dflt)
        else:
            dflt = label(default)
        self.emit(f"switch i32 {t}, label %{dflt} [")
        for value, target in cases:
            self.emit(f"  i32 {value << scale}, label %{label(target)}")
        self.emit("]")

    def guard(self, name, j, e):
        """A guard to B_j that goes to exit_e (or to the target e, for a
        ("loop", ...) edge) once C exceeds the bound."""
        self.lines.append(f"{name}:")
        c, stop = self.load("c"), self.fresh()
        self.emit(f"{stop} = icmp ugt i32 {c}, {LOOP_BOUND}")
        out = f"exit{e}" if isinstance(e, int) else self.label(None, e)
        self.emit(f"br i1 {stop}, label %{out}, label %b{j}")

    def exit(self, e):
        self.lines.append(f"exit{e}:")
        vals = [self.load("x"), self.load("h"), self.load("c"), str(e + 1)]
        for k, v in enumerate(vals):
            self.store_at("%obase", k, v, "out")
        self.emit("ret void")

    def kernel(self):
        self.lines += [
            "define amdgpu_kernel void @k(ptr addrspace(1) %in, "
            "ptr addrspace(1) %out, ptr addrspace(1) %visits, i32 %s) {",
            "entry:"]
        for var, ty in (("x", "i32"), ("h", "i32"), ("c", "i32"), ("f", "i1")):
            self.emit(f"%{var} = alloca {ty}, addrspace(5)")
        for line in (
                "%wg = call i32 @llvm.amdgcn.workgroup.id.x()",
                "%tid = call i32 @llvm.amdgcn.workitem.id.x()",
                f"%wgbase = mul i32 %wg, {WORKGROUP}",
                "%lane = add i32 %wgbase, %tid",
                f"%vbase = mul i32 %lane, {len(self.blocks)}",
                "%obase = mul i32 %lane, 4",
                "%inp = getelementptr i32, ptr addrspace(1) %in, i32 %lane",
                "%x0 = load i32, ptr addrspace(1) %inp",
                "store i32 %x0, ptr addrspace(5) %x",
                "store i32 0, ptr addrspace(5) %h",
                "store i32 0, ptr addrspace(5) %c",
                "store i1 false, ptr addrspace(5) %f",
                "br label %b0"):
            self.emit(line)
        for i, blk in enumerate(self.blocks):
            self.block(i, blk)
        for g in self.guards:
            self.guard(*g)
        for name in self.unreachable:
            self.lines.append(f"{name}:")
            self.emit("unreachable")
        for e in range(self.nexits):
            self.exit(e)
        self.lines += ["}", "",
                       "declare i32 @llvm.amdgcn.workgroup.id.x()",
                       "declare i32 @llvm.amdgcn.workitem.id.x()", ""]
        return "\n".join(self.lines)
