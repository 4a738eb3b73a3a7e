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
