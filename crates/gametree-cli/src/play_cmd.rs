//! `gametree play`: people and engines at one table, in the terminal.
//!
//! Each seat is `human` (moves typed as every command prints them, e.g. `4` in connect four,
//! read by the game's [`Notation::parse_move`]; `quit`
//! ends the game, `moves` lists the legal ones, a bad entry is asked again), `engine` (the
//! engine of issue #5: iterative deepening with PVS, aspiration windows, move ordering and,
//! for games with position hashes, a transposition table; on a game with more than two
//! players, the game's default multi-player engine, `Playable::default_engine`, shown by
//! `gametree list`), or any algorithm of `gametree list` (run with iterative deepening under the
//! same limits; `brs` and `brs-plus` on games that can hand the turn to any player; `mcts`
//! once under the same limits, 10,000 iterations without --time-ms, seeded with the ply), or, for Hearts and Spades, `monte-carlo` (alias `mc`: the seeded
//! Monte-Carlo player of `gametree_games::cards::monte_carlo`, which sees only its own hand
//! and what has been played: 8 sampled deals, speculative max^n with 100,000 nodes each, the
//! seat's number as the seed). Every game of `gametree list` can be played, with any number of players;
//! the board is drawn with the game's own picture when it has one.
//!
//! `--record FILE` keeps the game record (docs/records.md) as the game goes: the file is
//! checked before the game starts (the check of every `--out`, [`crate::target::check`])
//! and written, atomically, after every move, so a game stopped by Ctrl-C, a lost terminal
//! or a crash keeps every move played; the outcome is added when the game ends. `--load
//! FILE` resumes the game of a record.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use gametree::search::engine::{Engine, Options, Side};
use gametree::search::{AnyGame, Dispatch, SearchError, Searcher, WithSetToMove};
use gametree::{Score, Scores, SetToMove};

use gametree_games::notation::Notation;
use gametree_games::registry::{EngineTable, GameVisitor, Playable, Support};
use gametree_run::budget::Budget;
use gametree_run::engine_move::{engine_move, EngineMove, EngineMoveError, Line, Mover};
use gametree_run::pick::{PickError, PickSpec};
use gametree_run::record;

use crate::output::ColorChoice;
use crate::search_cmd::needs_set_to_move;
use gametree_run::input::load;
use gametree_run::stack;

/// Arguments of `gametree play`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["game", "load"])))]
pub struct PlayArgs {
    /// A game spec, e.g. `connect-four`.
    #[arg(long, value_name = "SPEC")]
    game: Option<String>,
    /// The starting position (the game's notation; the start when omitted).
    #[arg(long, value_name = "P", conflicts_with = "load")]
    position: Option<String>,
    /// Resume the game of a record (docs/records.md, as `--record` writes it): its game,
    /// starting position and moves; the seats are --players, and the game goes on from
    /// the position after the record's last move.
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    load: Option<PathBuf>,
    /// One seat per player, in seat order: `human`, `engine` or an algorithm name.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', required = true)]
    players: Vec<String>,
    /// Depth limit per engine move (iterative deepening up to it), at most 10000.
    #[arg(long, short, value_name = "D",
          value_parser = clap::value_parser!(u32).range(1..=gametree_run::stack::MAX_PLIES as i64))]
    depth: Option<u32>,
    /// Time per engine move in milliseconds (1000 when neither --depth nor --time-ms).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    time_ms: Option<u64>,
    /// Transposition-table size of `engine` seats in MiB (0: none; at most 65536).
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(0..=65_536))]
    table_mib: u64,
    /// Colours: `auto` (when standard output is a terminal), `always` or `never`.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// The same as `--color never`.
    #[arg(long, conflicts_with = "color")]
    no_color: bool,
    /// Keep the game record (docs/records.md: the moves, the seats and their limits) in
    /// FILE: checked before the first move and written after every move (atomically), so
    /// a game stopped at any point keeps every move played; the outcome is added when the
    /// game ends. `--load` and the page of `gametree serve` read it.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

/// The most bytes of a record `--load` reads (a record of a long game is a few kilobytes).
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The game a record holds (`--load`): its spec, starting position and moves.
fn read_record(path: &Path) -> Result<record::Record> {
    let text = crate::target::read_text("--load", path, MAX_RECORD_BYTES)?;
    record::Record::parse(&text).map_err(|e| anyhow!("--load {}: {e}", path.display()))
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    Human,
    Engine,
    Searcher(Searcher),
    MonteCarlo,
}

impl Seat {
    fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Engine => "engine",
            Seat::Searcher(a) => a.name(),
            Seat::MonteCarlo => "monte-carlo",
        }
    }
}

fn parse_seat(s: &str) -> Result<Seat> {
    match s.trim().to_ascii_lowercase().as_str() {
        "human" => Ok(Seat::Human),
        "engine" => Ok(Seat::Engine),
        "monte-carlo" | "mc" => Ok(Seat::MonteCarlo),
        other => other
            .parse()
            .map(Seat::Searcher)
            .map_err(|e| anyhow!("--players: {e} (or `human`, `engine`, `monte-carlo`)")),
    }
}

/// Runs `gametree play`.
pub fn run(args: PlayArgs) -> Result<()> {
    let seats = args
        .players
        .iter()
        .map(|s| parse_seat(s))
        .collect::<Result<Vec<_>>>()?;
    if let Some(path) = &args.record {
        // Refuse a bad --record before the game, not after it.
        crate::target::check("--record", path)?;
    }
    let (game, position, moves) = match (&args.load, &args.game) {
        (Some(path), _) => {
            let r = read_record(path)?;
            (r.game, r.position, r.moves)
        }
        (None, Some(game)) => (game.clone(), args.position.clone(), Vec::new()),
        (None, None) => bail!("give the game: --game SPEC, or --load FILE"),
    };
    let loaded = load(None, Some(&game), position.as_deref())?;
    let time = match (args.depth, args.time_ms) {
        (None, None) => Some(1000),
        (_, t) => t,
    };
    let table = PlayTable {
        seats,
        limits: Budget {
            depth: args.depth,
            nodes: None,
            time_ms: time,
            ..Budget::NONE
        },
        table_mib: args.table_mib as usize,
        color: !args.no_color && args.color.enabled(),
        mate: None,
        record: args.record,
        position: position.clone(),
        loaded: moves,
        load: args.load,
        engine: None,
    };
    // The engines search on a thread with a stack for the deepest search of the game.
    let plies = loaded.search_plies(args.depth)?;
    stack::on_search_thread(plies, || loaded.visit(PlayVisitor { table }))?
}

struct PlayTable {
    seats: Vec<Seat>,
    /// The budget of every engine move (`--depth`, `--time-ms`; no node limit).
    limits: Budget,
    table_mib: usize,
    color: bool,
    mate: Option<Score>,
    /// `--record`: the file of the game record.
    record: Option<PathBuf>,
    /// `--position` (or the record's): the starting position (the game's start when `None`).
    position: Option<String>,
    /// The moves of the `--load` record, played before the game goes on.
    loaded: Vec<String>,
    /// `--load`: the record's file (for messages).
    load: Option<PathBuf>,
    /// The two-player engine of the game's `engine` seats (made when the game starts), its
    /// table kept from move to move.
    engine: Option<Engine>,
}

struct PlayVisitor {
    table: PlayTable,
}

impl GameVisitor for PlayVisitor {
    type Output = Result<()>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<()>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut input = Lines::new(std::io::stdin().lock(), "standard input");
        let mut out = crate::out::Stdout::lock();
        self.table.play(
            game,
            state,
            <AnyGame as Dispatch<G>>::supports,
            &mut input,
            &mut out,
        )
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Result<()>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut input = Lines::new(std::io::stdin().lock(), "standard input");
        let mut out = crate::out::Stdout::lock();
        self.table.play(
            game,
            state,
            <WithSetToMove as Dispatch<G>>::supports,
            &mut input,
            &mut out,
        )
    }
}

impl PlayTable {
    /// Plays the game; `supports` says which searchers may sit (best-reply seats need a
    /// game that can hand the turn to any player). The engines' moves come from the shared
    /// [`gametree_run::engine_move`], which finds the position again from the moves played.
    fn play<G: Playable>(
        mut self,
        game: &G,
        start: &G::State,
        supports: fn(Searcher) -> bool,
        input: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> Result<()> {
        self.mate = game.mate();
        // With more than two players, `engine` is the game's default multi-player engine.
        if let Some(d) = game.default_engine() {
            for seat in &mut self.seats {
                if *seat == Seat::Engine {
                    *seat = Seat::Searcher(d.searcher);
                }
            }
        }
        if G::MONTE_CARLO == Support::No && self.seats.contains(&Seat::MonteCarlo) {
            bail!("monte-carlo seats play card games (hearts, spades) only");
        }
        for seat in &self.seats {
            if let Seat::Searcher(a) = *seat {
                if !supports(a) {
                    return Err(needs_set_to_move(a));
                }
            }
        }
        if self.seats.len() != game.players() {
            bail!(
                "--players names {} seat(s), and this game has {} players",
                self.seats.len(),
                game.players()
            );
        }
        // One two-player engine for every `engine` seat, its table kept from move to move
        // (the side to move is in its keys, so the seats' values stay apart).
        self.engine = if self.seats.contains(&Seat::Engine) {
            let options = Options {
                table_mib: match G::ENGINE_TABLE {
                    EngineTable::Hashed => self.table_mib,
                    EngineTable::None => 0,
                },
                mate: self.mate,
                side: Side::RootMover,
                ..Options::STRONG
            };
            Some(Engine::new(&options).map_err(|e| match e {
                SearchError::Table(e) => anyhow!("--table-mib {}: {e}", self.table_mib),
                other => anyhow!("engine: {other}"),
            })?)
        } else {
            None
        };
        let spec = game.spec_text();
        // The moves played, in the game's notation (for --record): a loaded record's first.
        let mut played = std::mem::take(&mut self.loaded);
        let mut state =
            gametree_run::engine_move::replay(game, start.clone(), &played).map_err(|e| {
                let file = self.load.as_deref().unwrap_or(Path::new("the record"));
                anyhow!("--load {}: {e}", file.display())
            })?;
        if let Some(file) = &self.load {
            writeln!(out, "{}: {} moves replayed", file.display(), played.len())?;
        }
        let mut moves = Vec::new();
        // Moves played since the game's start (the seed of an mcts seat's search).
        let mut ply = played.len() as u64;
        loop {
            let picture = game.render(&state, self.color);
            if !picture.is_empty() {
                writeln!(out, "\n{picture}")?;
            }
            if let Some(outcome) = game.outcome(&state) {
                writeln!(out, "game over: {}", verdict(&outcome))?;
                return self.write_record(&spec, &played, Some(outcome.as_slice()));
            }
            let p = game.to_move(&state);
            moves.clear();
            game.moves(&state, &mut moves);
            let seat = self.seats[p.index()];
            let mv = match seat {
                Seat::Human => match self.ask(game, &state, &moves, p, input, out)? {
                    Some(m) => m,
                    None => {
                        writeln!(out, "game abandoned")?;
                        return self.write_record(&spec, &played, None);
                    }
                },
                Seat::MonteCarlo => {
                    let (mv, nodes) = game
                        .monte_carlo(&state, p.index())
                        .ok_or_else(|| anyhow!("monte-carlo seats play card games only"))?
                        .map_err(|e| anyhow!("monte-carlo: {e}"))?;
                    writeln!(
                        out,
                        "{p} (monte-carlo) plays {}   [8 sampled deals, {nodes} nodes]",
                        game.move_name(&state, mv)
                    )?;
                    mv
                }
                _ => {
                    let EngineMove {
                        name,
                        index,
                        report: r,
                        ..
                    } = self.think(&spec, &played, seat, ply)?;
                    writeln!(
                        out,
                        "{p} ({}) plays {name}   [value {}, depth {}, {} nodes, {:.0} ms]",
                        seat.name(),
                        r.score,
                        r.stats.depth,
                        r.stats.nodes,
                        r.stats.elapsed_ms
                    )?;
                    *moves.get(index).ok_or_else(|| {
                        anyhow!("{}: picked move {index} of {}", seat.name(), moves.len())
                    })?
                }
            };
            played.push(game.move_name(&state, mv));
            state = game.play(&state, mv);
            ply += 1;
            self.write_record(&spec, &played, None)?;
        }
    }

    /// Writes the game record to the `--record` file (atomically: a reader, or a game
    /// stopped at any moment, finds the record before or after this move, never half of
    /// it), if one was asked for; `spec` is the game's canonical spec, `outcome` the final
    /// values when the game has ended.
    fn write_record(&self, spec: &str, moves: &[String], outcome: Option<&[Score]>) -> Result<()> {
        let Some(path) = &self.record else {
            return Ok(());
        };
        let seats = self
            .seats
            .iter()
            .map(|&seat| match seat {
                Seat::Human => record::Seat::person(),
                // A Monte-Carlo seat samples with no budget; an engine seat moved under
                // the seats' time and depth limits.
                Seat::MonteCarlo => record::Seat {
                    who: seat.name().to_string(),
                    limits: Budget::NONE,
                },
                other => record::Seat {
                    who: other.name().to_string(),
                    limits: Budget {
                        time_ms: self.limits.time_ms,
                        depth: self.limits.depth,
                        ..Budget::NONE
                    },
                },
            })
            .collect();
        let text = record::Record {
            game: spec.to_string(),
            position: self.position.clone(),
            seats,
            moves: moves.to_vec(),
            outcome: outcome.map(<[Score]>::to_vec),
        }
        .to_text()
        .map_err(|e| anyhow!("--record {}: {e}", path.display()))?;
        crate::target::write("--record", path, text.as_bytes())
    }

    /// A person's move, or `None` on `quit` or the end of the input.
    fn ask<G: Notation>(
        &self,
        game: &G,
        state: &G::State,
        moves: &[G::Move],
        p: gametree::Player,
        input: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> Result<Option<G::Move>> {
        let names: Vec<String> = moves.iter().map(|&m| game.move_name(state, m)).collect();
        loop {
            write!(out, "{p} to move ({}): ", names.join(" "))?;
            out.flush()?;
            let Some(line) = input.next_line()? else {
                writeln!(out)?;
                return Ok(None);
            };
            let text = line.trim();
            if text.eq_ignore_ascii_case("quit") {
                return Ok(None);
            }
            if text.is_empty() || text.eq_ignore_ascii_case("moves") {
                writeln!(out, "legal moves: {}", names.join(" "))?;
                continue;
            }
            match game.parse_move_in(text, moves) {
                Ok(m) => return Ok(Some(m)),
                Err(e) => writeln!(out, "{e}; legal moves: {} (or quit)", names.join(" "))?,
            }
        }
    }

    /// The move of an engine seat after the moves `played` from the start: the two-player
    /// engine of `engine` seats (`self.engine`, whose transposition table is kept from move
    /// to move of the game), or the searcher of the seat through the shared
    /// [`gametree_run::pick`], deepening up to `--depth` under the seats' limits, MCTS
    /// seeded with the ply; both through [`engine_move`] on the game `spec`. A search
    /// stopped before depth 1 or refused is an error here.
    fn think(&self, spec: &str, played: &[String], seat: Seat, ply: u64) -> Result<EngineMove> {
        let mover = match seat {
            Seat::Engine => Mover::Engine {
                engine: self
                    .engine
                    .as_ref()
                    .expect("an engine seat has the game's engine"),
                limits: self.limits,
            },
            Seat::Searcher(a) => Mover::Pick(PickSpec::deepening(a, self.limits).with_seed(ply)),
            Seat::Human | Seat::MonteCarlo => {
                unreachable!("people are asked and Monte-Carlo seats sample, not searched")
            }
        };
        let line = Line {
            spec,
            position: self.position.as_deref(),
            moves: played,
        };
        engine_move(&line, mover, &mut |_| {}).map_err(|e| match e {
            EngineMoveError::Pick(PickError::Search(SearchError::Stopped(reason, _))) => anyhow!(
                "{}: the {reason} came before even depth 1 was searched; give more --time-ms",
                seat.name()
            ),
            EngineMoveError::Pick(PickError::Search(SearchError::Table(e))) => {
                anyhow!("--table-mib {}: {e}", self.table_mib)
            }
            EngineMoveError::Pick(PickError::NoLegalMove) => {
                anyhow!("no legal move in a live position")
            }
            other => anyhow!("{}: {other}", seat.name()),
        })
    }
}

/// The lines of a text input (the moves people type), read as bytes so that an error names
/// the input and the line: `standard input: line 3 is not UTF-8`.
pub struct Lines<'a> {
    input: Box<dyn BufRead + 'a>,
    name: &'static str,
    line: usize,
    buf: Vec<u8>,
}

impl<'a> Lines<'a> {
    /// Lines of `input`, called `name` in errors.
    pub fn new(input: impl BufRead + 'a, name: &'static str) -> Self {
        Lines {
            input: Box::new(input),
            name,
            line: 0,
            buf: Vec::new(),
        }
    }

    /// The next line without its end, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<String>> {
        self.buf.clear();
        let n = self
            .input
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| anyhow!("{}: cannot read: {e}", self.name))?;
        if n == 0 {
            return Ok(None);
        }
        self.line += 1;
        match std::str::from_utf8(&self.buf) {
            Ok(text) => Ok(Some(text.trim_end_matches(['\n', '\r']).to_string())),
            Err(_) => bail!("{}: line {} is not UTF-8", self.name, self.line),
        }
    }
}

/// "P0 wins", "P1 and P2 share the win", or "draw", with the scores.
fn verdict(outcome: &Scores) -> String {
    let s = outcome.as_slice();
    let best = s.iter().copied().max().unwrap_or(0);
    let winners: Vec<String> = (0..s.len())
        .filter(|&i| s[i] == best)
        .map(|i| format!("P{i}"))
        .collect();
    if winners.len() == s.len() {
        format!("draw {outcome}")
    } else if winners.len() == 1 {
        format!("{} wins {outcome}", winners[0])
    } else {
        format!("{} share the win {outcome}", winners.join(" and "))
    }
}
