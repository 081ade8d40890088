//! The clocks a time budget is measured on ([`Clock`]): the wall clock
//! ([`super::Limits::deadline`], an [`Instant`]) or the processor time of the thread that
//! searches ([`super::Limits::cpu_deadline`], a [`CpuDeadline`]).
//!
//! Wall-clock time counts whatever else the machine does: on a loaded machine a search of
//! 20 ms gets a fraction of the work it gets on an idle one. The thread's processor time
//! counts only the time the operating system ran the searching thread, so a budget in it
//! buys about the same work however busy the machine is (cache and frequency effects
//! aside). It is read with `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` on Unix (through the
//! `cpu-time` crate, which keeps the one `unsafe` call out of this crate), a system call
//! of a few hundred nanoseconds, made at the same cadence as the wall clock's
//! ([`super::DEADLINE_CHECK_INTERVAL`] units of work).

use std::thread::ThreadId;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The clock a time budget is measured on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Clock {
    /// Wall-clock time (the default): the budget ends at a moment ([`Instant`]).
    #[default]
    #[serde(rename = "wall")]
    Wall,
    /// The processor time of the searching thread: the budget ends when that thread has
    /// run for the budget ([`CpuDeadline`]).
    #[serde(rename = "cpu")]
    ThreadCpu,
}

impl Clock {
    /// The clock's name as options spell it: `wall` or `cpu`.
    pub fn name(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::ThreadCpu => "cpu",
        }
    }

    /// What the clock measures, in words ("wall-clock time", "processor time of the
    /// searching thread").
    pub fn describe(self) -> &'static str {
        match self {
            Clock::Wall => "wall-clock time",
            Clock::ThreadCpu => "processor time of the searching thread",
        }
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A clock name that is neither `wall` nor `cpu`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown clock `{0}` (the clocks are `wall` and `cpu`)")]
pub struct UnknownClock(pub String);

impl std::str::FromStr for Clock {
    type Err = UnknownClock;

    fn from_str(s: &str) -> Result<Clock, UnknownClock> {
        match s {
            "wall" => Ok(Clock::Wall),
            "cpu" => Ok(Clock::ThreadCpu),
            _ => Err(UnknownClock(s.to_string())),
        }
    }
}

/// The system gives no processor-time clock for the calling thread.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this system has no processor-time clock for a thread: {0}")]
pub struct NoThreadClock(pub String);

/// The processor time the calling thread has used since it started, or why it cannot be
/// read.
pub fn thread_cpu_time() -> Result<Duration, NoThreadClock> {
    cpu_time::ThreadTime::try_now()
        .map(|t| t.as_duration())
        .map_err(|e| NoThreadClock(e.to_string()))
}

/// A deadline on the processor-time clock of one thread (the one that made it): the
/// search stops once that thread has used the time. Make it on the thread that will run the
/// search ([`CpuDeadline::after`]), just before the search (its set-up included, as with
/// [`super::Limits::start`]); the time the thread sleeps, waits or is not scheduled is not
/// counted.
///
/// A search run on another thread cannot read that thread's clock: it stops at its first
/// look at the clock, as at a passed deadline (never runs unbounded). A parallel search
/// ([`super::parallel`]) measures the thread that called it; its helper threads stop when
/// that thread stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuDeadline {
    thread: ThreadId,
    at: Duration,
}

impl CpuDeadline {
    /// The deadline `budget` of the calling thread's processor time from now (saturating
    /// at the largest time the clock can hold).
    pub fn after(budget: Duration) -> Result<CpuDeadline, NoThreadClock> {
        let now = thread_cpu_time()?;
        Ok(CpuDeadline {
            thread: std::thread::current().id(),
            at: now.saturating_add(budget),
        })
    }

    /// The thread whose clock the deadline is on.
    pub fn thread(&self) -> ThreadId {
        self.thread
    }

    /// The processor time the thread will have used at the deadline.
    pub fn at(&self) -> Duration {
        self.at
    }

    /// The deadline on the calling thread's clock: `None` if it is another thread's (a
    /// search on it stops at once).
    fn here(&self) -> Option<Duration> {
        (std::thread::current().id() == self.thread).then_some(self.at)
    }

    /// The processor time left to the calling thread before the deadline (zero if passed,
    /// if the clock cannot be read, or on another thread).
    pub fn remaining(&self) -> Duration {
        match (self.here(), thread_cpu_time()) {
            (Some(at), Ok(now)) => at.saturating_sub(now),
            _ => Duration::ZERO,
        }
    }

    /// The deadline `by` earlier on the same clock (for cutting a budget into slices).
    pub fn earlier(&self, by: Duration) -> CpuDeadline {
        CpuDeadline {
            thread: self.thread,
            at: self.at.saturating_sub(by),
        }
    }
}

/// The deadlines of one search, ready to be checked on the searching thread: the wall
/// clock's and the thread processor time's, each optional (both apply: the first passed
/// stops the search).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadlines {
    wall: Option<Instant>,
    /// The processor time of this thread at which the search stops (zero: a deadline made
    /// on another thread, passed at once).
    cpu: Option<Duration>,
}

impl Deadlines {
    /// The deadlines of `limits`, for a search on the calling thread.
    pub(crate) fn new(limits: &super::Limits) -> Deadlines {
        Deadlines {
            wall: limits.deadline,
            cpu: limits
                .cpu_deadline
                .map(|d| d.here().unwrap_or(Duration::ZERO)),
        }
    }

    /// Whether there is a deadline to check.
    #[inline]
    pub(crate) fn is_set(&self) -> bool {
        self.wall.is_some() || self.cpu.is_some()
    }

    /// Whether a deadline has passed (reads each clock that has one; a thread clock that
    /// cannot be read counts as passed).
    pub(crate) fn passed(&self) -> bool {
        if self.wall.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        match self.cpu {
            Some(at) => thread_cpu_time().map_or(true, |now| now >= at),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_names_read_back_and_others_are_refused() {
        for c in [Clock::Wall, Clock::ThreadCpu] {
            assert_eq!(c.name().parse::<Clock>(), Ok(c));
            assert_eq!(
                serde_json::to_string(&c).unwrap(),
                format!("\"{}\"", c.name())
            );
        }
        assert_eq!(
            "cpu-time".parse::<Clock>().unwrap_err().to_string(),
            "unknown clock `cpu-time` (the clocks are `wall` and `cpu`)"
        );
        assert_eq!(Clock::default(), Clock::Wall);
    }

    #[test]
    fn sleeping_uses_no_processor_time() {
        let d = CpuDeadline::after(Duration::from_millis(20)).unwrap();
        std::thread::sleep(Duration::from_millis(60));
        let limits = super::super::Limits {
            cpu_deadline: Some(d),
            ..Default::default()
        };
        assert!(!Deadlines::new(&limits).passed());
        assert!(d.remaining() > Duration::from_millis(10));
        // Spinning uses it.
        while !Deadlines::new(&limits).passed() {
            std::hint::black_box(0u64);
        }
        assert_eq!(d.remaining(), Duration::ZERO);
    }

    #[test]
    fn a_deadline_made_on_another_thread_is_passed_at_once() {
        let d = std::thread::spawn(|| CpuDeadline::after(Duration::from_secs(3600)).unwrap())
            .join()
            .unwrap();
        let limits = super::super::Limits {
            cpu_deadline: Some(d),
            ..Default::default()
        };
        assert!(Deadlines::new(&limits).passed());
        assert_eq!(d.remaining(), Duration::ZERO);
    }

    #[test]
    fn an_earlier_deadline_leaves_less_time() {
        let d = CpuDeadline::after(Duration::from_secs(100)).unwrap();
        let half = d.earlier(Duration::from_secs(50));
        let left = half.remaining();
        assert!(
            left <= Duration::from_secs(50) && left > Duration::from_secs(49),
            "{left:?}"
        );
        assert_eq!(half.thread(), d.thread());
        assert_eq!(d.earlier(Duration::ZERO), d);
    }
}
