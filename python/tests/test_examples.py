"""The Python examples, run in their quick modes: they work, and do what they say."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"


def load(name: str) -> ModuleType:
    """The example ``examples/python/NAME.py`` as a module (``__main__`` not run)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_wilson_interval():
    wilson = load("learn_othello").wilson
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_learn_othello_beats_its_untrained_self(capsys):
    learn = load("learn_othello")
    results = learn.run(["--quick", "--seed", "0"])
    out = capsys.readouterr().out
    assert "trained: 40 updates of 64 games against random" in out
    for how in ("sampled", "most likely"):
        assert sum(results[f"trained {how}"]) == sum(results[f"untrained {how}"]) == 500
    # Separated, not just ahead: the trained policy's interval above the untrained one's.
    untrained = results["untrained sampled"]
    trained = results["trained sampled"]
    assert learn.wilson(trained[0], 500)[0] > learn.wilson(untrained[0], 500)[1]
    assert learn.wilson(results["trained most likely"][0], 500)[0] > 0.75


def test_learn_othello_is_seeded(capsys):
    learn = load("learn_othello")
    args = ["--num-envs", "8", "--updates", "3", "--games", "40", "--hidden", "8", "--seed", "5"]
    first = learn.run(args)
    second = learn.run(args)
    capsys.readouterr()
    assert first == second
    assert learn.run([*args[:-1], "6"]) != first
