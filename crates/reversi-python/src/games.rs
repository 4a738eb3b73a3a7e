//! The games a [`Batch`](crate::batch::Batch) steps: 8x8 Reversi without holes
//! on raw bitboards ([`Game8`], played with reversi-core's `raw::Kernel`),
//! any other game as reversi-variants' `Position`; the action encoding of a
//! board ([`Encoding`]); reversi-engine's built-in players ([`Player`]) over
//! the games' [`SplitMix64`] streams, on raw bitboards for 8x8 making the
//! choices reversi-engine's `Player::choose` makes (the same games as `reversi
//! play` from the same seed).

use reversi_core::raw::Kernel;
pub(crate) use reversi_engine::Player;
use reversi_engine::SplitMix64;
use reversi_variants::{Color, Move, Position, Square};

/// Byte `j` of `SPREAD[b]` is bit `j` of `b`: a board row as 8 bytes.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            if b >> j & 1 == 1 {
                table[b] |= 1 << (8 * j);
            }
            j += 1;
        }
        b += 1;
    }
    table
};

/// An 8x8 Reversi game on raw bitboards.
#[derive(Clone, Copy)]
pub(crate) struct Game8 {
    /// The side to move's discs.
    player: u64,
    /// The other side's discs.
    opponent: u64,
    /// The side to move's legal placements.
    moves: u64,
    /// Whether Black is to move.
    pub(crate) black: bool,
    /// Whether neither side can place.
    pub(crate) over: bool,
}

impl Game8 {
    pub(crate) fn new(k: Kernel, player: u64, opponent: u64, black: bool) -> Game8 {
        let moves = k.moves(player, opponent);
        let over = moves == 0 && k.moves(opponent, player) == 0;
        Game8 { player, opponent, moves, black, over }
    }

    /// Whether `action` (0..=64) is legal.
    pub(crate) const fn is_legal(&self, action: i64) -> bool {
        !self.over
            && if action == 64 { self.moves == 0 } else { action >= 0 && action < 64 && self.moves >> action & 1 == 1 }
    }

    /// Plays a legal `action`: the reward of the mover and whether the game ended.
    pub(crate) fn play(&mut self, k: Kernel, action: i64) -> (f32, bool) {
        let (player, opponent) = if action == 64 {
            (self.opponent, self.player)
        } else {
            k.play(self.player, self.opponent, action as usize)
        };
        *self = Game8::new(k, player, opponent, !self.black);
        if self.over {
            // The mover is now `opponent`.
            let (mover, other) = (self.opponent.count_ones(), self.player.count_ones());
            (sign(mover as i64 - other as i64), true)
        } else {
            (0.0, false)
        }
    }

    pub(crate) fn random_action(&self, state: &mut SplitMix64) -> i64 {
        self.pick(self.moves, state)
    }

    /// A move that flips the most discs (leaves the mover the most discs),
    /// ties broken by the stream: -1 once over, 64 (pass) without a move.
    pub(crate) fn greedy_action(&self, k: Kernel, state: &mut SplitMix64) -> i64 {
        let (mut best, mut most) = (0u64, 0u32);
        let mut moves = self.moves;
        while moves != 0 {
            let sq = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let flips = k.flips(self.player, self.opponent, sq).count_ones();
            if flips > most {
                (best, most) = (0, flips);
            }
            if flips == most {
                best |= 1 << sq;
            }
        }
        self.pick(best, state)
    }

    /// One square of `among` (legal moves, by square as `Position::moves`
    /// lists them), uniformly from the stream, one number drawn as
    /// `Player::choose` draws it: -1 once over (nothing drawn), 64 (pass, the
    /// only move: a number drawn all the same) without a move.
    fn pick(&self, among: u64, state: &mut SplitMix64) -> i64 {
        if self.over {
            return -1;
        }
        if among == 0 {
            state.below(1);
            return 64;
        }
        let mut among = among;
        for _ in 0..state.below(among.count_ones() as usize) {
            among &= among - 1;
        }
        i64::from(among.trailing_zeros())
    }

    pub(crate) fn write_observation(&self, out: &mut [u8]) {
        write_planes8(self.player, self.opponent, out);
    }

    pub(crate) fn write_mask(&self, out: &mut [bool]) {
        for (j, m) in out[..64].iter_mut().enumerate() {
            *m = self.moves >> j & 1 == 1;
        }
        out[64] = !self.over && self.moves == 0;
    }

    pub(crate) fn score(&self) -> (i32, i32) {
        let (p, o) = (self.player.count_ones() as i32, self.opponent.count_ones() as i32);
        if self.black { (p, o) } else { (o, p) }
    }

    pub(crate) fn position(&self) -> Position {
        let (black, white) = if self.black { (self.player, self.opponent) } else { (self.opponent, self.player) };
        let side = if self.black { Color::Black } else { Color::White };
        let core =
            reversi_core::Position::from_discs(reversi_core::Bitboard(black), reversi_core::Bitboard(white), side)
                .unwrap_or_else(|_| reversi_core::Position::start());
        Position::from(core)
    }
}

/// `uint8 (2, 8, 8)` planes of two 8x8 bitboards (`a1` = bit 0) into `out`.
pub(crate) fn write_planes8(first: u64, second: u64, out: &mut [u8]) {
    for (plane, bits) in out.chunks_exact_mut(64).zip([first, second]) {
        for (r, row) in plane.chunks_exact_mut(8).enumerate() {
            row.copy_from_slice(&SPREAD[(bits >> (8 * r)) as usize & 0xff].to_le_bytes());
        }
    }
}

/// `uint8 (2, H, W)` planes of `pos` into `out` (`width` W): the side to
/// move's pieces, then the opponent's.
pub(crate) fn write_planes_any(pos: &Position, width: usize, out: &mut [u8]) {
    let me = pos.side_to_move();
    let half = out.len() / 2;
    out.fill(0);
    for (plane, color) in [(0, me), (half, me.other())] {
        for sq in pos.pieces(color) {
            out[plane + usize::from(sq.row()) * width + usize::from(sq.column())] = 1;
        }
    }
}

/// +1, 0 or -1: the reward of a disc margin.
const fn sign(x: i64) -> f32 {
    x.signum() as f32
}

/// The games of a batch or a vector environment (its lanes; not `read`'s
/// `Games`).
pub(crate) enum Lanes {
    /// 8x8 Reversi without holes, from `start`.
    Othello { kernel: Kernel, start: Game8, games: Vec<Game8> },
    /// Any other game, from `start`.
    Any { start: Box<Position>, games: Vec<Position> },
}

/// The action encoding of a board: `W * H * per + 1` actions.
#[derive(Clone, Copy)]
pub(crate) struct Encoding {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// 1 for Reversi, 25 for the games that move pieces.
    pub(crate) per: usize,
}

impl Encoding {
    pub(crate) const fn pass(self) -> usize {
        self.width * self.height * self.per
    }

    pub(crate) const fn count(self) -> usize {
        self.pass() + 1
    }

    pub(crate) fn encode(self, mv: Move) -> usize {
        let index = |sq: Square| usize::from(sq.row()) * self.width + usize::from(sq.column());
        match mv {
            Move::Pass => self.pass(),
            Move::Place(to) => index(to) * self.per + if self.per == 25 { 12 } else { 0 },
            Move::Jump { from, to } => {
                let dr = usize::from(from.row()) + 2 - usize::from(to.row());
                let dc = usize::from(from.column()) + 2 - usize::from(to.column());
                index(to) * 25 + dr * 5 + dc
            }
        }
    }

    /// The move of `action`, `None` out of range.
    pub(crate) fn decode(self, action: i64) -> Option<Move> {
        let a = usize::try_from(action).ok()?;
        if a == self.pass() {
            return Some(Move::Pass);
        }
        if a > self.pass() {
            return None;
        }
        let (to, offset) = (a / self.per, a % self.per);
        let (row, column) = (to / self.width, to % self.width);
        let to = Square::new(column as u8, row as u8)?;
        if self.per == 1 || offset == 12 {
            return Some(Move::Place(to));
        }
        let r = (row + offset / 5).checked_sub(2)?;
        let c = (column + offset % 5).checked_sub(2)?;
        if r >= self.height || c >= self.width {
            return None;
        }
        Some(Move::Jump { from: Square::new(c as u8, r as u8)?, to })
    }
}

/// Why `action` is not legal in `pos`, if it is not.
pub(crate) fn check_any(enc: Encoding, pos: &Position, action: i64) -> Result<Move, String> {
    if pos.is_game_over() {
        return Err("the game is over (reset it)".into());
    }
    let Some(mv) = enc.decode(action) else {
        return Err(format!("action {action} is not an action of this board (0..{})", enc.count()));
    };
    if mv_is_distance_one_jump(mv) || !pos.is_legal(mv) {
        return Err(format!("action {action} ({mv}) is not legal"));
    }
    Ok(mv)
}

/// `bool (A,)`: the legal actions of `pos` into `out` (none once over).
pub(crate) fn write_mask_any(enc: Encoding, pos: &Position, out: &mut [bool]) {
    out.fill(false);
    if !pos.is_game_over() {
        for mv in pos.moves() {
            out[enc.encode(mv)] = true;
        }
    }
}

/// A "jump" of distance 1: not an action (a clone is offset 0).
pub(crate) fn mv_is_distance_one_jump(mv: Move) -> bool {
    matches!(mv, Move::Jump { from, to } if from.distance(to) != 2)
}

pub(crate) fn play_any(pos: &mut Position, mv: Move) -> (f32, bool) {
    let mover = pos.side_to_move();
    pos.play_unchecked(mv);
    if pos.is_game_over() { (sign(i64::from(pos.score().margin(mover))), true) } else { (0.0, false) }
}

/// `player`'s move in `pos` (not over): reversi-engine's `Player::choose`.
pub(crate) fn choose_any(player: Player, pos: &Position, state: &mut SplitMix64) -> Move {
    let moves: Vec<Move> = pos.moves().collect();
    player.choose(pos, &moves, state)
}

/// `player`'s action in `pos`: -1 once over.
pub(crate) fn action_any(player: Player, enc: Encoding, pos: &Position, state: &mut SplitMix64) -> i64 {
    if pos.is_game_over() {
        return -1;
    }
    enc.encode(choose_any(player, pos, state)) as i64
}

/// `player`'s action in an 8x8 game: -1 once over, 64 to pass.
pub(crate) fn action8(player: Player, k: Kernel, g: &Game8, state: &mut SplitMix64) -> i64 {
    match player {
        Player::Random => g.random_action(state),
        Player::Greedy => g.greedy_action(k, state),
        // `parse_player` (batch.rs) takes these two alone.
        _ => unreachable!("a player the 8x8 games do not know: {player}"),
    }
}

/// Why `action` is not legal in an 8x8 game.
pub(crate) fn reason8(g: &Game8, action: i64) -> String {
    if g.over {
        "the game is over (reset it)".into()
    } else if !(0..=64).contains(&action) {
        format!("action {action} is not an action of this board (0..65)")
    } else if action == 64 {
        "action 64 (pass) is not legal: a move exists".into()
    } else {
        let sq = Square::new((action % 8) as u8, (action / 8) as u8).map_or(String::new(), |s| s.to_string());
        format!("action {action} ({sq}) is not legal")
    }
}
