//! Beyond the papers: the playing strength of the multi-player searches under an equal
//! budget per move, on every multi-player game of the project, beside the published claims
//! (`gametree reproduce beyond/strength`; docs/strength.md).
//!
//! For each game of the [`Plan`] and each match of [`MATCHES`] (two engines, e.g. BRS
//! against max^n), the tournament ([`run_tournament_with`]) plays both engines over every
//! seat assignment in which each sits at least once (6 on three seats, 14 on four), from the
//! plan's seeded openings; the card games are played on several deals, each deal one
//! tournament, and the games of all deals are summarised together ([`summarise`]). Every
//! engine has the plan's budget per move: equal time by default (not reproducible: how deep
//! an iteration gets depends on the machine and its load), or equal nodes
//! ([`Plan::budget`]), which is deterministic with any number of threads. MCTS (max^n
//! backup) cuts its playouts at [`Plan::mcts_cutoff`] plies on the board games.
//!
//! A match gives each engine's win share per seat (95% interval over games) and the
//! pairwise score of the first engine (its mean credit against the second: the share of
//! seat pairs where it finished ahead, ties half), with a 95% t interval over games. The
//! claims of the papers are judged on that interval by [`judge`]: a claim that A beats B
//! agrees when the interval lies above 1/2, disagrees when it lies below, and is
//! inconclusive when it straddles 1/2 (see [`Claim`] for "at least as good" and "about
//! equal").
//!
//! On the card games every engine plays by perfect-information Monte Carlo with
//! [`Plan::card_worlds`] sampled deals per move (`:worlds=W`, [`crate::tournament`]): it
//! sees its own hand, the cards played and the voids revealed, not the other hands.
//!
//! An engine that cannot play a game (best-reply search needs a game that can hand the turn
//! to any player; the card games cannot) gets an `n/a` row with the reason.

use gametree::search::best_reply::Variant;
use gametree::search::{Algorithm, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};

use crate::experiment::{Ctx, Experiment, Output};
use crate::report::{Number, Row, Verdict, MIN_SAMPLES};
use crate::stats::summarize;
use crate::tournament::{
    run_tournament_with, summarise, Budget, Engine, EngineOptions, GameResult, TournamentConfig,
    TournamentError, TournamentResult,
};

const PAPER: &str = "beyond";

/// The table's key.
pub const TABLE: &str = "strength";

/// The seed of the openings (every match of a game plays the same openings).
pub const STRENGTH_SEED: u64 = 0x5743;

/// The margin of "about equal" and "at least as good" claims, on the pairwise score.
pub const MARGIN: f64 = 0.1;

/// A game of the experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrengthGame {
    /// Chinese Checkers, 3 players, 73 holes.
    ChineseCheckers73,
    /// Chinese Checkers, 3 players, 121 holes.
    ChineseCheckers121,
    /// Three-player Hearts, one tournament per deal (hidden hands with
    /// [`Plan::card_worlds`]).
    Hearts,
    /// Three-player Spades, one tournament per deal (hidden hands with
    /// [`Plan::card_worlds`]).
    Spades,
    /// Rolit, 3 players.
    Rolit,
    /// Four-player chess, ply cap 200.
    Chess4,
}

impl StrengthGame {
    /// Every game, in the order of the rows.
    pub const ALL: [StrengthGame; 6] = [
        StrengthGame::ChineseCheckers73,
        StrengthGame::ChineseCheckers121,
        StrengthGame::Rolit,
        StrengthGame::Chess4,
        StrengthGame::Hearts,
        StrengthGame::Spades,
    ];

    /// A short label for the rows.
    pub fn label(self) -> &'static str {
        match self {
            StrengthGame::ChineseCheckers73 => "cc-73",
            StrengthGame::ChineseCheckers121 => "cc-121",
            StrengthGame::Hearts => "hearts",
            StrengthGame::Spades => "spades",
            StrengthGame::Rolit => "rolit-3",
            StrengthGame::Chess4 => "chess4",
        }
    }

    /// The game's spec for deal `deal` (the card games; ignored by the others).
    pub fn spec(self, deal: usize) -> String {
        match self {
            StrengthGame::ChineseCheckers73 => "chinese-checkers(players=3,board=73)".into(),
            StrengthGame::ChineseCheckers121 => "chinese-checkers(players=3,board=121)".into(),
            StrengthGame::Hearts => format!("hearts(deal={deal},equiv=1)"),
            StrengthGame::Spades => format!("spades(deal={deal},equiv=1)"),
            StrengthGame::Rolit => "rolit(players=3)".into(),
            StrengthGame::Chess4 => "chess4(cap=200)".into(),
        }
    }

    fn cards(self) -> bool {
        matches!(self, StrengthGame::Hearts | StrengthGame::Spades)
    }
}

/// The engines of the experiment, by searcher.
pub const MAXN: Searcher = Searcher::Plain(Algorithm::Maxn);
/// Speculative max^n.
pub const SPECULATIVE: Searcher = Searcher::Plain(Algorithm::Speculative);
/// Paranoid.
pub const PARANOID: Searcher = Searcher::Plain(Algorithm::Paranoid);
/// Best-reply search.
pub const BRS: Searcher = Searcher::BestReply(Variant::Brs);
/// BRS+.
pub const BRS_PLUS: Searcher = Searcher::BestReply(Variant::BrsPlus);
/// MCTS with the max^n backup (the default of its configuration).
pub const MCTS: Searcher = Searcher::Mcts;

/// An engine of the experiment: a searcher, with or without a table of value vectors
/// ([`EngineOptions::table`], [`TABLE_MIB`] MiB; max^n and speculative pruning only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The searcher.
    pub searcher: Searcher,
    /// Whether it keeps a table of value vectors.
    pub table: bool,
}

impl Entrant {
    /// `searcher` without a table.
    pub const fn plain(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: false,
        }
    }

    /// `searcher` with a table of [`TABLE_MIB`] MiB.
    pub const fn tabled(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: true,
        }
    }
}

/// The table of the engines that keep one, in MiB.
pub const TABLE_MIB: u32 = 16;

/// Speculative max^n with a table of value vectors.
pub const SPECULATIVE_TABLE: Entrant = Entrant::tabled(SPECULATIVE);

/// The matches played on every game, first engine against second: each engine against
/// max^n, then the pairs the claims need, then speculative max^n with a table against
/// max^n and paranoid.
pub const MATCHES: [(Entrant, Entrant); 11] = [
    (Entrant::plain(SPECULATIVE), Entrant::plain(MAXN)),
    (Entrant::plain(PARANOID), Entrant::plain(MAXN)),
    (Entrant::plain(BRS), Entrant::plain(MAXN)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(MAXN)),
    (Entrant::plain(MCTS), Entrant::plain(MAXN)),
    (Entrant::plain(SPECULATIVE), Entrant::plain(PARANOID)),
    (Entrant::plain(BRS), Entrant::plain(PARANOID)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(BRS)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(PARANOID)),
    (SPECULATIVE_TABLE, Entrant::plain(MAXN)),
    (SPECULATIVE_TABLE, Entrant::plain(PARANOID)),
];

/// What a claim says of the first engine against the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// It is stronger: its score is above 1/2.
    Beats,
    /// It is not weaker: its score is not below 1/2 by more than [`MARGIN`].
    AtLeastAsGood,
    /// They are about equal: the score is within [`MARGIN`] of 1/2.
    AboutEqual,
}

/// The verdict of `claim` on a pairwise score whose 95% interval is `ci95`:
///
/// - [`Claim::Beats`]: `within` (agrees) when the interval lies entirely above 1/2,
///   `differs` (disagrees) when it lies entirely below, `too-few` (inconclusive) otherwise;
/// - [`Claim::AtLeastAsGood`]: `differs` when the interval lies entirely below 1/2,
///   `within` when its low end is at least `1/2 - MARGIN`, `too-few` otherwise;
/// - [`Claim::AboutEqual`]: `within` when the interval lies inside `1/2 ± MARGIN`,
///   `differs` when it lies entirely outside it (above or below), `too-few` otherwise.
///
/// A NaN bound (no games) is inconclusive.
pub fn judge(claim: Claim, ci95: [f64; 2]) -> Verdict {
    let [lo, hi] = ci95;
    if lo.is_nan() || hi.is_nan() {
        return Verdict::TooFew;
    }
    match claim {
        Claim::Beats if lo > 0.5 => Verdict::Within,
        Claim::Beats if hi < 0.5 => Verdict::Differs,
        Claim::AtLeastAsGood if hi < 0.5 => Verdict::Differs,
        Claim::AtLeastAsGood if lo >= 0.5 - MARGIN => Verdict::Within,
        Claim::AboutEqual if lo >= 0.5 - MARGIN && hi <= 0.5 + MARGIN => Verdict::Within,
        Claim::AboutEqual if hi < 0.5 - MARGIN || lo > 0.5 + MARGIN => Verdict::Differs,
        _ => Verdict::TooFew,
    }
}

/// What one mode plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The games.
    pub games: Vec<StrengthGame>,
    /// Every engine's budget per move.
    pub budget: Budget,
    /// Random openings per match (each played in every seat assignment).
    pub openings: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// Deals of the card games (deal `1..=deals`), each a tournament of `openings`
    /// openings.
    pub deals: usize,
    /// Plies after the opening after which a game is adjudicated by the evaluator (`None`:
    /// to the end or the game's own cap).
    pub max_plies: Option<usize>,
    /// MCTS's playout cut-off on the board games (`None`: to the end of the game).
    pub mcts_cutoff: Option<u32>,
    /// On the card games, every engine plays by perfect-information Monte Carlo with this
    /// many sampled deals per move (`:worlds=W`), seeing only its own hand, the cards played
    /// and the voids revealed (`None`: the perfect-information card games, every hand
    /// visible).
    pub card_worlds: Option<usize>,
    /// The seed of the openings.
    pub seed: u64,
    /// Threads playing games at once (`None`: one per core). The results do not depend on
    /// it under a node budget.
    pub threads: Option<usize>,
}

/// The budget per move of both modes, in milliseconds.
pub const TIME_MS: u64 = 20;

/// The sampled deals per move of every engine on the card games, in both modes.
pub const CARD_WORLDS: usize = 8;

/// The plan of mode `ctx`: 20 ms per move for every engine, MCTS playouts cut at 10 plies,
/// and on the card games every engine playing with hidden hands by perfect-information
/// Monte Carlo over [`CARD_WORLDS`] deals per move; `ctx.strength` replaces the number of
/// openings per match (per deal on the card games; the deals stay the mode's) and the
/// budget.
///
/// Quick (under a minute on two cores): one opening per match (one deal for the cards),
/// games adjudicated by the evaluator 16 plies after the opening: a smoke test whose
/// verdicts are inconclusive. Full (about 25 minutes on two cores): two openings per match
/// (two deals, one opening each, for the cards), games played to their end (Chinese
/// Checkers' cap of 400 plies, four-player chess' 200).
pub fn plan(ctx: &Ctx) -> Plan {
    let mode = if ctx.quick { 1 } else { 2 };
    let openings = ctx.strength.openings.unwrap_or(mode);
    Plan {
        games: StrengthGame::ALL.to_vec(),
        budget: ctx.strength.budget.unwrap_or(Budget::Time(TIME_MS)),
        openings,
        opening_plies: 3,
        deals: mode,
        max_plies: if ctx.quick { Some(16) } else { None },
        mcts_cutoff: Some(10),
        card_worlds: Some(CARD_WORLDS),
        seed: STRENGTH_SEED,
        threads: None,
    }
}

/// The experiment.
pub fn experiment() -> Experiment {
    Experiment {
        paper: PAPER,
        table: TABLE,
        about: "beyond the papers: max^n, speculative, paranoid, BRS, BRS+ and MCTS at equal time per move on every multi-player game, beside the claims of Schadd & Winands 2011, Esser et al. 2013 and Sturtevant 2003",
        params,
        run,
    }
}

fn params(ctx: &Ctx) -> String {
    let p = plan(ctx);
    format!(
        "budget={:?} openings={} opening_plies={} deals={} max_plies={:?} mcts_cutoff={:?} card_worlds={:?} seed={}",
        p.budget,
        p.openings,
        p.opening_plies,
        p.deals,
        p.max_plies,
        p.mcts_cutoff,
        p.card_worlds,
        p.seed
    )
}

fn run(ctx: &Ctx) -> Output {
    let p = plan(ctx);
    Output {
        rows: strength(&p, ctx.progress).rows(),
        plots: Vec::new(),
    }
}

/// One match's outcome on one game.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchOutcome {
    /// Played: the tournament's summary (engine 0 is the first engine).
    Played(Box<TournamentResult>),
    /// Not playable on this game: why.
    NotApplicable(String),
}

/// One match of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The game.
    pub game: StrengthGame,
    /// The first engine.
    pub a: Engine,
    /// The second engine.
    pub b: Engine,
    /// What happened.
    pub outcome: MatchOutcome,
}

impl MatchResult {
    /// The first engine's pairwise score against the second over the games (mean credit,
    /// ties half) with its 95% t interval over games; `None` when not played.
    pub fn score(&self) -> Option<crate::stats::Summary> {
        let MatchOutcome::Played(r) = &self.outcome else {
            return None;
        };
        let credits: Vec<f64> = r
            .results
            .iter()
            .filter_map(|g| g.finish().credit(0, 1))
            .collect();
        let mut s = summarize(&credits);
        s.ci95 = [s.ci95[0].max(0.0), s.ci95[1].min(1.0)];
        Some(s)
    }
}

/// Everything the experiment played.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    /// The plan.
    pub plan: Plan,
    /// Every match of every game, in the plan's order of games and [`MATCHES`]' order.
    pub matches: Vec<MatchResult>,
}

/// The engine of `entrant` on `game` under `plan`: the plan's budget, its table if it
/// keeps one, for MCTS on a board game the plan's playout cut-off, and on a card game the
/// plan's sampled worlds (for the searchers that take them: not best-reply search). An
/// engine with a table and worlds is refused by the tournament (the Monte-Carlo player
/// searches its sampled deals without a table): its card rows are `n/a`.
pub fn engine(entrant: Entrant, game: StrengthGame, plan: &Plan) -> Engine {
    let searcher = entrant.searcher;
    let cutoff = if searcher == MCTS && !game.cards() {
        plan.mcts_cutoff
    } else {
        None
    };
    let table = entrant.table.then_some(TABLE_MIB);
    // Best-reply search takes no `:worlds` (it cannot play the cards at all: its row is n/a).
    let worlds = if game.cards() && searcher.needs() == Needs::AnyGame {
        plan.card_worlds
    } else {
        None
    };
    Engine::new(searcher, plan.budget).with_options(EngineOptions {
        cutoff,
        table,
        worlds,
    })
}

/// Plays every match of `plan`.
pub fn strength(plan: &Plan, progress: bool) -> Strength {
    let mut matches = Vec::new();
    for &game in &plan.games {
        for &(a, b) in &MATCHES {
            let (a, b) = (engine(a, game, plan), engine(b, game, plan));
            let clock = std::time::Instant::now();
            let outcome = play_match(game, a, b, plan);
            let m = MatchResult {
                game,
                a,
                b,
                outcome,
            };
            if progress {
                if let (MatchOutcome::Played(r), Some(s)) = (&m.outcome, m.score()) {
                    let secs = clock.elapsed().as_secs_f64();
                    crate::io::note(format_args!(
                        "strength {}: {} vs {}: score {:.3} [{:.3}, {:.3}], {} games ({} adjudicated) in {secs:.1} s ({:.1} games per minute)",
                        game.label(),
                        a.name(),
                        b.name(),
                        s.mean,
                        s.ci95[0],
                        s.ci95[1],
                        r.games,
                        r.adjudicated,
                        r.games as f64 * 60.0 / secs.max(1e-9)
                    ));
                }
            }
            matches.push(m);
        }
    }
    Strength {
        plan: plan.clone(),
        matches,
    }
}

/// Plays `a` against `b` on `game` (every deal of a card game, summarised together).
pub fn play_match(game: StrengthGame, a: Engine, b: Engine, plan: &Plan) -> MatchOutcome {
    let config = TournamentConfig {
        engines: vec![a, b],
        openings: plan.openings,
        opening_plies: plan.opening_plies,
        seed: plan.seed,
        max_plies: plan.max_plies,
        progress: false,
        threads: plan.threads,
        bootstrap: 0,
    };
    let deals = if game.cards() { plan.deals.max(1) } else { 1 };
    let mut results: Vec<GameResult> = Vec::new();
    let mut players = 0;
    for deal in 1..=deals {
        let visited = registry::visit(&game.spec(deal), None, MatchVisitor { config: &config });
        let r = match visited {
            Ok(Ok(r)) => r,
            Ok(Err(TournamentError::NeedsSetToMove { algorithm, .. })) => {
                return MatchOutcome::NotApplicable(format!(
                    "{algorithm} needs a game that can hand the turn to any player; {} cannot",
                    game.label()
                ))
            }
            Ok(Err(e)) => return MatchOutcome::NotApplicable(e.to_string()),
            Err(e) => return MatchOutcome::NotApplicable(e.to_string()),
        };
        players = r.players;
        let offset = (deal - 1) * plan.openings;
        results.extend(r.results.into_iter().map(|mut g| {
            g.opening += offset;
            g
        }));
    }
    let mut all = config.clone();
    all.openings = plan.openings * deals;
    let name = if game.cards() {
        format!("{} (deals 1 to {deals})", game.spec(1))
    } else {
        game.spec(1)
    };
    MatchOutcome::Played(Box::new(summarise(name, players, &all, results)))
}

/// Runs one tournament on the game the registry built.
struct MatchVisitor<'a> {
    config: &'a TournamentConfig,
}

impl MatchVisitor<'_> {
    fn play<D: Dispatch<G>, G: Playable>(
        self,
        game: &G,
    ) -> Result<TournamentResult, TournamentError>
    where
        G::State: Send,
    {
        run_tournament_with::<D, G, G::Eval>(
            game,
            &game.evaluator(),
            &game.spec_text(),
            self.config,
        )
    }
}

impl GameVisitor for MatchVisitor<'_> {
    type Output = Result<TournamentResult, TournamentError>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<gametree::search::AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}

/// A published claim: its text, its reference, its kind, the first and second engines, and
/// the games it is judged on (none: the claim's game is not in the project).
pub type ClaimSpec = (
    &'static str,
    &'static str,
    Claim,
    Searcher,
    Searcher,
    &'static [StrengthGame],
);

/// The published claims, each on the games it was made for.
pub const CLAIMS: [ClaimSpec; 9] = [
    (
        "BRS beats max^n",
        "Schadd & Winands 2011",
        Claim::Beats,
        BRS,
        MAXN,
        &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
            StrengthGame::Rolit,
        ],
    ),
    (
        "BRS beats paranoid",
        "Schadd & Winands 2011",
        Claim::Beats,
        BRS,
        PARANOID,
        &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
        ],
    ),
    (
        "BRS about equal to paranoid",
        "Schadd & Winands 2011",
        Claim::AboutEqual,
        BRS,
        PARANOID,
        &[StrengthGame::Rolit],
    ),
    (
        "BRS+ wins more than BRS",
        "Esser et al. 2013",
        Claim::Beats,
        BRS_PLUS,
        BRS,
        &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
            StrengthGame::Rolit,
            StrengthGame::Chess4,
        ],
    ),
    (
        "BRS+ wins more than max^n",
        "Esser et al. 2013",
        Claim::Beats,
        BRS_PLUS,
        MAXN,
        &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
            StrengthGame::Rolit,
            StrengthGame::Chess4,
        ],
    ),
    (
        "BRS+ wins more than paranoid",
        "Esser et al. 2013",
        Claim::Beats,
        BRS_PLUS,
        PARANOID,
        &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
            StrengthGame::Rolit,
            StrengthGame::Chess4,
        ],
    ),
    (
        "speculative max^n at least as good as paranoid",
        "Sturtevant 2003, Table 12",
        Claim::AtLeastAsGood,
        SPECULATIVE,
        PARANOID,
        &[StrengthGame::Hearts, StrengthGame::Spades],
    ),
    (
        "BRS beats max^n in Focus",
        "Schadd & Winands 2011",
        Claim::Beats,
        BRS,
        MAXN,
        &[],
    ),
    (
        "BRS beats paranoid in Focus",
        "Schadd & Winands 2011",
        Claim::Beats,
        BRS,
        PARANOID,
        &[],
    ),
];

fn budget_text(b: Budget) -> String {
    match b {
        Budget::Depth(d) => format!("depth {d}"),
        Budget::Nodes(n) => format!("{n} nodes per move"),
        Budget::Time(t) => {
            format!("{t} ms per move (time budgets vary from run to run and machine to machine)")
        }
    }
}

impl Strength {
    /// The match of `a` against `b` (both without a table) on `game`, if the plan played
    /// it.
    pub fn find(&self, game: StrengthGame, a: Searcher, b: Searcher) -> Option<&MatchResult> {
        self.find_entrants(game, Entrant::plain(a), Entrant::plain(b))
    }

    /// The match of `a` against `b` on `game`, if the plan played it.
    pub fn find_entrants(
        &self,
        game: StrengthGame,
        a: Entrant,
        b: Entrant,
    ) -> Option<&MatchResult> {
        let is = |e: &Engine, x: Entrant| {
            e.algorithm == x.searcher && e.options.table.is_some() == x.table
        };
        self.matches
            .iter()
            .find(|m| m.game == game && is(&m.a, a) && is(&m.b, b))
    }

    /// The rows: per game and match, the first engine's pairwise score with its interval
    /// (`measured`; `n/a` with the reason when an engine cannot play the game), the win
    /// shares in the note; then one row per claim and game with its verdict ([`judge`]).
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        let budget = budget_text(self.plan.budget);
        for m in &self.matches {
            let line = format!("{}: {} vs {}", m.game.label(), m.a.name(), m.b.name());
            let row = match (&m.outcome, m.score()) {
                (MatchOutcome::Played(r), Some(s)) => {
                    let shares: Vec<String> = r
                        .engines
                        .iter()
                        .map(|e| {
                            format!(
                                "{} win share {:.3} [{:.3}, {:.3}] ({:.0} nodes/move)",
                                e.name,
                                e.win_rate.mean,
                                e.win_rate.ci95[0],
                                e.win_rate.ci95[1],
                                e.nodes_per_move
                            )
                        })
                        .collect();
                    let even = 1.0 / r.players as f64;
                    Row::builder(PAPER, TABLE, line, "score of the first (0.5 even)")
                        .ours(s.mean)
                        .sample(s.ci95, s.n as u64)
                        .algorithm(m.a.algorithm.name())
                        .note(format!(
                            "{} games, {} finished, {} adjudicated; {}; win share per seat ({even:.3} even): {}; {budget}",
                            r.games,
                            r.finished,
                            r.adjudicated,
                            pair_text(r),
                            shares.join("; ")
                        ))
                        .build()
                }
                _ => {
                    let why = match &m.outcome {
                        MatchOutcome::NotApplicable(w) => w.clone(),
                        MatchOutcome::Played(_) => "no games".into(),
                    };
                    Row::builder(PAPER, TABLE, line, "score of the first (0.5 even)")
                        .ours(Number::Real(f64::NAN))
                        .algorithm(m.a.algorithm.name())
                        .note(format!("n/a: {why}"))
                        .build()
                }
            };
            rows.push(row);
        }
        for (text, reference, claim, a, b, games) in CLAIMS {
            if games.is_empty() {
                rows.push(
                    Row::builder(PAPER, TABLE, "claim", format!("{text} ({reference})"))
                        .ours(Number::Real(f64::NAN))
                        .note("n/a: the project has no Focus; the claim is not tested")
                        .build(),
                );
                continue;
            }
            for &game in games {
                let Some(m) = self.find(game, a, b) else {
                    continue;
                };
                let q = format!("{text} in {} ({reference})", game.label());
                let row = match m.score() {
                    Some(s) => {
                        let n = s.n as u64;
                        let verdict = if n < MIN_SAMPLES {
                            Verdict::TooFew
                        } else {
                            judge(claim, s.ci95)
                        };
                        let score = format!(
                            "{} scored {:.3} [{:.3}, {:.3}] against {} over {n} games",
                            a.name(),
                            s.mean,
                            s.ci95[0],
                            s.ci95[1],
                            b.name(),
                        );
                        let mut row = Row::builder(PAPER, TABLE, "claim", q)
                            .paper(1u64)
                            .ours(u64::from(verdict == Verdict::Within))
                            .verdict(verdict)
                            .algorithm(a.name())
                            .reason(format!("{score}, against the claim"))
                            .note(format!(
                                "1 = the claim holds; {score} (score: share of seat pairs finished ahead, 0.5 even; 95% interval over games); {}; {budget}",
                                claim_words(claim)
                            ))
                            .build();
                        row.samples = Some(n);
                        row
                    }
                    None => Row::builder(PAPER, TABLE, "claim", q)
                        .ours(Number::Real(f64::NAN))
                        .algorithm(a.name())
                        .note(match &m.outcome {
                            MatchOutcome::NotApplicable(w) => format!("n/a: {w}"),
                            MatchOutcome::Played(_) => "n/a: no games".into(),
                        })
                        .build(),
                };
                rows.push(row);
            }
        }
        rows
    }
}

fn claim_words(claim: Claim) -> &'static str {
    match claim {
        Claim::Beats => {
            "agrees when the 95% interval of the score lies above 0.5, disagrees below, else inconclusive"
        }
        Claim::AtLeastAsGood => {
            "agrees when the interval's low end is at least 0.4, disagrees when it lies below 0.5, else inconclusive"
        }
        Claim::AboutEqual => {
            "agrees when the interval lies within 0.4..0.6, disagrees when it lies outside, else inconclusive"
        }
    }
}

fn pair_text(r: &TournamentResult) -> String {
    match r.pairwise.first() {
        Some(p) => format!(
            "ahead {} behind {} even {}, sign test p={:.3}",
            p.a_ahead, p.b_ahead, p.even, p.p_value
        ),
        None => "no pairs".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_reads_intervals() {
        assert_eq!(judge(Claim::Beats, [0.55, 0.7]), Verdict::Within);
        assert_eq!(judge(Claim::Beats, [0.3, 0.45]), Verdict::Differs);
        assert_eq!(judge(Claim::Beats, [0.45, 0.55]), Verdict::TooFew);
    }
}
