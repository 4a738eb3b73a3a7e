// The package's generated types (target/web/pkg/*.d.ts), checked by tsc
// (scripts/web-test.sh): what a TypeScript user writes compiles, and what
// the bindings do not have does not.
import init, { Record, RecordList, Position, Replay, readRecords, solve, solveMoves } from '../../../target/web/pkg/reversi_wasm.js';
import type { MoveScores, Solution } from '../../../target/web/pkg/reversi_wasm.js';

export async function finalScore(bytes: Uint8Array, fileName: string): Promise<[number, number] | string> {
  await init();
  const pos: Position = new Position('attacks', '7x7', ['d4'], 'black');
  const moves: string[] = pos.moves();
  pos.play(moves[0]);
  const leaves: bigint = pos.perft(2);
  const cells: Uint8Array = pos.cells();
  const side: string = pos.sideToMove;
  const over: boolean = pos.isGameOver;
  const games: RecordList = readRecords(bytes, fileName, 'auto', undefined, undefined);
  const game: Record | undefined = games.get(0);
  if (game === undefined) return `no game (${leaves}, ${cells.length}, ${side}, ${over})`;
  if (game.error !== undefined) return game.error;
  const replay: Replay = game.replay();
  const last: Position | undefined = replay.position(replay.length);
  const text: string = Record.fromMoves(new Position(), ['f5', 'd6']).toText('pgn');
  // @ts-expect-error: plies are numbers, not strings
  replay.position('1');
  // @ts-expect-error: a Position has no such member
  pos.moveCount();
  const score = last?.score() ?? new Uint32Array(2);
  if (last !== undefined) {
    const solution: Solution = solve(last, { maxEmpties: 20, timeLimit: 5 });
    const best: string | null = solution.best;
    const every: MoveScores = solveMoves(last);
    const first: number | undefined = every.moves[0]?.score;
    // @ts-expect-error: an unknown option
    solve(last, { maxEmpty: 3 });
    if (best === null && first !== undefined) return 'over';
  }
  return replay.error ?? (text.length > 0 ? [score[0], score[1]] : 'empty');
}
