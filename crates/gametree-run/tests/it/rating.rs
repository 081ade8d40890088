//! Tournament statistics on synthetic results with known answers (win shares, the sign
//! test, Bradley-Terry and Elo ratings), and tournaments' adjudication, time budgets and
//! thread independence.

use gametree::search::Algorithm;
use gametree::Game;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::rng::SplitMix64;
use gametree_games::tictactoe::{OpenLines, TicTacToe};
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::rating::{
    bradley_terry, comparisons, pairwise, percentile, rate, rate_resampled, sign_test, win_shares,
    Finish, RatingConfig, RatingMethod,
};
use gametree_run::stats::summarize;
use gametree_run::tournament::{run_tournament, seatings, table, Ending, TournamentConfig};

/// Owned games: (engine per seat, score per seat).
type Games = Vec<(Vec<usize>, Vec<i64>)>;

fn finishes(games: &Games) -> Vec<Finish<'_>> {
    games
        .iter()
        .map(|(s, v)| Finish {
            seats: s,
            scores: v,
        })
        .collect()
}

/// Games of three engines over every seating, `rounds` times; the scores of each seat from
/// `score(engine, round, seat)`.
fn three_engine_games(rounds: usize, mut score: impl FnMut(usize, usize, usize) -> i64) -> Games {
    let mut out = Vec::new();
    for r in 0..rounds {
        for seats in seatings(3, 3) {
            let scores = seats
                .iter()
                .enumerate()
                .map(|(p, &e)| score(e, r, p))
                .collect();
            out.push((seats, scores));
        }
    }
    out
}

#[test]
fn ranks_and_win_shares_of_one_game_share_ties() {
    let f = Finish {
        seats: &[0, 1, 2],
        scores: &[5, 5, 3],
    };
    assert_eq!(f.ranks(), vec![1, 1, 3]);
    assert_eq!(f.win_shares(), vec![0.5, 0.5, 0.0]);
    assert_eq!(f.credit(0, 1), Some(0.5));
    assert_eq!(f.credit(0, 2), Some(1.0));
    assert_eq!(f.credit(2, 1), Some(0.0));
    // An engine in two seats: its credit is over seat pairs.
    let g = Finish {
        seats: &[0, 1, 0],
        scores: &[7, 4, 1],
    };
    assert_eq!(g.credit(0, 1), Some(0.5));
    assert_eq!(g.credit(1, 0), Some(0.5));
    assert_eq!(g.credit(0, 2), None);
}

#[test]
fn an_engine_that_always_wins_gets_all_and_the_top_rating() {
    // Engine 0 always first; 1 and 2 alternate second place.
    let games = three_engine_games(10, |e, r, _| match e {
        0 => 100,
        1 => 50 + (r % 2) as i64 * 10,
        _ => 55,
    });
    let f = finishes(&games);
    let shares = win_shares(3, &f);
    assert_eq!(shares[0].games, 60);
    assert_eq!(shares[0].seats, 60);
    assert_eq!(shares[0].wins, 60.0);
    assert_eq!(shares[0].share, 1.0);
    assert_eq!(shares[0].ci95, [1.0, 1.0]);
    assert_eq!(shares[1].share, 0.0);
    assert_eq!(shares[2].share, 0.0);
    let r = rate(3, &f, &RatingConfig::default());
    assert_eq!(r.method, RatingMethod::BradleyTerry);
    let top = &r.engines[0];
    for other in &r.engines[1..] {
        assert!(top.elo > other.elo + 400.0, "{r:?}");
        assert!(top.ci95[0] > other.ci95[1], "{r:?}");
    }
    // Mean 0 on the Elo scale.
    assert!(r.engines.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-9);
    let pairs = pairwise(3, &f);
    assert_eq!((pairs[0].a, pairs[0].b), (0, 1));
    assert_eq!(
        (pairs[0].games, pairs[0].a_ahead, pairs[0].b_ahead),
        (60, 60, 0)
    );
    assert_eq!(pairs[0].score, 1.0);
    assert!((pairs[0].p_value - 2.0 * 0.5f64.powi(60)).abs() < 1e-25);
    // 1 vs 2: 1 ahead in odd rounds (60 > 55), behind in even rounds (50 < 55).
    assert_eq!(
        (pairs[2].a_ahead, pairs[2].b_ahead, pairs[2].even),
        (30, 30, 0)
    );
    assert_eq!(pairs[2].p_value, 1.0);
}

/// The resamples `rate_resampled` hands out are the ones behind `rate`'s intervals: one
/// per resample, every engine refitted on the same resample (their ratings sum to 0), and
/// their percentiles are the intervals.
#[test]
fn the_resamples_are_the_intervals_bootstrap() {
    let mut rng = SplitMix64::new(11);
    let games = three_engine_games(20, |e, _, _| rng.below(3) as i64 + e as i64);
    let f = finishes(&games);
    let config = RatingConfig {
        bootstrap: 200,
        ..RatingConfig::default()
    };
    let (r, resamples) = rate_resampled(3, &f, &config);
    assert_eq!(r, rate(3, &f, &config));
    assert_eq!(resamples.len(), 200);
    for s in &resamples {
        assert_eq!(s.len(), 3);
        assert!(s.iter().sum::<f64>().abs() < 1e-6, "{s:?}");
    }
    for e in 0..3 {
        let mut xs: Vec<f64> = resamples.iter().map(|s| s[e]).collect();
        xs.sort_by(f64::total_cmp);
        assert_eq!(
            r.engines[e].ci95,
            [percentile(&xs, 0.025), percentile(&xs, 0.975)]
        );
    }
    assert!(rate_resampled(3, &[], &config).1.is_empty());
}

#[test]
fn symmetric_engines_get_equal_ratings_within_the_interval() {
    // The seat decides (seat 0 first, seat 2 last) and seats rotate: exactly equal engines.
    let games = three_engine_games(4, |_, _, p| 10 - p as i64);
    let f = finishes(&games);
    let r = rate(3, &f, &RatingConfig::default());
    for (e, share) in win_shares(3, &f).iter().enumerate() {
        assert!((share.share - 1.0 / 3.0).abs() < 1e-12, "{share:?}");
        assert!(r.engines[e].elo.abs() < 1e-9, "{r:?}");
        let [lo, hi] = r.engines[e].ci95;
        assert!(lo < 0.0 && 0.0 < hi, "{r:?}");
    }
    for p in pairwise(3, &f) {
        assert_eq!((p.a_ahead, p.b_ahead), (12, 12));
        assert_eq!(p.p_value, 1.0);
    }
    // Uniformly random finishing orders: every engine is as good as the others, and every
    // interval holds the common true value (1/3, rating 0).
    let mut rng = SplitMix64::new(7);
    let games = three_engine_games(50, |_, _, _| rng.below(3) as i64);
    let f = finishes(&games);
    let shares = win_shares(3, &f);
    let r = rate(3, &f, &RatingConfig::default());
    for (e, share) in shares.iter().enumerate() {
        let [lo, hi] = share.ci95;
        assert!(lo < 1.0 / 3.0 && 1.0 / 3.0 < hi, "{share:?}");
        let [lo, hi] = r.engines[e].ci95;
        assert!(lo < 0.0 && 0.0 < hi, "{e} {r:?}");
        assert!(hi - lo < 100.0, "{e} {r:?}");
    }
    for p in pairwise(3, &f) {
        assert!(p.p_value > 0.05, "{p:?}");
    }
    // Deterministic: the same games and seed give the same numbers, on any thread count.
    assert_eq!(rate(3, &f, &RatingConfig::default()), r);
    for threads in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| rate(3, &f, &RatingConfig::default())), r);
    }
    let other_seed = RatingConfig {
        seed: 2,
        ..RatingConfig::default()
    };
    assert_ne!(rate(3, &f, &other_seed).engines, r.engines);
}

#[test]
fn win_share_interval_is_the_t_interval_over_games_with_one_seat_each() {
    let mut rng = SplitMix64::new(3);
    let games = three_engine_games(5, |_, _, _| rng.below(4) as i64);
    let f = finishes(&games);
    let shares = win_shares(3, &f);
    for (e, share) in shares.iter().enumerate() {
        let per_game: Vec<f64> = f
            .iter()
            .map(|g| {
                let p = g.seats.iter().position(|&x| x == e).unwrap();
                g.win_shares()[p]
            })
            .collect();
        let s = summarize(&per_game);
        assert!((share.share - s.mean).abs() < 1e-12);
        assert!((share.se - s.se).abs() < 1e-12);
        assert!((share.ci95[0] - s.ci95[0].max(0.0)).abs() < 1e-12);
        assert!((share.ci95[1] - s.ci95[1].min(1.0)).abs() < 1e-12);
    }
}

/// Strengths 4 : 2 : 1 fit 15 three-player games exactly: pairwise, engine 0 finishes ahead
/// of 1 in 10 (2/3 = 4/6), 1 ahead of 2 in 10 (2/3), 0 ahead of 2 in 12 (4/5), which are the
/// Bradley-Terry probabilities, so the likelihood equations hold at those strengths. On the
/// Elo scale with mean 0: 400 log10 2 = 120.412 apart.
#[test]
fn bradley_terry_recovers_a_hand_computed_fit() {
    let orders: [(&[usize; 3], usize); 5] = [
        (&[0, 1, 2], 7),
        (&[0, 2, 1], 3),
        (&[1, 0, 2], 2),
        (&[1, 2, 0], 1),
        (&[2, 1, 0], 2),
    ];
    let mut games: Games = Vec::new();
    for (order, count) in orders {
        for _ in 0..count {
            // Seat p holds engine p; the engine first in the order scores 3.
            let mut scores = vec![0; 3];
            for (place, &e) in order.iter().enumerate() {
                scores[e] = 3 - place as i64;
            }
            games.push((vec![0, 1, 2], scores));
        }
    }
    let f = finishes(&games);
    let w = comparisons(3, &f);
    assert_eq!(w[0][1], 10.0);
    assert_eq!(w[1][2], 10.0);
    assert_eq!(w[0][2], 12.0);
    let elo = bradley_terry(&w, 0.0);
    let step = 400.0 * 2f64.log10();
    assert!((elo[0] - step).abs() < 1e-6, "{elo:?}");
    assert!(elo[1].abs() < 1e-6, "{elo:?}");
    assert!((elo[2] + step).abs() < 1e-6, "{elo:?}");
    // With the default prior of one virtual draw per pair the order stays and the spread
    // shrinks.
    let shrunk = bradley_terry(&w, 1.0);
    assert!(shrunk[0] > shrunk[1] && shrunk[1] > shrunk[2]);
    assert!(shrunk[0] < elo[0] && shrunk[2] > elo[2]);
}

#[test]
fn two_engines_get_the_elo_difference_of_their_score() {
    // A two-player game: engine 0 wins 30 of 40, loses 10.
    let mut games: Games = Vec::new();
    for i in 0..40 {
        let seats = if i % 2 == 0 { vec![0, 1] } else { vec![1, 0] };
        let zero_wins = i < 30;
        let scores = seats
            .iter()
            .map(|&e| if (e == 0) == zero_wins { 1 } else { 0 })
            .collect();
        games.push((seats, scores));
    }
    let f = finishes(&games);
    let cfg = RatingConfig {
        prior: 0.0,
        ..RatingConfig::default()
    };
    let r = rate(2, &f, &cfg);
    assert_eq!(r.method, RatingMethod::Elo);
    let d = 400.0 * (30.0f64 / 10.0).log10();
    assert!((r.engines[0].elo - d / 2.0).abs() < 1e-6, "{r:?}");
    assert!((r.engines[1].elo + d / 2.0).abs() < 1e-6, "{r:?}");
    assert!(r.engines[0].ci95[0] < r.engines[0].elo && r.engines[0].elo < r.engines[0].ci95[1]);
    // The default prior: one virtual draw, s = 30.5 / 41.
    let r = rate(2, &f, &RatingConfig::default());
    let d = 400.0 * (30.5f64 / 10.5).log10();
    assert!((r.engines[0].elo - d / 2.0).abs() < 1e-6, "{r:?}");
}

#[test]
fn sign_test_p_values_are_the_exact_binomial_ones() {
    // 9 of 10: 2 (1 + 10) / 2^10.
    assert!((sign_test(9, 1) - 22.0 / 1024.0).abs() < 1e-15);
    assert!((sign_test(1, 9) - 22.0 / 1024.0).abs() < 1e-15);
    assert!((sign_test(10, 0) - 2.0 / 1024.0).abs() < 1e-15);
    // 15 of 20: 2 (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20.
    assert!((sign_test(15, 5) - 2.0 * 21700.0 / 1_048_576.0).abs() < 1e-14);
    // 60 of 100: 0.056887 (the two-sided exact binomial test).
    assert!((sign_test(60, 40) - 0.056_887_933_640_829_5).abs() < 1e-9);
    assert_eq!(sign_test(5, 5), 1.0);
    assert_eq!(sign_test(0, 0), 1.0);
    assert_eq!(sign_test(6, 5), 1.0);
    // Large samples neither overflow nor lose the tail.
    let p = sign_test(550_000, 450_000);
    assert!((0.0..1e-200).contains(&p), "{p}");
    // z = 1 with continuity correction 0.999: 0.3178.
    let p = sign_test(500_500, 499_500);
    assert!((0.3175..0.3181).contains(&p), "{p}");
}

fn engine(algorithm: Algorithm, budget: MoveBudget) -> Engine {
    Engine::new(algorithm, budget)
}

#[test]
fn chinese_checkers_knows_a_cap_from_a_win() {
    let g = ChineseCheckers::new(3, 37, 10, 4).unwrap();
    let mut s = g.initial();
    assert!(!g.ended_by_cap(&s));
    let mut buf = Vec::new();
    for _ in 0..4 {
        buf.clear();
        g.moves(&s, &mut buf);
        s = g.play(&s, buf[0]);
    }
    assert!(g.outcome(&s).is_some());
    assert!(g.ended_by_cap(&s));
    assert!(!TicTacToe.ended_by_cap(&TicTacToe.initial()));
}

#[test]
fn a_game_stopped_by_the_cap_is_adjudicated_by_the_evaluator() {
    // The game's own cap: 12 plies of Chinese Checkers end no game by a win.
    let game = ChineseCheckers::new(3, 73, 10, 12).unwrap();
    let mut cfg = TournamentConfig::new(vec![
        engine(Algorithm::Maxn, MoveBudget::Depth(1)),
        engine(Algorithm::Paranoid, MoveBudget::Depth(2)),
    ]);
    cfg.openings = 2;
    cfg.bootstrap = 50;
    let r = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    assert_eq!(r.games, 12);
    assert_eq!((r.finished, r.adjudicated), (0, 12));
    assert!(r.mostly_adjudicated);
    for g in &r.results {
        assert_eq!(g.ending, Ending::GameCap);
        assert!(!g.finished);
        // Ranked by the evaluator, not the cap's equal shares.
        assert!(g.scores.iter().any(|&s| s != g.scores[0]), "{g:?}");
        assert_eq!(g.scores.iter().sum::<i64>(), game.maxsum());
    }
    for e in &r.engines {
        assert_eq!((e.games, e.finished, e.adjudicated), (12, 0, 12));
    }
    let text = table(&r);
    assert!(
        text.starts_with("warning: 12 of 12 games were adjudicated"),
        "{text}"
    );
    // The tournament's own limit: `max_plies`.
    cfg.max_plies = Some(2);
    let game = game.with_cap(400);
    let r = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    assert!(r.results.iter().all(|g| g.ending == Ending::MaxPlies));
    assert!(r.results.iter().all(|g| g.plies == 2));
    // Tic-tac-toe games finish by the rules; no warning.
    let cfg = TournamentConfig::new(vec![
        engine(Algorithm::AlphaBeta, MoveBudget::Depth(9)),
        engine(Algorithm::Minimax, MoveBudget::Depth(1)),
    ]);
    let r = run_tournament(&TicTacToe, &OpenLines, "ttt", &cfg).unwrap();
    assert_eq!((r.finished, r.adjudicated), (r.games, 0));
    assert!(!r.mostly_adjudicated);
    assert!(!table(&r).contains("warning"));
    assert!(r.results.iter().all(|g| g.ending == Ending::Finished));
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let mut cfg = TournamentConfig::new(vec![
        engine(Algorithm::Speculative, MoveBudget::Nodes(400)),
        engine(Algorithm::Paranoid, MoveBudget::Depth(2)),
        engine(Algorithm::Maxn, MoveBudget::Depth(1)),
    ]);
    cfg.openings = 2;
    cfg.bootstrap = 200;
    cfg.threads = Some(1);
    let one = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    cfg.threads = Some(2);
    let two = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
    assert!(one.results.iter().all(|g| g.max_move_us.is_none()));
}

/// A time-budgeted move returns within its budget plus 50 ms (the target is 10 ms; the
/// tolerance is for loaded test machines). Prints the overruns it measured.
#[test]
fn a_time_budgeted_move_keeps_its_deadline() {
    let game = ChineseCheckers::new(3, 121, 0, 400).unwrap();
    let budget = 20u64;
    let e = engine(Algorithm::Maxn, MoveBudget::Time(budget));
    assert_eq!(e.name(), "maxn@t20");
    let mut state = game.initial();
    let mut overruns = Vec::new();
    for _ in 0..12 {
        let clock = std::time::Instant::now();
        let (mv, nodes, failed) = e.choose(&game, &DistanceEval, &state).unwrap();
        let ms = clock.elapsed().as_secs_f64() * 1000.0;
        assert!(nodes > 0 && !failed);
        assert!(
            ms <= (budget + 50) as f64,
            "a {budget} ms move took {ms:.1} ms"
        );
        overruns.push(ms - budget as f64);
        state = game.play(&state, mv);
    }
    overruns.sort_by(f64::total_cmp);
    eprintln!(
        "time budget {budget} ms: overrun min {:.2} ms, median {:.2} ms, max {:.2} ms",
        overruns[0],
        overruns[overruns.len() / 2],
        overruns[overruns.len() - 1]
    );
}

#[test]
fn an_engines_share_of_a_game_sums_its_seats_win_shares() {
    // Engine 0 on seats 0 and 2, engine 1 on seat 1; seats 1 and 2 tie for best.
    let seats = [0, 1, 0];
    let scores = [1, 5, 5];
    let f = Finish {
        seats: &seats,
        scores: &scores,
    };
    assert_eq!(f.share_of(0), 0.5);
    assert_eq!(f.share_of(1), 0.5);
    assert_eq!(f.share_of(2), 0.0, "an engine that did not sit");
}
