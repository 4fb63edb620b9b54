"""A table with a planted mistake, saved as a student would save it, and the checker's verdict.

The exponent is written i/d instead of 2i/d, in float32 as in most tutorials; the command
`python -m pe diagnose FILE` reads the .npy file and names the mistake; its exit status is 1
(0 for the paper's table or a named variant, 2 for a file it cannot read).
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import pe.__main__  # noqa: F401  (the command run below: its output is rebuilt when it changes)

length, d = 50, 64
pos = np.arange(length, dtype=np.float32)[:, None]
i = np.arange(d // 2, dtype=np.float32)
angle = pos / np.float32(10000) ** (i / np.float32(d))  # the slip: i/d, not 2i/d
table = np.empty((length, d), dtype=np.float32)
table[:, 0::2] = np.sin(angle)
table[:, 1::2] = np.cos(angle)

with tempfile.TemporaryDirectory() as folder:
    path = Path(folder) / "my_table.npy"
    np.save(path, table)
    cmd = [sys.executable, "-m", "pe", "diagnose", str(path)]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
assert run.returncode in (0, 1), run.stderr  # 2: the file could not be read
print(run.stdout.replace(str(path), "my_table.npy"), end="")
print(f"exit status: {run.returncode}")
