//! The repository is self-contained: no tracked file names a path outside it, and every
//! relative link of every Markdown file leads to a file or directory of the repository. It
//! holds sources, not build products: no compiled library or executable is tracked, and no
//! file is larger than [`MAX_FILE_BYTES`].
//!
//! The files are those `git ls-files` lists; without git (a source archive) the work tree
//! is walked instead, skipping `target/` and hidden directories.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Texts that name something outside the repository. Spelled in pieces so that this file
/// does not contain them itself.
const OUTSIDE: [&str; 4] = [
    concat!("..", "/shared"),
    concat!("DESIGN", ".md"),
    concat!("TARGETS", ".md"),
    concat!("DOMAINS", ".md"),
];

/// A path into a directory of papers names the papers kept outside the repository, unless
/// it is the lab's module directory of the same name under `src`.
const PAPERS: &str = concat!("papers", "/");
const PAPERS_MODULE: &str = concat!("src/", "papers", "/");

/// The largest tracked file (data files included): anything larger is a build product or
/// a data set that belongs in a release, not in the sources. The largest tracked file is a
/// committed run of the strength experiment (`results/strength-decisive-2`: 1.7 MB of
/// indented JSON, with each match's per-group results and each rating's bootstrap
/// resamples, which the docs' verdicts and the budget ladder are recomputed from).
const MAX_FILE_BYTES: u64 = 2 << 20;

/// Extensions of build products (compiled libraries, objects, archives, Python bytecode).
const BUILT: [&str; 8] = ["so", "dylib", "dll", "o", "a", "rlib", "pyc", "whl"];

/// Why `file` (of `bytes` bytes, starting with `head`) is not a source: a build product's
/// extension, an ELF or Mach-O header, or its size; `None` when it is fine.
fn built_product(file: &Path, bytes: u64, head: &[u8]) -> Option<String> {
    let name = file.to_string_lossy();
    let ext = file.extension().map(|e| e.to_string_lossy().to_lowercase());
    if ext.as_deref().is_some_and(|e| BUILT.contains(&e)) {
        return Some(format!("{name}: a build product's extension"));
    }
    if head.starts_with(b"\x7fELF") || head.starts_with(&[0xcf, 0xfa, 0xed, 0xfe]) {
        return Some(format!("{name}: a compiled executable or library"));
    }
    if bytes > MAX_FILE_BYTES {
        return Some(format!("{name}: {bytes} bytes, above {MAX_FILE_BYTES}"));
    }
    None
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// Every file of the repository, relative to `root`.
fn files(root: &Path) -> Vec<PathBuf> {
    let listed = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .output();
    match listed {
        Ok(out) if out.status.success() => String::from_utf8(out.stdout)
            .expect("git paths are UTF-8")
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            // A file deleted in the work tree but not yet in the index is gone.
            .filter(|p| root.join(p).is_file())
            .collect(),
        _ => {
            let mut found = Vec::new();
            walk(root, Path::new(""), &mut found);
            found
        }
    }
}

fn walk(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(root.join(dir)).expect("a readable directory");
    for entry in entries {
        let entry = entry.expect("a readable directory entry");
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        let path = dir.join(&*name);
        if entry.file_type().expect("a file type").is_dir() {
            walk(root, &path, found);
        } else {
            found.push(path);
        }
    }
}

/// The text of a file, or `None` for binary files (not UTF-8, or holding a NUL byte).
fn text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).expect("a readable file");
    String::from_utf8(bytes).ok().filter(|t| !t.contains('\0'))
}

/// The references to outside paths in `text`, as `line: needle`.
fn outside_references(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for needle in OUTSIDE {
            if line.contains(needle) {
                found.push(format!("{}: {needle}", number + 1));
            }
        }
        for (at, _) in line.match_indices(PAPERS) {
            if !line[..at + PAPERS.len()].ends_with(PAPERS_MODULE) {
                found.push(format!("{}: {PAPERS}", number + 1));
            }
        }
    }
    found
}

/// The targets of the Markdown links in `text` (`[text](target)` and reference definitions
/// `[label]: target`), outside fenced code blocks, with the line of each.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            found.push((number + 1, target.to_string()));
            rest = &rest[end..];
        }
        let trimmed = line.trim_start();
        if let (true, Some(at)) = (trimmed.starts_with('['), trimmed.find("]: ")) {
            let target = trimmed[at + 3..].split_whitespace().next().unwrap_or("");
            found.push((number + 1, target.to_string()));
        }
    }
    found
}

/// Whether a link target leaves the page for the web or mail (not checked here).
fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:")
}

/// The broken relative links of the Markdown file `file` (relative to `root`).
fn broken_links(root: &Path, file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for (line, target) in links(text) {
        if is_external(&target) {
            continue;
        }
        let path = target.split('#').next().unwrap_or("");
        if path.is_empty() {
            if target.is_empty() {
                broken.push(format!("{}:{line}: empty link", file.display()));
            }
            continue; // an anchor on the same page
        }
        let resolved = match path.strip_prefix('/') {
            Some(from_root) => root.join(from_root),
            None => root.join(dir).join(path),
        };
        let inside = resolved
            .canonicalize()
            .map(|r| r.starts_with(root))
            .unwrap_or(false);
        if !inside {
            broken.push(format!("{}:{line}: {target}", file.display()));
        }
    }
    broken
}

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let root = root();
    let files = files(&root);
    assert!(
        files.iter().any(|f| f == Path::new("README.md")),
        "the file list holds README.md"
    );
    let mut found = Vec::new();
    for file in &files {
        if file.file_name().is_some_and(|n| n == "Cargo.lock") {
            continue;
        }
        let Some(text) = text(&root.join(file)) else {
            continue;
        };
        for place in outside_references(&text) {
            found.push(format!("{}:{place}", file.display()));
        }
    }
    assert_eq!(found, Vec::<String>::new(), "references to outside paths");
}

#[test]
fn no_build_product_or_oversized_file_is_tracked() {
    let root = root();
    let mut found = Vec::new();
    for file in files(&root) {
        let path = root.join(&file);
        let bytes = std::fs::metadata(&path).expect("a tracked file").len();
        let mut head = Vec::new();
        std::fs::File::open(&path)
            .and_then(|f| f.take(4).read_to_end(&mut head))
            .expect("a readable file");
        found.extend(built_product(&file, bytes, &head));
    }
    assert_eq!(found, Vec::<String>::new(), "build products in the sources");
}

#[test]
fn every_relative_markdown_link_resolves() {
    let root = root();
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in files(&root) {
        if file.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = text(&root.join(&file)).expect("Markdown is text");
        checked += links(&text).len();
        broken.extend(broken_links(&root, &file, &text));
    }
    assert!(checked > 0, "the Markdown files hold links to check");
    assert_eq!(broken, Vec::<String>::new(), "broken relative links");
}

#[test]
fn the_checks_catch_what_they_are_for() {
    // The scanner: each outside name is caught on its line; the lab's module directory is not.
    let planted = format!(
        "fine\nsee {}\nsee crates/gametree-lab/{PAPERS_MODULE}korf.rs\nand `{PAPERS}korf-1991.txt`",
        OUTSIDE[1]
    );
    assert_eq!(
        outside_references(&planted),
        vec![format!("2: {}", OUTSIDE[1]), format!("4: {PAPERS}")]
    );
    // The link reader: inline links and definitions, anchors kept, code blocks skipped.
    let page =
        "[a](x.md#part) and [b](https://example.org)\n```\n[c](in-code.md)\n```\n[d]: y.md\n";
    assert_eq!(
        links(page),
        vec![
            (1, "x.md#part".to_string()),
            (1, "https://example.org".to_string()),
            (5, "y.md".to_string()),
        ]
    );
    // The resolver: a planted bad link is reported, good ones (with anchors) are not.
    let root = root();
    let page = "[ok](../README.md#gametree) [dir](../crates) [same](#top) [bad](no-such-file.md)\n";
    assert_eq!(
        broken_links(&root, Path::new("docs/page.md"), page),
        vec!["docs/page.md:1: no-such-file.md".to_string()]
    );
    // The build-product check: an extension, an ELF header, a size; a source passes.
    let lib = Path::new("crates/x/_ext.abi3.so");
    assert!(built_product(lib, 10, b"").is_some());
    assert!(built_product(Path::new("bin/tool"), 10, b"\x7fELF").is_some());
    assert!(built_product(Path::new("data.csv"), MAX_FILE_BYTES + 1, b"a,b").is_some());
    assert_eq!(built_product(Path::new("src/lib.rs"), 100, b"//! "), None);
    let escape = "[out](../../outside.md)\n";
    assert_eq!(
        broken_links(&root, Path::new("docs/page.md"), escape),
        vec!["docs/page.md:1: ../../outside.md".to_string()]
    );
}
