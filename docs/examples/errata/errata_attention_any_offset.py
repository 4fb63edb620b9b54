"""Check: are nearby positions always favoured by attention because their encodings are closer?"""

import numpy as np

import pe

d, L, k = 64, 40, 5
enc = pe.encoding(L, d)

# Raw encodings: the score q.k = PE_p . PE_q is largest at offset 0.
raw = [float(np.mean([enc[p] @ enc[p + o] for p in range(20)])) for o in range(9)]
print("PE_p . PE_(p+o), o = 0..8:", np.round(raw, 2).tolist())

# With a query projection equal to the rotation by k (a fixed matrix a layer can learn),
# the score is largest at offset k, for every p.
W_q = pe.rotation(k, d)
scores = np.array([[(W_q @ enc[p]) @ enc[p + o] for o in range(9)] for p in range(20)])
print(f"(R_{k} PE_p) . PE_(p+o), o = 0..8:", np.round(scores.mean(axis=0), 2).tolist())
print(f"largest at offset {k} for every p:", bool(np.all(scores.argmax(axis=1) == k)))
