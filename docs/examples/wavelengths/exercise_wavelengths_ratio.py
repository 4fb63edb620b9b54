"""Exercise: the common ratio of the wavelengths for d_model = 64."""

import pe

d, base = 64, 10000.0
answer = base ** (2 / d)
lam = pe.wavelengths(d, base=base)
print(f"10000 ** (2/{d}) = {answer:.6f}")
print(f"pe: lambda_1 / lambda_0 = {lam[1] / lam[0]:.6f}, lambda_last / lambda_last-1 = "
      f"{lam[-1] / lam[-2]:.6f}")
