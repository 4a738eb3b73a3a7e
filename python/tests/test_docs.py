"""Every public name of the package, and every public member of its classes, has a runtime docstring."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

import reversi_rules as rr
import reversi_rules.gymnasium
import reversi_rules.pettingzoo
import reversi_rules.shards

MODULES = [rr, reversi_rules.gymnasium, reversi_rules.pettingzoo, reversi_rules.shards]


def public(module: ModuleType) -> list[str]:
    return [n for n in getattr(module, "__all__", dir(module)) if not n.startswith("_")]


def undocumented(module: ModuleType) -> list[str]:
    missing = []
    for name in public(module):
        obj = getattr(module, name)
        if inspect.ismodule(obj) or getattr(obj, "__module__", "").split(".")[0] not in ("reversi_rules",):
            continue  # a library the module imports, documented by its authors
        if not obj.__doc__:
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for member, value in vars(obj).items():
                if member.startswith("_") or not (
                    callable(value) or isinstance(value, property) or inspect.isdatadescriptor(value)
                ):
                    continue
                if not getattr(value, "__doc__", None):
                    missing.append(f"{name}.{member}")
    return missing


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_member_is_documented(module):
    assert public(module)
    assert undocumented(module) == []
