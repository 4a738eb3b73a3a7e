// <reversi-viewer>: a record viewer over the reversi-wasm bindings. Every
// rule, format and replay is the library's (readRecords, Record.replay,
// Position); this file draws and handles input only.
//
//   <script type="module" src="reversi-viewer.js"></script>
//   <reversi-viewer src="games.pgn"></reversi-viewer>
//
// A file dropped on a viewer is loaded into it (a .wtb with its WTHOR.JOU and
// WTHOR.TRN dropped together gets its names); before any file it shows the
// start position and a text box to paste or type a game. The element's API:
// load(file, fileName[, players, tournaments]) (a promise; file a Blob, a
// File or bytes), loadText(text) (a promise: a pasted game, read as a file
// is), games (a number: how many games the file has, 0 before one is loaded;
// not a list: select(index) shows one), select(index) (a promise), ply (read
// and set, clamped), score() ([black, white] at the ply shown), error (the
// located message of the game shown, or of a file that does not read, or
// null), play(move) (analysis), record() (back to the record), exactScores
// (read and set; the attribute exact-scores: each legal move's exact score on
// the board once EXACT_EMPTIES or fewer squares are empty, or the attribute
// exact-empties, solved in a Web Worker, reversi-solver.js, its time shown,
// stopped when the position changes or by its button), exact (the scores
// shown: [{ move, score }] best first, or null), and a 'scores' event when
// they are drawn (detail: { position: 'reversi TEXT', moves }).
//
// Memory: a file is read a chunk at a time (Blob.slice), the library's push
// reader holding at most its window of it (about 49 MiB); each game is kept
// as a summary (names, result, its byte range in the file) and read again
// from the file when it is shown.

import init, { Record, RecordStream, Position, readRecords, solve, solveMoves } from './reversi_wasm.js';

/** Records read between two drawings of the page. */
const BATCH = 500;
/** Bytes of the file read at once. */
const CHUNK = 1 << 20;
/**
 * Exact scores are shown from this many empty squares unless the attribute exact-empties says
 * otherwise: every move of a position of 20 empties is 10 to 100 million nodes, seconds to a
 * minute in a browser; each empty fewer, about a third as long.
 */
const EXACT_EMPTIES = 20;
/** Positions whose exact scores a viewer remembers. */
const EXACT_CACHE = 256;

let ready = null;
/** The module, initialised once for every viewer of the page. */
function wasm() {
  ready ??= init({ module_or_path: new URL('./reversi_wasm_bg.wasm', import.meta.url) });
  return ready;
}

const STYLE = `
:host { display: block; font: 14px/1.35 system-ui, sans-serif; max-width: 560px; color: #111; }
.wrap { display: flex; flex-direction: column; gap: 6px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
select.list { flex: 1 1 12em; min-width: 0; max-width: 100%; }
.coord { background: transparent; color: #ccd; font-size: 11px; display: flex; align-items: center;
  justify-content: center; user-select: none; min-width: 1.2em; min-height: 1.2em; }
.paste { display: flex; flex-direction: column; gap: 4px; }
.board { display: grid; gap: 1px; background: #234; padding: 1px; width: 100%; box-sizing: border-box;
  outline: none; touch-action: manipulation; }
.board:focus-visible { box-shadow: 0 0 0 3px #f90; }
.cell { background: #2a7a3a; aspect-ratio: 1; position: relative; display: flex; align-items: center;
  justify-content: center; cursor: pointer; min-width: 0; }
.cell.hole { background: #234; cursor: default; }
.cell.legal::after { content: ''; width: 22%; height: 22%; border-radius: 50%; background: rgba(255,255,255,.45); }
.cell.last { box-shadow: inset 0 0 0 2px #f90; }
.cell.from { box-shadow: inset 0 0 0 3px #fd0; }
.disc { width: 82%; height: 82%; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  font-size: clamp(7px, calc(var(--cell) * .38), 15px); }
.disc.black { background: #111; color: #eee; }
.disc.white { background: #f4f4f4; color: #222; }
.controls button { min-width: 2.4em; min-height: 2em; }
input.slider { flex: 1 1 8em; min-width: 0; }
.info, .status { min-height: 1.35em; }
.error { color: #b00; white-space: pre-wrap; word-break: break-word; }
.moves { font-family: ui-monospace, monospace; font-size: 12px; max-height: 8em; overflow: auto; word-break: break-word; }
.moves span { cursor: pointer; padding: 0 2px; }
.moves span.now { background: #fd0; }
.moves span.inferred { color: #777; }
.analysis { background: #eef; padding: 2px 4px; }
textarea { width: 100%; box-sizing: border-box; min-height: 6em; font-family: ui-monospace, monospace; font-size: 12px; }
.drop { outline: 3px dashed #36c; }
option.bad { color: #b00; }
[hidden] { display: none !important; }
.score { position: absolute; font: bold clamp(7px, calc(var(--cell) * .34), 14px) ui-monospace, monospace;
  color: #fff; text-shadow: 0 0 2px #000; pointer-events: none; }
.score.best { color: #fd0; }
.cell.scored::after { display: none; }
`;

const HTML = `
<div class="wrap">
  <div class="row"><select class="list" aria-label="games"></select><span class="format"></span></div>
  <div class="row"><progress class="progress" max="1" value="0" hidden></progress><span class="status" role="status"></span></div>
  <div class="board" tabindex="0" role="grid" aria-label="board"></div>
  <div class="row controls">
    <button class="first" title="start (Home)" aria-label="start">|&#x25C0;</button>
    <button class="back" title="back (Left)" aria-label="back">&#x25C0;</button>
    <button class="forward" title="forward (Right)" aria-label="forward">&#x25B6;</button>
    <button class="last" title="end (End)" aria-label="end">&#x25B6;|</button>
    <input class="slider" type="range" min="0" max="0" value="0" aria-label="ply">
    <span class="ply"></span>
  </div>
  <div class="row"><label><input type="checkbox" class="exact"> exact scores</label>
    <span class="exactStatus" role="status"></span> <button class="exactStop" hidden>stop</button></div>
  <div class="info"></div>
  <div class="analysis" hidden><span class="line"></span>
    <button class="pass">pass</button> <button class="leave">back to the record</button></div>
  <div class="error" hidden></div>
  <div class="moves"></div>
  <div class="row"><select class="exportFormat" aria-label="export format">
    <option>pgn</option><option>ggf</option><option>transcript</option></select>
    <button class="export">export</button></div>
  <textarea class="exported" hidden readonly aria-label="exported game"></textarea>
  <div class="paste"><textarea class="pasted" aria-label="a game to read"
    placeholder="Paste or type a game (f5d6c3d3c4, PGN, GGF, ...), or open or drop a file"></textarea>
    <div class="row"><button class="read">read</button></div></div>
</div>`;

/** A move's destination square `[column, row]` (0-based), or null (a pass). */
function destination(mv) {
  const squares = [...mv.matchAll(/([a-z])(\d+)/g)];
  if (squares.length === 0) return null;
  const [, col, row] = squares[squares.length - 1];
  return [col.charCodeAt(0) - 97, Number(row) - 1];
}

/** A square's name. */
function squareName(col, row) {
  return String.fromCharCode(97 + col) + (row + 1);
}

class ReversiViewer extends HTMLElement {
  static observedAttributes = ['src', 'exact-scores', 'exact-empties'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>${HTML}`;
    this.$ = (sel) => root.querySelector(sel);
    this._games = null;
    this._game = null;
    this._replay = null;
    this._ply = 0;
    this._branch = null; // { from: ply, positions: [Position], moves: [string] }
    this._from = null; // a jump's square chosen first
    this._exactCache = new Map(); // 'variant text' -> { moves, nodes, seconds } or { error }
    this._job = null; // the solve under way: { id, key, timer }
    this._jobs = 0;
    this._bind();
  }

  connectedCallback() {
    // The start position, once the module is ready.
    void wasm().then(() => {
      this._ready = true;
      if (!this._games) this._show();
    });
  }

  disconnectedCallback() {
    this._stopSolving();
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'src' && value && value !== old) this._fetch(value);
    if (name === 'exact-scores') this.exactScores = value !== null;
    if (name === 'exact-empties') this._show();
  }

  /** Exact scores are shown from this many empty squares (the attribute exact-empties, else 20). */
  get _exactEmpties() {
    const n = Number.parseInt(this.getAttribute('exact-empties') ?? '', 10);
    return Number.isFinite(n) && n >= 0 ? n : EXACT_EMPTIES;
  }

  /** Whether each legal move's exact score is shown (from EXACT_EMPTIES empty squares). */
  get exactScores() {
    return this.$('.exact').checked;
  }

  set exactScores(on) {
    this.$('.exact').checked = Boolean(on);
    this._show();
  }

  /** The exact scores shown: [{ move, score }] best first, or null (off, not solved yet, too early). */
  get exact() {
    return this._exactShown ? this._exactShown.moves.map((m) => ({ ...m })) : null;
  }

  /** The number of games of the file loaded (a number, 0 before a file is loaded; not a list). */
  get games() {
    return this._games ? this._games.length : 0;
  }

  /** The ply shown (0: the start). */
  get ply() {
    return this._ply;
  }

  set ply(value) {
    const last = this._replay ? this._replay.length : 0;
    this._branch = null;
    this._from = null;
    this._ply = Math.max(0, Math.min(last, Math.trunc(Number(value)) || 0));
    this._show();
  }

  /** `[black, white]` at the position shown. */
  score() {
    const pos = this._position();
    return pos ? Array.from(pos.score()) : [0, 0];
  }

  /** The located message of the game shown (it does not read, or an illegal move ends it), or null. */
  get error() {
    if (!this._game) return this._loadError ?? this._replayError ?? null;
    return this._game.error ?? this._replayError ?? null;
  }

  /** Loads a file (a Blob, a File, or bytes; WTHOR's name files' bytes optional). */
  async load(source, fileName, players, tournaments) {
    await wasm();
    this._ready = true;
    this._reset();
    const file = source instanceof Blob ? source : new Blob([source]);
    const load = (this._loading = {});
    // Read a chunk of the file and a batch of games at a time, the page
    // drawn between batches: a large file shows its progress, never freezes
    // the page, and is never held whole.
    const progress = this.$('.progress');
    this._say(`reading ${fileName ?? 'the file'} (${file.size.toLocaleString('en')} bytes)...`);
    progress.hidden = false;
    progress.value = 0;
    let stream;
    try {
      stream = new RecordStream(file.size, fileName ?? undefined, undefined, players ?? undefined, tournaments ?? undefined);
      let given = 0;
      for (;;) {
        while (given < file.size && stream.wants() > 0) {
          const end = Math.min(file.size, given + Math.max(CHUNK, stream.wants()));
          stream.push(new Uint8Array(await file.slice(given, end).arrayBuffer()));
          given = end;
        }
        if (stream.read(BATCH)) break;
        progress.value = stream.progress;
        this.dispatchEvent(new CustomEvent('progress', { detail: { read: stream.progress, games: stream.length } }));
        await new Promise((done) => setTimeout(done, 0));
        if (this._loading !== load) throw new Error('another file was loaded');
      }
      this._games = stream.finish();
      this._file = file;
    } catch (e) {
      stream?.free();
      if (this._loading === load) {
        this._loadError = String(e.message ?? e);
        this._show();
      }
      throw e;
    } finally {
      progress.hidden = true;
      this._say('');
    }
    this._list(fileName);
    await this.select(0);
    this.dispatchEvent(new CustomEvent('load', { detail: { games: this.games } }));
  }

  /** Reads `text` (a game pasted or typed: a transcript, PGN, GGF, ...) as a file is read. */
  async loadText(text) {
    await this.load(new TextEncoder().encode(text), undefined);
  }

  /** Shows game `index` (0-based) at its start, read again from the file. */
  async select(index) {
    const games = this._games;
    if (!games || index < 0 || index >= games.length) return;
    const selecting = (this._selecting = {});
    this.$('.list').value = String(index);
    this._index = index;
    let game;
    const place = games.place(index);
    if (place) {
      const bytes = async (from, to) => new Uint8Array(from === to ? 0 : await this._file.slice(from, to).arrayBuffer());
      const [head, body] = await Promise.all([bytes(place[0], place[1]), bytes(place[2], place[3])]);
      if (this._selecting !== selecting || this._games !== games) return;
      try {
        game = games.read(index, head, body);
      } catch (e) {
        this._replayError = String(e.message ?? e);
      }
    } else {
      game = games.get(index);
    }
    this._game?.free();
    this._replay?.free();
    this._game = game ?? null;
    this._replay = null;
    this._replayError = game ? null : this._replayError;
    try {
      this._replay = game && !game.error ? game.replay() : null;
      this._replayError = this._replay?.error ?? this._replayError;
    } catch (e) {
      this._replayError = String(e.message ?? e);
    }
    this._branch = null;
    this._from = null;
    this._ply = 0;
    this.$('.exported').hidden = true;
    this._show();
  }

  /** Plays `mv` from the position shown, in analysis (apart from the record). */
  play(mv) {
    const pos = this._position();
    if (!pos) return false;
    const next = pos.clone();
    try {
      next.play(mv);
    } catch (e) {
      next.free();
      this._say(String(e.message ?? e), true);
      return false;
    }
    this._branch ??= { from: this._ply, positions: [], moves: [] };
    this._branch.positions.push(next);
    this._branch.moves.push(mv);
    this._from = null;
    this._say('');
    this._show();
    return true;
  }

  /** Leaves analysis: the record at the ply the branch left it. */
  record() {
    if (this._branch) this.ply = this._branch.from;
  }

  // --- internals -----------------------------------------------------------

  _reset() {
    this._game?.free();
    this._replay?.free();
    this._games?.free();
    this._games = this._game = this._replay = this._file = null;
    this._index = 0;
    this._loadError = this._replayError = null;
    this._branch = null;
    this._ply = 0;
  }

  async _fetch(src) {
    try {
      const url = new URL(src, document.baseURI);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${src}: ${response.status} ${response.statusText}`);
      const file = await response.blob();
      let names = [];
      if (/\.wtb$/i.test(url.pathname)) {
        const beside = (file, attr) => this.getAttribute(attr) ?? new URL(file, url).href;
        names = await Promise.all([beside('WTHOR.JOU', 'players'), beside('WTHOR.TRN', 'tournaments')].map(
          (u) => fetch(new URL(u, document.baseURI)).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)));
        names = names.map((b) => (b ? new Uint8Array(b) : undefined));
      }
      await this.load(file, url.pathname.split('/').pop(), ...names);
    } catch (e) {
      this._loadError = String(e.message ?? e);
      this._show();
    }
  }

  _bind() {
    const $ = this.$;
    $('.first').onclick = () => (this.ply = 0);
    $('.back').onclick = () => this._step(-1);
    $('.forward').onclick = () => this._step(1);
    $('.last').onclick = () => (this.ply = Infinity);
    $('.slider').oninput = (e) => (this.ply = e.target.value);
    // After the list is used, the keys step through the game again.
    $('.list').onchange = (e) => {
      void this.select(Number(e.target.value));
      $('.board').focus();
    };
    $('.read').onclick = () => void this.loadText($('.pasted').value).catch(() => {});
    $('.leave').onclick = () => this.record();
    $('.pass').onclick = () => this.play('pass');
    $('.export').onclick = () => this._export();
    $('.exact').onchange = () => this._show();
    $('.exactStop').onclick = () => {
      const key = this._job?.key;
      this._stopSolving();
      if (key) this._remember(key, { error: 'stopped' });
      this._show();
    };
    $('.moves').onclick = (e) => {
      if (e.target.dataset.ply) this.ply = e.target.dataset.ply;
    };
    // A click that only gives the board the focus plays nothing.
    $('.board').onpointerdown = () => {
      this._focusing = document.activeElement !== this;
    };
    $('.board').onclick = (e) => {
      const focusing = this._focusing;
      this._focusing = false;
      if (focusing) return void $('.board').focus();
      const cell = e.target.closest('.cell');
      if (cell) this._click(Number(cell.dataset.col), Number(cell.dataset.row));
    };
    $('.board').onkeydown = (e) => this._key(e);
    this.addEventListener('keydown', (e) => {
      if (e.composedPath()[0] === $('.board')) return;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.composedPath()[0].tagName)) return;
      this._key(e);
    });
    this.addEventListener('dragover', (e) => {
      e.preventDefault();
      $('.wrap').classList.add('drop');
    });
    this.addEventListener('dragleave', () => $('.wrap').classList.remove('drop'));
    this.addEventListener('drop', (e) => {
      e.preventDefault();
      $('.wrap').classList.remove('drop');
      this._dropped([...e.dataTransfer.files]);
    });
  }

  async _dropped(files) {
    const find = (re) => files.find((f) => re.test(f.name));
    const main = files.find((f) => !/\.(jou|trn)$/i.test(f.name));
    if (!main) return;
    const bytes = async (f) => (f ? new Uint8Array(await f.arrayBuffer()) : undefined);
    await this.load(main, main.name, await bytes(find(/\.jou$/i)), await bytes(find(/\.trn$/i)))
      .catch(() => {});
  }

  _key(e) {
    const keys = { ArrowLeft: () => this._step(-1), ArrowRight: () => this._step(1), Home: () => (this.ply = 0),
      End: () => (this.ply = Infinity), PageUp: () => this.select(this._index - 1),
      PageDown: () => this.select(this._index + 1), Escape: () => this.record() };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  }

  _step(delta) {
    if (this._branch) {
      if (delta < 0) {
        this._branch.positions.pop()?.free();
        this._branch.moves.pop();
        if (this._branch.moves.length === 0) this._branch = null;
        this._show();
      }
      return;
    }
    this.ply = this._ply + delta;
  }

  /** The position shown: the branch's, the record's, or (no game) the start. */
  _position() {
    if (this._branch?.positions.length) return this._branch.positions.at(-1);
    if (this._replay) return this._replay.position(this._ply);
    if (this._games || !this._ready) return null;
    this._start ??= new Position();
    return this._start;
  }

  _click(col, row) {
    const pos = this._position();
    if (!pos) return;
    const name = squareName(col, row);
    const moves = pos.moves();
    // The record's own next move steps forward.
    const next = !this._branch && this._replay && this._ply < this._replay.length ? this._replay.move(this._ply + 1) : null;
    if (this._from) {
      const jump = this._from + name;
      this._from = null;
      if (jump === next) return void (this.ply = this._ply + 1);
      if (moves.includes(jump)) return void this.play(jump);
    }
    if (name === next) return void (this.ply = this._ply + 1);
    if (moves.includes(name)) return void this.play(name);
    if (moves.some((m) => m.startsWith(name) && m.length > name.length && destination(m))) {
      this._from = name;
      this._say(`${name}: now the square to jump to`);
      return void this._show();
    }
    this.play(name); // illegal: the library's message
  }

  _say(text, isError = false) {
    const status = this.$('.status');
    status.textContent = text;
    status.classList.toggle('error', isError);
  }

  _list(fileName) {
    const list = this.$('.list');
    const n = this._games.length;
    const options = [];
    const games = this._games;
    for (let i = 0; i < n; i++) {
      const result = games.result(i);
      const illegal = games.illegal(i);
      const label = games.error(i)
        ? `${i + 1}. (does not read)`
        : `${i + 1}. ${illegal ? '\u2717 ' : ''}${games.black(i) ?? '?'} - ${games.white(i) ?? '?'}${result ? ` ${result}` : ''}${illegal ? ' (illegal move)' : ''}`;
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = label;
      if (illegal || games.error(i)) option.className = 'bad';
      options.push(option);
    }
    list.replaceChildren(...options);
    this.$('.format').textContent = `${fileName ?? ''} (${this._games.format}, ${n} game${n === 1 ? '' : 's'})`;
  }

  _show() {
    const $ = this.$;
    const pos = this._position();
    const replay = this._replay;
    const last = replay ? replay.length : 0;
    const slider = $('.slider');
    slider.max = String(last);
    slider.value = String(this._ply);
    $('.ply').textContent = replay ? `${this._ply}/${last}` : '';
    this._board(pos, this._exactFor(pos));
    // The moves with their numbers, the ply shown marked.
    const moves = [];
    for (let p = 1; p <= last; p++) {
      const span = document.createElement('span');
      span.dataset.ply = String(p);
      span.textContent = `${p}.${replay.move(p)}`;
      if (replay.inferred(p)) span.classList.add('inferred');
      if (p === this._ply && !this._branch) span.classList.add('now');
      moves.push(span, ' ');
    }
    $('.moves').replaceChildren(...moves);
    // Who moves, passes, the final score.
    let info = '';
    if (pos) {
      const [b, w] = pos.score();
      const last = this._branch ? this._branch.moves.at(-1) : this._ply > 0 ? replay.move(this._ply) : null;
      const passed = last === 'pass' ? `${pos.sideToMove === 'black' ? 'White' : 'Black'} passed. ` : '';
      const state = pos.isGameOver ? `Game over: ${b}-${w}` : `${pos.sideToMove === 'black' ? 'Black' : 'White'} to move${pos.mustPass ? ' (must pass)' : ''}`;
      info = `${passed}${state} · black ${b}, white ${w}`;
      if (this._game && !this._branch) {
        const g = this._game;
        const who = [g.black, g.white].some((x) => x) ? `${g.black ?? '?'} - ${g.white ?? '?'}` : '';
        info += [who, g.event, g.date, g.result && `result ${g.result}`].filter(Boolean).map((x) => ` · ${x}`).join('');
      }
    }
    $('.info').textContent = info;
    const branch = this._branch;
    $('.analysis').hidden = !branch;
    if (branch) {
      $('.line').textContent = `Analysis from ply ${branch.from}: ${branch.moves.join(' ')} `;
      $('.pass').hidden = !(pos && pos.mustPass);
    }
    const error = this.error;
    $('.error').hidden = !error;
    $('.error').textContent = error ?? '';
  }

  /** The exact scores of `pos` when known; else starts the worker on them when they are wanted. */
  _exactFor(pos) {
    const status = this.$('.exactStatus');
    this._exactShown = null;
    this.$('.exactStop').hidden = true;
    const empties = pos ? Array.from(pos.cells()).filter((c) => c === 0).length : 0;
    const why = !this.exactScores || !pos || pos.isGameOver ? ''
      : pos.variant !== 'reversi' ? 'Reversi only (other games need not end)'
        : empties > this._exactEmpties ? `from ${this._exactEmpties} empty squares (${empties} now)` : null;
    if (why !== null) {
      this._stopSolving();
      status.textContent = why;
      return null;
    }
    const key = `${pos.variant} ${pos.toString()}`;
    const known = this._exactCache.get(key);
    if (known) {
      this._exactShown = known.moves ? known : null;
      const sign = (n) => (n > 0 ? `+${n}` : String(n));
      const list = known.moves?.map((m) => `${m.move} ${sign(m.score)}`).join(', ');
      status.textContent = known.error ?? `exact, ${pos.sideToMove} to move: ${list}`;
      return this._exactShown;
    }
    if (this._job?.key !== key) this._solve(key, pos, empties);
    this.$('.exactStop').hidden = false;
    return null;
  }

  /** Solves `pos` in the worker (the one under way, if any, stopped), its time shown as it runs. */
  _solve(key, pos, empties) {
    this._stopSolving();
    let worker;
    try {
      worker = this._worker ??= new Worker(new URL('./reversi-solver.js', import.meta.url), { type: 'module' });
    } catch (e) {
      // No worker here (a page's policy, say): said on the status line, never solved on the page's thread.
      this._remember(key, { error: `no Web Worker for the solver: ${e.message ?? e}` });
      return void queueMicrotask(() => this._show());
    }
    const id = ++this._jobs;
    const started = performance.now();
    const tick = () => {
      const seconds = Math.round((performance.now() - started) / 1000);
      this.$('.exactStatus').textContent = `solving ${empties} empty squares... ${seconds} s`;
    };
    tick();
    this._job = { id, key, timer: setInterval(tick, 1000) };
    const done = (answer) => {
      if (this._job?.id !== id) return;
      clearInterval(this._job.timer);
      this._job = null;
      this._remember(key, answer);
      this._show();
      if (answer.moves) this.dispatchEvent(new CustomEvent('scores', { detail: { position: key, moves: answer.moves } }));
    };
    worker.onmessage = (e) => done(e.data);
    worker.onerror = (e) => {
      done({ error: `the solver failed: ${e.message ?? e}` });
      if (this._worker === worker) this._worker = null; // the next solve starts a new one
      worker.terminate();
    };
    worker.postMessage({ id, text: pos.toString(), variant: pos.variant, maxEmpties: empties });
  }

  /** Stops the solve under way: its worker ends (a new one starts for the next). */
  _stopSolving() {
    if (!this._job) return;
    clearInterval(this._job.timer);
    this._worker?.terminate();
    this._worker = null;
    this._job = null;
  }

  _remember(key, answer) {
    if (this._exactCache.size >= EXACT_CACHE) this._exactCache.delete(this._exactCache.keys().next().value);
    this._exactCache.set(key, answer);
  }

  _board(pos, exact) {
    const board = this.$('.board');
    this.$('.paste').hidden = Boolean(this._games);
    if (!pos) return void board.replaceChildren();
    const width = pos.width;
    const height = pos.height;
    // A column of row numbers before the squares, a row of column letters above.
    board.style.gridTemplateColumns = `auto repeat(${width}, 1fr)`;
    board.style.setProperty('--cell', `${Math.floor(480 / Math.max(width, height))}px`);
    const cells = pos.cells();
    const legal = new Set(pos.moves().map((m) => destination(m)?.join(',')).filter(Boolean));
    // Move numbers: the ply each square was last moved to, up to the ply shown.
    const numbers = new Map();
    const record = this._replay;
    const upTo = this._branch ? this._branch.from : this._ply;
    for (let p = 1; record && p <= upTo; p++) {
      const d = destination(record.move(p));
      if (d) numbers.set(d.join(','), p);
    }
    this._branch?.moves.forEach((m, i) => {
      const d = destination(m);
      if (d) numbers.set(d.join(','), upTo + i + 1);
    });
    const lastMove = this._branch ? this._branch.moves.at(-1) : upTo > 0 ? record.move(upTo) : null;
    const lastSquare = lastMove ? destination(lastMove)?.join(',') : null;
    const scores = new Map((exact?.moves ?? []).map((m) => [destination(m.move)?.join(','), m.score]));
    const best = exact?.moves[0]?.score;
    const coord = (text) => {
      const label = document.createElement('div');
      label.className = 'coord';
      label.setAttribute('aria-hidden', 'true');
      label.textContent = text;
      return label;
    };
    const out = [coord('')];
    for (let col = 0; col < width; col++) out.push(coord(String.fromCharCode(97 + col)));
    for (let row = 0; row < height; row++) {
      out.push(coord(String(row + 1)));
      for (let col = 0; col < width; col++) {
        const code = cells[row * width + col];
        const key = `${col},${row}`;
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.dataset.col = String(col);
        cell.dataset.row = String(row);
        cell.setAttribute('role', 'gridcell');
        cell.title = squareName(col, row);
        if (code === 3) cell.classList.add('hole');
        else if (code === 0 && legal.has(key)) cell.classList.add('legal');
        if (code === 0 && scores.has(key)) {
          const score = document.createElement('span');
          const value = scores.get(key);
          score.className = value === best ? 'score best' : 'score';
          score.textContent = value > 0 ? `+${value}` : String(value);
          cell.classList.add('scored');
          cell.append(score);
        }
        if (code === 1 || code === 2) {
          const disc = document.createElement('div');
          disc.className = `disc ${code === 1 ? 'black' : 'white'}`;
          if (numbers.has(key)) disc.textContent = String(numbers.get(key));
          cell.append(disc);
        }
        if (key === lastSquare) cell.classList.add('last');
        if (this._from === squareName(col, row)) cell.classList.add('from');
        out.push(cell);
      }
    }
    board.replaceChildren(...out);
  }

  _export() {
    const format = this.$('.exportFormat').value;
    const area = this.$('.exported');
    try {
      let game = this._game;
      let made = null;
      if (this._branch) {
        const moves = [];
        for (let p = 1; this._replay && p <= this._branch.from; p++) moves.push(this._replay.move(p));
        const start = this._replay ? this._replay.position(0) : (this._start ??= new Position());
        made = Record.fromMoves(start, [...moves, ...this._branch.moves]);
        game = made;
      }
      if (!game) return;
      area.value = game.toText(format);
      made?.free();
    } catch (e) {
      area.value = String(e.message ?? e);
    }
    area.hidden = false;
  }
}

if (!customElements.get('reversi-viewer')) customElements.define('reversi-viewer', ReversiViewer);

export { ReversiViewer, Position, Record, RecordStream, readRecords, solve, solveMoves, wasm as ready };
