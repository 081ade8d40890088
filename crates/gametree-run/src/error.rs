//! The errors of a job, typed: each names the options at fault as an [`Opt`], and each
//! front renders them in its own words ([`Front`]): `--table-mib` on the command line,
//! `table_mib` in Python and in the server's JSON.

use std::fmt;

/// Who reads an error: how it spells an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// The command line: `--table-mib`, `--time-ms`.
    Cli,
    /// Python keywords and JSON fields: `table_mib`, `time_ms`.
    Api,
}

/// An option of a job, named in errors in the words of each [`Front`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// The depth limit.
    Depth,
    /// The node limit.
    Nodes,
    /// The time limit in milliseconds.
    TimeMs,
    /// Iterative deepening.
    Iterative,
    /// Recording the prunes.
    Trace,
    /// The most prunes recorded.
    TraceLimit,
    /// The size of a table in MiB.
    TableMib,
    /// The engine's threads.
    Threads,
    /// The iterations of MCTS.
    Iterations,
    /// The position of a game.
    Position,
    /// An explicit tree.
    Tree,
    /// A game spec.
    Game,
    /// How BRS+ chooses the forced moves.
    ForcedMoves,
}

impl Opt {
    /// The option as `front` spells it.
    pub fn name(self, front: Front) -> &'static str {
        let (cli, api) = match self {
            Opt::Depth => ("--depth", "depth"),
            Opt::Nodes => ("--nodes", "nodes"),
            Opt::TimeMs => ("--time-ms", "time_ms"),
            Opt::Iterative => ("--iterative", "iterative"),
            Opt::Trace => ("--trace", "trace"),
            Opt::TraceLimit => ("--trace-limit", "trace_limit"),
            Opt::TableMib => ("--table-mib", "table_mib"),
            Opt::Threads => ("--threads", "threads"),
            Opt::ForcedMoves => ("--forced-moves", "forced_moves"),
            Opt::Iterations => ("--iterations", "iterations"),
            Opt::Position => ("--position", "position"),
            Opt::Tree => ("--tree", "tree"),
            Opt::Game => ("--game", "game"),
        };
        match front {
            Front::Cli => cli,
            Front::Api => api,
        }
    }
}

/// One piece of a [`Message`]: text, or an option named in the reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text, the same for every front.
    Text(String),
    /// An option.
    Opt(Opt),
}

impl From<&str> for Part {
    fn from(s: &str) -> Part {
        Part::Text(s.to_string())
    }
}

impl From<String> for Part {
    fn from(s: String) -> Part {
        Part::Text(s)
    }
}

impl From<Opt> for Part {
    fn from(o: Opt) -> Part {
        Part::Opt(o)
    }
}

/// A one-line message whose options are rendered per [`Front`] ([`Message::render`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(pub Vec<Part>);

impl Message {
    /// The line as `front` reads it.
    pub fn render(&self, front: Front) -> String {
        self.0
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.as_str(),
                Part::Opt(o) => o.name(front),
            })
            .collect()
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Front::Cli))
    }
}

/// A [`Message`] from its parts: text (`&str`, `String`) and options ([`Opt`]), in order.
#[macro_export]
macro_rules! msg {
    ($($part:expr),* $(,)?) => {
        $crate::error::Message(vec![$($crate::error::Part::from($part)),*])
    };
}

/// Why a job gave no result. It displays as the command line reads it; [`RunError::render`]
/// gives every front's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// Bad input: an option, a tree, a spec, a position, or a searcher that refuses the
    /// game (the message names it).
    #[error("{0}")]
    Invalid(Message),
    /// A limit or a stop request stopped the search before it had a result to give.
    #[error("{0}")]
    Stopped(Message),
}

impl RunError {
    /// Bad input, with a message that names no option.
    pub fn invalid(text: impl fmt::Display) -> RunError {
        RunError::Invalid(Message(vec![Part::Text(text.to_string())]))
    }

    /// The line as `front` reads it.
    pub fn render(&self, front: Front) -> String {
        match self {
            RunError::Invalid(m) | RunError::Stopped(m) => m.render(front),
        }
    }
}

/// A front's own error from a message and the options it names.
impl From<Message> for RunError {
    fn from(m: Message) -> RunError {
        RunError::Invalid(m)
    }
}
