//! Game records: a game from its start, as the moves played in the game's notation
//! ([`gametree_games::notation`]), with who sat in each seat and its budget ([`Budget`]). `gametree play --record FILE` writes
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
//!
//! docs/records.md gives the whole grammar (line ends, which characters a line may hold,
//! the ranges of numbers, what may come once only). The page's reader (`parseRecord` in
//! gametree-web's `app.js`) follows it too, with the same verdict and message for every
//! text: the corpus `crates/gametree-web/tests/records/corpus.json` is read by both.

use std::fmt::{self, Write};

use crate::budget::Budget;

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
    pub limits: Budget,
}

impl Seat {
    /// A seat played by a person.
    pub fn person() -> Seat {
        Seat {
            who: "person".into(),
            limits: Budget::NONE,
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
    /// The field (`game`, `position`, `seat`, `move`, `outcome`).
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
            if p.trim_matches(SPACES) != p || p.is_empty() || p.chars().any(unusual) {
                return Err(WriteError {
                    field: "position",
                    value: p.clone(),
                    why: "empty, on several lines, with spaces around it or control characters",
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
        if self.seats.is_empty() {
            return Err(WriteError {
                field: "seat",
                value: String::new(),
                why: "a record has one seat line per player, and this one has none",
            });
        }
        if let Some(o) = &self.outcome {
            if o.len() != self.seats.len() {
                return Err(WriteError {
                    field: "outcome",
                    value: format!("{o:?}"),
                    why: "not one value per seat",
                });
            }
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

    /// Reads a record (the grammar of docs/records.md); the error names the first line at
    /// fault.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut game = None;
        let mut position = None;
        let mut seats: Vec<Seat> = Vec::new();
        let mut moves = Vec::new();
        // The outcome and its line.
        let mut outcome: Option<(Vec<i64>, usize)> = None;
        let mut header = false;
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            let err = |message: String| RecordError { line, message };
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let t = raw.trim_matches(SPACES);
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if let Some(c) = t.chars().find(|&c| unusual(c)) {
                return Err(err(format!(
                    "a control character or a space other than a space or a tab (U+{:04X}); \
                     words are separated by spaces and tabs",
                    u32::from(c)
                )));
            }
            let mut words = t.split(SPACES).filter(|w| !w.is_empty());
            let key = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            if !header {
                return match (key, &rest[..]) {
                    (MAGIC, ["1"]) => {
                        header = true;
                        continue;
                    }
                    (MAGIC, [version]) => Err(err(format!(
                        "version {} is not one this reader reads (expected {HEADER:?})",
                        Quoted(version)
                    ))),
                    _ => Err(err(format!(
                        "{} is not a game record's first line (expected {HEADER:?})",
                        Quoted(t)
                    ))),
                };
            }
            match key {
                MAGIC => return Err(err(format!("a second {MAGIC} line"))),
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
                    let text = t["position".len()..].trim_matches(SPACES);
                    if text.is_empty() {
                        return Err(err("position: give the position's text".into()));
                    }
                    position = Some(text.to_string());
                }
                "seat" => seats.push(parse_seat(&rest, seats.len()).map_err(err)?),
                "moves" => {
                    if rest.is_empty() {
                        return Err(err("moves: give at least one move".into()));
                    }
                    moves.extend(rest.iter().map(|m| m.to_string()));
                }
                "outcome" => {
                    if outcome.is_some() {
                        return Err(err("a second outcome line".into()));
                    }
                    if rest.is_empty() {
                        return Err(err("outcome: give one integer per player".into()));
                    }
                    let values = rest
                        .iter()
                        .map(|v| {
                            integer(v).ok_or_else(|| {
                                err(format!(
                                    "outcome: {} is not an integer from {} to {}",
                                    Quoted(v),
                                    i64::MIN,
                                    i64::MAX
                                ))
                            })
                        })
                        .collect::<Result<Vec<i64>, _>>()?;
                    outcome = Some((values, line));
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
        // What is missing is reported at the last line (a final newline starts none).
        let last = (text.split('\n').count() - usize::from(text.ends_with('\n'))).max(1);
        let missing = |message: &str| RecordError {
            line: last,
            message: message.into(),
        };
        let game = game.ok_or_else(|| missing("no game line"))?;
        if seats.is_empty() {
            return Err(missing(
                "no seat lines (one per player: seat 0 person, ...)",
            ));
        }
        if let Some((o, line)) = &outcome {
            if o.len() != seats.len() {
                return Err(RecordError {
                    line: *line,
                    message: format!("outcome has {} values for {} seats", o.len(), seats.len()),
                });
            }
        }
        Ok(Record {
            game,
            position,
            seats,
            moves,
            outcome: outcome.map(|(o, _)| o),
        })
    }
}

/// The first word of a record.
const MAGIC: &str = "gametree-record";

/// What separates the words of a line: spaces and tabs.
const SPACES: [char; 2] = [' ', '\t'];

/// Whether `c` may not stand in a line: a control character or a white space other than a
/// space or a tab (a carriage return inside a line, a no-break space, a line separator).
fn unusual(c: char) -> bool {
    (c.is_control() || c.is_whitespace()) && !SPACES.contains(&c)
}

/// `word` as an unsigned number: ASCII digits only (no sign), within `u64`.
fn unsigned(word: &str) -> Option<u64> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// `word` as an integer: an optional `-` and ASCII digits (no `+`), within `i64`.
fn integer(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// The words after `seat`: the seat's number (the next one expected), who, and limits.
fn parse_seat(words: &[&str], expected: usize) -> Result<Seat, String> {
    let [n, who, limits @ ..] = words else {
        return Err("seat: give the seat's number and who played it (seat 0 person)".into());
    };
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "seat {}: not a seat number (seat 0, seat 1, ...)",
            Quoted(n)
        ));
    }
    // Digits beyond `u64` are a seat far beyond the one expected.
    let number = match n.parse::<u64>() {
        Ok(k) if k < expected as u64 => return Err(format!("a second line for seat {k}")),
        Ok(k) if k == expected as u64 => k,
        _ => {
            return Err(format!(
                "seat {}: seats are listed in order, this one should be seat {expected}",
                Quoted(n)
            ))
        }
    };
    let mut seat = Seat {
        who: who.to_string(),
        limits: Budget::NONE,
    };
    for l in limits {
        let Some((key, value)) = l.split_once('=') else {
            return Err(format!("seat {number}: {} is not KEY=NUMBER", Quoted(l)));
        };
        let (given, most) = match key {
            "time_ms" => (seat.limits.time_ms.is_some(), u64::MAX),
            "nodes" => (seat.limits.nodes.is_some(), u64::MAX),
            "depth" => (seat.limits.depth.is_some(), u64::from(u32::MAX)),
            _ => {
                return Err(format!(
                    "seat {number}: unknown limit {} (time_ms, nodes or depth)",
                    Quoted(key)
                ))
            }
        };
        if given {
            return Err(format!("seat {number}: {key} is given twice"));
        }
        let v = unsigned(value).filter(|&v| v <= most).ok_or_else(|| {
            format!(
                "seat {number}: {} is not KEY=NUMBER ({key}: a whole number from 0 to {most})",
                Quoted(l)
            )
        })?;
        match key {
            "time_ms" => seat.limits.time_ms = Some(v),
            "nodes" => seat.limits.nodes = Some(v),
            _ => seat.limits.depth = u32::try_from(v).ok(),
        }
    }
    Ok(seat)
}

/// A word of the input in an error: cut to 40 characters (then `…`), between double
/// quotes, with `\`, `"` and the tab escaped (`\\`, `\"`, `\t`). A line reaching an error
/// holds no other control character ([`unusual`]), so nothing else needs escaping; the page
/// quotes the same way, so both readers give the same message.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars().take(40) {
            match c {
                '\\' => f.write_str("\\\\")?,
                '"' => f.write_str("\\\"")?,
                '\t' => f.write_str("\\t")?,
                c => f.write_char(c)?,
            }
        }
        if self.0.chars().nth(40).is_some() {
            f.write_char('…')?;
        }
        f.write_char('"')
    }
}
