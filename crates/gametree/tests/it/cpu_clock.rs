//! Time budgets on the searching thread's processor time (`Limits::cpu_deadline`,
//! `Clock::ThreadCpu`): on a game whose move generation sleeps, a wall-clock budget ends
//! after a few hundred nodes, while the same budget in processor time is not spent while the
//! thread sleeps and searches on, for every kind of search that honours a time budget
//! (the alpha-beta and max^n families through the shared meter, best-reply, MCTS, lazy SMP,
//! PIMC); and it stops within a few milliseconds of processor time after its budget.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use gametree::search::best_reply::{self, Variant};
use gametree::search::clock::thread_cpu_time;
use gametree::search::engine::{NoHash, Options};
use gametree::search::mcts::{mcts, MctsConfig};
use gametree::search::parallel::search_parallel;
use gametree::search::pimc::{MctsIterations, PimcConfig};
use gametree::search::{
    pimc, run_iterative, Algorithm, AnyGame, Clock, Config, Limits, SearchError,
};
use gametree::{Bounds, Evaluator, Game, Player, Scores, SetToMove};

/// How long the game's move generation sleeps at every [`NAP_EVERY`]th call: a hundred
/// microseconds a call on average. (Rare long naps rather than a short one at every call:
/// a nap costs the thread some processor time of its own in the system call, and more on a
/// loaded machine; sixteen times fewer of them keep the processor time of a thousand units
/// of work far below the budget however busy the machine is, so the processor-time run
/// outlasts the wall-clock one by its work, not by luck.)
const NAP: Duration = Duration::from_micros(1600);

/// Move generation sleeps at one call in this many.
const NAP_EVERY: u64 = 16;

/// The time budget of every search.
const BUDGET: Duration = Duration::from_millis(6);

/// The most processor time a search may use past its budget (the clock is read every
/// thousand units of work, well under a millisecond here).
const SLACK: Duration = Duration::from_millis(25);

/// A game of `players` players, `BRANCH` moves everywhere and `PLIES` plies, whose move
/// generation sleeps for [`NAP`] at one call in [`NAP_EVERY`]: its searches spend most of
/// their wall-clock time asleep.
struct Sleepy {
    players: usize,
    /// Calls of move generation so far (for [`NAP_EVERY`]).
    calls: AtomicU64,
}

const BRANCH: u8 = 32;
const PLIES: u32 = 40;

/// A state: a hash of the moves so far, the ply, the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    hash: u64,
    ply: u32,
    to_move: u8,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sleepy {
    fn new(players: usize) -> Self {
        Sleepy {
            players,
            calls: AtomicU64::new(0),
        }
    }

    /// Scores summing to 10, drawn from the state's hash.
    fn scores(&self, s: &State) -> Scores {
        let mut v = vec![0; self.players];
        let mut left = 10;
        for (i, x) in v.iter_mut().enumerate() {
            *x = if i + 1 == self.players {
                left
            } else {
                (mix(s.hash ^ i as u64) % (left as u64 + 1)) as i64
            };
            left -= *x;
        }
        Scores::from_slice(&v)
    }
}

impl Game for Sleepy {
    type State = State;
    type Move = u8;

    fn players(&self) -> usize {
        self.players
    }
    fn initial(&self) -> State {
        State {
            hash: 1,
            ply: 0,
            to_move: 0,
        }
    }
    fn to_move(&self, s: &State) -> Player {
        Player::new(s.to_move as usize)
    }
    fn moves(&self, s: &State, out: &mut Vec<u8>) {
        if self.calls.fetch_add(1, Ordering::Relaxed) % NAP_EVERY == 0 {
            std::thread::sleep(NAP);
        }
        if s.ply < PLIES {
            out.extend(0..BRANCH);
        }
    }
    fn play(&self, s: &State, m: u8) -> State {
        State {
            hash: mix(s.hash ^ u64::from(m)),
            ply: s.ply + 1,
            to_move: ((s.to_move as usize + 1) % self.players) as u8,
        }
    }
    fn outcome(&self, s: &State) -> Option<Scores> {
        (s.ply >= PLIES).then(|| self.scores(s))
    }
}

impl SetToMove for Sleepy {
    fn set_to_move(&self, s: &State, p: Player) -> Option<State> {
        (s.ply < PLIES).then(|| State {
            to_move: p.index() as u8,
            ..s.clone()
        })
    }
}

struct Eval;

impl Evaluator<Sleepy> for Eval {
    fn evaluate(&self, g: &Sleepy, s: &State) -> Scores {
        g.scores(s)
    }
    fn bounds(&self, g: &Sleepy) -> Bounds {
        Bounds {
            lower: Some(Scores::splat(g.players, 0)),
            maxsum: Some(10),
            step: 1,
            constant_sum: true,
        }
    }
}

/// A search of `game` under `config`, returning the nodes it visited.
type Search = fn(&Sleepy, &Config) -> u64;

fn nodes_of<M>(r: Result<gametree::search::SearchResult<M>, SearchError>) -> u64 {
    match r {
        Ok(r) => r.stats.nodes,
        Err(SearchError::Stopped(_, stats)) => stats.nodes,
        Err(e) => panic!("{e}"),
    }
}

/// Every kind of search that honours a time budget, by name, with its number of players.
fn searches() -> Vec<(&'static str, usize, Search)> {
    vec![
        ("alphabeta", 2, |g, c| {
            nodes_of(run_iterative(
                Algorithm::AlphaBeta,
                g,
                &Eval,
                &g.initial(),
                c,
            ))
        }),
        ("maxn", 3, |g, c| {
            nodes_of(run_iterative(Algorithm::Maxn, g, &Eval, &g.initial(), c))
        }),
        ("paranoid", 3, |g, c| {
            nodes_of(run_iterative(
                Algorithm::Paranoid,
                g,
                &Eval,
                &g.initial(),
                c,
            ))
        }),
        ("brs-plus", 3, |g, c| {
            nodes_of(best_reply::iterative(
                Variant::BrsPlus,
                g,
                &Eval,
                &g.initial(),
                c,
            ))
        }),
        ("mcts", 3, |g, c| {
            let m = MctsConfig {
                iterations: u64::MAX,
                cutoff: Some(2),
                ..MctsConfig::default()
            };
            nodes_of(mcts(g, &Eval, &g.initial(), c, &m))
        }),
        ("lazy-smp", 2, |g, c| {
            let options = Options {
                threads: 2,
                ..Options::default()
            };
            match search_parallel(g, &Eval, &NoHash, &g.initial(), c, &options) {
                Ok(r) => r.result.stats.nodes,
                Err(SearchError::Stopped(_, stats)) => stats.nodes,
                Err(e) => panic!("{e}"),
            }
        }),
        ("pimc", 3, |g, c| {
            let settings = PimcConfig {
                worlds: 1,
                seed: 1,
                iterative: true,
                mcts_iterations: MctsIterations::PerSearch,
            };
            let r = pimc::<AnyGame, _, _>(
                Algorithm::Maxn.into(),
                g,
                &Eval,
                &g.initial(),
                c,
                &MctsConfig::default(),
                &settings,
            )
            .expect("pimc");
            r.nodes
        }),
    ]
}

/// Runs `search` under a budget of [`BUDGET`] on `clock`: its nodes, the processor time of
/// this thread and the wall-clock time it took.
fn budgeted(search: Search, game: &Sleepy, clock: Clock) -> (u64, Duration, Duration) {
    let (cpu, wall) = (thread_cpu_time().unwrap(), Instant::now());
    let limits = Limits {
        depth: Some(PLIES),
        ..Limits::default()
    }
    .with_time(BUDGET, clock, wall)
    .unwrap();
    // A wall-clock deadline far beyond the budget as well (both apply): a search that
    // ignored the processor-time deadline fails the test instead of running on.
    let limits = Limits {
        deadline: limits.deadline.or(Some(wall + Duration::from_secs(3))),
        ..limits
    };
    let config = Config {
        limits,
        ..Config::default()
    };
    let nodes = search(game, &config);
    (nodes, thread_cpu_time().unwrap() - cpu, wall.elapsed())
}

#[test]
fn a_processor_time_budget_is_not_spent_while_the_search_sleeps() {
    for (name, players, search) in searches() {
        let game = Sleepy::new(players);
        let (wall_nodes, _, wall_took) = budgeted(search, &game, Clock::Wall);
        let (cpu_nodes, cpu_used, cpu_took) = budgeted(search, &game, Clock::ThreadCpu);
        // The processor-time run went on while the thread slept, for several times the
        // budget of wall-clock time. (The two runs' wall times are not compared: both stop
        // only when the clock is next read, so on a loaded machine the wall-clock run can
        // overshoot its budget by as much.)
        assert!(
            cpu_took > 3 * BUDGET,
            "{name}: {cpu_took:?} on the processor clock against {wall_took:?} on the wall clock"
        );
        // It never stopped before the wall-clock run: the clock is read at the same points
        // of the same search, and a thread's processor time never runs ahead of the wall
        // clock. (How many more nodes it visits is not asserted: that is the processor time
        // a unit of work costs, which the machine's other work changes. Idle, it visits
        // 14-50 times as many; in CI, under the other tests, it once visited 1.5 times as
        // many, 191 against 127.)
        assert!(
            cpu_nodes >= wall_nodes,
            "{name}: {cpu_nodes} nodes in processor time against {wall_nodes} in wall-clock time"
        );
        // It used its budget of processor time, and stopped soon after.
        assert!(
            cpu_used >= BUDGET && cpu_used < BUDGET + SLACK,
            "{name}: {cpu_used:?} of processor time for a budget of {BUDGET:?}"
        );
    }
}

#[test]
fn a_processor_time_deadline_made_on_another_thread_stops_the_search_at_once() {
    let game = Sleepy::new(3);
    let limits = std::thread::spawn(|| {
        Limits::default()
            .with_time(Duration::from_secs(3600), Clock::ThreadCpu, Instant::now())
            .unwrap()
    })
    .join()
    .unwrap();
    let config = Config {
        limits,
        ..Config::default()
    };
    let start = Instant::now();
    let r = gametree::search::maxn(&game, &Eval, &game.initial(), &config);
    assert!(
        matches!(
            r,
            Err(SearchError::Stopped(
                gametree::search::StopReason::Deadline,
                _
            ))
        ),
        "{r:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
}
