//! Guarded output: every byte the binary writes to standard output or standard error goes
//! through this module, so a write that fails never panics (as `println!` does).
//!
//! - Standard output closed early (a pipe into `head`): the program ends quietly with exit
//!   code 0, as `head` asked for no more (ripgrep does the same).
//! - Any other failure to write standard output (a full disk, `> /dev/full`): one line
//!   `error: cannot write standard output: ...` on standard error and exit code 2.
//! - Standard error failing: notes (progress, "wrote the tables and plots to DIR") are dropped, the command
//!   goes on; the final error line of a failing command is dropped too, and the exit code
//!   stays 2.
//!
//! Use [`outln!`](crate::outln), [`out!`](crate::out) and [`errln!`](crate::errln) instead of
//! `println!`, `print!` and `eprintln!` (a test scans the sources for the latter), and
//! [`Stdout`] where code wants a `Write`.

use std::fmt;
use std::io::{self, Write};
use std::process;

/// Writes to standard output like `println!`; a failed write ends the program (see the
/// module docs).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::out::stdout_fmt(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::out::stdout_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes to standard output like `print!`; a failed write ends the program.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::out::stdout_fmt(format_args!($($arg)*))
    };
}

/// Writes a line to standard error like `eprintln!`; a failed write is ignored.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::out::stderr_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `args` to standard output and flushes; on failure, ends the program through
/// [`stdout_failed`].
pub fn stdout_fmt(args: fmt::Arguments<'_>) {
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_fmt(args).and_then(|()| o.flush()) {
        stdout_failed(&e);
    }
}

/// Writes `args` to standard error; a failure is ignored (there is nowhere left to report
/// it).
pub fn stderr_fmt(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}

/// What a failed write to standard output means for the process.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The reader went away: stop quietly with exit code 0.
    Closed,
    /// A real error (a full disk): report it and exit with code 2.
    Error,
}

/// Classifies a write error of standard output.
pub fn classify(e: &io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Error
    }
}

/// Ends the program after standard output failed: quietly with 0 on a closed pipe,
/// otherwise with one error line and exit code 2.
pub fn stdout_failed(e: &io::Error) -> ! {
    match classify(e) {
        Failure::Closed => process::exit(0),
        Failure::Error => {
            stderr_fmt(format_args!("error: cannot write standard output: {e}\n"));
            process::exit(2)
        }
    }
}

/// Standard output as a `Write` whose failures end the program the same way (for code that
/// takes a writer, such as `play`). Its writes never return an error.
pub struct Stdout(io::StdoutLock<'static>);

impl Stdout {
    /// Locks standard output.
    pub fn lock() -> Self {
        Stdout(io::stdout().lock())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.write(buf) {
            Ok(n) => Ok(n),
            Err(e) => stdout_failed(&e),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self.0.flush() {
            Ok(()) => Ok(()),
            Err(e) => stdout_failed(&e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_quiet_and_a_full_disk_is_an_error() {
        assert_eq!(
            classify(&io::Error::from(io::ErrorKind::BrokenPipe)),
            Failure::Closed
        );
        assert_eq!(
            classify(&io::Error::from(io::ErrorKind::StorageFull)),
            Failure::Error
        );
    }

    /// `println!`, `print!`, `eprintln!` and `eprint!` panic when their stream fails: no
    /// source file of the binary uses them; this module's macros take their place.
    #[test]
    fn defect_3_no_panicking_print_macro_remains_in_the_cli_sources() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut offenders = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == "out.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                for m in ["println!", "print!", "eprintln!", "eprint!", "dbg!"] {
                    let hit = line.match_indices(m).any(|(at, _)| {
                        // `print!` inside `eprint!` and `println!` are the same hit;
                        // `outln!`/`errln!` are ours.
                        let before = line[..at].chars().next_back();
                        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    });
                    if hit {
                        offenders.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                        break;
                    }
                }
            }
        }
        assert!(
            offenders.is_empty(),
            "use outln!/out!/errln!:\n{}",
            offenders.join("\n")
        );
    }
}
