// Reads first[] out of its bounds. Built without LAST_GLOBAL, the read
// lands in second[], the global after it; with LAST_GLOBAL, first[] is the
// last global of the code object and the read faults outside every buffer.
global int first[4];
#ifndef LAST_GLOBAL
global int second[4];
#endif

kernel void read_past(global int *out) {
  int i = get_global_id(0);
#ifdef LAST_GLOBAL
  out[i] = first[i & 7];
#else
  out[i] = first[i & 7] + second[i & 3];
#endif
}
