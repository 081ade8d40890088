//! BRS+ with ordered forced moves (`ForcedMoves::Ordered`) against its explicit tree: the
//! tree is BUILT with the forced-move rule written out here again (the MVV-LVA capture, else
//! a killer of the ply, else the best history score, else the evaluator's first move), from
//! the killers and history that the earlier iterations learned, then valued by plain minimax
//! (first child wins ties). The search must give the same value, vector, move and principal
//! variation, on thousands of seeded positions of Chinese Checkers (no capture information:
//! killers and history), four-player chess and Focus (captures), and a small game with
//! eliminations, ties and moves every player shares. Also: the rule prefers the pawn taking a
//! queen to the queen taking a pawn whatever the evaluator's order, the default rule's
//! searches are unchanged, and the same input gives the same output.

use gametree::search::best_reply::{iterative, ForcedMoves, Learned, Variant};
use gametree::search::{Config, Limits};
use gametree::{Evaluator, Game, Player, SetToMove};
use gametree_games::chinese_checkers::DistanceEval;

use crate::best_reply::{minimax, playout_cases, Node};

fn value<G: Game, E: Evaluator<G>>(g: &G, e: &E, s: &G::State) -> gametree::Scores {
    g.outcome(s).unwrap_or_else(|| e.evaluate(g, s))
}

fn ordered<G: Game, E: Evaluator<G>>(g: &G, e: &E, s: &G::State) -> Vec<G::Move> {
    let mut v = Vec::new();
    g.moves(s, &mut v);
    e.order(g, s, &mut v);
    v
}

/// How often each step of the rule decided (so that a suite is seen to exercise each).
#[derive(Clone, Copy, Debug, Default)]
struct Decided {
    capture: u64,
    killer: u64,
    history: u64,
    first: u64,
    /// Decisions that differ from the evaluator's first move.
    not_first: u64,
}

/// The ordered forced move of `o`, to move in `s`, at the opponents' node of `ply`, written
/// from its documentation: the largest victim, then the smallest attacker, among captures
/// (first in order among equals); else the newer, then the older killer that is legal; else
/// the first move of the highest history score above zero; else the first move.
fn rule<G: Game, E: Evaluator<G>>(
    g: &G,
    e: &E,
    s: &G::State,
    o: Player,
    ply: u32,
    known: &Learned<G::Move>,
    decided: &mut Decided,
) -> G::Move {
    let moves = ordered(g, e, s);
    let pick = |m: G::Move, d: &mut Decided| {
        d.not_first += u64::from(m != moves[0]);
        m
    };
    let captures: Vec<(G::Move, gametree::Capture)> = moves
        .iter()
        .filter_map(|&m| g.capture(s, m).map(|c| (m, c)))
        .collect();
    if let Some(top) = captures.iter().map(|(_, c)| c.victim).max() {
        let least = captures
            .iter()
            .filter(|(_, c)| c.victim == top)
            .map(|(_, c)| c.attacker)
            .min()
            .unwrap();
        let (m, _) = captures
            .iter()
            .find(|(_, c)| c.victim == top && c.attacker == least)
            .unwrap();
        decided.capture += 1;
        return pick(*m, decided);
    }
    for k in known.killers(ply).into_iter().flatten() {
        if moves.contains(&k) {
            decided.killer += 1;
            return pick(k, decided);
        }
    }
    let score = |m: &G::Move| g.move_key(*m).map_or(0, |key| known.history(o, key));
    let top = moves.iter().map(score).max().unwrap_or(0);
    if top > 0 {
        decided.history += 1;
        let m = *moves.iter().find(|m| score(m) == top).unwrap();
        return pick(m, decided);
    }
    decided.first += 1;
    moves[0]
}

/// `t` after each of `opps` plays its ordered forced move at the node of `ply`.
fn forced<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    mut t: G::State,
    opps: &[Player],
    ply: u32,
    known: &Learned<G::Move>,
    decided: &mut Decided,
) -> G::State {
    for &o in opps {
        if g.outcome(&t).is_some() {
            break;
        }
        if let Some(s) = g.set_to_move(&t, o) {
            let m = rule(g, e, &s, o, ply, known, decided);
            t = g.play(&s, m);
        }
    }
    t
}

/// The BRS+ tree with ordered forced moves below `t` (a root-player node if `ply` is even),
/// down to `depth`.
#[expect(
    clippy::too_many_arguments,
    reason = "the oracle's whole context, explicit"
)]
fn build<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    root: Player,
    t: &G::State,
    ply: u32,
    depth: u32,
    known: &Learned<G::Move>,
    decided: &mut Decided,
) -> Node<G::Move> {
    if g.outcome(t).is_some() || ply >= depth {
        return Node::Leaf(value(g, e, t));
    }
    let n = g.players();
    let opps: Vec<Player> = (1..n)
        .map(|k| Player::new((root.index() + k) % n))
        .collect();
    let mut kids = Vec::new();
    if ply % 2 == 0 {
        let s = if g.to_move(t) == root {
            t.clone()
        } else {
            match g.set_to_move(t, root) {
                Some(s) => s,
                None => return Node::Leaf(value(g, e, t)),
            }
        };
        for m in ordered(g, e, &s) {
            let c = g.play(&s, m);
            kids.push((m, build(g, e, root, &c, ply + 1, depth, known, decided)));
        }
    } else {
        for (i, &o) in opps.iter().enumerate() {
            let pre = forced(g, e, t.clone(), &opps[..i], ply, known, decided);
            if g.outcome(&pre).is_some() {
                continue;
            }
            let Some(s) = g.set_to_move(&pre, o) else {
                continue;
            };
            for m in ordered(g, e, &s) {
                let c = g.play(&s, m);
                let c = forced(g, e, c, &opps[i + 1..], ply, known, decided);
                kids.push((m, build(g, e, root, &c, ply + 1, depth, known, decided)));
            }
        }
        if kids.is_empty() {
            return Node::Leaf(value(g, e, t));
        }
    }
    Node::Inner {
        max: ply % 2 == 0,
        kids,
    }
}

fn ordered_config(depth: u32) -> Config {
    Config {
        forced_moves: ForcedMoves::Ordered,
        ..Config::depth(depth)
    }
}

#[derive(Default)]
struct Tally {
    cases: u64,
    /// Cases where the search learned something new at the last depth.
    learned: u64,
    decided: Decided,
}

/// Learns the tables of depths `1..depth` as iterative deepening does, then compares the
/// search at `depth` with the explicit tree built from those tables.
fn check<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    state: &G::State,
    depth: u32,
    what: &str,
    tally: &mut Tally,
) where
    G::State: std::fmt::Debug,
{
    let mut learned = Learned::new();
    for d in 1..depth {
        Variant::BrsPlus
            .search_with(g, e, state, &ordered_config(d), &mut learned)
            .unwrap();
    }
    let known = learned.clone();
    let r = Variant::BrsPlus
        .search_with(g, e, state, &ordered_config(depth), &mut learned)
        .unwrap();
    let root = g.to_move(state);
    let tree = build(g, e, root, state, 0, depth, &known, &mut tally.decided);
    let (score, vector, pv) = minimax(&tree, root);
    let ctx = || format!("{what}, depth {depth}, {state:?}");
    assert_eq!(r.score, score, "score: {}", ctx());
    assert_eq!(r.value, vector, "value vector: {}", ctx());
    assert_eq!(r.pv, pv, "principal variation: {}", ctx());
    assert_eq!(r.best_move, pv.first().copied(), "best move: {}", ctx());
    tally.cases += 1;
    tally.learned += u64::from(learned != known);
}

#[test]
fn ordered_brs_plus_equals_its_explicit_tree_on_chinese_checkers() {
    use gametree_games::chinese_checkers::ChineseCheckers;
    let mut tally = Tally::default();
    for (players, holes, top) in [(3, 73, 6), (4, 73, 5), (3, 121, 5), (4, 37, 8)] {
        let g = ChineseCheckers::new(players, holes, top, 400).unwrap();
        for (seed, s, depth) in playout_cases(&g, 300, 40, 4) {
            let what = format!("seed {seed}, {}", g.spec());
            check(&g, &DistanceEval, &s, depth, &what, &mut tally);
        }
    }
    assert_eq!(tally.cases, 1_200);
    let d = tally.decided;
    // No capture information: killers and history decide, and often not as the evaluator.
    assert_eq!(d.capture, 0);
    assert!(d.killer > 1_000 && d.history > 100, "{d:?}");
    assert!(d.not_first > 1_000, "{d:?}");
    assert!(tally.learned > 500, "{} cases learned", tally.learned);
}

#[test]
fn ordered_brs_plus_equals_its_explicit_tree_with_eliminations_and_ties() {
    use crate::best_reply::{KEval, Knockout};
    use gametree::rng::SplitMix64;
    let mut tally = Tally::default();
    for seed in 0..2_000u64 {
        let mut rng = SplitMix64::new(seed ^ 0xF0C3);
        let g = Knockout {
            players: 3 + (seed % 4) as usize,
        };
        let mut s = g.initial();
        s.h = rng.next_u64();
        s.cap = 2 + rng.below(8) as u8;
        let depth = 1 + rng.below(5) as u32;
        check(&g, &KEval, &s, depth, &format!("seed {seed}"), &mut tally);
    }
    assert_eq!(tally.cases, 2_000);
    let d = tally.decided;
    assert!(d.killer > 1_000 && d.not_first > 500, "{d:?}");
}

#[test]
fn ordered_brs_plus_equals_its_explicit_tree_on_four_player_chess() {
    use gametree_games::chess4::{Chess4, Psi};
    let g = Chess4::new(400).unwrap();
    let mut tally = Tally::default();
    for (seed, s, depth) in playout_cases(&g, 200, 80, 3) {
        check(
            &g,
            &Psi,
            &s,
            depth,
            &format!("seed {seed}, chess4"),
            &mut tally,
        );
    }
    assert_eq!(tally.cases, 200);
    let d = tally.decided;
    assert!(d.capture > 100 && d.killer > 100, "{d:?}");
    // The free-for-all rules: the same board and order, another game and evaluator (its
    // preferred move found in one pass, [`Evaluator::preferred_move`]).
    use gametree_games::chess4::ffa::{Chess4Ffa, FfaEval};
    let g = Chess4Ffa::new(400).unwrap();
    let mut tally = Tally::default();
    for (seed, s, depth) in playout_cases(&g, 120, 120, 3) {
        let what = format!("seed {seed}, chess4 ffa");
        check(&g, &FfaEval, &s, depth, &what, &mut tally);
    }
    assert_eq!(tally.cases, 120);
    let d = tally.decided;
    assert!(d.capture > 50 && d.killer > 50, "{d:?}");
}

/// The chess evaluators find their first move and their preferred move
/// ([`Evaluator::preferred_move`], BRS+'s ordered forced moves) in one pass over the board,
/// without the list. In every position of seeded random games of both chess games, for
/// each of their evaluators: the list puts the captures first, by most valuable victim and
/// then least valuable attacker; the first move asked for alone, and with a memo carried
/// along the game, is the list's first; and for preferences with no killers and no
/// history, with killers drawn from the list or from an earlier position (perhaps not
/// legal here), and with history scores drawn from a few values (so that moves tie), the
/// preferred move is the first of the highest score in the list ([`MovePreference::best_in`],
/// the default).
#[test]
fn the_chess_evaluators_find_the_first_and_the_preferred_move_of_the_list() {
    use gametree::game::MOVE_KEYS;
    use gametree::rng::SplitMix64;
    use gametree::MovePreference;
    use gametree_games::chess4::ffa::{Chess4Ffa, FfaEval};
    use gametree_games::chess4::{Chess4, Psi, Relative};
    /// `games` seeded games, each to its end or `plies` plies.
    fn agrees<G: Game, E: Evaluator<G>>(g: &G, e: &E, games: u64, plies: usize) -> [u64; 4] {
        // Positions, with a capture, with a legal killer chosen, with history deciding.
        let mut tally = [0u64; 4];
        let (mut scratch, mut memo) = (Vec::new(), None);
        let mut history = vec![0u32; MOVE_KEYS];
        let mut earlier: Option<G::Move> = None;
        for seed in 0..games {
            let mut rng = SplitMix64::new(seed ^ 0xCA97);
            let mut s = g.initial();
            let mut ply = 0;
            loop {
                let moves = ordered(g, e, &s);
                let keys: Vec<Option<(u16, u16)>> = moves
                    .iter()
                    .map(|&m| g.capture(&s, m).map(|c| (c.victim, u16::MAX - c.attacker)))
                    .collect();
                // Captures first (`Some` orders after `None`, hence the reversal), each
                // by (victim, -attacker), not increasing.
                assert!(
                    keys.windows(2).all(|w| w[0] >= w[1]),
                    "seed {seed}: {keys:?}"
                );
                tally[0] += 1;
                tally[1] += u64::from(keys.first().is_some_and(Option::is_some));
                assert_eq!(e.first_move(g, &s, &mut scratch), moves.first().copied());
                assert_eq!(
                    e.first_move_memo(g, &s, &mut memo, &mut scratch),
                    moves.first().copied(),
                    "seed {seed}"
                );
                let pick = |rng: &mut SplitMix64| match moves.len() {
                    0 => earlier,
                    n => Some(moves[rng.below(n as u64) as usize]),
                };
                history.fill(0);
                for &m in &moves {
                    if rng.below(3) == 0 {
                        if let Some(k) = g.move_key(m) {
                            history[k % MOVE_KEYS] = 1 + rng.below(3) as u32;
                        }
                    }
                }
                let k0 = if rng.below(2) == 0 {
                    pick(&mut rng)
                } else {
                    earlier
                };
                let k1 = pick(&mut rng).filter(|&m| Some(m) != k0);
                let none = MovePreference::CAPTURES;
                let killers = MovePreference {
                    killers: [k0, k1],
                    history: &history,
                };
                let only_history = MovePreference {
                    killers: [None, None],
                    history: &history,
                };
                for (what, prefer) in [
                    ("none", none),
                    ("killers", killers),
                    ("history", only_history),
                ] {
                    let want = prefer.best_in(g, &s, &moves).map(|i| moves[i]);
                    assert_eq!(
                        e.preferred_move(g, &s, &prefer, &mut scratch),
                        want,
                        "seed {seed}, preference {what}"
                    );
                    // A quiet move other than the first, chosen by a killer or the history.
                    if let Some(w) = want.filter(|&w| {
                        Some(w) != moves.first().copied() && g.capture(&s, w).is_none()
                    }) {
                        match what {
                            "killers" if Some(w) == k0 || Some(w) == k1 => tally[2] += 1,
                            "history" => tally[3] += 1,
                            _ => {}
                        }
                    }
                }
                assert!(scratch.is_empty());
                ply += 1;
                if moves.is_empty() || ply > plies {
                    break;
                }
                earlier = pick(&mut rng);
                s = g.play(&s, moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        tally
    }
    // Six whole games, and the first 16 plies of 60 (where most positions have no
    // capture, so that the killers and the history decide).
    let add = |a: [u64; 4], b: [u64; 4]| [0, 1, 2, 3].map(|i| a[i] + b[i]);
    let g = Chess4::new(300).unwrap();
    for t in [
        add(agrees(&g, &Psi, 6, usize::MAX), agrees(&g, &Psi, 60, 16)),
        add(
            agrees(&g, &Relative, 6, usize::MAX),
            agrees(&g, &Relative, 60, 16),
        ),
    ] {
        assert!(
            t[0] > 2_000 && t[1] > 1_000 && t[2] > 300 && t[3] > 300,
            "{t:?}"
        );
    }
    let g = Chess4Ffa::new(400).unwrap();
    let t = add(
        agrees(&g, &FfaEval, 6, usize::MAX),
        agrees(&g, &FfaEval, 60, 16),
    );
    assert!(
        t[0] > 2_000 && t[1] > 1_000 && t[2] > 300 && t[3] > 300,
        "{t:?}"
    );
}

#[test]
fn ordered_brs_plus_equals_its_explicit_tree_on_focus() {
    use gametree_games::focus::{Focus, FocusEval};
    let mut tally = Tally::default();
    for players in [3, 4] {
        let g = Focus::new(players, 600).unwrap();
        for (seed, s, depth) in playout_cases(&g, 150, 150, 3) {
            let what = format!("seed {seed}, {}", g.spec());
            check(&g, &FocusEval, &s, depth, &what, &mut tally);
        }
    }
    assert_eq!(tally.cases, 300);
    let d = tally.decided;
    assert!(d.capture > 10 && d.killer > 100, "{d:?}");
}

/// Red to move may take Blue's queen with a pawn (e4xf5) or Blue's pawn with its queen
/// (d1xd3).
const PAWN_OR_QUEEN: &str = "r Kh1,Qd1,Pe4/Ka7,Qf5,Pd3/Kg14/Kn8";

#[test]
fn the_ordered_rule_takes_the_queen_with_the_pawn_whatever_the_evaluators_order() {
    use gametree_games::chess4::{Chess4, Move, Psi};
    use gametree_games::notation::Notation;
    let g = Chess4::new(400).unwrap();
    let s = g.parse_position(PAWN_OR_QUEEN).unwrap();
    let pawn_takes_queen = g.read_move("e4-f5").unwrap();
    let queen_takes_pawn = g.read_move("d1-d3").unwrap();
    // The lowest origin square first: the queen's moves come before the pawn's.
    let by_origin = gametree::Ordered {
        eval: Psi,
        order: |_: &Chess4, _: &_, moves: &mut [Move]| moves.sort_by_key(|m| (m.from(), m.to())),
    };
    for (name, moves) in [
        ("psi", ordered(&g, &Psi, &s)),
        ("by origin", { ordered(&g, &by_origin, &s) }),
    ] {
        assert!(moves.contains(&pawn_takes_queen) && moves.contains(&queen_takes_pawn));
        let i = Learned::new().choose(&g, &s, Player::new(0), &moves, 1);
        assert_eq!(moves[i], pawn_takes_queen, "{name}");
        // Even when a killer and history name the queen's capture.
        let mut taught = Learned::new();
        taught.cutoff(
            Player::new(0),
            queen_takes_pawn,
            g.move_key(queen_takes_pawn),
            1,
            9,
        );
        let i = taught.choose(&g, &s, Player::new(0), &moves, 1);
        assert_eq!(moves[i], pawn_takes_queen, "{name}");
    }
    // The evaluator-first rule under the origin order plays a queen move.
    let moves = ordered(&g, &by_origin, &s);
    assert_eq!(g.move_name(&s, moves[0]).chars().next(), Some('d'));
    assert_ne!(moves[0], pawn_takes_queen);
    // The capture information itself.
    assert_eq!(
        g.capture(&s, pawn_takes_queen),
        Some(gametree::Capture {
            victim: 9,
            attacker: 1
        })
    );
    assert_eq!(
        g.capture(&s, queen_takes_pawn),
        Some(gametree::Capture {
            victim: 1,
            attacker: 9
        })
    );
    assert_eq!(g.capture(&s, g.read_move("h1-h2").unwrap()), None);
}

#[test]
fn without_captures_a_killer_then_history_decide() {
    use crate::best_reply::Knockout;
    let g = Knockout { players: 3 };
    let s = g.initial();
    let moves = [0u8, 1, 2];
    let p = Player::new(1);
    let mut l = Learned::new();
    assert_eq!(
        l.choose(&g, &s, p, &moves, 3),
        0,
        "nothing learned: the first"
    );
    l.cutoff(Player::new(2), 2, g.move_key(2), 5, 4);
    // History is per player: player 1 has none; the killer is of ply 5 only.
    assert_eq!(l.choose(&g, &s, p, &moves, 3), 0);
    assert_eq!(l.choose(&g, &s, p, &moves, 5), 2, "the killer of ply 5");
    l.cutoff(p, 1, g.move_key(1), 7, 2);
    assert_eq!(l.choose(&g, &s, p, &moves, 3), 1, "player 1's history");
    assert_eq!(l.choose(&g, &s, p, &moves, 5), 2, "the killer first");
    // A killer that is not legal here is skipped.
    assert_eq!(l.choose(&g, &s, p, &moves[..2], 5), 1);
    assert_eq!(l.killers(5), [Some(2), None]);
    assert_eq!(l.history(p, 1), 4);
}

/// What a search found and counted (not its time).
fn key<M: Clone>(
    r: &gametree::search::SearchResult<M>,
) -> (
    gametree::Score,
    gametree::Scores,
    Vec<M>,
    u64,
    u64,
    gametree::search::Cutoffs,
    u32,
) {
    let s = &r.stats;
    (
        r.score,
        r.value,
        r.pv.clone(),
        s.nodes,
        s.leaves,
        s.cutoffs,
        s.depth,
    )
}

#[test]
fn the_default_forced_moves_search_exactly_as_before_and_ordered_is_reproducible() {
    use gametree_games::chinese_checkers::ChineseCheckers;
    let g = ChineseCheckers::new(3, 73, 6, 400).unwrap();
    let limits = Limits {
        nodes: Some(40_000),
        ..Limits::default()
    };
    let mut differ = 0;
    for (seed, s, _) in playout_cases(&g, 10, 30, 1) {
        let plain = Config {
            limits,
            ..Config::default()
        };
        assert_eq!(plain.forced_moves, ForcedMoves::EvaluatorFirst);
        // The default: the same as `search` with no learning at all, every iteration.
        let a = iterative(Variant::BrsPlus, &g, &DistanceEval, &s, &plain).unwrap();
        let b = gametree::search::iterative::iterative_deepening(&plain, |c| {
            Variant::BrsPlus.search(&g, &DistanceEval, &s, c)
        })
        .unwrap();
        assert_eq!(key(&a), key(&b), "seed {seed}");
        let ordered = Config {
            forced_moves: ForcedMoves::Ordered,
            ..plain
        };
        let x = iterative(Variant::BrsPlus, &g, &DistanceEval, &s, &ordered).unwrap();
        let y = iterative(Variant::BrsPlus, &g, &DistanceEval, &s, &ordered).unwrap();
        assert_eq!(
            key(&x),
            key(&y),
            "seed {seed}: the same input, the same output"
        );
        differ += u64::from(x.pv != a.pv || x.stats.nodes != a.stats.nodes);
    }
    assert!(differ > 0, "the ordered rule searches another tree");
}
