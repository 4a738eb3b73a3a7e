//! The games of a batch ([`Lanes`]): 8x8 Reversi without holes on
//! reversi-core's [`raw::Game`](Game) (two `u64`s a game, played with the
//! [`Kernel`] chosen once), any other game as reversi-variants' `Position`;
//! what stepping one needs ([`Lane`]): legality, play with the mover's
//! reward, a policy's action, the observation planes and the legal mask.

use reversi_core::raw::{Game, Kernel};
use reversi_variants::{Color, Move, Position, Square};

use super::encoding::{Encoding, Illegal};
use crate::{BuiltinPolicy, SplitMix64};

/// The action that passes in 8x8 Reversi.
const PASS8: i64 = 64;

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

/// A game of a batch, with what it needs to be played (`Ctx`: the 8x8
/// kernel, or the action encoding of the board).
pub(crate) trait Lane: Copy + Send + Sync {
    /// What playing the game needs besides the game.
    type Ctx: Copy + Send + Sync;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// Whether Black is to move.
    fn black(&self) -> bool;
    /// Whether `action` is legal.
    fn legal(&self, ctx: Self::Ctx, action: i64) -> bool;
    /// Why `action` is not legal, if it is not.
    fn refusal(&self, ctx: Self::Ctx, action: i64) -> Option<Illegal>;
    /// Plays a legal `action`: the mover's reward (+1, 0 or -1 once the game
    /// ends, else 0), and whether the game ended.
    fn play(&mut self, ctx: Self::Ctx, action: i64) -> (f64, bool);
    /// `policy`'s action (-1 once over), from the stream `state`.
    fn choose(&self, ctx: Self::Ctx, policy: BuiltinPolicy, state: &mut SplitMix64) -> i64;
    /// `uint8 (2, H, W)`: the side to move's pieces, the opponent's.
    fn observe(&self, ctx: Self::Ctx, out: &mut [u8]);
    /// `bool (A,)`: the legal actions (none once over).
    fn mask(&self, ctx: Self::Ctx, out: &mut [bool]);
}

impl Lane for Game {
    type Ctx = Kernel;
    #[inline]
    fn over(&self) -> bool {
        self.is_game_over()
    }
    #[inline]
    fn black(&self) -> bool {
        self.side_to_move() == Color::Black
    }
    #[inline]
    fn legal(&self, _: Kernel, action: i64) -> bool {
        if action == PASS8 {
            self.must_pass()
        } else {
            usize::try_from(action).is_ok_and(|sq| self.is_legal_placement(sq))
        }
    }
    fn refusal(&self, k: Kernel, action: i64) -> Option<Illegal> {
        if self.legal(k, action) {
            None
        } else if self.is_game_over() {
            Some(Illegal::GameOver)
        } else if !(0..=PASS8).contains(&action) {
            Some(Illegal::OutOfRange { action, count: 65 })
        } else if action == PASS8 {
            Some(Illegal::PassWithMoves { action })
        } else {
            let sq = Square::new((action % 8) as u8, (action / 8) as u8)?;
            Some(Illegal::NotLegal { action, mv: Move::Place(sq) })
        }
    }
    #[inline]
    fn play(&mut self, k: Kernel, action: i64) -> (f64, bool) {
        if action == PASS8 {
            self.pass(k);
        } else {
            Game::play(self, k, action as usize);
        }
        if self.is_game_over() {
            // The mover is now the opponent.
            let (mover, other) = (self.opponent().count_ones(), self.player().count_ones());
            (sign(i64::from(mover) - i64::from(other)), true)
        } else {
            (0.0, false)
        }
    }
    #[inline]
    fn choose(&self, k: Kernel, policy: BuiltinPolicy, state: &mut SplitMix64) -> i64 {
        if self.is_game_over() {
            return -1;
        }
        policy.choose_raw(k, self, state).map_or(PASS8, |sq| sq as i64)
    }
    #[inline]
    fn observe(&self, _: Kernel, out: &mut [u8]) {
        planes8(self.player(), self.opponent(), out);
    }
    #[inline]
    fn mask(&self, _: Kernel, out: &mut [bool]) {
        let moves = self.moves();
        for (j, m) in out[..64].iter_mut().enumerate() {
            *m = moves >> j & 1 == 1;
        }
        out[64] = self.must_pass();
    }
}

impl Lane for Position {
    type Ctx = Encoding;
    fn over(&self) -> bool {
        self.is_game_over()
    }
    fn black(&self) -> bool {
        self.side_to_move() == Color::Black
    }
    fn legal(&self, enc: Encoding, action: i64) -> bool {
        enc.check(self, action).is_ok()
    }
    fn refusal(&self, enc: Encoding, action: i64) -> Option<Illegal> {
        enc.check(self, action).err()
    }
    fn play(&mut self, enc: Encoding, action: i64) -> (f64, bool) {
        let Some(mv) = enc.decode(action) else { return (0.0, false) };
        let mover = self.side_to_move();
        self.play_unchecked(mv);
        if self.is_game_over() { (sign(i64::from(self.score().margin(mover))), true) } else { (0.0, false) }
    }
    fn choose(&self, enc: Encoding, policy: BuiltinPolicy, state: &mut SplitMix64) -> i64 {
        if self.is_game_over() {
            return -1;
        }
        enc.encode(choose_any(policy, self, state)) as i64
    }
    fn observe(&self, _: Encoding, out: &mut [u8]) {
        planes(self, out);
    }
    fn mask(&self, enc: Encoding, out: &mut [bool]) {
        out.fill(false);
        if !self.is_game_over() {
            for mv in self.moves() {
                out[enc.encode(mv)] = true;
            }
        }
    }
}

/// `uint8 (2, 8, 8)` into `out` (128 bytes): the planes of two 8x8
/// bitboards (`a1` = bit 0), `first`'s then `second`'s, a byte a square
/// (1: a disc), rows from `a1`'s.
///
/// ```
/// let mut out = [0; 128];
/// reversi_engine::env::planes8(1, 1 << 63, &mut out);
/// assert_eq!((out[0], out[63], out[64], out[127]), (1, 0, 0, 1));
/// ```
#[inline]
pub fn planes8(first: u64, second: u64, out: &mut [u8]) {
    for (plane, bits) in out.chunks_exact_mut(64).zip([first, second]) {
        for (r, row) in plane.chunks_exact_mut(8).enumerate() {
            row.copy_from_slice(&SPREAD[(bits >> (8 * r)) as usize & 0xff].to_le_bytes());
        }
    }
}

/// `uint8 (2, H, W)` into `out` (`2 * H * W` bytes): the side to move's
/// pieces of `pos`, then the opponent's, a byte a square (1: a piece; a
/// hole is 0 in both), rows from `a1`'s: [`Batch::observe`](super::Batch::observe)'s
/// planes of one game.
pub fn planes(pos: &Position, out: &mut [u8]) {
    let me = pos.side_to_move();
    let width = usize::from(pos.geometry().width());
    let half = out.len() / 2;
    out.fill(0);
    for (plane, color) in [(0, me), (half, me.other())] {
        for sq in pos.pieces(color) {
            out[plane + usize::from(sq.row()) * width + usize::from(sq.column())] = 1;
        }
    }
}

/// `policy`'s move in `pos` (not over): [`BuiltinPolicy::choose`].
pub(crate) fn choose_any(policy: BuiltinPolicy, pos: &Position, state: &mut SplitMix64) -> Move {
    let moves: Vec<Move> = pos.moves().collect();
    policy.choose(pos, &moves, state)
}

/// +1, 0 or -1: the reward of a disc margin.
const fn sign(x: i64) -> f64 {
    x.signum() as f64
}

/// The games of a batch or a vector environment (its lanes), each kind
/// with its start.
#[derive(Clone, Debug)]
pub(crate) enum Lanes {
    /// 8x8 Reversi without holes, from `start`.
    Othello { kernel: Kernel, start: Game, games: Vec<Game> },
    /// Any other game, from `start`.
    Any { start: Box<Position>, games: Vec<Position> },
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_variants::{Geometry, Variant};

    /// Plays `a` game on raw words and as a `Position` side by side, each
    /// lane's outputs compared move after move, every action tried.
    #[test]
    fn the_raw_lane_is_the_position_lane() {
        let k = Kernel::detect();
        let start = Position::start(Variant::Reversi, Geometry::standard()).unwrap();
        let enc = Encoding::of(&start);
        for seed in 0..40 {
            let mut rng = SplitMix64::for_game(seed, 0);
            let (mut game, mut pos) = (Game::start(k), start);
            loop {
                let (mut a, mut b) = ([0u8; 128], [0u8; 128]);
                game.observe(k, &mut a);
                pos.observe(enc, &mut b);
                assert_eq!(a, b);
                let (mut a, mut b) = ([false; 65], [false; 65]);
                game.mask(k, &mut a);
                pos.mask(enc, &mut b);
                assert_eq!(a, b);
                for action in -1..67 {
                    assert_eq!(game.legal(k, action), pos.legal(enc, action), "{action}");
                    assert_eq!(game.refusal(k, action).is_some(), pos.refusal(enc, action).is_some());
                }
                let mut twin = rng.clone();
                let action = game.choose(k, BuiltinPolicy::Greedy, &mut rng);
                assert_eq!(pos.choose(enc, BuiltinPolicy::Greedy, &mut twin), action);
                if action < 0 {
                    assert!(game.over() && pos.over());
                    break;
                }
                assert_eq!(Lane::play(&mut game, k, action), Lane::play(&mut pos, enc, action));
            }
        }
    }
}
