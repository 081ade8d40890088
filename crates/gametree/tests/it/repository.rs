//! The repository is self-contained: no tracked file names a path outside it, and every
//! relative link of every Markdown file leads to a file or directory of the repository.
//!
//! The files are those `git ls-files` lists; without git (a source archive) the work tree
//! is walked instead, skipping `target/` and hidden directories.

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
    let escape = "[out](../../outside.md)\n";
    assert_eq!(
        broken_links(&root, Path::new("docs/page.md"), escape),
        vec!["docs/page.md:1: ../../outside.md".to_string()]
    );
}
