"""What the two environments share: their text render modes (no pettingzoo or gymnasium here)."""

from __future__ import annotations

from ._native import Batch

RENDER_MODES = ["ansi", "human"]


def checked_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is ``None``, ``"ansi"`` or ``"human"``; raises ``ValueError`` otherwise."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
    return render_mode


def render(batch: Batch, render_mode: str | None) -> str | None:
    """Game 0 of ``batch`` drawn as text: returned (``"ansi"``), printed (``"human"``) or nothing."""
    if render_mode is None:
        return None
    text = batch.position(0).pretty()
    if render_mode == "human":
        print(text)
        return None
    return text
