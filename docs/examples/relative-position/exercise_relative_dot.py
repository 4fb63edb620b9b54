"""Exercise: PE_p . PE_{p+1} for d_model = 4 is the same for every p."""

import math

import pe

offset, d = 1, 4
answer = sum(math.cos(offset * w) for w in pe.frequencies(d))
rows = pe.encoding(50, d)
print(f"sum of cos(k * omega_i) = {answer:.8f}")
for p in (0, 5, 40):
    print(f"PE_{p} . PE_{p + offset} = {rows[p] @ rows[p + offset]:.8f}")
