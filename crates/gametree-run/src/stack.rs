//! Stacks for deep searches: every search in gametree is recursive, one stack frame (or a
//! few) per ply, so a search `d` plies deep needs a stack that grows with `d`. A thread's
//! default stack (8 MiB for the main thread on Linux, 2 MiB for a spawned one) holds a few
//! thousand plies; a deeper search would overflow it and abort the process.
//!
//! [`on_search_thread`] runs a closure on a thread whose stack is sized for a search of a
//! given number of plies ([`stack_bytes`]), and refuses a search deeper than [`MAX_PLIES`]
//! with a [`StackError`] instead. The command line runs every search (search, perft, play,
//! tournament, bench) through it; a library user who searches deeper than a few thousand
//! plies should do the same (or size their own thread with [`stack_bytes`]).
//!
//! # The numbers
//!
//! [`PER_PLY_BYTES`] was measured by running each algorithm to a depth of 2,000 and 4,000
//! plies (Chinese Checkers on 37 holes with one move per position, so one line of play)
//! under decreasing stack limits and taking the slope. The largest frames, in release and
//! in the overflow-checked build alike, were: `speculative` with a table 1,007 bytes per ply,
//! `speculative` and `last-branch` 913, `maxn` with a table 753, `branch-and-bound` and
//! `shallow` about 735, `hypermax` 671, `maxn` 655, `nmax` 638, the two-player engine 466,
//! `pvs` 466, `paranoid` 479, `alphabeta` 430, `minimax` 303, perft 241. [`PER_PLY_BYTES`]
//! is four times the largest, for safety (other games' states, other compilers).

use std::thread;

/// Stack bytes reserved per ply of search depth (four times the largest frame measured).
pub const PER_PLY_BYTES: usize = 4096;

/// Stack bytes reserved besides the plies: the caller's own frames and the search's set-up.
pub const BASE_BYTES: usize = 8 << 20;

/// The deepest search the command line runs, in plies. The limit is not the stack (10,000
/// plies need 48 MiB of reserved address space) but the principal-variation table, which
/// holds one line per ply and so grows with the square of the depth: 10,000 plies keep up
/// to 50 million moves (about 100 MB for Chinese Checkers' 2-byte moves); 65,000 plies
/// would keep 2 billion.
pub const MAX_PLIES: u64 = 10_000;

/// Why a search thread cannot be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StackError {
    /// The search would go deeper than [`MAX_PLIES`].
    #[error("a search {plies} plies deep is beyond the limit of {max} plies", max = MAX_PLIES)]
    TooDeep {
        /// The plies asked for.
        plies: u64,
    },
    /// The system refused the thread (not enough address space for its stack).
    #[error("cannot start a search thread with a stack of {mib} MiB: {reason}")]
    Spawn {
        /// The stack size asked for, in MiB.
        mib: usize,
        /// The system's error, in words.
        reason: String,
    },
}

/// The stack a search of `plies` plies needs: [`BASE_BYTES`] plus [`PER_PLY_BYTES`] per
/// ply, or [`StackError::TooDeep`] beyond [`MAX_PLIES`].
pub fn stack_bytes(plies: u64) -> Result<usize, StackError> {
    if plies > MAX_PLIES {
        return Err(StackError::TooDeep { plies });
    }
    // At most 8 MiB + 10,000 * 4 KiB: no overflow.
    Ok(BASE_BYTES + plies as usize * PER_PLY_BYTES)
}

/// Runs `f` on a new thread with a stack for a search of at most `plies` plies
/// ([`stack_bytes`]) and returns its result; `f` may borrow from the caller. A panic in `f`
/// is resumed in the caller.
pub fn on_search_thread<T: Send>(
    plies: u64,
    f: impl FnOnce() -> T + Send,
) -> Result<T, StackError> {
    let bytes = stack_bytes(plies)?;
    thread::scope(|s| {
        let handle = thread::Builder::new()
            .name("search".into())
            .stack_size(bytes)
            .spawn_scoped(s, f)
            .map_err(|e| StackError::Spawn {
                mib: bytes >> 20,
                reason: e.to_string(),
            })?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
