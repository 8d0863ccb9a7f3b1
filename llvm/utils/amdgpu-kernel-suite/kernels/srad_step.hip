// One SRAD-style diffusion update: boundary lanes take different paths
// (clamped neighbours), the interior takes the common one.
#include <hip/hip_runtime.h>

__global__ void srad_step(const float *img, float *out, int rows, int cols,
                          float q0sqr) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= cols)
    return;
  int idx = r * cols + c;
  float jc = img[idx];
  float n = r > 0 ? img[idx - cols] : jc;
  float s = r < rows - 1 ? img[idx + cols] : jc;
  float w = c > 0 ? img[idx - 1] : jc;
  float e = c < cols - 1 ? img[idx + 1] : jc;
  float dn = n - jc, ds = s - jc, dw = w - jc, de = e - jc;
  float g2 = (dn * dn + ds * ds + dw * dw + de * de) / (jc * jc + 1e-6f);
  float l = (dn + ds + dw + de) / (jc + 1e-6f);
  float num = 0.5f * g2 - 0.0625f * l * l;
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den + 1e-6f);
  float coef = 1.0f / (1.0f + (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr)));
  if (coef < 0.0f)
    coef = 0.0f;
  else if (coef > 1.0f)
    coef = 1.0f;
  out[idx] = jc + 0.25f * coef * (dn + ds + dw + de);
}
