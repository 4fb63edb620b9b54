"""What the checker recognises: every known variant and every known mistake, by code."""

from pe.diagnose import MISTAKES, VARIANTS

print("Known variants (not mistakes):")
for code, meaning in VARIANTS.items():
    print(f"  {code:<22} {meaning}")
print("Known mistakes:")
for code, meaning in MISTAKES.items():
    print(f"  {code:<22} {meaning}")
