//! User input as an error message shows it: [`quoted`] escapes what a terminal would obey
//! (control characters such as ESC, invisible and direction-changing characters) the way
//! Rust's `Debug` escapes a string (`\u{1b}`, `\n`, `\u{202e}`; a quote or a backslash gets a backslash), and cuts long input to
//! [`QUOTE_LIMIT`] characters with an ellipsis, so an error never clears a terminal, never
//! hides part of itself and never echoes a whole file or argument.
//!
//! Spec, position and merge errors quote what the user gave through it.

use std::fmt;

/// The most characters of user input an error message quotes; longer input is cut there,
/// with `…` after it.
pub const QUOTE_LIMIT: usize = 100;

/// `text` escaped and cut for an error message (see the module docs), without quotes
/// around it: write it inside the message's own quotes, `` `{}` `` or `"{}"`.
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// User input shown escaped and cut ([`quoted`]).
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = self.0.char_indices().nth(QUOTE_LIMIT).map(|(i, _)| i);
        let head = &self.0[..cut.unwrap_or(self.0.len())];
        // `Debug`'s escapes, without the quotes it puts around the text.
        let debug = format!("{head:?}");
        f.write_str(&debug[1..debug.len() - 1])?;
        if cut.is_some() {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// A message that may hold fragments of user input (a game's own words about a position):
/// every character a terminal would obey escaped as [`quoted`] escapes it (quotes and
/// backslashes stay as they are), and the whole cut at four times [`QUOTE_LIMIT`]
/// characters with an ellipsis.
pub fn sanitized(message: &str) -> String {
    let mut out = String::new();
    let mut buf = [0u8; 4];
    for (i, c) in message.chars().enumerate() {
        if i == 4 * QUOTE_LIMIT {
            out.push('…');
            break;
        }
        let one: &str = c.encode_utf8(&mut buf);
        let debug = format!("{one:?}");
        if matches!(c, '"' | '\\') || debug.len() == one.len() + 2 {
            out.push(c);
        } else {
            out.push_str(&debug[1..debug.len() - 1]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_as_debug_escapes_them() {
        let t = "tic\u{1b}[2Jtac\u{7}toe\n\u{202e}x\u{0}";
        let q = quoted(t).to_string();
        assert_eq!(q, "tic\\u{1b}[2Jtac\\u{7}toe\\n\\u{202e}x\\0");
        assert!(!q.chars().any(|c| c.is_control()));
        // The same escapes as a position error's `{:?}`, quotes aside.
        let d = format!("{t:?}");
        assert_eq!(q, d[1..d.len() - 1]);
        assert_eq!(quoted("a\"b'c\\d").to_string(), "a\\\"b'c\\\\d");
        assert_eq!(
            quoted("chinese-checkers(é=1)").to_string(),
            "chinese-checkers(é=1)"
        );
    }

    #[test]
    fn messages_are_escaped_and_cut() {
        assert_eq!(
            sanitized("not `a\u{1b}[2Jb` (\"x\" \\ é)"),
            "not `a\\u{1b}[2Jb` (\"x\" \\ é)"
        );
        let long = "y".repeat(10_000);
        assert_eq!(
            sanitized(&long),
            format!("{}…", "y".repeat(4 * QUOTE_LIMIT))
        );
    }

    #[test]
    fn long_input_is_cut_with_an_ellipsis() {
        assert_eq!(
            quoted(&"x".repeat(QUOTE_LIMIT)).to_string(),
            "x".repeat(100)
        );
        let long = "é".repeat(500_000);
        let q = quoted(&long).to_string();
        assert_eq!(q, format!("{}…", "é".repeat(QUOTE_LIMIT)));
        assert_eq!(quoted("").to_string(), "");
    }
}
