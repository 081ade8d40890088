//! Files written atomically: a temporary file in the same directory, flushed, then renamed
//! over the target, so a reader (or an interrupted run) never sees half a file.
//!
//! Only regular files are ever replaced. A target that exists and is anything else (a
//! directory, a device such as `/dev/full`, a named pipe, a socket) is refused with
//! [`TargetError::NotRegular`] before anything is written. A symbolic link is written
//! through on purpose: the new content replaces the regular file the link points to, and
//! the link itself stays (a link to nothing, or to something that is not a regular file,
//! is refused).
//!
//! The temporary file is `.NAME.PID.tmp` beside the target; a process killed between the
//! write and the rename leaves it behind, and [`remove_stale_temps`] removes such files of
//! processes that are no longer running.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why a path cannot be written by [`write_atomic`].
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// The path exists and is not a regular file (or a link to one).
    #[error("{}: is {what}, not a regular file; refusing to replace it", path.display())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is: "a directory", "a character device", ...
        what: &'static str,
    },
    /// The path is a symbolic link to nothing.
    #[error("{}: is a symbolic link to a missing file", path.display())]
    DanglingLink {
        /// The path as given.
        path: PathBuf,
    },
    /// A directory above the path exists and is not a directory.
    #[error("{}: cannot be created: {} is {what}, not a directory", path.display(), parent.display())]
    ParentNotDirectory {
        /// The path as given.
        path: PathBuf,
        /// The ancestor that is in the way.
        parent: PathBuf,
        /// What the ancestor is.
        what: &'static str,
    },
    /// The path names no file (`/`, `..`).
    #[error("{}: names no file", path.display())]
    NoFileName {
        /// The path as given.
        path: PathBuf,
    },
}

impl From<TargetError> for io::Error {
    fn from(e: TargetError) -> Self {
        io::Error::new(io::ErrorKind::InvalidInput, e)
    }
}

/// What a file type is, in words.
pub fn describe(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

/// The file [`write_atomic`] would replace for `path`: `path` itself when it is missing or a
/// regular file, the link's final target when it is a symbolic link to a regular file.
/// Anything else is a [`TargetError`]. Nothing is created or written: call it to check an
/// output path before a long computation.
pub fn resolve_target(path: &Path) -> io::Result<PathBuf> {
    if path.file_name().is_none() {
        return Err(TargetError::NoFileName { path: path.into() }.into());
    }
    let real = match fs::symlink_metadata(path) {
        // Missing, or a file above it is in the way (reported below).
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            path.to_path_buf()
        }
        Err(e) => return Err(e),
        Ok(m) if m.file_type().is_file() => path.to_path_buf(),
        Ok(m) if m.file_type().is_symlink() => {
            let real = fs::canonicalize(path).map_err(|e| {
                if e.kind() == io::ErrorKind::NotFound {
                    TargetError::DanglingLink { path: path.into() }.into()
                } else {
                    e
                }
            })?;
            let t = fs::metadata(&real)?.file_type();
            if !t.is_file() {
                return Err(TargetError::NotRegular {
                    path: path.into(),
                    what: describe(t),
                }
                .into());
            }
            real
        }
        Ok(m) => {
            return Err(TargetError::NotRegular {
                path: path.into(),
                what: describe(m.file_type()),
            }
            .into())
        }
    };
    // The nearest existing ancestor must be a directory (the rest is created).
    for parent in real.ancestors().skip(1) {
        if parent.as_os_str().is_empty() {
            break;
        }
        match fs::metadata(parent) {
            Ok(m) if m.is_dir() => break,
            Ok(m) => {
                return Err(TargetError::ParentNotDirectory {
                    path: path.into(),
                    parent: parent.into(),
                    what: describe(m.file_type()),
                }
                .into())
            }
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                continue
            }
            Err(e) => return Err(e),
        }
    }
    Ok(real)
}

/// Why a file cannot be read by [`open_regular`]. Every message starts with the file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The path is not a regular file (nor a link to one).
    #[error("{}: is {what}, not a regular file", path.display())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is: "a directory", "a named pipe", "a character device", ...
        what: &'static str,
    },
    /// The file is larger than the limit.
    #[error("{}: {bytes} bytes, more than the {limit} bytes allowed", path.display())]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// The file cannot be opened or inspected.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl ReadError {
    /// What is wrong, without the path.
    pub fn why(&self) -> String {
        match self {
            ReadError::NotRegular { what, .. } => format!("is {what}, not a regular file"),
            ReadError::TooLarge { bytes, limit, .. } => {
                format!("{bytes} bytes, more than the {limit} bytes allowed")
            }
            ReadError::Io { source, .. } => format!("cannot read: {source}"),
        }
    }
}

/// The regular `*.json` files directly in `dir`, by name (none when it cannot be read).
pub fn json_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Opens `path` for reading when it is a regular file (a symbolic link is followed) of at
/// most `limit` bytes. Anything else is refused before it is opened, with a
/// [`ReadError`]: a named pipe would block the open until some process writes to it, and
/// a device such as `/dev/zero` never ends. The opened file is checked again (it may have
/// been replaced in between); read it through `take(limit)` if it may still grow.
pub fn open_regular(path: &Path, limit: u64) -> Result<fs::File, ReadError> {
    let failed = |source| ReadError::Io {
        path: path.into(),
        source,
    };
    let check = |m: fs::Metadata| {
        if !m.is_file() {
            Err(ReadError::NotRegular {
                path: path.into(),
                what: describe(m.file_type()),
            })
        } else if m.len() > limit {
            Err(ReadError::TooLarge {
                path: path.into(),
                bytes: m.len(),
                limit,
            })
        } else {
            Ok(())
        }
    };
    check(fs::metadata(path).map_err(failed)?)?;
    let file = fs::File::open(path).map_err(failed)?;
    check(file.metadata().map_err(failed)?)?;
    Ok(file)
}

/// Whether `a` and `b` name the same existing file (one file under two names: a symbolic
/// or hard link, `.` or `..` in a path): the same device and inode on Unix, the same
/// canonical path elsewhere. `false` when either is missing.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Why a directory cannot take output files ([`prepare_dir`]). Every message starts with the
/// directory.
#[derive(Debug, thiserror::Error)]
pub enum DirError {
    /// The path exists and is not a directory.
    #[error("{}: is {what}, not a directory", path.display())]
    NotDirectory {
        /// The directory as given.
        path: PathBuf,
        /// What it is: "a regular file", "a character device", ...
        what: &'static str,
    },
    /// The directory is missing and cannot be created.
    #[error("{}: cannot create the directory: {source}", path.display())]
    Create {
        /// The directory as given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file cannot be written in the directory.
    #[error("{}: cannot write there: {source}", path.display())]
    Write {
        /// The directory as given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The temporary files of killed runs cannot be listed or removed.
    #[error("{}: {source}", path.display())]
    Clean {
        /// The directory as given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// The directory counterpart of [`resolve_target`]: makes sure `dir` is a directory files can
/// be written in (creating it and its parents when missing; anything else in its place is a
/// [`DirError::NotDirectory`]), checks a file can be written there (a probe file, removed
/// again), and removes the temporary files killed runs left in it ([`remove_stale_temps`]).
/// Cheap: call it before a long computation.
pub fn prepare_dir(dir: &Path) -> Result<(), DirError> {
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(m) => {
            return Err(DirError::NotDirectory {
                path: dir.into(),
                what: describe(m.file_type()),
            })
        }
        Err(_) => fs::create_dir_all(dir).map_err(|source| DirError::Create {
            path: dir.into(),
            source,
        })?,
    }
    let probe = dir.join(format!(".write-check.{}.tmp", std::process::id()));
    fs::File::create(&probe)
        .and_then(|f| f.sync_all())
        .map_err(|source| DirError::Write {
            path: dir.into(),
            source,
        })?;
    let _ = fs::remove_file(&probe);
    remove_stale_temps(dir).map_err(|source| DirError::Clean {
        path: dir.into(),
        source,
    })?;
    Ok(())
}

/// The temporary file of `name` written by this process in `dir`.
fn temp_path(dir: &Path, name: &std::ffi::OsStr) -> PathBuf {
    dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ))
}

/// Writes `bytes` to `path` atomically (temp file + fsync + rename). Creates the directory.
/// Refuses a target that is not a regular file and writes through a symbolic link (see the
/// module docs).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let real = resolve_target(path)?;
    let dir = real
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = real
        .file_name()
        .ok_or_else(|| io::Error::from(TargetError::NoFileName { path: path.into() }))?;
    let tmp = temp_path(dir, name);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, &real)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The process id of a temporary file name of [`write_atomic`] (`.NAME.PID.tmp`).
fn temp_owner(file_name: &str) -> Option<u32> {
    let stem = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, pid) = stem.rsplit_once('.')?;
    if name.is_empty() {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` may still be running: looked up in `/proc` where there is one;
/// elsewhere only this process counts as running (one run per directory at a time).
fn may_be_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    if proc.join("self").exists() {
        proc.join(pid.to_string()).exists()
    } else {
        false
    }
}

/// Removes the temporary files of [`write_atomic`] (`.NAME.PID.tmp`, regular files only)
/// that processes no longer running left in `dir` (not recursive). Returns the files
/// removed; a missing `dir` has none.
pub fn remove_stale_temps(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(removed),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let Some(pid) = entry.file_name().to_str().and_then(temp_owner) else {
            continue;
        };
        if !entry.file_type()?.is_file() || may_be_running(pid) {
            continue;
        }
        let p = entry.path();
        match fs::remove_file(&p) {
            Ok(()) => removed.push(p),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(removed)
}

/// The fingerprint of a file's bytes in a manifest: FNV-1a (64 bits) and the length,
/// `fnv1a64:<hex>:<length>`.
pub(crate) fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}:{}", bytes.len())
}

/// A file-name-safe digest of `text` ([`fingerprint`] with `-` for `:`).
pub(crate) fn digest(text: &str) -> String {
    fingerprint(text.as_bytes()).replace(':', "-")
}

/// Writes a progress note to standard error, above the progress bars when some are drawn
/// ([`gametree_run::runner::bars`]); a failed write is ignored (a closed terminal never stops an
/// experiment).
pub fn note(args: fmt::Arguments<'_>) {
    gametree_run::runner::bars().suspend(|| {
        let _ = writeln!(io::stderr().lock(), "{args}");
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gametree-lab-io-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn writes_and_replaces() {
        let dir = scratch("replace");
        let p = dir.join("a/b.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(p.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        let _ = fs::remove_dir_all(&dir);
    }

    fn refused(path: &Path, what: &str) {
        let e = write_atomic(path, b"x").expect_err("refused");
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains(what), "{e}");
        assert!(
            e.get_ref().is_some_and(|x| x.is::<TargetError>()),
            "typed: {e:?}"
        );
    }

    #[test]
    fn defect_8_a_directory_or_device_is_never_replaced() {
        let dir = scratch("special");
        let sub = dir.join("sub");
        fs::create_dir(&sub).unwrap();
        refused(&sub, "is a directory, not a regular file");
        assert!(sub.is_dir());
        #[cfg(unix)]
        {
            // A named pipe made by mkfifo.
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                refused(&fifo, "is a named pipe");
                use std::os::unix::fs::FileTypeExt;
                assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
            }
            // A link to a device (never the device itself: a test must not risk it) is
            // refused, and stays a link.
            let link = dir.join("to-null");
            std::os::unix::fs::symlink("/dev/null", &link).unwrap();
            refused(&link, "is a character device");
            assert!(fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
        }
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(
            names.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")),
            "{names:?}"
        );
        // A file in the way of the directory.
        let file = dir.join("file");
        fs::write(&file, b"keep").unwrap();
        let e = write_atomic(&file.join("x.json"), b"x").unwrap_err();
        assert!(e.to_string().contains("not a directory"), "{e}");
        assert_eq!(fs::read(&file).unwrap(), b"keep");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn defect_8_a_symlink_is_written_through_and_stays_a_link() {
        let dir = scratch("symlink");
        let target = dir.join("real.json");
        fs::write(&target, b"old").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
        let dangling = dir.join("dangling.json");
        std::os::unix::fs::symlink("missing.json", &dangling).unwrap();
        refused(&dangling, "symbolic link to a missing file");
        assert!(!dir.join("missing.json").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn open_regular_opens_regular_files_within_the_limit_only() {
        let dir = scratch("open-regular");
        let file = dir.join("part.json");
        fs::write(&file, b"12345").unwrap();
        assert!(open_regular(&file, 5).is_ok());
        let e = open_regular(&file, 4).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::TooLarge {
                    bytes: 5,
                    limit: 4,
                    ..
                }
            ),
            "{e:?}"
        );
        let e = open_regular(&dir, 100).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: is a directory, not a regular file", dir.display())
        );
        let e = open_regular(&dir.join("missing"), 100).unwrap_err();
        assert!(e.to_string().contains("cannot read"), "{e}");
        #[cfg(unix)]
        {
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                // Refused without opening: no writer, yet no blocking.
                let e = open_regular(&fifo, 100).unwrap_err();
                assert!(e.to_string().contains("is a named pipe"), "{e}");
            }
            let link = dir.join("to-zero");
            std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
            let e = open_regular(&link, 100).unwrap_err();
            assert!(e.to_string().contains("is a character device"), "{e}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn same_file_sees_one_file_under_two_names() {
        let dir = scratch("same-file");
        let a = dir.join("a.json");
        fs::write(&a, b"x").unwrap();
        fs::create_dir(dir.join("sub")).unwrap();
        assert!(same_file(&a, &dir.join("sub/../a.json")));
        assert!(same_file(&a, &dir.join("./a.json")));
        assert!(!same_file(&a, &dir.join("missing.json")));
        let b = dir.join("b.json");
        fs::write(&b, b"x").unwrap();
        assert!(!same_file(&a, &b));
        #[cfg(unix)]
        {
            let link = dir.join("link.json");
            std::os::unix::fs::symlink(&a, &link).unwrap();
            assert!(same_file(&link, &a));
            let hard = dir.join("hard.json");
            fs::hard_link(&a, &hard).unwrap();
            assert!(same_file(&hard, &a));
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stale_temps_of_dead_processes_are_removed() {
        let dir = scratch("stale");
        // A pid beyond any real one (Linux caps pids at 2^22).
        let dead = dir.join(".table-1.json.4294967295.tmp");
        let mine = dir.join(format!(".table-1.md.{}.tmp", std::process::id()));
        let other = dir.join(".notes.tmp");
        for p in [&dead, &mine, &other] {
            fs::write(p, b"x").unwrap();
        }
        let removed = remove_stale_temps(&dir).unwrap();
        assert_eq!(removed, vec![dead.clone()]);
        assert!(!dead.exists() && mine.exists() && other.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn prepare_dir_makes_checks_and_cleans_a_directory() {
        let dir = scratch("prepare");
        // Missing: made, with its parents; no probe file is left.
        let deep = dir.join("a/b");
        prepare_dir(&deep).unwrap();
        assert!(deep.is_dir());
        assert_eq!(fs::read_dir(&deep).unwrap().count(), 0);
        // Existing: stale temporary files of dead processes are removed.
        let dead = deep.join(".t.json.4294967295.tmp");
        fs::write(&dead, b"x").unwrap();
        prepare_dir(&deep).unwrap();
        assert!(!dead.exists());
        // Something else in its place, or in the way: typed errors naming the path.
        let file = dir.join("file");
        fs::write(&file, b"keep").unwrap();
        let e = prepare_dir(&file).unwrap_err();
        assert!(matches!(e, DirError::NotDirectory { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("{}: is a regular file, not a directory", file.display())
        );
        let below = file.join("below");
        let e = prepare_dir(&below).unwrap_err();
        assert!(matches!(e, DirError::Create { .. }), "{e:?}");
        assert!(
            e.to_string().starts_with(&format!(
                "{}: cannot create the directory: ",
                below.display()
            )),
            "{e}"
        );
        assert_eq!(fs::read(&file).unwrap(), b"keep");
        let _ = fs::remove_dir_all(&dir);
    }
}
