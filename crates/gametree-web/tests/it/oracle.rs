//! The oracle matrix through the server: on every game of the registry (each seat count)
//! at its start and at seeded random positions reached by random play, depths 1 to 3,
//! `POST /api/search` with every algorithm it offers gives the value the library gives:
//! the plain search an algorithm claims to equal (alpha-beta for the two-player searches on
//! two-player games, max^n for the max^n pruning family), or the same algorithm called
//! directly for the rest (paranoid, N-max, hypermax, best-reply search). The value vector
//! and the score are compared, the principal variation is replayed move by move among the
//! legal moves, and it must end at a position of that value (the outcome, or the static
//! value at the depth limit). A request the library refuses the server refuses, and the
//! other way round.
//!
//! One table drives it ([`reference`]): a new game joins through the registry, a new
//! algorithm through `Searcher::all` and one row there.

use std::net::SocketAddr;

use gametree::rng::SplitMix64;
use gametree::search::{self, leaf_of_pv, Algorithm, Config, Searcher};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};
use gametree_run::report::move_names;
use gametree_web::ServerConfig;
use serde_json::{json, Value};

use crate::{json, start};

/// The searches a family claims to equal: the library's search that gives the expected
/// answer for `searcher` on a game of `players` players, or `None` when the server does
/// not offer it on such a game (the two-player searches on more players claim nothing).
fn reference(searcher: Searcher, players: usize) -> Option<Searcher> {
    use Algorithm::*;
    match searcher {
        Searcher::Mcts => None,
        Searcher::Plain(
            Minimax | AlphaBeta | AlphaBetaFailSoft | Negamax | Pvs | Mtdf | Aspiration,
        ) => (players == 2).then_some(Searcher::Plain(AlphaBeta)),
        Searcher::Plain(Maxn | Shallow | BranchAndBound | LastBranch | Speculative) => {
            Some(Searcher::Plain(Maxn))
        }
        Searcher::Plain(Paranoid | Nmax | Hypermax | HypermaxSorted) | Searcher::BestReply(_) => {
            Some(searcher)
        }
    }
}

/// Every game of the registry, once per seat count: its default spec, or its name with
/// `players=N` when it seats several counts.
fn specs() -> Vec<String> {
    let mut out = Vec::new();
    for e in registry::entries() {
        if e.seats.len() == 1 {
            out.push(e.listing.default_spec.to_string());
        } else {
            for n in e.seats {
                out.push(format!("{}(players={n})", e.listing.name));
            }
        }
    }
    out
}

/// The position reached from the start by `plies` random moves (fewer if the game ends),
/// in the game's notation; `None` for a game without a notation.
struct RandomPosition {
    seed: u64,
    plies: u32,
}

impl GameVisitor for RandomPosition {
    type Output = Option<String>;
    fn visit<G: Playable>(self, game: &G, start: &G::State) -> Option<String>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut rng = SplitMix64::new(self.seed);
        let mut state = start.clone();
        let mut moves = Vec::new();
        for _ in 0..self.plies {
            moves.clear();
            game.moves(&state, &mut moves);
            if game.outcome(&state).is_some() || moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let next = game.play(&state, m);
            if game.outcome(&next).is_some() {
                break;
            }
            state = next;
        }
        game.format_position(&state)
    }
}

/// What the library says for one request, and the server's PV checked on the game.
#[derive(Debug)]
struct Expected {
    /// The reference search's value vector and score, or its error.
    answer: Result<(Vec<i64>, i64), String>,
    /// The server's PV replayed: the scores where it ends, or why it is not a legal line.
    pv_leaf: Result<Vec<i64>, String>,
}

/// How the PV of a search is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// A line of the game ending at a position of the value (the outcome, or the static
    /// value at the depth limit).
    Game,
    /// The same, the value being the zero-sum projection of the position's scores (N-max,
    /// hypermax).
    Projected,
    /// A line of the best-reply tree, where one opponent's reply stands for all of theirs:
    /// only its first move is a move of the game (the lead's core tests replay it on the
    /// explicit best-reply tree).
    BestReply,
}

impl Line {
    fn of(searcher: Searcher) -> Line {
        use Algorithm::*;
        match searcher {
            Searcher::Plain(Nmax | Hypermax | HypermaxSorted) => Line::Projected,
            Searcher::BestReply(_) => Line::BestReply,
            _ => Line::Game,
        }
    }
}

/// Runs the reference search on the game and replays the server's PV.
struct Library {
    reference: Searcher,
    depth: u32,
    server_pv: Vec<Value>,
    line: Line,
}

impl Library {
    fn replay<G: Playable>(&self, game: &G, state: &G::State) -> Result<Vec<i64>, String> {
        let mut line = Vec::new();
        let mut s = state.clone();
        let mut legal = Vec::new();
        let moves = match self.line {
            Line::BestReply => &self.server_pv[..self.server_pv.len().min(1)],
            _ => &self.server_pv[..],
        };
        for (i, want) in moves.iter().enumerate() {
            legal.clear();
            if game.outcome(&s).is_none() {
                game.moves(&s, &mut legal);
            }
            let found = legal
                .iter()
                .copied()
                .find(|&m| {
                    serde_json::to_value(&move_names(game, &s, &[m], G::MOVE_STYLE)[0])
                        .ok()
                        .as_ref()
                        == Some(want)
                })
                .ok_or_else(|| format!("pv[{i}] {want} is not a legal move"))?;
            line.push(found);
            s = game.play(&s, found);
        }
        if line.len() > self.depth as usize {
            return Err(format!(
                "the PV is {} moves, deeper than the depth",
                line.len()
            ));
        }
        let eval = game.evaluator();
        let leaf = leaf_of_pv(game, &eval, state, &line);
        Ok(match self.line {
            Line::Game => leaf.as_slice().to_vec(),
            Line::Projected => search::nmax::project(&leaf).as_slice().to_vec(),
            Line::BestReply => Vec::new(),
        })
    }

    fn answer<G: Playable>(
        &self,
        result: Result<search::SearchResult<G::Move>, search::SearchError>,
    ) -> Result<(Vec<i64>, i64), String> {
        result
            .map(|r| (r.value.as_slice().to_vec(), r.score))
            .map_err(|e| e.to_string())
    }
}

impl GameVisitor for Library {
    type Output = Expected;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Expected
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let eval = game.evaluator();
        let config = Config::depth(self.depth);
        let answer = match self.reference {
            Searcher::Plain(a) => self.answer::<G>(search::run(a, game, &eval, state, &config)),
            _ => Err(format!("{} needs SetToMove", self.reference)),
        };
        Expected {
            answer,
            pv_leaf: self.replay(game, state),
        }
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Expected
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let Searcher::BestReply(variant) = self.reference else {
            return self.visit(game, state);
        };
        let eval = game.evaluator();
        let answer =
            self.answer::<G>(variant.search(game, &eval, state, &Config::depth(self.depth)));
        Expected {
            answer,
            pv_leaf: self.replay(game, state),
        }
    }
}

/// The number of players of `spec`.
fn players(spec: &str) -> usize {
    struct Players;
    impl GameVisitor for Players {
        type Output = usize;
        fn visit<G: Playable>(self, game: &G, _: &G::State) -> usize
        where
            G::State: Send + Sync + PartialEq + std::fmt::Debug,
            G::Move: Send + Sync,
        {
            game.players()
        }
    }
    registry::visit(spec, None, Players).expect("a registry spec")
}

/// The deepest search of the matrix on `spec`: 3 plies, except where the plain searches of
/// the reference would pass the server's caps (Blokus has about 330 placements a ply, Focus
/// up to a few hundred moves).
fn max_depth(spec: &str) -> u32 {
    if spec.starts_with("blokus") {
        1
    } else if spec.starts_with("focus") {
        2
    } else {
        3
    }
}

/// Runs the matrix for the searchers `pick` keeps; returns the number of cases compared
/// and every disagreement.
fn matrix(addr: SocketAddr, pick: impl Fn(Searcher) -> bool) -> (usize, Vec<String>) {
    let mut cases = 0;
    let mut wrong = Vec::new();
    for (g, spec) in specs().into_iter().enumerate() {
        let n = players(&spec);
        let mut positions = vec![None];
        for k in 0..2u64 {
            let seed = 0x5eed_0000 + 16 * g as u64 + k;
            let plies = 1 + SplitMix64::new(seed).below(12) as u32;
            if let Ok(Some(p)) = registry::visit(&spec, None, RandomPosition { seed, plies }) {
                positions.push(Some(p));
            }
        }
        for position in &positions {
            for depth in 1..=max_depth(&spec) {
                for searcher in Searcher::all().into_iter().filter(|&s| pick(s)) {
                    let Some(reference) = reference(searcher, n) else {
                        continue;
                    };
                    let mut req =
                        json!({"game": spec, "algorithm": searcher.name(), "depth": depth});
                    if let Some(p) = position {
                        req["position"] = json!(p);
                    }
                    let (status, got) = json(addr, "POST", "/api/search", &req);
                    let pv: Vec<Value> = got["pv"].as_array().cloned().unwrap_or_default();
                    let library = Library {
                        reference,
                        depth,
                        server_pv: pv,
                        line: Line::of(searcher),
                    };
                    let want = registry::visit(&spec, position.as_deref(), library)
                        .expect("the position the library formatted reads back");
                    cases += 1;
                    let case = format!("{req}");
                    match (&want.answer, status) {
                        (Ok((value, score)), 200) => {
                            if got["value"] != json!(value) || got["score"] != json!(score) {
                                wrong.push(format!(
                                    "{case}: server value {} score {}, library ({reference}) \
                                     value {value:?} score {score}",
                                    got["value"], got["score"]
                                ));
                            }
                            match &want.pv_leaf {
                                Ok(leaf) if json!(leaf) == got["value"] => {}
                                Ok(leaf) if leaf.is_empty() => {}
                                Ok(leaf) => wrong.push(format!(
                                    "{case}: the PV {} ends at {leaf:?}, not at the value {}",
                                    got["pv"], got["value"]
                                )),
                                Err(e) => wrong.push(format!("{case}: {e}: {}", got["pv"])),
                            }
                        }
                        (Err(_), 400) => {}
                        (Ok(_), s) => wrong.push(format!("{case}: the server answered {s}: {got}")),
                        (Err(e), s) => wrong.push(format!(
                            "{case}: the library refused ({e}) but the server answered {s}: {got}"
                        )),
                    }
                }
            }
        }
    }
    (cases, wrong)
}

/// The report of a matrix run: fails with every disagreement.
fn check(cases: usize, wrong: &[String]) {
    assert!(cases > 0);
    assert!(
        wrong.is_empty(),
        "{} disagreements in {cases} cases:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_server_gives_the_library_value_on_every_registry_game() {
    let addr = start(ServerConfig::default());
    let (cases, wrong) = matrix(addr, |_| true);
    check(cases, &wrong);
    // Every game of the registry took part: at least one depth of the nine searches every
    // game offers (the max^n family, paranoid, N-max and both hypermaxes).
    assert!(cases >= 9 * specs().len(), "{cases}");
}
