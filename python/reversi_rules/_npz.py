"""``save_npz``: a dataset written to one ``.npz`` in bounded memory."""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from ._native import OutputFile, dataset

__all__ = ["save_npz"]


def _input_paths(sources: Any) -> tuple[Any, list[str]]:
    """``sources`` (an iterable made a list, to be read once) and the paths among it."""
    if isinstance(sources, (str, os.PathLike)):
        return sources, [os.fspath(sources)]
    if hasattr(sources, "read"):
        return sources, []
    sources = list(sources)
    return sources, [os.fspath(s) for s in sources if isinstance(s, (str, os.PathLike))]


def save_npz(
    path: str | os.PathLike[str], sources: Any, *, compress: bool = False, **options: Any
) -> dict[str, Any]:
    """Writes every row of ``dataset(sources, **options)`` to ``path`` (a ``.npz``
    that ``numpy.load`` reads: one array per column, the chunks joined).

    Memory holds one chunk: each column goes to a temporary file as it comes and
    is copied into the archive at the end. Returns a summary: ``rows``, ``games``,
    ``errors`` (the messages of the games skipped with ``errors="skip"``, the
    first 1000) and ``skipped`` (how many games were skipped, every one).
    ``path`` is written by the rules of every output of the package: whole or not
    at all (a temporary file beside it, renamed at the end; a symbolic link is
    followed), a device or FIFO written straight through, and never one of the
    ``sources`` (``ValueError`` before anything is read).
    """
    target = Path(path)
    sources, inputs = _input_paths(sources)
    rows = 0
    info: dict[str, tuple[np.dtype[Any], tuple[int, ...]]] = {}
    # The columns beside the destination, unless it is a device or FIFO.
    beside = not target.exists() or target.is_file()
    with (
        OutputFile(target, inputs) as output,
        tempfile.TemporaryDirectory(dir=target.parent if beside else None) as tmp,
    ):
        files: dict[str, Any] = {}
        try:
            chunks = dataset(sources, **options)
            for chunk in chunks:
                for name, array in chunk.items():
                    if name not in files:
                        files[name] = open(os.path.join(tmp, name + ".raw"), "wb")  # noqa: SIM115
                        info[name] = (array.dtype, array.shape[1:])
                    files[name].write(np.ascontiguousarray(array).tobytes())
                rows += len(chunk["action"])
        finally:
            for f in files.values():
                f.close()
        method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
        with zipfile.ZipFile(output, "w", compression=method, allowZip64=True) as archive:
            for name, (dtype, tail) in info.items():
                header = {
                    "descr": np.lib.format.dtype_to_descr(dtype),
                    "fortran_order": False,
                    "shape": (rows, *tail),
                }
                with archive.open(name + ".npy", "w", force_zip64=True) as out:
                    np.lib.format.write_array_header_2_0(out, header)
                    with open(os.path.join(tmp, name + ".raw"), "rb") as raw:
                        while block := raw.read(1 << 20):
                            out.write(block)
        output.commit()
    return {"rows": rows, "games": chunks.games, "errors": chunks.errors, "skipped": chunks.skipped}
