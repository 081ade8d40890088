//! The text of an error the server sends: one line, whatever the input it quotes.
//!
//! Every `{"error": ...}` the server answers goes through [`tidy`], so a message never
//! echoes a huge input whole (a request body may hold a megabyte in one string, and the
//! messages of serde, the game registry and the search job quote what they were given) and
//! never carries the user's control characters raw (a terminal printing the error would
//! obey them). The server's own messages quote input with [`quote`].

/// The most characters of one input a message quotes; longer ones are cut with an ellipsis.
pub const MAX_QUOTED: usize = 100;

/// The most characters of a whole message (a generous bound: the longest message the server
/// writes, a list of every game or algorithm, is a few hundred characters).
pub const MAX_MESSAGE: usize = 2_000;

/// `text` as a Rust string literal (control characters and quotes escaped), its content cut
/// to [`MAX_QUOTED`] characters with an ellipsis: how the server's own messages quote input.
pub fn quote(text: &str) -> String {
    let mut shown: String = text.chars().take(MAX_QUOTED).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    format!("{shown:?}")
}

/// `message` made safe to send: control characters escaped (as `\n`, `\u{1b}`), every
/// quoted text (`"..."`, in which `\"` does not end it, or `` `...` ``) and every run of
/// characters without a space cut to [`MAX_QUOTED`] characters with an ellipsis, and the
/// whole cut to [`MAX_MESSAGE`] characters.
pub fn tidy(message: &str) -> String {
    let mut escaped: Vec<char> = Vec::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    let mut out = String::with_capacity(escaped.len().min(MAX_MESSAGE + 8));
    let mut i = 0;
    while i < escaped.len() {
        let c = escaped[i];
        if c == '"' || c == '`' {
            // A quoted text: up to the closing quote (a backslash escapes the next
            // character inside "..."), or to the end of the message.
            let mut j = i + 1;
            while j < escaped.len() && escaped[j] != c {
                j += if c == '"' && escaped[j] == '\\' { 2 } else { 1 };
            }
            let end = j.min(escaped.len());
            out.push(c);
            push_cut(&mut out, &escaped[i + 1..end]);
            if end < escaped.len() {
                out.push(c);
            }
            i = end + 1;
        } else if c.is_whitespace() {
            out.push(c);
            i += 1;
        } else {
            let mut j = i;
            while j < escaped.len()
                && !escaped[j].is_whitespace()
                && escaped[j] != '"'
                && escaped[j] != '`'
            {
                j += 1;
            }
            push_cut(&mut out, &escaped[i..j]);
            i = j;
        }
    }
    if out.chars().count() > MAX_MESSAGE {
        out = out.chars().take(MAX_MESSAGE).collect();
        out.push('…');
    }
    out
}

/// Appends `run`, cut to [`MAX_QUOTED`] characters with an ellipsis.
fn push_cut(out: &mut String, run: &[char]) {
    if run.len() > MAX_QUOTED {
        out.extend(&run[..MAX_QUOTED]);
        out.push('…');
    } else {
        out.extend(run);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_message_is_unchanged() {
        let m = "unknown game `nosuch` (known: tictactoe, connect-four); moves[2] \"x\": illegal";
        assert_eq!(tidy(m), m);
    }

    #[test]
    fn long_quotes_and_runs_are_cut() {
        let long = "y".repeat(500_000);
        for m in [
            format!("unknown game `{long}` (known: a, b)"),
            format!("position {long:?}: bad"),
            format!("invalid type: string \"{long}\", expected u32"),
            format!("unknown algorithm {long}"),
        ] {
            let t = tidy(&m);
            assert!(t.chars().count() < 200, "{t}");
            assert!(t.contains(&format!("{}…", "y".repeat(MAX_QUOTED))), "{t}");
        }
        // The text after a cut quote is kept.
        assert!(tidy(&format!("unknown game `{long}` (known: a, b)")).ends_with("` (known: a, b)"));
        // Many short words: the whole message is bounded.
        let words = "ab ".repeat(100_000);
        assert!(tidy(&words).chars().count() <= MAX_MESSAGE + 1);
    }

    #[test]
    fn control_characters_are_escaped() {
        let t = tidy("unknown game `tic\u{1b}[2Jtac\ntoe`");
        assert!(!t.chars().any(char::is_control), "{t:?}");
        assert!(t.contains("\\u{1b}[2J") && t.contains("\\n"), "{t}");
    }

    #[test]
    fn an_escaped_quote_does_not_end_a_quote() {
        let inner = format!("a\\\"{}", "b".repeat(300));
        let t = tidy(&format!("moves[0] \"{inner}\": not legal"));
        assert!(t.ends_with("…\": not legal"), "{t}");
    }

    #[test]
    fn quote_cuts_and_escapes() {
        assert_eq!(quote("e2"), "\"e2\"");
        let q = quote(&format!("\u{7}{}", "z".repeat(1000)));
        assert!(q.starts_with("\"\\u{7}") && q.ends_with("…\""), "{q}");
        assert!(q.chars().count() < MAX_QUOTED + 10, "{q}");
    }
}
