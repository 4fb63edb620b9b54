"""Worked example: the full vectors of positions 0 and 5 for d_model = 50, base 10000."""

import pe

d, base = 50, 10000.0
enc = pe.encoding(6, d, base=base)

print(
    f"{'column':>6} {'pair i':>6} {'fn':>3} {'denominator':>12} {'angle at 5':>11} {'PE(0)':>7} {'PE(5)':>10}"
)
for col in range(d):
    i = col // 2  # the pair index: columns 2i and 2i + 1 share one denominator
    den = base ** (2 * i / d)
    fn = "sin" if col % 2 == 0 else "cos"
    print(
        f"{col:>6} {i:>6} {fn:>3} {den:>12.4f} {5 / den:>11.6f} {enc[0, col]:>7.4f} {enc[5, col]:>10.6f}"
    )

# The denominator of the last pair is base ** (48/50), not base itself.
print("last denominator:", f"{base ** (2 * (d // 2 - 1) / d):,.2f}", "  base:", f"{base:,.0f}")
