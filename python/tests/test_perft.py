"""perft against the tables in data/perft/."""

import pytest

import reversi_rules as rr
from conftest import DATA

# Entries up to this many leaves: a few seconds in all.
LIMIT = 3_100_000


def table():
    for file in sorted((DATA / "perft").glob("*.perft")):
        for line in file.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                variant, text, depth, leaves = line.split(";")
                if int(leaves) <= LIMIT:
                    yield pytest.param(variant, text, int(depth), int(leaves), id=f"{variant}-{text}-{depth}")


ENTRIES = list(table())


def test_table_is_read():
    assert len(ENTRIES) > 30


@pytest.mark.parametrize(("variant", "text", "depth", "leaves"), ENTRIES)
def test_perft_table(variant, text, depth, leaves):
    assert rr.perft(rr.Position(text, variant), depth) == leaves


def test_start_8x8():
    counts = [rr.perft(rr.Position(), d) for d in range(1, 10)]
    assert counts == [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def test_hashed_and_threaded_agree():
    pos = rr.Position()
    assert rr.perft(pos, 8, hash_mib=8) == 390216
    assert rr.perft(pos, 8, threads=2) == 390216
    assert rr.perft(pos, 8, hash_mib=8, threads=2) == 390216
    attacks = rr.Position(variant="attacks", board="7x7")
    assert rr.perft(attacks, 4, threads=2, hash_mib=4) == 155888
    with pytest.raises(ValueError):
        rr.perft(pos, 3, threads=0)


def test_symmetric_images_count_the_same():
    pos = rr.Position().played("f5").played("f6")
    counts = {rr.perft(pos.transform(s), 5) for s in pos.symmetries()}
    assert len(counts) == 1


def test_a_depth_past_the_bound_is_refused():
    # Black's piece jumps a1-c1 and back for ever, White passes: every depth
    # counts 1 leaf, up to the bound (60, the CLI's); deeper is refused, not a
    # crash, the same from Python as from the CLI.
    endless = rr.Position("X#-#O X", variant="attacks")
    assert rr.perft(endless, 60) == 1
    assert rr.perft(endless, 60, hash_mib=1) == 1
    for depth in (61, 100, 513, 10**6):
        with pytest.raises(ValueError, match="past the deepest count, 60 plies"):
            rr.perft(endless, depth)
    for threads in (0, 1025):
        with pytest.raises(ValueError, match="expected 1 to 1024 threads"):
            rr.perft(endless, 3, threads=threads)


def test_every_backend_this_cpu_runs_counts_the_same():
    runnable = []
    for backend in ["auto", "portable", "x86-64-v3", "x86-64-v4"]:
        try:
            start = rr.Position()
            counts = [rr.perft(start, 8, backend=backend), rr.perft(start, 8, 8, 2, backend=backend)]
        except ValueError as e:
            assert backend.startswith("x86") and f"cannot run the {backend} build" in str(e)
            continue
        assert counts == [390216, 390216]
        runnable.append(backend)
    assert {"auto", "portable"} <= set(runnable)
    with pytest.raises(ValueError, match="expected a backend"):
        rr.perft(rr.Position(), 3, backend="sse2")
