"""dataset and save_npz: one row per ply of the records, margins from the results, symmetries, .npz."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversi_rules as rr
from conftest import DATA, read_in_threads

WTHOR = sorted((DATA / "wthor").glob("WTH_19*.wtb"))
SYMMETRIES = rr.Position().symmetries()  # the names of the column "symmetry", in order


def planes_of(pos: rr.Position) -> np.ndarray:
    """uint8 (2, H, W): the side to move's pieces, the opponent's (rows from rank 1)."""
    out = np.zeros((2, pos.height, pos.width), np.uint8)
    for r in range(pos.height):
        for c in range(pos.width):
            piece = pos.get(f"{chr(97 + c)}{r + 1}")
            if piece in ("black", "white"):
                out[0 if piece == pos.side_to_move else 1, r, c] = 1
    return out


def joined(ds) -> dict:
    chunks = list(ds)
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}


def black_margin(result: str) -> float:
    if "-" in result[1:]:
        black, white = result.split("-")
        return float(int(black) - int(white))
    return float(result.split(":")[0])


@pytest.mark.parametrize(
    "sources",
    [
        WTHOR,
        [DATA / "pgn" / "playok.pgn"],
        [DATA / "ggf" / "gg-archive-2003.ggf", DATA / "ggf" / "gg-8x8-saio.ggf"],
    ],
    ids=["wthor", "pgn", "ggf"],
)
def test_rows_are_the_plies(sources):
    rows = joined(rr.dataset(sources, chunk_size=4096))
    expected_rows, game = 0, 0
    batch = rr.Batch(1)
    for source in sources:
        for g in rr.read(source):
            plies = g.plies()
            sel = rows["game"] == game
            assert sel.sum() == len(plies)
            margin = black_margin(g.result)
            for k, (before, mv, _after) in enumerate(plies):
                i = expected_rows + k
                white = before.side_to_move == "white"
                assert rows["ply"][i] == k and rows["side"][i] == white
                assert rows["action"][i] == batch.action_of(mv)
                assert rows["margin"][i] == pytest.approx(-margin if white else margin)
                if k % 7 == 0:
                    assert (rows["planes"][i] == planes_of(before)).all()
            expected_rows += len(plies)
            game += 1
    assert len(rows["action"]) == expected_rows
    assert rows["planes"].dtype == np.uint8 and rows["action"].dtype == np.int64
    assert not np.isnan(rows["margin"]).any()


def test_wthor_margins_are_the_end_positions_with_empties_to_the_winner():
    rows = joined(rr.dataset(WTHOR[:3]))
    for game, g in enumerate(g for path in WTHOR[:3] for g in rr.read(path)):
        last = g.plies()[-1][2]
        if not last.is_game_over():
            continue
        black, white = last.score()
        empties = 64 - black - white
        margin = black - white + (empties if black > white else -empties if white > black else 0)
        first = np.flatnonzero(rows["game"] == game)[0]
        assert rows["margin"][first] == margin  # Black moves first in WTHOR


def test_augmentation_gives_every_symmetry():
    plain = joined(rr.dataset(WTHOR[0]))
    aug = joined(rr.dataset(WTHOR[0], augment=True))
    n = len(plain["action"])
    assert len(aug["action"]) == 8 * n
    assert (aug["symmetry"].reshape(n, 8) == np.arange(8)).all()
    originals = aug["symmetry"] == 0
    for key in plain:
        assert (aug[key][originals] == plain[key]).all(), key
    for key in ("side", "margin", "ply", "game"):
        assert (aug[key].reshape(n, 8) == plain[key][:, None]).all(), key
    batch = rr.Batch(1)
    for i, (before, _mv, after) in enumerate(next(iter(rr.read(WTHOR[0]))).plies()):
        for s, name in enumerate(SYMMETRIES):
            row = 8 * i + s
            image = before.transform(name)
            assert (aug["planes"][row] == planes_of(image)).all()
            assert image.played(batch.move_of(int(aug["action"][row]))) == after.transform(name)


def rectangle_pgn(tmp_path, seed):
    """A PGN of two random games on a 6x4 board (forced passes left out, as records do)."""
    rng = np.random.default_rng(seed)
    text = []
    for _ in range(2):
        pos = rr.Position(board="6x4")
        moves = []
        while not pos.is_game_over():
            mv = pos.moves()[rng.integers(len(pos.moves()))]
            pos.play(mv)
            if mv != "pass":
                moves.append(mv)
        black, white = pos.score()
        body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
        text.append(f'[Board "6x4"]\n[Result "{black}-{white}"]\n\n{body} {black}-{white}\n')
    path = tmp_path / "rect.pgn"
    path.write_text("\n".join(text))
    return path


def test_a_rectangle_has_four_symmetries(tmp_path):
    path = rectangle_pgn(tmp_path, 3)
    plain = joined(rr.dataset(path))
    aug = joined(rr.dataset(path, augment=True))
    n = len(plain["action"])
    assert plain["planes"].shape == (n, 2, 4, 6)
    assert len(aug["action"]) == 4 * n
    names = rr.Position(board="6x4").symmetries()
    assert len(names) == 4
    assert (aug["symmetry"].reshape(n, 4) == [SYMMETRIES.index(s) for s in names]).all()
    for key in plain:
        assert (aug[key][aug["symmetry"] == 0] == plain[key]).all()
    batch = rr.Batch(1, board="6x4")
    for g in rr.read(path):
        for i, (before, _mv, after) in enumerate(g.plies()[:10]):
            for s, name in enumerate(names):
                image = before.transform(name)
                row = 4 * i + s
                assert (aug["planes"][row] == planes_of(image)).all()
                assert image.played(batch.move_of(int(aug["action"][row]))) == after.transform(name)
        break


def attacks_pgn(tmp_path, seed):
    """A PGN of a random Attacks game on 5x5 (mostly clones, so that it lasts), no result."""
    rng = np.random.default_rng(seed)
    pos, moves = rr.Position(variant="attacks", board="5x5"), []
    while not pos.is_game_over() and len(moves) < 60:
        legal = pos.moves()
        clones = [m for m in legal if len(m) == 2]
        pool = clones if clones and rng.random() < 0.7 else legal
        mv = pool[rng.integers(len(pool))]
        pos.play(mv)
        moves.append(mv)
    body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
    path = tmp_path / "attacks.pgn"
    path.write_text(f'[Variant "attacks"]\n[Board "5x5"]\n\n{body} *\n')
    return path, pos


def test_jumps_are_transformed_with_the_board(tmp_path):
    path, end = attacks_pgn(tmp_path, 5)
    aug = joined(rr.dataset(path, augment=True))
    plies = next(iter(rr.read(path))).plies()
    assert len(aug["action"]) == 8 * len(plies) and any(len(mv) == 4 for _, mv, _ in plies)
    batch = rr.Batch(1, variant="attacks", board="5x5")
    for i, (before, mv, after) in enumerate(plies):
        assert aug["action"][8 * i] == batch.action_of(mv)
        for s, name in enumerate(SYMMETRIES):
            image = before.transform(name)
            assert (aug["planes"][8 * i + s] == planes_of(image)).all()
            assert image.played(batch.move_of(int(aug["action"][8 * i + s]))) == after.transform(name)
    # No result in the record: the end position's margin if the game is over, else NaN.
    black, white = end.score()
    if end.is_game_over():
        empties = 25 - black - white
        margin = black - white + (empties if black > white else -empties if white > black else 0)
        assert aug["margin"][0] == margin
    else:
        assert np.isnan(aug["margin"]).all()


def test_bitboards_are_the_planes():
    planes = joined(rr.dataset(WTHOR[1], augment=True))
    bits = joined(rr.dataset(WTHOR[1], augment=True, layout="bitboards"))
    assert "planes" not in bits and bits["bitboards"].dtype == np.uint64
    unpacked = np.unpackbits(bits["bitboards"].view(np.uint8), bitorder="little").reshape(-1, 2, 8, 8)
    assert (unpacked == planes["planes"]).all()
    assert (bits["action"] == planes["action"]).all()


@settings(max_examples=12)
@given(st.integers(1, 3000), st.booleans())
def test_chunks_join_to_the_same_rows(chunk_size, augment):
    whole = joined(rr.dataset(WTHOR[3], chunk_size=10**6, augment=augment))
    ds = rr.dataset(WTHOR[3], chunk_size=chunk_size, augment=augment)
    sizes = [len(c["action"]) for c in ds]
    assert all(s == chunk_size for s in sizes[:-1]) and 0 < sizes[-1] <= chunk_size
    again = joined(rr.dataset(WTHOR[3], chunk_size=chunk_size, augment=augment))
    for key in whole:
        assert (again[key] == whole[key]).all()
    assert ds.rows == sum(sizes) == len(whole["action"]) and ds.games == 160


def test_npz_round_trip(tmp_path):
    for compress in (False, True):
        path = tmp_path / f"wthor-{compress}.npz"
        summary = rr.save_npz(path, WTHOR[:4], compress=compress, chunk_size=1000, augment=True)
        whole = joined(rr.dataset(WTHOR[:4], augment=True))
        assert summary["rows"] == len(whole["action"]) and summary["errors"] == []
        assert summary["games"] == 12 + 8 + 11 + 160
        with np.load(path) as z:
            assert sorted(z.files) == sorted(whole)
            for key in whole:
                assert z[key].dtype == whole[key].dtype and (z[key] == whole[key]).all()


def test_errors_are_raised_or_listed():
    illegal = DATA.parent / "data-illegal" / "ggf" / "gg-synchro-komi-mixed.ggf"
    with pytest.raises(rr.RecordError, match=r"gg-synchro-komi-mixed\.ggf.*game 4"):
        list(rr.dataset(illegal, board="8x8"))
    ds = rr.dataset(illegal, errors="skip", board="8x8")
    rows = joined(ds)
    assert len(ds.errors) == 2 and ds.games == 4
    assert "game 4" in ds.errors[0] and "game 6" in ds.errors[1]
    assert rows["game"].max() == 3
    mixed = DATA / "ggf" / "gg-4x4-and-komi-random.ggf"
    with pytest.raises(rr.RecordError, match="8x8 in a dataset of reversi on 4x4"):
        list(rr.dataset(mixed))
    only8 = rr.dataset(mixed, board="8x8", errors="skip")
    assert joined(only8)["planes"].shape[1:] == (2, 8, 8)
    assert only8.games == 2 and len(only8.errors) == 1 and "4x4" in only8.errors[0]


def test_the_iteration_goes_on_after_an_error():
    illegal = DATA.parent / "data-illegal" / "ggf" / "gg-synchro-komi-mixed.ggf"
    ds, rows, raised = rr.dataset(illegal, board="8x8", chunk_size=10), 0, []
    while True:
        try:
            chunk = next(ds)
        except StopIteration:
            break
        except rr.RecordError as e:
            raised.append(str(e))
            continue
        rows += len(chunk["action"])
    skipped = rr.dataset(illegal, board="8x8", errors="skip")
    assert rows == len(joined(skipped)["action"]) and raised == skipped.errors


def test_missing_files_and_bad_arguments():
    with pytest.raises(FileNotFoundError, match="missing.pgn"):
        list(rr.dataset(DATA / "missing.pgn"))
    ds = rr.dataset([DATA / "missing.pgn", WTHOR[0]], errors="skip")
    assert len(joined(ds)["action"]) > 0 and len(ds.errors) == 1
    with pytest.raises(ValueError):
        rr.dataset(WTHOR[0], chunk_size=0)
    with pytest.raises(ValueError):
        rr.dataset(WTHOR[0], layout="pixels")
    with pytest.raises(ValueError):
        rr.dataset(WTHOR[0], errors="ignore")
    with pytest.raises(ValueError):
        rr.dataset(WTHOR[0], layout="bitboards", board="10x10")
    assert list(rr.dataset([])) == []


def test_file_objects_are_sources():
    with open(DATA / "pgn" / "playok.pgn", "rb") as f:
        rows = joined(rr.dataset(f))
    assert (rows["action"] == joined(rr.dataset(DATA / "pgn" / "playok.pgn"))["action"]).all()


def test_threads_reading_one_dataset_never_wait_for_each_other():
    expected = len(joined(rr.dataset(WTHOR[:5]))["action"])
    ds = rr.dataset(WTHOR[:5], chunk_size=64)

    def check(chunk):
        assert ds.games >= 0 and ds.errors == []

    got = [len(chunk["action"]) for chunk in read_in_threads(ds, check)]
    assert sum(got) == ds.rows == expected


def test_a_bad_first_game_on_another_board_fixes_nothing(tmp_path):
    # The first game, on 6x6, does not replay; the 300 after it are 8x8. The
    # board is fixed by the first game turned into rows, so all 300 are kept.
    source = tmp_path / "mixed.pgn"
    good = '[Result "*"]\n\n1. f5 d6 *\n\n'
    source.write_text('[Board "6x6"]\n[Result "*"]\n\n1. a1 *\n\n' + good * 300)
    ds = rr.dataset(source, errors="skip")
    rows = joined(ds)
    assert ds.games == 300 and len(rows["action"]) == 600
    assert rows["planes"].shape[1:] == (2, 8, 8)
    assert len(ds.errors) == 1 and "game 1" in ds.errors[0]
    # A game on another board than the first kept is skipped, saying why.
    source.write_text(good + '[Board "6x6"]\n[Result "*"]\n\n1. c2 *\n\n' + good)
    ds = rr.dataset(source, errors="skip")
    assert len(joined(ds)["action"]) == 4 and ds.games == 2
    assert len(ds.errors) == 1 and "a reversi game on 6x6 in a dataset of reversi on 8x8" in ds.errors[0]


def test_a_directory_gives_the_rows_of_its_record_files():
    from_dir = joined(rr.dataset(DATA / "wthor", chunk_size=50_000))
    from_files = joined(rr.dataset(sorted((DATA / "wthor").glob("*.wtb")), chunk_size=50_000))
    assert from_dir.keys() == from_files.keys()
    for key in from_dir:
        np.testing.assert_array_equal(from_dir[key], from_files[key])
