//! The arena on a game that only this file knows (no registry entry), and the decided
//! comparison (on that game and on Chinese Checkers) (`compare`): thread independence, a planted difference decided, engines of
//! equal strength not decided beyond the stated error rate, the rule's error rate on
//! simulated matches, and the refusals.

use gametree::hash::Zobrist;
use gametree::search::{Algorithm, AnyGame, Searcher};
use gametree::{Bounds, Evaluator, Game, Player, Scores};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_run::advise::{advise_with, candidate_engines, AdviseConfig};
use gametree_run::compare::{compare, compare_by, CompareConfig, CompareError, Decision};
use gametree_run::engine::{Engine, EngineOptions, MoveBudget};
use gametree_run::stats::SplitMix64;
use gametree_run::tournament::{
    run_tournament, seatings, Ending, GameResult, TournamentConfig, TournamentError,
};
use gametree_run::verdict::Claim;

/// The coins of the row, left to right.
const COINS: [i64; 14] = [3, 9, 1, 4, 7, 2, 8, 5, 6, 2, 7, 1, 9, 4];
const PLAYERS: usize = 3;

/// Three players take turns taking one or two coins from either end of a row; each
/// scores the coins they took. Defined here only: no registry entry, no spec.
struct CoinRow;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row {
    left: u8,
    right: u8,
    turn: u8,
    taken: [i64; PLAYERS],
}

/// `(from the left?, how many)`.
type Take = (bool, u8);

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
            turn: 0,
            taken: [0; PLAYERS],
        }
    }

    fn to_move(&self, s: &Row) -> Player {
        Player::new(usize::from(s.turn))
    }

    fn moves(&self, s: &Row, out: &mut Vec<Take>) {
        let n = s.right - s.left;
        if n >= 1 {
            out.push((true, 1));
        }
        if n >= 2 {
            out.extend([(true, 2), (false, 1)]);
        }
        if n >= 3 {
            out.push((false, 2));
        }
    }

    fn play(&self, s: &Row, (left, k): Take) -> Row {
        let mut next = *s;
        let coins: i64 = if left {
            next.left += k;
            COINS[usize::from(s.left)..usize::from(next.left)]
                .iter()
                .sum()
        } else {
            next.right -= k;
            COINS[usize::from(next.right)..usize::from(s.right)]
                .iter()
                .sum()
        };
        next.taken[usize::from(s.turn)] += coins;
        next.turn = (s.turn + 1) % PLAYERS as u8;
        next
    }

    fn outcome(&self, s: &Row) -> Option<Scores> {
        (s.left == s.right).then(|| Scores::from_slice(&s.taken))
    }
}

impl Zobrist for CoinRow {
    fn hash(&self, s: &Row) -> u64 {
        let mut h = (u64::from(s.left) << 8 | u64::from(s.right)) << 8 | u64::from(s.turn);
        for t in s.taken {
            h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ t as u64;
        }
        h
    }
}

/// What each player took plus an equal share of what is left.
struct Share;

impl Evaluator<CoinRow> for Share {
    fn evaluate(&self, _game: &CoinRow, s: &Row) -> Scores {
        let left: i64 = COINS[usize::from(s.left)..usize::from(s.right)]
            .iter()
            .sum();
        let mut v = s.taken.map(|t| t + left / PLAYERS as i64);
        v[usize::from(s.turn)] += left % PLAYERS as i64;
        Scores::from_slice(&v)
    }

    fn bounds(&self, _game: &CoinRow) -> Bounds {
        Bounds::constant_sum(PLAYERS, COINS.iter().sum())
    }
}

fn engine(a: Algorithm, depth: u32) -> Engine {
    Engine::new(a, MoveBudget::Depth(depth))
}

fn mcts(nodes: u64, seed: u32) -> Engine {
    Engine::new(Searcher::Mcts, MoveBudget::Nodes(nodes)).with_options(EngineOptions {
        seed: Some(seed),
        ..EngineOptions::default()
    })
}

#[test]
fn a_game_outside_the_registry_plays_an_arena_with_the_same_results_on_any_thread_count() {
    let cfg = |threads| TournamentConfig {
        openings: 6,
        threads: Some(threads),
        ..TournamentConfig::new(vec![
            engine(Algorithm::Paranoid, 3),
            engine(Algorithm::Maxn, 1),
        ])
    };
    let one = run_tournament(&CoinRow, &Share, "coin-row", &cfg(1)).unwrap();
    let two = run_tournament(&CoinRow, &Share, "coin-row", &cfg(2)).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.games, 6 * 6);
    assert!(one.results.iter().all(|r| r.ending == Ending::Finished));
    // The games differ (the openings are random).
    let ends: std::collections::BTreeSet<Vec<i64>> =
        one.results.iter().map(|r| r.scores.clone()).collect();
    assert!(ends.len() > 6, "{ends:?}");
}

#[test]
fn compare_decides_a_crippled_copy_and_gives_the_same_answer_on_any_thread_count() {
    let cfg = |threads| CompareConfig {
        threads: Some(threads),
        ..CompareConfig::new(
            Claim::Beats,
            engine(Algorithm::Paranoid, 3),
            engine(Algorithm::Paranoid, 1),
        )
    };
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let one = compare(&game, &DistanceEval, "cc", &cfg(1)).unwrap();
    let two = compare(&game, &DistanceEval, "cc", &cfg(2)).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.decision, Decision::Agrees, "{}", one.verdict);
    assert_eq!(one.stop, "decisive");
    assert!(one.games < one.max_games, "{} games", one.games);
    assert_eq!(one.games, one.groups * 6);
    assert!(one.p_value < one.level);
    assert!(one.interval[0] > 0.5, "{:?}", one.interval);
    // The per-group results give back the win rate.
    let wins: f64 = one.per_group.groups.iter().map(|g| g.wins[0]).sum();
    assert!((wins / one.games as f64 - one.win_rate).abs() < 1e-12);
    // The claim the other way round is refuted, with the same evidence.
    let back = compare(
        &game,
        &DistanceEval,
        "cc",
        &CompareConfig::new(
            Claim::Beats,
            engine(Algorithm::Paranoid, 1),
            engine(Algorithm::Paranoid, 3),
        ),
    )
    .unwrap();
    assert_eq!(back.decision, Decision::Disagrees, "{}", back.verdict);
    assert!(back.interval[1] < 0.5, "{:?}", back.interval);
    // "At least as good" (within 0.1) is not shown for the crippled copy.
    let weaker = compare(
        &game,
        &DistanceEval,
        "cc",
        &CompareConfig::new(
            Claim::AtLeastAsGood,
            engine(Algorithm::Paranoid, 1),
            engine(Algorithm::Paranoid, 3),
        ),
    )
    .unwrap();
    assert_ne!(weaker.decision, Decision::Agrees, "{}", weaker.verdict);
}

/// An engine against a copy of itself with another random stream, 50 seeded times: the
/// comparisons that decide "beats" are false decisions, at most the stated error rate
/// allows (the test's two-sided rate 0.05 puts about 0.025 on this side: 1.25 of 50
/// expected; more than 5 has probability below 0.5%).
#[test]
fn an_engine_against_itself_is_not_decided_beyond_the_error_rate() {
    let mut agrees = 0;
    let mut decided = 0;
    for seed in 0..50 {
        let c = compare(
            &CoinRow,
            &Share,
            "coin-row",
            &CompareConfig {
                seed,
                max_games: 120,
                ..CompareConfig::new(Claim::Beats, mcts(48, 1), mcts(48, 2))
            },
        )
        .unwrap();
        agrees += usize::from(c.decision == Decision::Agrees);
        decided += usize::from(matches!(c.decision, Decision::Agrees | Decision::Disagrees));
    }
    eprintln!(
        "engine against itself: {agrees} of 50 decided `beats`, {decided} decided either way"
    );
    assert!(agrees <= 5, "{agrees} of 50 decided beats");
    assert!(decided <= 7, "{decided} of 50 decided");
}

/// Simulated matches of two equally strong engines on two seats (each game: the first seat
/// wins, the second wins, or a draw), through the comparison's own loop: the share of
/// wrong decisions is at most the stated 0.05 (with simulation slack), for "beats" and for
/// "at least as good" at its margin.
#[test]
fn the_rule_holds_its_error_rate_on_simulated_matches() {
    let tables = seatings(2, 2);
    let fake = |rng: &mut SplitMix64, first_wins: f64, i: usize| -> GameResult {
        let seats = tables[i % 2].clone();
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        // The first engine's seat wins with probability `first_wins`, the other with
        // `0.9 - first_wins`, else a draw.
        let first_seat = seats.iter().position(|&e| e == 0).unwrap();
        let mut scores = vec![0i64; 2];
        if u < first_wins {
            scores[first_seat] = 1;
        } else if u < 0.9 {
            scores[1 - first_seat] = 1;
        }
        GameResult {
            opening: i / 2,
            ranks: vec![1, 1],
            winner: None,
            seats,
            scores,
            plies: 1,
            ending: Ending::Finished,
            finished: true,
            nodes: vec![0, 0],
            moves: vec![1, 1],
            fallbacks: 0,
            max_move_us: None,
        }
    };
    use rayon::prelude::*;
    // "Beats" judges by the permutation test (the costlier one): fewer runs.
    for (claim, first_wins, runs) in [
        (Claim::Beats, 0.45, 200u64),
        (Claim::AtLeastAsGood, 0.45 - 0.9 * 0.1, 400),
    ] {
        let wrong: usize = (0..runs)
            .into_par_iter()
            .map(|r| {
                let mut rng = SplitMix64::new(0xC0DE + r);
                let config = CompareConfig {
                    max_games: 160,
                    ..CompareConfig::new(claim, mcts(1, 1), mcts(1, 2))
                };
                let c = compare_by("simulated", 2, &config, |_, which| {
                    Ok::<_, TournamentError>(
                        which
                            .iter()
                            .map(|&i| fake(&mut rng, first_wins, i))
                            .collect(),
                    )
                })
                .unwrap();
                usize::from(c.decision == Decision::Agrees)
            })
            .sum();
        let rate = wrong as f64 / runs as f64;
        eprintln!("{}: {wrong} of {runs} wrong decisions", claim.word());
        assert!(rate <= 0.07, "{}: {rate}", claim.word());
    }
}

#[test]
fn compare_refuses_what_it_cannot_decide() {
    let (a, b) = (engine(Algorithm::Paranoid, 2), engine(Algorithm::Maxn, 2));
    let run = |c: CompareConfig| compare(&CoinRow, &Share, "coin-row", &c).unwrap_err();
    assert_eq!(
        run(CompareConfig::new(Claim::Improves, a, b)),
        CompareError::Claim("improves")
    );
    assert!(matches!(
        run(CompareConfig {
            max_games: 47,
            ..CompareConfig::new(Claim::Beats, a, b)
        }),
        CompareError::TooFewGames {
            group: 6,
            need: 48,
            ..
        }
    ));
    assert_eq!(
        run(CompareConfig {
            alpha: 0.0,
            ..CompareConfig::new(Claim::Beats, a, b)
        }),
        CompareError::Alpha(0.0)
    );
    // Best-reply search needs a game that can hand the turn to any player.
    let brs = Engine::new(
        Searcher::BestReply(gametree::search::best_reply::Variant::Brs),
        MoveBudget::Depth(2),
    );
    let e = run(CompareConfig::new(Claim::Beats, brs, b)).to_string();
    assert!(e.contains("hand the turn to any player"), "{e}");
}

#[test]
fn advise_rates_every_candidate_on_a_game_of_its_own() {
    let engines = candidate_engines::<AnyGame, CoinRow>(3, MoveBudget::Nodes(300));
    let names: Vec<String> = engines.iter().map(Engine::name).collect();
    assert_eq!(names, ["maxn@n300", "paranoid@n300", "mcts@n300"]);
    let config = |threads| AdviseConfig {
        openings: 12,
        threads: Some(threads),
        bootstrap: 200,
        ..AdviseConfig::new(engines.clone())
    };
    let one = advise_with::<AnyGame, _, _>(&CoinRow, &Share, "coin-row", &config(1)).unwrap();
    let two = advise_with::<AnyGame, _, _>(&CoinRow, &Share, "coin-row", &config(2)).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.pairs.len(), 3);
    assert_eq!(one.games, 3 * 12 * 6);
    // The recommendation is the top rating, and every pair it is not shown to win is named.
    let best = one.recommended;
    assert!(one
        .ratings
        .engines
        .iter()
        .all(|r| r.elo <= one.ratings.engines[best].elo));
    for p in &one.pairs {
        if p.engines.contains(&best) && p.stronger != Some(best) {
            let other = p.engines[0] + p.engines[1] - best;
            assert!(one.not_separated.contains(&other));
        }
        assert!(p.holm_p_value >= p.p_value);
    }
    assert_eq!(one.decided, one.not_separated.is_empty());
}
