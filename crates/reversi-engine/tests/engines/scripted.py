#!/usr/bin/env python3
"""A scripted Othello engine for the referee's tests (no dependency).

    scripted.py gtp|nboard MODE[:N]

It plays the first legal move (a1 to h8 order) until its Nth move request
(`genmove` or `go`; N = 1 by default), where MODE happens:

    good      keeps playing legal moves
    crash     exits with status 3
    hang      never answers
    illegal   answers a1 (or the first occupied square)
    garbage   answers a word that is no move
    slow      sleeps 0.4 s, then answers legally (every move from N on)
    flood     writes 1 MiB without a line break, then a line break
    resign    answers resign (GTP) / garbage (NBoard)
    dead      exits at start, before reading anything
    noname    plays legal moves, refusing `name` (GTP)
    noclock   plays legal moves, refusing `time_settings` and `time_left` (GTP)
    eval      plays legal moves, reporting an evaluation (NBoard: its move
              request's number over 2, `=== MOVE/EVAL/TIME`)
    noisy     plays legal moves, with a line of diagnostics before every
              GTP answer (as Edax prints `*** SEARCH STILL RUNNING ...`)
    say=E1,E2,...
              plays legal moves, reporting (NBoard) the evaluation Ek with
              its kth move since the last `ping` (`-` for none; none after the
              list; an E ending in `s` is said in Edax's form,
              `=== MOVE EVAL TIME`)
"""

import sys
import time

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def start():
    b = {}
    b[(3, 3)] = b[(4, 4)] = "O"
    b[(3, 4)] = b[(4, 3)] = "X"
    return b


def flips(b, me, c, r):
    if (c, r) in b:
        return []
    them = "O" if me == "X" else "X"
    out = []
    for dc, dr in DIRS:
        line = []
        x, y = c + dc, r + dr
        while 0 <= x < 8 and 0 <= y < 8 and b.get((x, y)) == them:
            line.append((x, y))
            x, y = x + dc, y + dr
        if line and 0 <= x < 8 and 0 <= y < 8 and b.get((x, y)) == me:
            out += line
    return out


def moves(b, me):
    return [(c, r) for r in range(8) for c in range(8) if flips(b, me, c, r)]


def play(b, me, text):
    t = text.strip().lower()
    if t.startswith("pa"):
        return
    c, r = ord(t[0]) - ord("a"), int(t[1:]) - 1
    for sq in flips(b, me, c, r):
        b[sq] = me
    b[(c, r)] = me


def name(sq):
    return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"


class Engine:
    def __init__(self, mode, n):
        self.mode, self.n, self.asked, self.said = mode, n, 0, 0
        self.board, self.side = start(), "X"

    def play(self, color, text):
        play(self.board, color, text)
        self.side = "O" if color == "X" else "X"

    def answer(self, color):
        """The move text, or None after doing the mode's deed."""
        self.asked += 1
        legal = moves(self.board, color)
        if self.asked >= self.n:
            m = self.mode
            if m == "crash":
                sys.exit(3)
            if m == "hang":
                time.sleep(3600)
            if m == "illegal":
                occupied = [sq for sq in sorted(self.board) if sq not in legal]
                return name(occupied[0])
            if m == "garbage":
                return "banana"
            if m == "slow":
                time.sleep(0.4)
            if m == "flood":
                sys.stdout.write("x" * (1 << 20) + "\n")
                sys.stdout.flush()
                time.sleep(3600)
            if m == "resign":
                return "resign"
        return name(legal[0]) if legal else "pass"


def gtp(engine):
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        out = ""
        if cmd.startswith("time_") and engine.mode == "noclock":
            print("? unknown command\n", flush=True)
            continue
        if cmd == "name" and engine.mode == "noname":
            print("? unknown command\n", flush=True)
            continue
        if cmd == "name":
            out = "scripted-" + engine.mode
        elif cmd == "clear_board":
            engine.board, engine.side = start(), "X"
        elif cmd == "play":
            engine.play("X" if args[0] == "b" else "O", args[1])
        elif cmd == "genmove":
            color = "X" if args[0] == "b" else "O"
            out = engine.answer(color)
            if out not in ("pass", "resign", "banana"):
                engine.play(color, out)
        elif cmd == "quit":
            print("= \n", flush=True)
            return
        if engine.mode == "noisy":
            print("*** SEARCH STILL RUNNING ? (0) ***")
        print("= " + out + "\n", flush=True)


def nboard(engine):
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "nboard":
            print("set myname scripted-" + engine.mode, flush=True)
        elif cmd == "ping":
            # The referee pings before each game.
            engine.said = 0
            print("pong " + " ".join(words[1:]), flush=True)
        elif cmd == "set" and len(words) > 2 and words[1] == "game":
            text = line.split("game", 1)[1]
            engine.board, engine.side = start(), "X"
            # moves: B[xx] and W[xx] fields after BO
            pos = text.find("]", text.find("BO[")) + 1
            while True:
                b, w = text.find("B[", pos), text.find("W[", pos)
                cands = [x for x in (b, w) if x >= 0]
                if not cands:
                    break
                at = min(cands)
                color = "X" if at == b else "O"
                end = text.find("]", at)
                engine.play(color, text[at + 2 : end].split("/")[0])
                pos = end + 1
        elif cmd == "move":
            engine.play(engine.side, words[1].split("/")[0])
        elif cmd == "go":
            print("status thinking", flush=True)
            out = engine.answer(engine.side)
            if engine.mode == "eval" and out != "pass":
                # MOVE/EVAL/TIME: the evaluation is its move's number over 2.
                out += "/" + str(engine.asked / 2) + "/0.01"
            if engine.mode.startswith("say=") and out != "pass":
                said = engine.mode[4:].split(",")
                engine.said += 1
                e = said[engine.said - 1] if engine.said <= len(said) else "-"
                if e.endswith("s"):
                    out += " " + e[:-1] + " 0.0"
                elif e != "-":
                    out += "/" + e + "/0.01"
            print("=== " + out.upper(), flush=True)
        elif cmd == "quit":
            return


def main():
    protocol, spec = sys.argv[1], sys.argv[2]
    mode, _, n = spec.partition(":")
    if mode == "dead":
        sys.exit(1)
    engine = Engine(mode, int(n) if n else 1)
    (gtp if protocol == "gtp" else nboard)(engine)


if __name__ == "__main__":
    main()
