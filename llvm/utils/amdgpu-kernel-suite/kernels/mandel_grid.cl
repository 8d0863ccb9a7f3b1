// Escape-time Mandelbrot in Q12 fixed point over a W x H image, each lane
// walking the image with a grid stride: the inner loop's trip count is the
// pixel's escape time, from 1 inside the fast-escaping area to maxiter on
// the set. Without loop merging a wave runs every outer iteration for as
// long as its slowest pixel.
__kernel void mandel_grid(__global uint *out, int w, int h, int maxiter,
                          int x0, int y0, int step) {
  int stride = get_global_size(0);
  for (int p = get_global_id(0); p < w * h; p += stride) {
    int cx = x0 + (p % w) * step, cy = y0 + (p / w) * step;
    int x = 0, y = 0, it = 0;
    while (it < maxiter) {
      int x2 = (x * x) >> 12, y2 = (y * y) >> 12;
      if (x2 + y2 > (4 << 12))
        break;
      int xy = (x * y) >> 11;
      x = x2 - y2 + cx;
      y = xy + cy;
      ++it;
    }
    out[p] = it;
  }
}
