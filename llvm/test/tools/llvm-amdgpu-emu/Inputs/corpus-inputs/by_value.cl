// Arguments passed by value that are not scalars: a 16-byte struct of 64-bit
// fields and a 12-byte one of 32-bit fields, the shapes of a tensor
// descriptor and of a small parameter block.
typedef struct { ulong size; ulong stride; } View;
typedef struct { int n; int shift; float scale; } Params;

__kernel void by_value_args(__global const int *in, __global int *out,
                            View v, Params p) {
  size_t i = get_global_id(0);
  if (i < v.size && (int)i < p.n)
    out[i] = in[(i * v.stride) % 256] * p.n + p.shift + (p.scale > 0.0f);
}
