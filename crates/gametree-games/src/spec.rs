//! Game specifications as text: `name` or `name(key=value,...)`, such as `connect-four`,
//! `chinese-checkers(players=3)` or `random(players=3,b=10,d=6,leaf=constant,seed=1)`.
//!
//! [`Spec::parse`] splits the text; each game reads its own parameters with the typed getters,
//! which name the key and the problem in their errors, and [`Spec::finish`] rejects any key
//! the game did not read.
//!
//! Errors quote the user's text through [`crate::quote::quoted`]: control characters
//! escaped, long text cut (so `tic\u{1b}[2Jtactoe` never clears a terminal). A game's own
//! message about a value goes through [`Spec::bad_value`], which quotes the value.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use crate::quote::quoted;

/// A malformed game specification. Its message shows the spec quoted ([`quoted`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game spec `{}`: {message}", quoted(spec))]
pub struct SpecError {
    /// The whole specification text, as given.
    pub spec: String,
    /// What is wrong (any user text in it already quoted).
    pub message: String,
}

/// A parsed specification: a name and `key=value` parameters, in order.
#[derive(Clone, Debug)]
pub struct Spec {
    text: String,
    name: String,
    params: Vec<(String, String)>,
    used: RefCell<Vec<bool>>,
}

impl Spec {
    /// Splits `name(key=value,...)`. Keys must be distinct; spaces around tokens are ignored.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let fail = |message: String| SpecError {
            spec: text.to_string(),
            message,
        };
        let t = text.trim();
        let (name, rest) = match t.find('(') {
            Some(i) => {
                let Some(inner) = t[i + 1..].strip_suffix(')') else {
                    return Err(fail("expected `)` at the end".into()));
                };
                (t[..i].trim(), Some(inner))
            }
            None => (t, None),
        };
        if name.is_empty() {
            return Err(fail("missing game name".into()));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(fail(format!("bad game name `{}`", quoted(name))));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        if let Some(inner) = rest {
            for part in inner.split(',') {
                let part = part.trim();
                if part.is_empty() {
                    if inner.trim().is_empty() {
                        continue;
                    }
                    return Err(fail("empty parameter (two commas in a row?)".into()));
                }
                let Some((k, v)) = part.split_once('=') else {
                    return Err(fail(format!(
                        "parameter `{}` is not of the form key=value",
                        quoted(part)
                    )));
                };
                let (k, v) = (k.trim(), v.trim());
                if k.is_empty() || v.is_empty() {
                    return Err(fail(format!(
                        "parameter `{}` needs a key and a value",
                        quoted(part)
                    )));
                }
                if params.iter().any(|(pk, _)| pk == k) {
                    return Err(fail(format!("parameter `{}` given twice", quoted(k))));
                }
                params.push((k.to_string(), v.to_string()));
            }
        }
        let n = params.len();
        Ok(Spec {
            text: text.to_string(),
            name: name.to_ascii_lowercase(),
            params,
            used: RefCell::new(vec![false; n]),
        })
    }

    /// The game's name, lower-cased.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// An error about this spec.
    pub fn error(&self, message: impl Into<String>) -> SpecError {
        SpecError {
            spec: self.text.clone(),
            message: message.into(),
        }
    }

    /// An error about the value `value` of parameter `key`: `parameter `key=value`: why`,
    /// the value quoted ([`quoted`]). `why` must not repeat the value unquoted.
    pub fn bad_value(&self, key: &str, value: &str, why: impl fmt::Display) -> SpecError {
        self.error(format!("parameter `{key}={}`: {why}", quoted(value)))
    }

    /// The raw value of `key`, if given (marks it as read).
    pub fn raw(&self, key: &str) -> Option<&str> {
        let i = self.params.iter().position(|(k, _)| k == key)?;
        self.used.borrow_mut()[i] = true;
        Some(&self.params[i].1)
    }

    /// The value of `key` parsed as `T`, or `default` when absent.
    pub fn get<T: FromStr>(&self, key: &str, default: T) -> Result<T, SpecError>
    where
        T::Err: fmt::Display,
    {
        match self.raw(key) {
            None => Ok(default),
            Some(v) => v.parse::<T>().map_err(|e| self.bad_value(key, v, e)),
        }
    }

    /// The value of `key` as an integer in `range`, or `default` when absent.
    pub fn get_in<T>(
        &self,
        key: &str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, SpecError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
        T::Err: fmt::Display,
    {
        let v = self.get(key, default)?;
        if !range.contains(&v) {
            return Err(self.error(format!(
                "parameter `{key}={v}` out of range ({} to {})",
                range.start(),
                range.end()
            )));
        }
        Ok(v)
    }

    /// Fails if some parameter was never read: it is unknown to the game.
    pub fn finish(&self) -> Result<(), SpecError> {
        let used = self.used.borrow();
        if let Some(i) = used.iter().position(|u| !u) {
            return Err(self.error(format!(
                "unknown parameter `{}` for game `{}`",
                quoted(&self.params[i].0),
                quoted(&self.name)
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_parameters() {
        let s = Spec::parse("random(players=3, b=10,d=6,leaf=constant,seed=1)").unwrap();
        assert_eq!(s.name(), "random");
        assert_eq!(s.get::<usize>("players", 2).unwrap(), 3);
        assert_eq!(s.get::<u32>("b", 2).unwrap(), 10);
        assert_eq!(s.get::<u32>("d", 2).unwrap(), 6);
        assert_eq!(s.raw("leaf"), Some("constant"));
        assert_eq!(s.get::<u64>("seed", 0).unwrap(), 1);
        assert!(s.finish().is_ok());
        let s = Spec::parse("connect-four").unwrap();
        assert_eq!(s.name(), "connect-four");
        assert!(s.finish().is_ok());
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = |t: &str| Spec::parse(t).unwrap_err().to_string();
        assert!(e("random(players=3").contains("expected `)`"));
        assert!(e("random(players)").contains("not of the form key=value"));
        assert!(e("random(b=1,b=2)").contains("given twice"));
        assert!(e("(b=1)").contains("missing game name"));
        let s = Spec::parse("random(players=x,zz=1)").unwrap();
        assert!(s
            .get::<usize>("players", 2)
            .unwrap_err()
            .to_string()
            .contains("parameter `players=x`"));
        assert!(s
            .finish()
            .unwrap_err()
            .to_string()
            .contains("unknown parameter `zz`"));
        let s = Spec::parse("random(players=9)").unwrap();
        assert!(s
            .get_in::<usize>("players", 3, 2..=6)
            .unwrap_err()
            .to_string()
            .contains("out of range (2 to 6)"));
    }

    #[test]
    fn spec_errors_quote_the_users_text_escaped_and_cut() {
        let e = |t: &str| Spec::parse(t).unwrap_err().to_string();
        let m = e("tic\u{1b}[2Jtactoe");
        assert_eq!(
            m,
            "game spec `tic\\u{1b}[2Jtactoe`: bad game name `tic\\u{1b}[2Jtactoe`"
        );
        let long = format!("random(x{})", "y".repeat(100_000));
        let m = e(&long);
        assert!(m.len() < 300 && m.matches('…').count() == 2, "{m}");
        let s = Spec::parse("random(players=\u{7}3)").unwrap();
        let m = s.get::<usize>("players", 2).unwrap_err().to_string();
        assert!(
            m.contains("parameter `players=\\u{7}3`") && !m.contains('\u{7}'),
            "{m}"
        );
        let s = Spec::parse("random(\u{1b}=1)").unwrap();
        let m = s.finish().unwrap_err().to_string();
        assert!(!m.contains('\u{1b}'), "{m}");
    }
}
