"""Markdown fragments for the symbolic proofs of ``pe.symbolic``.

Each proof becomes ``proofs/<name>.md``: its statement and its steps as display maths
(typeset by KaTeX when the site is built), long ones broken over lines for a phone. A proof that does not hold is an error, never a fragment.
"""

from __future__ import annotations

import re

from scripts.artifacts.tex_lines import break_lines

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class ProofFailed(RuntimeError):
    """A proof from ``pe.symbolic`` did not hold."""


def _tex_line(tex: str) -> str:
    """LaTeX for a line of its own: one starting with -, + or * would open a Markdown list."""
    tex = tex.strip()
    return rf"\displaystyle {tex}" if tex[:1] in "-+*" else tex


def _display(tex: str) -> list[str]:
    """A display formula's lines, laid out to fit a phone (see tex_lines)."""
    joined = " ".join(line.strip() for line in tex.strip().splitlines() if line.strip())
    return [_tex_line(break_lines(joined))]


def fragment(title: str, statement: str, steps: tuple[str, ...], name: str) -> str:
    """One proof as Markdown: a claim block, then the numbered steps."""
    claim = _display(statement)
    lines = ['<div class="pe-proof" markdown>', "", f"**{title}.**", "", r"\[", *claim, r"\]",
             "", "*Proof.*", ""]
    for n, step in enumerate(steps, 1):
        # Every line indented: a multi-line step stays inside its list item.
        body = [f"    {line}" for line in _display(step)]
        lines += [f"{n}. \\[", *body, r"    \]", ""]
    lines += [f"Checked exactly with SymPy: `pe.symbolic` proof `{name}`. ∎", "", "</div>", ""]
    return "\n".join(lines)


def fragments() -> dict[str, str]:
    """``{name: markdown}`` for every proof; raises :class:`ProofFailed` if any fails."""
    from pe import symbolic  # imported here: SymPy is slow to import and only needed now

    proofs = symbolic.all_proofs()
    failed = [p.name for p in proofs if not p.holds]
    if failed:
        raise ProofFailed(f"proof(s) do not hold: {', '.join(failed)}")
    out: dict[str, str] = {}
    for p in proofs:
        if not _NAME.match(p.name) or p.name in out or p.name == "all":
            raise ValueError(f"proof name {p.name!r} is not a unique file-name-safe name")
        out[p.name] = fragment(p.title, p.statement, p.steps, p.name)
    if not out:
        raise ProofFailed("pe.symbolic.all_proofs() returned no proofs")
    out["all"] = "\n".join(out[name] for name in out)
    return out
