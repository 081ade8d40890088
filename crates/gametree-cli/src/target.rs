//! The files of the command line. Output files (`draw --out`, `tournament --out`, `merge
//! --out`, `play --record`): one check before the work that fills them and one way to write
//! them, so every such flag refuses the same targets with the same words. Small input files
//! (`bench --expected`, `play --load`): one way to read them, [`read_text`].
//!
//! A file is written atomically ([`gametree_lab::io::write_atomic`]: a temporary file in the
//! target's directory, renamed over the target), and only ever replaces a regular file (a
//! symbolic link is written through to the regular file it names). [`check`] refuses,
//! before any work, what the write would fail on: a target that is not a regular file
//! ([`gametree_lab::io::resolve_target`]), and a directory in which no file can be made
//! (read-only, or `/proc`, whose files exist but cannot be replaced).

use std::fs;
use std::io::Read;
use std::path::Path;

use anyhow::{anyhow, Result};

/// Checks that `path`, the file of option `flag` (`--out`), can be written, before the work
/// whose output it takes: it is missing, a regular file, or a symbolic link to one
/// ([`gametree_lab::io::resolve_target`]), and a file can be made in its directory (made
/// when missing, as the write would), where the atomic write puts its temporary file (a
/// probe, removed at once). Nothing existing is changed. The error is one line naming the
/// option, the file and what is wrong.
pub fn check(flag: &str, path: &Path) -> Result<()> {
    let real = gametree_lab::io::resolve_target(path).map_err(|e| anyhow!("{flag}: {e}"))?;
    let dir = real
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = real.file_name().unwrap_or_default().to_string_lossy();
    // The name of the write's own temporary file, so a probe left by a killed process is
    // one that `gametree_lab::io::remove_stale_temps` knows.
    let probe = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    fs::create_dir_all(dir)
        .and_then(|()| fs::File::create(&probe))
        .and_then(|_| fs::remove_file(&probe))
        .map_err(|e| {
            anyhow!(
                "{flag}: {}: cannot be {}: no new file can be made in {}: {e}",
                path.display(),
                if real.exists() { "replaced" } else { "created" },
                dir.display()
            )
        })
}

/// Writes `bytes` to `path`, the file of option `flag`, atomically (see the module docs).
pub fn write(flag: &str, path: &Path, bytes: &[u8]) -> Result<()> {
    gametree_lab::io::write_atomic(path, bytes)
        .map_err(|e| anyhow!("{flag}: cannot write {}: {e}", path.display()))
}

/// Reads `path`, the file of option `flag`, as text: a regular file (or a symbolic link to
/// one) of at most `limit` bytes ([`gametree_lab::io::open_regular`]), read through
/// `take(limit)`. The error is one line naming the option, the file and what is wrong.
pub fn read_text(flag: &str, path: &Path, limit: u64) -> Result<String> {
    let mut text = String::new();
    gametree_lab::io::open_regular(path, limit)
        .map_err(|e| anyhow!("{flag} {e}"))?
        .take(limit)
        .read_to_string(&mut text)
        .map_err(|e| anyhow!("{flag} {}: cannot read: {e}", path.display()))?;
    Ok(text)
}
