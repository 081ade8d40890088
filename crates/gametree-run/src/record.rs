//! Game records: a game from its start, as the moves played in the game's notation
//! ([`gametree_games::notation`]), with who sat in each seat and its budget ([`Limits`]). `gametree play --record FILE` writes
//! one; the web page (`gametree serve`, Play tab) saves, loads and replays the same text.
//!
//! The format is plain text, one item per line (docs/records.md):
//!
//! ```text
//! gametree-record 1
//! game connect-four
//! seat 0 person
//! seat 1 alphabeta time_ms=300
//! moves 4 4 5 3
//! outcome 1 0
//! ```
//!
//! - the first line names the format and its version;
//! - `game SPEC`: the game as `gametree list` spells it (no spaces);
//! - `position TEXT` (optional): the starting position in the game's position notation
//!   (the rest of the line); absent, the game starts from the start;
//! - `seat N WHO [time_ms=MS] [nodes=N] [depth=D]`, one per player in order: `person`,
//!   `engine` (the game's default engine), `monte-carlo` or an algorithm of `gametree list`,
//!   with the limits it moved under;
//! - `moves M1 M2 ...`: the moves from the start, separated by spaces; several `moves` lines
//!   continue each other;
//! - `outcome V0 V1 ...`: the final values when the game ended (absent for an unfinished
//!   game);
//! - empty lines and lines starting with `#` are ignored.

use std::fmt::{self, Write};

use crate::search_job::Limits;

/// The first line of every record.
pub const HEADER: &str = "gametree-record 1";

/// Moves written per `moves` line (a long game wraps over several).
const MOVES_PER_LINE: usize = 16;

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game spec.
    pub game: String,
    /// The starting position in the game's notation (`None`: the start).
    pub position: Option<String>,
    /// Who played each seat, in player order.
    pub seats: Vec<Seat>,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
    /// The final values, when the game ended.
    pub outcome: Option<Vec<i64>>,
}

/// Who played one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// `person`, `engine` or an algorithm name (one word).
    pub who: String,
    /// The budget per move the engine had (its depth, nodes and time in milliseconds; the
    /// record does not keep the clock, read back as the wall clock).
    pub limits: Limits,
}

impl Seat {
    /// A seat played by a person.
    pub fn person() -> Seat {
        Seat {
            who: "person".into(),
            limits: Limits::NONE,
        }
    }
}

/// Why a record cannot be read: the line (from 1) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Why a record cannot be written: a word that would not read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field} {value:?} cannot be written in a record: {why}")]
pub struct WriteError {
    /// The field (`game`, `seat`, `move`).
    pub field: &'static str,
    /// Its value.
    pub value: String,
    /// Why.
    pub why: &'static str,
}

/// Whether `word` is one non-empty word of printable characters.
fn one_word(word: &str) -> bool {
    !word.is_empty() && !word.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl Record {
    /// The record as text (ending in a newline); refused when a spec, seat or move is not
    /// one word (it would not read back as written).
    pub fn to_text(&self) -> Result<String, WriteError> {
        let check = |field, value: &str| {
            if one_word(value) {
                Ok(())
            } else {
                Err(WriteError {
                    field,
                    value: value.to_string(),
                    why: "not one word (empty, or holding spaces or control characters)",
                })
            }
        };
        check("game", &self.game)?;
        let mut s = String::new();
        let _ = writeln!(s, "{HEADER}");
        let _ = writeln!(s, "game {}", self.game);
        if let Some(p) = &self.position {
            if p.trim() != p || p.is_empty() || p.contains(['\n', '\r']) {
                return Err(WriteError {
                    field: "position",
                    value: p.clone(),
                    why: "empty, on several lines, or with spaces around it",
                });
            }
            let _ = writeln!(s, "position {p}");
        }
        for (i, seat) in self.seats.iter().enumerate() {
            check("seat", &seat.who)?;
            let _ = write!(s, "seat {i} {}", seat.who);
            if let Some(t) = seat.limits.time_ms {
                let _ = write!(s, " time_ms={t}");
            }
            if let Some(n) = seat.limits.nodes {
                let _ = write!(s, " nodes={n}");
            }
            if let Some(d) = seat.limits.depth {
                let _ = write!(s, " depth={d}");
            }
            s.push('\n');
        }
        for m in &self.moves {
            check("move", m)?;
        }
        for chunk in self.moves.chunks(MOVES_PER_LINE) {
            let _ = writeln!(s, "moves {}", chunk.join(" "));
        }
        if let Some(o) = &self.outcome {
            let values: Vec<String> = o.iter().map(i64::to_string).collect();
            let _ = writeln!(s, "outcome {}", values.join(" "));
        }
        Ok(s)
    }

    /// Reads a record; the error names the first line at fault.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut game = None;
        let mut position = None;
        let mut seats: Vec<Seat> = Vec::new();
        let mut moves = Vec::new();
        let mut outcome = None;
        let mut header = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |message: String| RecordError { line, message };
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if !header {
                if t != HEADER {
                    return Err(err(format!(
                        "{} is not a game record's first line (expected {HEADER:?})",
                        Quoted(t)
                    )));
                }
                header = true;
                continue;
            }
            let mut words = t.split_whitespace();
            let key = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            match key {
                "game" => {
                    if game.is_some() {
                        return Err(err("a second game line".into()));
                    }
                    let [spec] = rest[..] else {
                        return Err(err("game: give one spec, without spaces".into()));
                    };
                    game = Some(spec.to_string());
                }
                "position" => {
                    if position.is_some() {
                        return Err(err("a second position line".into()));
                    }
                    let text = t["position".len()..].trim();
                    if text.is_empty() {
                        return Err(err("position: give the position's text".into()));
                    }
                    position = Some(text.to_string());
                }
                "seat" => seats.push(parse_seat(&rest, seats.len()).map_err(err)?),
                "moves" => moves.extend(rest.iter().map(|m| m.to_string())),
                "outcome" => {
                    let values: Result<Vec<i64>, _> = rest.iter().map(|v| v.parse()).collect();
                    match values {
                        Ok(v) if !v.is_empty() => outcome = Some(v),
                        _ => return Err(err("outcome: give one integer per player".into())),
                    }
                }
                other => {
                    return Err(err(format!(
                        "unknown item {} (expected game, position, seat, moves or outcome)",
                        Quoted(other)
                    )))
                }
            }
        }
        if !header {
            return Err(RecordError {
                line: 1,
                message: format!("an empty record (expected {HEADER:?} first)"),
            });
        }
        let line = text.lines().count().max(1);
        let game = game.ok_or_else(|| RecordError {
            line,
            message: "no game line".into(),
        })?;
        if let Some(o) = &outcome {
            if !seats.is_empty() && o.len() != seats.len() {
                return Err(RecordError {
                    line,
                    message: format!("outcome has {} values for {} seats", o.len(), seats.len()),
                });
            }
        }
        Ok(Record {
            game,
            position,
            seats,
            moves,
            outcome,
        })
    }
}

/// The words after `seat`: the seat's number (the next one expected), who, and limits.
fn parse_seat(words: &[&str], expected: usize) -> Result<Seat, String> {
    let [n, who, limits @ ..] = words else {
        return Err("seat: give the seat's number and who played it (seat 0 person)".into());
    };
    if n.parse::<usize>().ok() != Some(expected) {
        return Err(format!(
            "seat {}: seats are listed in order, this one should be seat {expected}",
            Quoted(n)
        ));
    }
    let mut seat = Seat {
        who: who.to_string(),
        limits: Limits::NONE,
    };
    for l in limits {
        let (key, value) = l.split_once('=').unwrap_or((l, ""));
        let v: u64 = value
            .parse()
            .map_err(|_| format!("seat {n}: {} is not KEY=NUMBER", Quoted(l)))?;
        match key {
            "time_ms" => seat.limits.time_ms = Some(v),
            "nodes" => seat.limits.nodes = Some(v),
            "depth" => {
                seat.limits.depth = Some(
                    u32::try_from(v).map_err(|_| format!("seat {n}: depth {v} is too large"))?,
                )
            }
            _ => {
                return Err(format!(
                    "seat {n}: unknown limit {} (time_ms, nodes or depth)",
                    Quoted(key)
                ))
            }
        }
    }
    Ok(seat)
}

/// A word of the input in an error, quoted and cut to 40 characters.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut: String = self.0.chars().take(40).collect();
        let more = if self.0.chars().count() > 40 {
            "…"
        } else {
            ""
        };
        write!(f, "{:?}", format!("{cut}{more}"))
    }
}
