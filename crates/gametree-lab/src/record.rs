//! The record of a result as stored and printed: the [`Meta`] beside the rows (version,
//! commit, date, parameters, time), and a row read back from its JSON. Shared by
//! [`crate::reproduce`] (which re-exports them) and [`crate::shard`], so neither names the
//! other for them.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::report::Row;

/// When and by what a result was made: stored beside the rows, never inside them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Meta {
    /// The version of gametree that made it.
    pub gametree_version: &'static str,
    /// The git commit it was built from (`unknown` when built outside a checkout).
    pub git_commit: &'static str,
    /// When it was made: UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: String,
    /// The experiment's parameters ([`crate::experiment::Experiment::params`]), or for a whole run
    /// the mode.
    pub params: String,
    /// Wall time in seconds.
    pub elapsed_s: f64,
}

impl Meta {
    /// The meta of a result made now with `params` in `elapsed_s` seconds.
    pub fn now(params: &str, elapsed_s: f64) -> Meta {
        Meta {
            gametree_version: env!("CARGO_PKG_VERSION"),
            git_commit: option_env!("GAMETREE_GIT_COMMIT").unwrap_or("unknown"),
            date: utc_date(SystemTime::now()),
            params: params.to_string(),
            elapsed_s,
        }
    }
}

/// `t` as a UTC date and time, `YYYY-MM-DDTHH:MM:SSZ` (times before 1970 print as 1970).
pub fn utc_date(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days to a civil date (the proleptic Gregorian calendar; eras of 400 years).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// A row read back from its JSON serialization (its [`Row`]'s `Deserialize`), or `None`
/// when `v` is not one.
pub fn row_from_json(v: &Value) -> Option<Row> {
    Row::deserialize(v).ok()
}
