// The <reversi-viewer>'s solver: a module Web Worker, so that an exact solve
// never blocks the page (the viewer stops one by terminating the worker).
// Each message { id, text, variant, maxEmpties } is answered with
// { id, moves: [{ move, score }], nodes, seconds } (the package's solveMoves:
// every legal move's exact score, best first) or { id, error }.

import init, { Position, solveMoves } from './reversi_wasm.js';

const ready = init({ module_or_path: new URL('./reversi_wasm_bg.wasm', import.meta.url) });

self.onmessage = async (event) => {
  const { id, text, variant, maxEmpties } = event.data;
  let position;
  try {
    await ready;
    position = Position.fromText(text, variant);
    self.postMessage({ id, ...solveMoves(position, { maxEmpties }) });
  } catch (e) {
    self.postMessage({ id, error: String(e?.message ?? e) });
  } finally {
    position?.free();
  }
};
