//! Every search of the command line runs on a thread whose stack is sized for its depth
//! ([`gametree_lab::stack`]): the least of the user's depth limit and the game's longest
//! line ([`Source::max_plies`]). A search that could go deeper than
//! [`gametree_lab::stack::MAX_PLIES`] is refused with an error naming the input.

use anyhow::Result;
use gametree_lab::stack::MAX_PLIES;

use crate::load::Source;

/// The deepest `--depth` a command accepts, as clap's range bound.
pub const MAX_DEPTH_FLAG: i64 = MAX_PLIES as i64;

/// The plies a search of `loaded` limited to `depth` (none: to the end of the game) can go
/// down; an error when that is beyond [`MAX_PLIES`].
pub fn search_plies(loaded: &Source<'_>, depth: Option<u32>) -> Result<u64> {
    Ok(loaded.search_plies(depth)?)
}

/// Runs `f` on a thread with a stack for a search `plies` deep.
pub fn on_search_thread<T: Send>(plies: u64, f: impl FnOnce() -> Result<T> + Send) -> Result<T> {
    gametree_lab::stack::on_search_thread(plies, f)?
}
