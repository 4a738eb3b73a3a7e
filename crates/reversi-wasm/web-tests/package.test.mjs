// The npm package (target/web/pkg, built by scripts/web.sh) as a user
// installs it: the tarball npm pack makes holds what package.json says, the
// web entry runs in Node, and the bundler entry runs where .wasm imports do
// (Node's --experimental-wasm-modules stands in for a bundler).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const pkg = join(root, 'target/web/pkg');

test('npm pack ships the entries package.json names', () => {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: pkg, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const [packed] = JSON.parse(run.stdout);
  const files = new Set(packed.files.map((f) => f.path));
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const named = [manifest.main, manifest.types, ...Object.values(manifest.exports).flatMap((e) =>
    (typeof e === 'string' ? [e] : Object.values(e)))].map((p) => p.replace(/^\.\//, ''));
  for (const file of named) assert.ok(files.has(file), `${file} is not in the tarball`);
  assert.ok(files.has('reversi_wasm_bg.wasm') && files.has('bundler/reversi_wasm_bg.wasm'));
});

test('the web entry runs in Node', async () => {
  const { default: init, Position, readRecords } = await import(join(pkg, 'reversi_wasm.js'));
  await init({ module_or_path: readFileSync(join(pkg, 'reversi_wasm_bg.wasm')) });
  assert.equal(new Position().perft(4), 244n);
  const games = readRecords(readFileSync(join(root, 'data/pgn/playok.pgn')), 'playok.pgn');
  const replay = games.get(0).replay();
  assert.deepEqual([...replay.position(replay.length).score()], [38, 26]);
});

test('the bundler entry runs where .wasm files import as modules', () => {
  const script = `const { Position } = await import(${JSON.stringify(join(pkg, 'bundler/reversi_wasm.js'))});
    console.log(String(new Position('attacks', '7x7').perft(3)));`;
  const run = spawnSync(process.execPath, ['--experimental-wasm-modules', '--input-type=module', '-e', script],
    { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), '6460');
});

/** Each export called with each value of the wrong type throws a TypeError naming the argument. */
test('every export refuses arguments of the wrong type with a TypeError naming them', async () => {
  const wasm = await import(join(pkg, 'reversi_wasm.js'));
  await wasm.default({ module_or_path: readFileSync(join(pkg, 'reversi_wasm_bg.wasm')) });
  const { Position, Record, RecordStream, readRecords, solve, solveMoves } = wasm;
  const pgn = readFileSync(join(root, 'data/pgn/playok.pgn'));
  const games = () => readRecords(pgn, 'playok.pgn');
  const others = [12, 1.5, {}, Symbol('s'), 10n, true, () => 1];
  // Where a value is required, undefined is wrong too; where it is optional, it is the default.
  const wrong = { string: [...others, []], number: ['3', {}, Symbol('s'), 10n, true, [], undefined],
    bytes: [12, 'abc', {}, Symbol('s'), 10n, true, [1, 2], undefined] };
  const optional = (kind) => wrong[kind].filter((v) => v !== undefined && v !== null);
  // [name in the message, kind, call with the value in the argument's place]
  const calls = [
    ['Position: variant', optional('string'), (v) => new Position(v)],
    ['Position: board', optional('string'), (v) => new Position('reversi', v)],
    ['Position: holes', [12, 'c3', {}, Symbol('s'), 10n, [12], [Symbol('s')]], (v) => new Position('attacks', '7x7', v)],
    ['Position: first', optional('string'), (v) => new Position('reversi', '8x8', [], v)],
    ['Position.fromText: text', [...wrong.string, undefined], (v) => Position.fromText(v)],
    ['Position.fromText: variant', optional('string'), (v) => Position.fromText('X-O/---/O-X X', v)],
    ['Position.isLegal: move', [...wrong.string, undefined], (v) => new Position().isLegal(v)],
    ['Position.play: move', [...wrong.string, undefined], (v) => new Position().play(v)],
    ['Position.perft: depth', wrong.number, (v) => new Position().perft(v)],
    ['readRecords: bytes', wrong.bytes, (v) => readRecords(v, 'a.pgn')],
    ['readRecords: fileName', optional('string'), (v) => readRecords(pgn, v)],
    ['readRecords: format', optional('string'), (v) => readRecords(pgn, 'a.pgn', v)],
    ['readRecords: players', optional('bytes'), (v) => readRecords(pgn, 'a.pgn', 'auto', v)],
    ['readRecords: tournaments', optional('bytes'), (v) => readRecords(pgn, 'a.pgn', 'auto', undefined, v)],
    ...['get', 'place', 'black', 'white', 'result', 'error', 'illegal'].map((m) =>
      [`RecordList.${m}: index`, wrong.number, (v) => games()[m](v)]),
    ['RecordList.read: index', wrong.number, (v) => games().read(v, new Uint8Array(), new Uint8Array())],
    ['RecordList.read: head', wrong.bytes, (v) => games().read(0, v, new Uint8Array())],
    ['RecordList.read: bytes', wrong.bytes, (v) => games().read(0, new Uint8Array(), v)],
    ['Record.fromMoves: start', [...others, undefined, { constructor: { name: 'Position' } }],
      (v) => Record.fromMoves(v, ['f5'])],
    ['Record.fromMoves: moves', [12, 'f5', {}, Symbol('s'), 10n, undefined, [12]],
      (v) => Record.fromMoves(new Position(), v)],
    ['Record.write: format', [...wrong.string, undefined], (v) => games().get(0).write(v)],
    ['Record.toText: format', optional('string'), (v) => games().get(0).toText(v)],
    ...['position', 'move', 'inferred'].map((m) =>
      [`Replay.${m}: ply`, wrong.number, (v) => games().get(0).replay()[m](v)]),
    ['RecordStream: size', wrong.number, (v) => new RecordStream(v)],
    ['RecordStream: fileName', optional('string'), (v) => new RecordStream(10, v)],
    ['RecordStream: format', optional('string'), (v) => new RecordStream(10, 'a.pgn', v)],
    ['RecordStream: players', optional('bytes'), (v) => new RecordStream(10, 'a.wtb', 'auto', v)],
    ['RecordStream: tournaments', optional('bytes'), (v) => new RecordStream(10, 'a.wtb', 'auto', undefined, v)],
    ['RecordStream.push: bytes', wrong.bytes, (v) => new RecordStream(10).push(v)],
    ['RecordStream.read: count', wrong.number, (v) => new RecordStream(10).read(v)],
    // The start has 60 empties: a call that got past its arguments would be refused (a RangeError), never run.
    ...[['solve', solve], ['solveMoves', solveMoves]].flatMap(([name, call]) => [
      [`${name}: position`, [...others, undefined, { constructor: { name: 'Position' } }], (v) => call(v)],
      [`${name}: options`, [12, 'x', Symbol('s'), 10n, true, [], () => 1], (v) => call(new Position(), v)],
      ...['maxEmpties', 'timeLimit', 'hashMib'].map((field) =>
        [`${name}: options.${field}`, optional('number'), (v) => call(new Position(), { [field]: v })]),
    ]),
  ];
  for (const [name, values, call] of calls) {
    for (const value of values) {
      const shown = typeof value === 'symbol' ? 'a symbol' : `${typeof value} ${JSON.stringify(value, (_, x) =>
        (typeof x === 'bigint' ? `${x}n` : x))}`;
      assert.throws(() => call(value), (e) => e instanceof TypeError && e.message.startsWith(`${name} must be `),
        `${name} given ${shown}`);
    }
  }
  // A start may be a text, read as Position.fromText (and the CLI's --position) reads it.
  const after = Position.fromText('1. F5 d6 2. C3').toString();
  assert.equal(Record.fromMoves('f5d6c3', ['d3']).replay().position(0).toString(), after);
  assert.throws(() => Record.fromMoves('f5 f5', []), /ply 2: f5 is not legal/);
  // Numbers of the right type out of range: a RangeError, before anything is counted or read.
  for (const depth of [61, 512, 2 ** 32 + 3, NaN, -1, 1.5, Infinity]) {
    assert.throws(() => new Position().perft(depth), RangeError, `perft(${depth})`);
  }
  assert.match(String((() => { try { new Position().perft(61); } catch (e) { return e.message; } })()),
    /^Position\.perft: depth must be a whole number from 0 to 60, found 61$/);
  for (const size of [Infinity, -1, NaN, 0.5, 2 ** 60]) {
    assert.throws(() => new RecordStream(size), RangeError, `RecordStream(${size})`);
  }
  for (const index of [-1, 0.5, NaN]) assert.throws(() => games().get(index), RangeError);
  // A solve's options out of range, and a position past maxEmpties: a RangeError before any search.
  for (const options of [{ maxEmpties: -1 }, { maxEmpties: 1.5 }, { maxEmpties: 677 }, { timeLimit: 0 },
    { timeLimit: -1 }, { timeLimit: NaN }, { timeLimit: Infinity }, { hashMib: -1 }, { hashMib: 2 ** 40 }, {}]) {
    for (const call of [solve, solveMoves]) {
      assert.throws(() => call(new Position(), options), RangeError, `${call.name}(${JSON.stringify(options)})`);
    }
  }
  assert.throws(() => solve(new Position()), /^RangeError: solve: the position has 60 empty squares, more than maxEmpties \(24;/);
  assert.throws(() => solveMoves(new Position(), { maxEmpty: 30 }),
    (e) => e instanceof TypeError && e.message.startsWith('solveMoves: options.maxEmpty is not an option'));
  // The instance is whole after all of them.
  assert.equal(new Position().perft(4), 244n);
  assert.equal(new Position().perft(0), 1n);
  assert.equal(games().length, 2);
});

/** The OBF line's position (the board's 64 squares, the side to move) in RULES.md's text form. */
function obfPosition(line) {
  const [board, side] = line.split(';')[0].trim().split(/\s+/);
  return `${board.match(/.{8}/g).join('/')} ${side}`;
}

/** FFO #1-19 (14 to 16 empties), every move's published score: solveMoves and solve agree with them. */
test('solve and solveMoves give FFO #1-19 their published scores', async () => {
  const wasm = await import(join(pkg, 'reversi_wasm.js'));
  await wasm.default({ module_or_path: readFileSync(join(pkg, 'reversi_wasm_bg.wasm')) });
  const { Position, solve, solveMoves } = wasm;
  const lines = readFileSync(join(root, 'data/ffo/fforum-1-19.obf'), 'utf8').split('\n').filter((l) => l.trim());
  assert.equal(lines.length, 19);
  for (const [i, line] of lines.entries()) {
    const published = line.split(';').slice(1).map((a) => a.trim()).filter(Boolean).map((a) => {
      const [move, score] = a.split(':');
      return { move: move.toLowerCase(), score: Number(score) };
    });
    const position = Position.fromText(obfPosition(line));
    const every = solveMoves(position);
    const byMove = (list) => [...list].sort((a, b) => a.move.localeCompare(b.move));
    assert.deepEqual(byMove(every.moves), byMove(published), `FFO #${i + 1}: every move`);
    assert.ok(every.moves.every((m, k) => k === 0 || every.moves[k - 1].score >= m.score), 'best first');
    const solution = solve(position, { timeLimit: 600 });
    assert.equal(solution.score, every.moves[0].score, `FFO #${i + 1}`);
    assert.ok(every.moves.some((m) => m.move === solution.best && m.score === solution.score), `FFO #${i + 1}: best`);
    assert.ok(solution.nodes > 0 && solution.seconds >= 0);
    // The principal variation plays to the end on the score: the disc difference, empties to the winner.
    const end = position.clone();
    for (const mv of solution.pv) end.play(mv);
    assert.ok(end.isGameOver, `FFO #${i + 1}: the pv ends the game`);
    const [black, white] = end.score();
    const empties = 64 - black - white;
    const margin = (position.sideToMove === 'black' ? 1 : -1) * (black - white);
    assert.equal(margin === 0 ? 0 : margin + Math.sign(margin) * empties, solution.score, `FFO #${i + 1}: pv`);
  }
  // A game over has no move; Attacks is the library's refusal.
  const over = Position.fromText('XXXX/XXXX/XXXX/XXXO X');
  assert.deepEqual([solve(over).best, solve(over).score, solveMoves(over).moves], [null, 14, []]);
  // A text is read as Position.fromText reads it; one that names no position is the reader's error.
  assert.deepEqual(solve('XXXX/XXXX/XXXX/XXXO X'), { ...solve(over), seconds: solve('XXXX/XXXX/XXXX/XXXO X').seconds });
  assert.deepEqual(solveMoves('XXXX/XXXX/XXXX/XXXO X').moves, []);
  assert.throws(() => solve('zz'), (e) => !(e instanceof TypeError) && /bad position at byte 0/.test(e.message));
  assert.throws(() => solve(new Position('attacks', '4x4')), /cannot solve this position/);
});
