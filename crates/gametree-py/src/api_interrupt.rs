//! Running a search with the GIL released, stopped by Ctrl-C.
//!
//! [`run_interruptible`] runs the search on its own thread (with a stack sized for its depth)
//! while the calling thread, without the GIL, waits for it and every [`POLL`] attaches to the
//! interpreter to run `Python::check_signals`. When a signal handler raises (Ctrl-C raises
//! `KeyboardInterrupt`), the search's [`Stop`] is requested, the search stops at its next
//! look at the clock (every [`gametree::search::DEADLINE_CHECK_INTERVAL`] units of work), and
//! the handler's exception is raised in place of the result. Signals reach only the main
//! thread of the interpreter; a search started from another thread runs to its end or its
//! limits.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use gametree::search::Stop;
use pyo3::exceptions::PyRuntimeError;
use pyo3::panic::PanicException;
use pyo3::prelude::*;

use crate::api_error::gametree_error;

/// How often the waiting thread looks for signals.
pub const POLL: Duration = Duration::from_millis(20);

thread_local! {
    /// The stop request of the searches this thread starts (one flag per thread, reused).
    static STOP: Stop = Stop::leak();
}

/// Runs `job` on a search thread whose stack fits a search `plies` deep, the GIL released,
/// handing it the [`Stop`] to put in its [`gametree::search::Limits::stop`]. Returns what
/// `job` returns, or the exception a signal handler raised meanwhile (`KeyboardInterrupt` on
/// Ctrl-C), or a `PanicException` if `job` panicked (a defect, never a crash of Python).
///
/// A job that calls back into Python (a game written in Python) attaches to the interpreter
/// itself (`Python::attach`) for each call; the waiting thread holds no GIL between polls.
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    plies: u64,
    job: impl FnOnce(Stop) -> T + Send,
) -> PyResult<T> {
    let stack = gametree_run::stack::stack_bytes(plies).map_err(gametree_error)?;
    let stop = STOP.with(|s| *s);
    stop.clear();
    py.detach(move || {
        std::thread::scope(|scope| {
            let (done_tx, done_rx) = mpsc::channel::<()>();
            let handle = std::thread::Builder::new()
                .name("gametree-search".into())
                .stack_size(stack)
                .spawn_scoped(scope, move || {
                    let out = job(stop);
                    // The receiver may be gone only if the waiting thread is, which it is not.
                    let _ = done_tx.send(());
                    out
                })
                .map_err(|e| {
                    PyRuntimeError::new_err(format!("cannot start a search thread: {e}"))
                })?;
            let mut raised: Option<PyErr> = None;
            loop {
                match done_rx.recv_timeout(POLL) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {
                        if raised.is_none() {
                            if let Err(e) = Python::attach(|py| py.check_signals()) {
                                stop.request();
                                raised = Some(e);
                            }
                        }
                    }
                }
            }
            let out = handle.join();
            stop.clear();
            if let Some(e) = raised {
                return Err(e);
            }
            out.map_err(|payload| {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a search panicked".to_string());
                PanicException::new_err(message)
            })
        })
    })
}
