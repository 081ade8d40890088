//! Fridenfalk 2014, section V: the case study in four-player chess, as an experiment
//! (`fridenfalk-2014/chess-case-study`).
//!
//! Mikael Fridenfalk, "N-Person Minimax and Alpha-Beta Pruning", *NICOGRAPH International
//! 2014*, Visby, Sweden, 43-52, 2014, reports two findings of games between its searches
//! in four-handed chess: that max^N and N-max differ in win counts, which a very few games
//! established, and that no search depth was found within its computing budget where
//! hypermax could be shown to part from N-max. The paper prints no counts, so this
//! experiment measures them and judges the two claims.
//!
//! At each fixed depth of the mode ([`Plan`]), two matches are played on
//! [`Chess4`] with Fridenfalk's free-space material [`Psi`]: max^n against N-max, then
//! hypermax against N-max. Each engine holds two of the four seats, in every one of the six
//! such assignments ([`balanced_seatings`]), from each of the plan's seeded random openings
//! (the same openings at every depth and in both matches). A game ends by the rules (one
//! player left) or at the game's ply cap, where material decides it (counted as
//! adjudicated). The games are played by the tournament's own [`play_game`] and summarised
//! by its [`summarise`] (win shares with 95% intervals, the exact two-sided sign test of one
//! engine finishing ahead of the other); depth budgets make everything deterministic, with
//! any number of threads.
//!
//! The claims are judged by [`judge_difference`] and [`judge_no_parting`] from the sign
//! tests of all depths.

use gametree::search::Algorithm;
use gametree_games::chess4::{Chess4, Psi};

use crate::experiment::{Ctx, Experiment, Item, Output, Pieces, Plot, Split, Work};
use crate::plot::Series;
use crate::report::{Number, Row, Verdict};
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::runner::{run_trials, trial_seed};
use gametree_run::stats::holm;
use gametree_run::tournament::{
    opening, play_game, summarise, GameResult, Seating, TournamentConfig, TournamentResult,
};

const PAPER: &str = "fridenfalk-2014";

/// The table's key.
pub const TABLE: &str = "chess-case-study";

/// The seed of the openings (opening `o` is seeded with `trial_seed(CHESS_SEED, o)`).
pub const CHESS_SEED: u64 = 0xC4E55;

/// Random plies of each opening: one move per player.
pub(crate) const OPENING_PLIES: usize = 4;

/// The significance level of the sign tests.
pub const ALPHA: f64 = 0.05;

/// The decisive games (one engine ahead of the other) at which the two-sided sign test at
/// 5% detects a 60:40 split with 80% power: `((1.96 * 0.5 + 0.8416 * sqrt(0.24)) / 0.1)^2`,
/// rounded up. A depth with at least this many decisive games and no significant
/// difference counts against the claim that the engines differ; with fewer, the claim is
/// undecided.
pub const DETECT_DECISIVE: u64 = 194;

/// The split a claim's sign test should detect: one engine ahead in 60% of the decisive
/// games.
pub const DETECT_SPLIT: f64 = 0.6;

/// The power the "no parting" claim needs before a test that finds nothing counts for it.
pub const POWER: f64 = 0.8;

/// The shallowest depth at which hypermax can prune with four players: a cut needs a bound
/// from every player, so below it hypermax searches exactly N-max's tree and plays N-max's
/// moves, and a match between them is equal by construction (the sign tests of those
/// depths are exactly even, e.g. 61-61), evidence of nothing.
pub const HYPERMAX_FIRST_CUT_DEPTH: u32 = 4;

/// What one mode plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The max^n against N-max match: per depth (plies per move, both engines alike), the
    /// number of random openings; each opening is played in the six seat assignments.
    pub maxn_depths: Vec<(u32, usize)>,
    /// The hypermax against N-max match, likewise.
    pub hypermax_depths: Vec<(u32, usize)>,
    /// The game's ply cap (plies from the start, openings included); at the cap the
    /// material decides.
    pub cap: u32,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed of the openings.
    pub seed: u64,
}

/// The plan of mode `ctx`, cap 200 plies (50 moves each) in both.
///
/// Quick (about 13 s on one core): both matches at depths 1 and 2 from 24 openings (144
/// games a depth). Depth 3 is left to the full mode: a game there costs about 30 times one
/// at depth 2, so the 24 games quick mode could afford took three quarters of its time for
/// a sign test that could not tell (p = 0.29). With four players hypermax finds no cut
/// below depth 4 (a cut needs a bound from every player), so at depth 3 it plays N-max's
/// moves. Full: both matches at depths 1 to 4, from 100 openings at depths 1 and 2, 50 at
/// depth 3 and 10 at depth 4.
pub fn plan(ctx: &Ctx) -> Plan {
    let (maxn_depths, hypermax_depths) = if ctx.quick {
        (vec![(1, 24), (2, 24)], vec![(1, 24), (2, 24)])
    } else {
        let all = vec![(1, 100), (2, 100), (3, 50), (4, 10)];
        (all.clone(), all)
    };
    Plan {
        maxn_depths,
        hypermax_depths,
        cap: 200,
        opening_plies: OPENING_PLIES,
        seed: CHESS_SEED,
    }
}

/// The experiment.
pub fn experiment() -> Experiment {
    Experiment {
        paper: PAPER,
        table: TABLE,
        about: "section V: four-player chess, max^n vs N-max and hypermax vs N-max at fixed depths; the two claims judged by sign tests",
        params,
        run,
        work: Work::Items(Split::of::<Matches>()),
    }
}

fn params(ctx: &Ctx) -> String {
    let p = plan(ctx);
    let list = |v: &[(u32, usize)]| -> String {
        let d: Vec<String> = v.iter().map(|(d, k)| format!("d{d}:{k}")).collect();
        d.join(" ")
    };
    format!(
        "game=chess4(cap={}) eval=psi seed={} opening_plies={} seatings=6 maxn-nmax=[{}] hypermax-nmax=[{}]",
        p.cap,
        p.seed,
        p.opening_plies,
        list(&p.maxn_depths),
        list(&p.hypermax_depths)
    )
}

/// The six assignments of two engines to four seats in which each engine holds two seats,
/// in lexicographic order: `[0,0,1,1], [0,1,0,1], ...`. Each engine sits in each seat in
/// three of them.
pub fn balanced_seatings() -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for code in 0u32..16 {
        if code.count_ones() == 2 {
            let mut s = [0; 4];
            for (i, seat) in s.iter_mut().enumerate() {
                *seat = (code >> (3 - i) & 1) as usize;
            }
            out.push(s);
        }
    }
    out
}

/// The tournament of `a` against `b` at `depth` plies from `openings` openings under `plan`
/// (engine 0 is `a`, engine 1 is `b`).
fn match_config(
    a: Algorithm,
    b: Algorithm,
    depth: u32,
    openings: usize,
    plan: &Plan,
) -> TournamentConfig {
    TournamentConfig {
        engines: vec![
            Engine::new(a, MoveBudget::Depth(depth)),
            Engine::new(b, MoveBudget::Depth(depth)),
        ],
        openings,
        opening_plies: plan.opening_plies,
        seed: plan.seed,
        max_plies: None,
        progress: false,
        threads: None,
        bootstrap: 0,
    }
}

/// The games of `a` against `b` at `depth` plies on `game`: every balanced seat assignment
/// from each of `openings` openings (opening `o` from `trial_seed(seed, o)`), in parallel,
/// in a fixed order (engine 0 is `a`, engine 1 is `b`).
pub fn match_games(
    game: &Chess4,
    a: Algorithm,
    b: Algorithm,
    depth: u32,
    openings: usize,
    plan: &Plan,
    progress: bool,
) -> Vec<GameResult> {
    let config = match_config(a, b, depth, openings, plan);
    let tables = balanced_seatings();
    let name = format!("{} vs {} d={depth}", a.name(), b.name());
    let games = openings * tables.len();
    run_trials(&name, games, plan.seed, progress, |i, _| {
        let o = i / tables.len();
        let start = opening(game, plan.opening_plies, trial_seed(plan.seed, o as u64));
        let seating = Seating {
            engines: &config.engines,
            seats: &tables[i % tables.len()],
            max_plies: None,
            seed: 0,
        };
        let mut r = play_game(game, &Psi, &seating, start)
            .expect("engines without a table have all the memory they need");
        r.opening = o;
        r
    })
}

/// Plays `a` against `b` at `depth` plies on `game` ([`match_games`]) and summarises the
/// games: the tournament's summary (engine 0 is `a`, engine 1 is `b`).
pub fn play_match(
    game: &Chess4,
    a: Algorithm,
    b: Algorithm,
    depth: u32,
    openings: usize,
    plan: &Plan,
    progress: bool,
) -> TournamentResult {
    let games = match_games(game, a, b, depth, openings, plan, progress);
    summarise(
        game.spec(),
        4,
        &match_config(a, b, depth, openings, plan),
        games,
    )
}

/// The two matches: each engine against N-max, with its label.
const MATCHES: [(Algorithm, Algorithm, &str); 2] = [
    (Algorithm::Maxn, Algorithm::Nmax, "max^n"),
    (Algorithm::Hypermax, Algorithm::Nmax, "hypermax"),
];

/// The depths and openings of match `m` (an index into [`MATCHES`]) under `plan`.
fn depths_of(plan: &Plan, m: usize) -> &[(u32, usize)] {
    if m == 0 {
        &plan.maxn_depths
    } else {
        &plan.hypermax_depths
    }
}

/// Seconds of one game at `depth` plies per move on one core (depths 1 to 3 measured on the
/// two-core build machine, depth 4 estimated); only the balance depends on it.
fn game_cost(depth: u32) -> f64 {
    match depth {
        0 | 1 => 0.005,
        2 => 0.06,
        3 => 1.6,
        _ => 80.0,
    }
}

/// The case study cut into items: each match at each depth ([`match_games`]), in the
/// order of its rows.
pub struct Matches;

impl Pieces for Matches {
    /// The match (an index into the two matches), the depth and the openings.
    type Piece = (usize, u32, usize);
    type Result = Vec<GameResult>;

    fn pieces(ctx: &Ctx) -> Vec<(Self::Piece, Item)> {
        let plan = plan(ctx);
        let mut v = Vec::new();
        for (m, (a, b, _)) in MATCHES.iter().enumerate() {
            for &(depth, openings) in depths_of(&plan, m) {
                let key = format!("{} vs {} d={depth}", a.name(), b.name());
                let games = openings * balanced_seatings().len();
                let cost = games as f64 * game_cost(depth);
                v.push(((m, depth, openings), Item { key, cost }));
            }
        }
        v
    }

    fn run(ctx: &Ctx, &(m, depth, openings): &Self::Piece) -> Vec<GameResult> {
        let plan = plan(ctx);
        let game = Chess4::new(plan.cap).unwrap_or_default();
        let (a, b, _) = MATCHES[m];
        match_games(&game, a, b, depth, openings, &plan, false)
    }

    fn assemble(ctx: &Ctx, results: Vec<Vec<GameResult>>) -> Option<Output> {
        case_study_of(&plan(ctx), results)
    }
}

/// One depth's head-to-head: engine `a` ahead of engine `b` in `ahead` games, behind in
/// `behind`, and the sign test's p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthTest {
    /// Plies per move.
    pub depth: u32,
    /// Games where the first engine finished ahead of the second.
    pub ahead: u64,
    /// Games where the second engine finished ahead.
    pub behind: u64,
    /// The exact two-sided sign test of `ahead` against `behind`.
    pub p_value: f64,
}

impl DepthTest {
    /// The decisive games (`ahead + behind`).
    pub fn decisive(&self) -> u64 {
        self.ahead + self.behind
    }

    /// Whether the test is significant at [`ALPHA`].
    pub fn significant(&self) -> bool {
        self.p_value < ALPHA
    }
}

/// The power of the exact two-sided sign test at [`ALPHA`] ([`gametree_run::rating::sign_test`])
/// over `decisive` decisive games when one engine is ahead in a share `split` of them: the
/// probability under Binomial(`decisive`, `split`) of a split the test calls significant.
/// Summed exactly over the binomial's terms (logarithms, so thousands of games do not
/// underflow); 0 for no games.
pub fn sign_test_power(decisive: u64, split: f64) -> f64 {
    let n = decisive;
    let (lp, lq) = (split.ln(), (1.0 - split).ln());
    // ln C(n, k), updated from k to k + 1.
    let mut ln_choose = 0.0;
    let mut power = 0.0;
    for k in 0..=n {
        if gametree_run::rating::sign_test(k, n - k) < ALPHA {
            power += (ln_choose + k as f64 * lp + (n - k) as f64 * lq).exp();
        }
        if k < n {
            ln_choose += ((n - k) as f64).ln() - ((k + 1) as f64).ln();
        }
    }
    power.min(1.0)
}

/// A claim's verdict, the first depth (in the order given) whose test is significant, and
/// the power of the tests the verdict rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// `within`: our games support the claim; `differs`: they contradict it; `too-few`:
    /// they cannot tell.
    pub verdict: Verdict,
    /// The first depth significant at `ALPHA` under the claim's rule, if any: for the
    /// difference, after Holm's adjustment over the depths ([`judge_difference`]); for no
    /// parting, the depth's own p-value ([`judge_no_parting`]).
    pub first_significant: Option<u32>,
    /// The largest power, over the depths the verdict rests on, of their sign test to
    /// detect a [`DETECT_SPLIT`] split ([`sign_test_power`]); 0 without such a depth.
    pub power: f64,
}

fn best_power(tests: &[DepthTest]) -> f64 {
    tests
        .iter()
        .map(|t| sign_test_power(t.decisive(), DETECT_SPLIT))
        .fold(0.0, f64::max)
}

fn first_significant(tests: &[DepthTest]) -> Option<u32> {
    tests.iter().find(|t| t.significant()).map(|t| t.depth)
}

/// The first depth (in the order given) whose sign test is significant at [`ALPHA`] after
/// Holm's adjustment over all the depths given: "some depth differs" is one claim tested at
/// every depth, so the depths are a family.
fn first_significant_holm(tests: &[DepthTest]) -> Option<u32> {
    let adjusted = holm(&tests.iter().map(|t| t.p_value).collect::<Vec<_>>());
    tests
        .iter()
        .zip(adjusted)
        .find(|(_, p)| *p < ALPHA)
        .map(|(t, _)| t.depth)
}

/// The claim "max^N and N-max differ in win counts": `within` (agrees) when some depth's
/// sign test is significant at [`ALPHA`] after Holm's adjustment over the depths tried
/// (any of several depths reaching 5% alone is not a 5% test); otherwise `differs` when
/// some depth had at least [`DETECT_DECISIVE`] decisive games (enough to see a 60:40
/// split), else `too-few`.
pub fn judge_difference(tests: &[DepthTest]) -> Judgement {
    let first = first_significant_holm(tests);
    let verdict = if first.is_some() {
        Verdict::Within
    } else if tests.iter().any(|t| t.decisive() >= DETECT_DECISIVE) {
        Verdict::Differs
    } else {
        Verdict::TooFew
    };
    Judgement {
        verdict,
        first_significant: first,
        power: best_power(tests),
    }
}

/// The depths that can show hypermax parting from N-max: those at or beyond
/// [`HYPERMAX_FIRST_CUT_DEPTH`] (below it the two play the same moves by construction).
pub fn evidence_depths(tests: &[DepthTest]) -> Vec<DepthTest> {
    tests
        .iter()
        .filter(|t| t.depth >= HYPERMAX_FIRST_CUT_DEPTH)
        .copied()
        .collect()
}

/// The claim "hypermax does not part from N-max at the depths tried", judged on the depths
/// of [`evidence_depths`] only: `differs` when one's sign test is significant at [`ALPHA`];
/// `within` (agrees) when none is and one had the [`POWER`] to detect a [`DETECT_SPLIT`]
/// split; `too-few` otherwise (no depth where hypermax can prune, or too few games there:
/// a test that could not have found a difference is no evidence that there is none).
pub fn judge_no_parting(tests: &[DepthTest]) -> Judgement {
    let evidence = evidence_depths(tests);
    let first = first_significant(&evidence);
    let power = best_power(&evidence);
    let verdict = match first {
        Some(_) => Verdict::Differs,
        None if power >= POWER => Verdict::Within,
        None => Verdict::TooFew,
    };
    Judgement {
        verdict,
        first_significant: first,
        power,
    }
}

fn run(ctx: &Ctx) -> Output {
    case_study(&plan(ctx), ctx.progress)
}

/// The experiment's rows and plot for `plan` ([`case_study_of`] over every match at every
/// depth, played in order).
pub fn case_study(plan: &Plan, progress: bool) -> Output {
    let game = Chess4::new(plan.cap).unwrap_or_default();
    let mut played = Vec::new();
    for (m, &(a, b, _)) in MATCHES.iter().enumerate() {
        for &(depth, openings) in depths_of(plan, m) {
            let start = std::time::Instant::now();
            let games = match_games(&game, a, b, depth, openings, plan, progress);
            if progress {
                crate::io::note(format_args!(
                    "fridenfalk {TABLE} {} vs {} d={depth}: {} games in {:.1} s",
                    a.name(),
                    b.name(),
                    games.len(),
                    start.elapsed().as_secs_f64()
                ));
            }
            played.push(games);
        }
    }
    case_study_of(plan, played).unwrap_or_default()
}

/// The experiment's rows and plot for `plan` from the games of every match at every depth
/// (`played`, in [`Matches`]' order): per match and depth, each engine's win share with
/// its 95% interval and the sign test (`measured`), the first significant depth per match,
/// then the two claims. `None` when `played` does not fit the plan.
pub fn case_study_of(plan: &Plan, played: Vec<Vec<GameResult>>) -> Option<Output> {
    let game = Chess4::new(plan.cap).unwrap_or_default();
    let mut played = played.into_iter();
    let matches: Vec<_> = MATCHES
        .iter()
        .enumerate()
        .map(|(m, &(a, b, label))| (a, b, label, depths_of(plan, m)))
        .collect();
    let mut rows = Vec::new();
    let mut tests: Vec<Vec<DepthTest>> = vec![Vec::new(); matches.len()];
    let mut series: Vec<Series> = Vec::new();
    for (m, &(a, b, label, depths)) in matches.iter().enumerate() {
        let mut curves = [
            Series::new(format!("{label} (vs N-max)"), Vec::new()),
            Series::new(format!("N-max (vs {label})"), Vec::new()),
        ];
        for &(depth, openings) in depths {
            let games = played.next()?;
            if games.len() != openings * balanced_seatings().len() {
                return None;
            }
            let config = match_config(a, b, depth, openings, plan);
            let r = summarise(game.spec(), 4, &config, games);
            let line = format!("{} vs {}, d={depth}", a.name(), b.name());
            let games_note = format!(
                "{} games ({} openings x 6 seatings, two seats each), {} finished, {} adjudicated by material at the {}-ply cap",
                r.games, openings, r.finished, r.adjudicated, plan.cap
            );
            for (e, curve) in r.engines.iter().zip(curves.iter_mut()) {
                let w = &e.win_rate;
                rows.push(
                    Row::builder(PAPER, TABLE, line.clone(), format!("win share, {}", e.algorithm))
                        .ours(w.mean)
                        .sample(w.ci95, w.n as u64)
                        .algorithm(e.algorithm.clone())
                        .note(format!(
                            "{}; wins per seat held, 1/4 is even; {:.1} wins in {} seats; {:.0} nodes per move",
                            games_note, e.wins, e.seats, e.nodes_per_move
                        ))
                        .build(),
                );
                curve.points.push((f64::from(depth), w.mean));
                curve
                    .intervals
                    .push((f64::from(depth), w.ci95[0], w.ci95[1]));
            }
            let p = r.pairwise.first();
            let (ahead, behind, even, score, p_value) = p.map_or((0, 0, 0, 0.5, 1.0), |p| {
                (p.a_ahead, p.b_ahead, p.even, p.score, p.p_value)
            });
            let mut row = Row::builder(PAPER, TABLE, line.clone(), "sign test p")
                .ours(p_value)
                .note(format!(
                    "{} ahead of {} in {ahead} games, behind in {behind}, even in {even} (score {:.3}); exact two-sided sign test",
                    a.name(),
                    b.name(),
                    score
                ))
                .build();
            row.samples = Some(r.games as u64);
            rows.push(row);
            tests[m].push(DepthTest {
                depth,
                ahead: ahead as u64,
                behind: behind as u64,
                p_value,
            });
        }
        let first = first_significant(&tests[m]);
        let tried: Vec<String> = depths.iter().map(|(d, _)| d.to_string()).collect();
        rows.push(
            Row::builder(
                PAPER,
                TABLE,
                format!("{} vs {}", a.name(), b.name()),
                "first depth with p < 0.05",
            )
            .ours(first.map_or(Number::Real(f64::NAN), Number::from))
            .note(format!(
                "depths tried: {}; none (null) when no depth's sign test is significant",
                tried.join(", ")
            ))
            .build(),
        );
        series.extend(curves);
    }
    rows.push(claim_row(
        "max^N and N-max differ in win counts",
        &judge_difference(&tests[0]),
        &tests[0],
        &format!(
            "the paper established the difference from a very few games; a depth counts when its sign test is significant after Holm's adjustment over the {} depths tried",
            tests[0].len()
        ),
    ));
    let no_parting = judge_no_parting(&tests[1]);
    let evidence = evidence_depths(&tests[1]);
    let decisive: u64 = evidence.iter().map(DepthTest::decisive).sum();
    let mut power_row = Row::builder(
        PAPER,
        TABLE,
        format!("hypermax vs nmax, d>={HYPERMAX_FIRST_CUT_DEPTH}"),
        "sign-test power to detect a 60:40 split",
    )
    .ours(no_parting.power)
    .note(format!(
        "the largest power, over the depths from {HYPERMAX_FIRST_CUT_DEPTH} (where hypermax can first prune with four players), of the exact two-sided sign test at 5% on that depth's decisive games; 0 when no such depth was played; the claim below needs {POWER}",
    ))
    .build();
    power_row.samples = Some(decisive);
    rows.push(power_row);
    let mut claim = claim_row(
        "hypermax does not part from N-max at the depths tried",
        &no_parting,
        &tests[1],
        &format!(
            "the paper found no depth where hypermax parted from N-max; judged on depths >= {HYPERMAX_FIRST_CUT_DEPTH} only (below, hypermax cannot prune and plays N-max's moves: equal by construction)"
        ),
    );
    // The games the verdict rests on: the decisive games of the depths that can show a
    // difference.
    claim.samples = Some(decisive);
    rows.push(claim);
    if played.next().is_some() {
        return None;
    }
    Some(Output {
        rows,
        plots: vec![Plot {
            file: "chess-win-share.svg".into(),
            title: "Fridenfalk case study: four-player chess, win share per seat".into(),
            x_label: "depth (plies per move)".into(),
            y_label: "win share per seat (1/4 even)".into(),
            series,
            log_y: false,
        }],
    })
}

/// A claim as a row: paper value 1 (the paper asserts it), ours 1 when our games support
/// it and 0 otherwise, the verdict of the judgement, the decisive games of all depths as
/// its samples.
fn claim_row(claim: &str, j: &Judgement, tests: &[DepthTest], paper_says: &str) -> Row {
    let per_depth: Vec<String> = tests
        .iter()
        .map(|t| format!("d{}: {}-{} p={:.3}", t.depth, t.ahead, t.behind, t.p_value))
        .collect();
    let first = j
        .first_significant
        .map_or("no depth significant".to_string(), |d| {
            format!("first significant at depth {d}")
        });
    let decisive: u64 = tests.iter().map(DepthTest::decisive).sum();
    let holds = u64::from(j.verdict == Verdict::Within);
    let power = format!(
        "power {:.2} to detect a 60:40 split at the best-powered depth it rests on",
        j.power
    );
    let reason = match j.verdict {
        Verdict::Differs if j.first_significant.is_some() => {
            format!("{first}, against the claim")
        }
        _ => format!(
            "no depth significant at 5% (for the difference, after Holm's adjustment over the depths) although a depth had at least {DETECT_DECISIVE} decisive games (enough for a 60:40 split)"
        ),
    };
    let mut row = Row::builder(PAPER, TABLE, "claim", claim)
        .paper(1u64)
        .ours(holds)
        .verdict(j.verdict)
        .reason(reason)
        .note(format!(
            "1 = the claim holds; {paper_says}; ours: {first}, {power}; sign tests (ahead-behind) {}",
            per_depth.join(", ")
        ))
        .build();
    row.samples = Some(decisive);
    row
}
