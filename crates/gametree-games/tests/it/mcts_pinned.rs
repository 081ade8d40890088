//! MCTS results pinned bit for bit: a digest of whole reports (every root move's visits and
//! means, the principal variation, the counts) for searches covering every backup, reward,
//! solver rule, playout policy and Progressive History, on connect four, Chinese Checkers and
//! Rolit. A change that makes the search faster must leave these unchanged (same seed, same
//! result); a change that means to alter the search updates them and says why.

use gametree::search::mcts::{
    mcts_report, mcts_with_set_to_move_report, Backup, MctsConfig, MctsReport, Playout, Reward,
    Solver, SolverRule,
};
use gametree::search::Config;
use gametree::Game;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::connect_four::{CellWeights, ConnectFour};
use gametree_games::rolit::{BallCount, Rolit};

/// FNV-1a (64 bits) of a report's `Debug` text with the wall-clock time zeroed (floats print
/// as their shortest exact form, so equal digests mean bit-identical reports).
fn digest<M: Clone + std::fmt::Debug>(mut r: MctsReport<M>) -> u64 {
    r.result.stats.elapsed_ms = 0.0;
    // MCTS's line keeps to the turn order, so it names no players; the text is left as it
    // was before results had that field, so the digests pinned then still apply.
    assert!(r.result.pv_players.is_empty());
    format!("{r:?}")
        .replacen("pv_players: [], ", "", 1)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The searches and their digests.
#[test]
fn mcts_reports_are_pinned_bit_for_bit() {
    let mut got: Vec<(&str, u64)> = Vec::new();

    let c4 = ConnectFour::parse_position("4453").unwrap();
    let run_c4 = |m: &MctsConfig| {
        digest(mcts_report(&ConnectFour, &CellWeights, &c4, &Config::unlimited(), m).unwrap())
    };
    got.push(("c4 max^n", run_c4(&MctsConfig::iterations(4000, 1))));
    got.push((
        "c4 win-loss solver",
        run_c4(&MctsConfig {
            reward: Reward::WinLoss,
            solver: Solver::On,
            ..MctsConfig::iterations(6000, 2)
        }),
    ));
    got.push((
        "c4 min-reply epsilon",
        run_c4(&MctsConfig {
            backup: Backup::MinReply,
            playout: Playout::EpsilonGreedy { epsilon: 0.2 },
            cutoff: Some(12),
            ..MctsConfig::iterations(3000, 3)
        }),
    ));

    let cc = ChineseCheckers::new(3, 73, 0, 400).unwrap();
    let cs = cc.initial();
    let run_cc = |m: &MctsConfig| {
        digest(
            mcts_with_set_to_move_report(&cc, &DistanceEval, &cs, &Config::unlimited(), m).unwrap(),
        )
    };
    for (name, backup, reward, history) in [
        ("cc max^n rank", Backup::MaxN, Reward::Rank, None),
        (
            "cc paranoid history",
            Backup::Paranoid,
            Reward::Scaled,
            Some(5.0),
        ),
        ("cc brs win-loss", Backup::Brs, Reward::WinLoss, None),
        ("cc max^n history", Backup::MaxN, Reward::Scaled, Some(1.0)),
    ] {
        got.push((
            name,
            run_cc(&MctsConfig {
                backup,
                reward,
                progressive_history: history,
                cutoff: Some(10),
                ..MctsConfig::iterations(3000, 4)
            }),
        ));
    }

    let rolit = Rolit::new(4).unwrap();
    let mut rs = rolit.initial();
    let mut moves = Vec::new();
    for k in 0..52 {
        moves.clear();
        rolit.moves(&rs, &mut moves);
        rs = rolit.play(&rs, moves[(k * 7) % moves.len()]);
    }
    for (name, rule) in [
        ("rolit standard solver", SolverRule::Standard),
        ("rolit paranoid solver", SolverRule::Paranoid),
        ("rolit first-winner solver", SolverRule::FirstWinner),
    ] {
        let m = MctsConfig {
            solver: Solver::On,
            solver_rule: rule,
            ..MctsConfig::iterations(5000, 5)
        };
        got.push((
            name,
            digest(mcts_report(&rolit, &BallCount, &rs, &Config::unlimited(), &m).unwrap()),
        ));
    }

    let expected = [
        ("c4 max^n", 15_103_608_494_182_257_981),
        ("c4 win-loss solver", 7_155_283_383_026_061_581),
        ("c4 min-reply epsilon", 2_766_255_802_525_583_587),
        ("cc max^n rank", 17_864_707_227_964_415_805),
        ("cc paranoid history", 13_589_800_043_352_490_163),
        ("cc brs win-loss", 6_645_244_715_490_477_102),
        ("cc max^n history", 13_454_372_198_809_260_962),
        ("rolit standard solver", 17_513_776_902_988_548_788),
        ("rolit paranoid solver", 1_333_457_885_370_939_916),
        ("rolit first-winner solver", 14_463_900_924_330_387_083),
    ];
    assert_eq!(
        got, expected,
        "digests (pinned before the selection rewrite)"
    );
}

/// The yardstick's MCTS search (the empty connect-four board, seed 1, random playouts, the
/// default settings), on a smaller budget: the tree's size, the playout plies, every root
/// move's visits and the whole report's digest. Written before the playout and selection
/// were made faster (issue #48, point 2): a faster search must give these same numbers.
#[test]
fn mcts_on_the_empty_connect_four_board_is_pinned() {
    let r = mcts_report(
        &ConnectFour,
        &CellWeights,
        &ConnectFour.initial(),
        &Config::unlimited(),
        &MctsConfig::iterations(20_000, 1),
    )
    .unwrap();
    let visits: Vec<(u8, u64)> = r.root.iter().map(|m| (m.mv, m.visits)).collect();
    let got = (
        r.result.stats.nodes,
        r.playout_plies,
        r.result.best_move,
        visits,
        digest(r),
    );
    let expected = (
        42_855,
        312_008,
        Some(3),
        vec![
            (0, 723),
            (1, 1050),
            (2, 2471),
            (3, 11_313),
            (4, 2633),
            (5, 1179),
            (6, 631),
        ],
        15_472_460_190_173_089_017,
    );
    assert_eq!(got, expected);
}
