// Two polynomial fits of one quantity, chosen per work-item by a range test
// of its input: the shape of the NASA seven-coefficient fits of
// thermodynamic data, which switch at T = 1000 K (S3D's rdsmh and gibbs
// kernels). Both sides evaluate the same expressions with different
// coefficients, so they meld into one evaluation with a select per
// coefficient. The branch is divergent to the compiler; at run time it is
// the same for all lanes of a wavefront wherever the temperature field is
// smooth, and divergent only at the fronts where it crosses 1000 K.
//
// range_fit: the exponential of eight fits per work-item, coefficients in
// the code, one output per species.

#define NSPECIES 8
#define FIT(a0, a1, a2, a3, a4, a5)                                            \
  exp((a0) + t * ((a1) + t * ((a2) + t * ((a3) + t * (a4)))) + (a5) * rt)

__kernel void range_fit(__global const float *temp, __global float *out,
                        int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float t = temp[i] * 1e-3f; // in units of 1000 K
  float rt = 1.0f / t;
  float s[NSPECIES];
  if (t > 1.0f) {
    s[0] = FIT(3.34f, 0.51f, -0.12f, 0.014f, -0.00061f, -0.95f);
    s[1] = FIT(2.5f, 0.0f, 0.0f, 0.0f, 0.0f, 2.547f);
    s[2] = FIT(3.28f, 1.48f, -0.76f, 0.21f, -0.022f, -1.09f);
    s[3] = FIT(3.09f, 0.54f, -0.04f, -0.011f, 0.0018f, 0.386f);
    s[4] = FIT(3.03f, 2.18f, -0.16f, -0.097f, 0.017f, -3.0f);
    s[5] = FIT(4.01f, 2.24f, -0.63f, 0.11f, -0.0058f, 0.11f);
    s[6] = FIT(2.92f, 1.49f, -0.57f, 0.1f, -0.0069f, -0.92f);
    s[7] = FIT(3.57f, -0.6f, 0.58f, -0.19f, 0.019f, -1.43f);
  } else {
    s[0] = FIT(2.34f, 7.98f, -19.47f, 20.15f, -7.38f, -0.92f);
    s[1] = FIT(2.5f, 0.007f, -0.011f, 0.0089f, -0.0027f, 2.547f);
    s[2] = FIT(3.78f, -2.99f, 9.85f, -9.68f, 3.24f, -1.06f);
    s[3] = FIT(3.99f, -2.4f, 4.62f, -3.88f, 1.36f, 0.362f);
    s[4] = FIT(4.2f, -2.04f, 6.52f, -5.49f, 1.77f, -3.029f);
    s[5] = FIT(4.3f, -4.75f, 21.16f, -24.27f, 9.29f, 0.029f);
    s[6] = FIT(3.53f, -0.12f, -0.49f, 0.69f, -0.21f, -1.05f);
    s[7] = FIT(3.22f, 2.13f, -1.71f, 0.58f, -0.04f, -1.49f);
  }
  for (int k = 0; k < NSPECIES; k++)
    out[NSPECIES * i + k] = s[k];
}
