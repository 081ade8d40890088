//! Bring your own game: a three-player coin row, checked for conformance and searched with
//! max^n, speculative max^n and paranoid.
//!
//! Run it with `cargo run -p gametree --example custom_game`.
//!
//! The game: a row of coins lies on the table. The players move in turn (0, 1, 2, 0, ...);
//! the player to move takes the leftmost or the rightmost coin. When the row is empty, each
//! player's score is the total of the coins they took. The scores always sum to the total of
//! the row, so the game is constant-sum: the bound that speculative pruning needs.

use gametree::search::{maxn::maxn, paranoid::paranoid, speculative::speculative, Config};
use gametree::testing::{check, CheckConfig};
use gametree::{Bounds, Evaluator, Game, Player, Scores};

/// The coins, left to right (they sum to 47).
const COINS: [i64; 10] = [3, 9, 1, 4, 7, 2, 8, 5, 6, 2];
const PLAYERS: usize = 3;

/// A position: the coins `left..right` still lie on the table, and what each player took.
/// Small and `Copy`, as the searches copy-make states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row {
    left: u8,
    right: u8,
    taken: [i64; PLAYERS],
}

/// Which end of the row to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Take {
    Left,
    Right,
}

/// The rules: legal play and payoffs, nothing heuristic.
struct CoinRow;

impl Game for CoinRow {
    type State = Row;
    type Move = Take;

    fn players(&self) -> usize {
        PLAYERS
    }

    fn initial(&self) -> Row {
        Row {
            left: 0,
            right: COINS.len() as u8,
            taken: [0; PLAYERS],
        }
    }

    fn to_move(&self, s: &Row) -> Player {
        // Every move removes one coin, so the coins taken tell whose turn it is.
        Player::new((COINS.len() - usize::from(s.right - s.left)) % PLAYERS)
    }

    fn moves(&self, s: &Row, out: &mut Vec<Take>) {
        // Fixed order: left first. A single coin is taken once, not from both ends.
        match s.right - s.left {
            0 => {}
            1 => out.push(Take::Left),
            _ => out.extend([Take::Left, Take::Right]),
        }
    }

    fn play(&self, s: &Row, mv: Take) -> Row {
        let mut next = *s;
        let coin = match mv {
            Take::Left => {
                next.left += 1;
                COINS[usize::from(s.left)]
            }
            Take::Right => {
                next.right -= 1;
                COINS[usize::from(s.right) - 1]
            }
        };
        next.taken[self.to_move(s).index()] += coin;
        next
    }

    fn outcome(&self, s: &Row) -> Option<Scores> {
        (s.left == s.right).then(|| Scores::from_slice(&s.taken))
    }

    fn move_name(&self, _s: &Row, mv: Take) -> String {
        match mv {
            Take::Left => "left".into(),
            Take::Right => "right".into(),
        }
    }
}

/// The heuristic: what each player holds, plus an equal share of the coins left (the
/// remainder to the player to move), so every value sums to the row's total.
struct Share;

impl Evaluator<CoinRow> for Share {
    fn evaluate(&self, game: &CoinRow, s: &Row) -> Scores {
        let left: i64 = COINS[usize::from(s.left)..usize::from(s.right)]
            .iter()
            .sum();
        let mut v = s.taken.map(|t| t + left / PLAYERS as i64);
        v[game.to_move(s).index()] += left % PLAYERS as i64;
        Scores::from_slice(&v)
    }

    fn bounds(&self, _game: &CoinRow) -> Bounds {
        // Scores are at least 0 and sum to exactly the total of the row.
        Bounds::constant_sum(PLAYERS, COINS.iter().sum())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (game, eval) = (CoinRow, Share);

    // 1. The conformance check: seeded random playouts test every rule of the Game and
    //    Evaluator contracts (deterministic moves, copy-make play, outcomes at the end
    //    only, values inside the declared bounds, ...).
    let report = check(&game, &eval, &CheckConfig::default())?;
    println!(
        "conformance: {} playouts, {} states, {} moves checked",
        report.playouts, report.states, report.plays
    );

    // 2. Search the start position to the end of the game with three algorithms.
    let start = game.initial();
    let full = Config::unlimited();
    let plain = maxn(&game, &eval, &start, &full)?;
    let pruned = speculative(&game, &eval, &start, &full)?;
    let para = paranoid(&game, &eval, &start, &full)?;

    let line = |pv: &[Take]| {
        let mut s = start;
        pv.iter()
            .map(|&m| {
                let name = game.move_name(&s, m);
                s = game.play(&s, m);
                name
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "{:<12} {:>12} {:>7}  principal variation",
        "algorithm", "value", "nodes"
    );
    for (name, r) in [
        ("maxn", &plain),
        ("speculative", &pruned),
        ("paranoid", &para),
    ] {
        println!(
            "{name:<12} {:>12} {:>7}  {}",
            r.value.to_string(),
            r.stats.nodes,
            line(&r.pv)
        );
    }

    // Speculative pruning returns max^n's value, in fewer nodes.
    assert_eq!(plain.value, pruned.value);
    assert_eq!(plain.best_move, pruned.best_move);
    assert!(pruned.stats.nodes <= plain.stats.nodes);
    // Paranoid's score is player 0's guaranteed share against a coalition of the others,
    // which can be no more than what max^n predicts player 0 gets.
    assert!(para.score <= plain.value.get(Player::new(0)));
    Ok(())
}
