// DARM's PCM: partition and concurrent merge, Batcher's odd-even merge of
// sorted runs in LDS. Each of the N work-items of a group owns a sorted run
// of S elements. In the even phase of a round, the lower work-item of each
// pair (t, t + 1) with t even merges both runs from the front and keeps the
// S smallest elements, the upper one merges them from the back and keeps the
// S largest; the odd phase pairs t odd with t + 1. Work-items 0 and N - 1
// have no partner in the odd phase; as in DARM's kernel they still merge,
// work-item 0 from the front with run 1 and N - 1 from the back with run
// N - 2, which gives back their own runs: after the even phase every element
// of run 1 is at least every element of run 0, and likewise for N - 1 and
// N - 2. After N/2 rounds the N*S elements of the group are sorted. Which
// side of the if-else a work-item runs alternates between neighbours, so
// every wave diverges, and the two sides are loops of the same shape that
// differ in direction.
#define N 64
#define S 64

static void merge_phase(__local const int *C, __local int *R, int t,
                        int lower) {
  if (lower) {
    int a = 0, b = 0;
    for (int j = 0; j < S; j++) {
      if (C[t * S + a] <= C[(t + 1) * S + b]) {
        R[j] = C[t * S + a];
        a++;
      } else {
        R[j] = C[(t + 1) * S + b];
        b++;
      }
    }
  } else {
    int a = S - 1, b = S - 1;
    for (int j = 0; j < S; j++) {
      if (C[t * S + a] > C[(t - 1) * S + b]) {
        R[S - 1 - j] = C[t * S + a];
        a--;
      } else {
        R[S - 1 - j] = C[(t - 1) * S + b];
        b--;
      }
    }
  }
}

__kernel __attribute__((reqd_work_group_size(N, 1, 1)))
void pcm(__global int *data) {
  __local int runs[N * S];
  __local int merged[N * S];
  int t = get_local_id(0);
  __global int *mine = data + get_global_id(0) * S;
  __local int *R = merged + t * S;
  for (int i = 0; i < S; i++)
    runs[t * S + i] = mine[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int round = 0; round < N / 2; round++) {
    for (int phase = 0; phase < 2; phase++) {
      int lower = t == 0 || (((t & 1) == phase) && t + 1 < N);
      merge_phase(runs, R, t, lower);
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int j = 0; j < S; j++)
        runs[t * S + j] = R[j];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  for (int i = 0; i < S; i++)
    mine[i] = runs[t * S + i];
}
