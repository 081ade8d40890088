//! A game of your own in a tournament: three-in-a-row for three players on a 4 x 4 board,
//! defined here and in no registry, played by paranoid search against max^n over seeded
//! openings in every seating.
//!
//! Run it with `cargo run -p gametree-run --example arena_game`: the tournament's table,
//! then a decided comparison (does max^n beat paranoid?), then the round robin of every
//! search that can play the game (add `--json` for the tournament's JSON alone).
//!
//! The game: three players (0, 1, 2, 0, ...) in turn put a mark of their own on an empty
//! cell of a 4 x 4 board. The first to have three marks in a row (across, down or
//! diagonally) wins 300 points, the others none; a full board without a row is a draw, 100
//! points each. The same game is written in Python in `examples/python/arena_game.py`, with
//! the same moves in the same order and the same evaluation: the tests play the same
//! tournament on both and compare the results with one data file
//! (`crates/gametree-run/tests/data/arena-game.json`).

use gametree::hash::{mix64, Zobrist};
use gametree::search::{Algorithm, AnyGame};
use gametree::{Bounds, Evaluator, Game, Player, Scores};
use gametree_run::advise::{advice_table, advise_with, candidate_engines, AdviseConfig};
use gametree_run::compare::{compare_table, compare_with, CompareConfig};
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::tournament::{run_tournament_with, table, TournamentConfig};
use gametree_run::verdict::Claim;

const PLAYERS: usize = 3;
const SIDE: usize = 4;
const CELLS: usize = SIDE * SIDE;

/// What a game is worth in all: the winner's points, or three times a draw's.
pub const TOTAL: i64 = 300;

/// The name the tournament reports the game by (the Python game's class name).
pub const NAME: &str = "ThreeInARow";

/// Every row of three cells (cell `c` is bit `c`, row by row), as masks: across, down, and
/// the two diagonals, in that order.
pub const LINES: [u16; 24] = lines();

const fn lines() -> [u16; 24] {
    let mut out = [0u16; 24];
    let mut n = 0;
    // (row step, column step, first row, rows of starts, first column, columns of starts)
    let dirs: [(isize, isize, usize, usize, usize, usize); 4] = [
        (0, 1, 0, SIDE, 0, SIDE - 2),
        (1, 0, 0, SIDE - 2, 0, SIDE),
        (1, 1, 0, SIDE - 2, 0, SIDE - 2),
        (1, -1, 0, SIDE - 2, 2, SIDE - 2),
    ];
    let mut d = 0;
    while d < 4 {
        let (dr, dc, r0, rows, c0, cols) = dirs[d];
        let mut r = r0;
        while r < r0 + rows {
            let mut c = c0;
            while c < c0 + cols {
                let mut mask = 0u16;
                let mut k = 0;
                while k < 3 {
                    let rr = r as isize + dr * k as isize;
                    let cc = c as isize + dc * k as isize;
                    mask |= 1 << (rr as usize * SIDE + cc as usize);
                    k += 1;
                }
                out[n] = mask;
                n += 1;
                c += 1;
            }
            r += 1;
        }
        d += 1;
    }
    out
}

/// A position: each player's marks (bit `c` for cell `c`) and the player to move. Small and
/// `Copy`, as the searches copy-make states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    marks: [u16; PLAYERS],
    turn: u8,
}

impl Board {
    /// The player who just moved, if their last mark made a row.
    fn winner(&self) -> Option<usize> {
        let last = (usize::from(self.turn) + PLAYERS - 1) % PLAYERS;
        let m = self.marks[last];
        LINES.iter().any(|&l| l & !m == 0).then_some(last)
    }

    fn occupied(&self) -> u16 {
        self.marks.iter().fold(0, |a, &m| a | m)
    }
}

/// The rules: legal play and payoffs, nothing heuristic.
pub struct ThreeInARow;

impl Game for ThreeInARow {
    type State = Board;
    /// The cell, 0 to 15, row by row.
    type Move = u8;

    fn players(&self) -> usize {
        PLAYERS
    }

    fn initial(&self) -> Board {
        Board {
            marks: [0; PLAYERS],
            turn: 0,
        }
    }

    fn to_move(&self, s: &Board) -> Player {
        Player::new(usize::from(s.turn))
    }

    fn moves(&self, s: &Board, out: &mut Vec<u8>) {
        // The empty cells in order; none once a row is made.
        if s.winner().is_some() {
            return;
        }
        let occupied = s.occupied();
        out.extend((0..CELLS as u8).filter(|&c| occupied & (1 << c) == 0));
    }

    fn play(&self, s: &Board, cell: u8) -> Board {
        let mut next = *s;
        next.marks[usize::from(s.turn)] |= 1 << cell;
        next.turn = (s.turn + 1) % PLAYERS as u8;
        next
    }

    fn outcome(&self, s: &Board) -> Option<Scores> {
        if let Some(w) = s.winner() {
            let mut v = Scores::zeros(PLAYERS);
            v[w] = TOTAL;
            return Some(v);
        }
        (s.occupied().count_ones() as usize == CELLS)
            .then(|| Scores::splat(PLAYERS, TOTAL / PLAYERS as i64))
    }

    fn move_name(&self, _s: &Board, cell: u8) -> String {
        cell.to_string()
    }
}

impl Zobrist for ThreeInARow {
    /// A unique key of the position (three masks of 16 bits and the player to move), mixed.
    fn hash(&self, s: &Board) -> u64 {
        let key = u64::from(s.marks[0])
            | u64::from(s.marks[1]) << 16
            | u64::from(s.marks[2]) << 32
            | u64::from(s.turn) << 48;
        mix64(key)
    }
}

/// The heuristic: each player's prospects, 1 plus the square of its marks in every row no
/// other player has a mark in, as a share of the game's 300 points (rounded down, the
/// remainder to the player to move), so every value adds up to 300 as the outcomes do.
pub struct Prospects;

impl Evaluator<ThreeInARow> for Prospects {
    fn evaluate(&self, _game: &ThreeInARow, s: &Board) -> Scores {
        let mut prospects = [1i64; PLAYERS];
        for (p, prospect) in prospects.iter_mut().enumerate() {
            let others = s.occupied() & !s.marks[p];
            for &l in &LINES {
                if l & others == 0 {
                    let k = i64::from((l & s.marks[p]).count_ones());
                    *prospect += k * k;
                }
            }
        }
        let sum: i64 = prospects.iter().sum();
        let mut v = prospects.map(|x| TOTAL * x / sum);
        let rest = TOTAL - v.iter().sum::<i64>();
        v[usize::from(s.turn)] += rest;
        Scores::from_slice(&v)
    }

    fn bounds(&self, _game: &ThreeInARow) -> Bounds {
        // Values are at least 0 and add up to exactly 300.
        Bounds::constant_sum(PLAYERS, TOTAL)
    }
}

/// The tournament: paranoid against max^n, both searching 2 plies a move, from 4 openings
/// of 3 random plies (seed 7) in each of the 6 seatings of two engines on three seats.
pub fn config() -> TournamentConfig {
    TournamentConfig {
        openings: 4,
        seed: 7,
        ..TournamentConfig::new(vec![
            Engine::new(Algorithm::Paranoid, MoveBudget::Depth(2)),
            Engine::new(Algorithm::Maxn, MoveBudget::Depth(2)),
        ])
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let result = run_tournament_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &config())?;
    if std::env::args().any(|a| a == "--json") {
        println!("{}", serde_json::to_string_pretty(&result)?);
        return Ok(());
    }
    print!("{}", table(&result));
    // A decision: does max^n beat paranoid at depth 2? Played in groups until decided.
    let claim = CompareConfig {
        seed: 7,
        ..CompareConfig::new(
            Claim::Beats,
            Engine::new(Algorithm::Maxn, MoveBudget::Depth(2)),
            Engine::new(Algorithm::Paranoid, MoveBudget::Depth(2)),
        )
    };
    let decision = compare_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &claim)?;
    print!("\n{}", compare_table(&decision));
    // Every search that can play the game, at 500 nodes a move, in a round robin.
    let advice = AdviseConfig {
        openings: 8,
        seed: 7,
        bootstrap: 200,
        ..AdviseConfig::new(candidate_engines::<AnyGame, ThreeInARow>(
            PLAYERS,
            MoveBudget::Nodes(500),
        ))
    };
    let advice = advise_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &advice)?;
    print!("\n{}", advice_table(&advice));
    Ok(())
}
