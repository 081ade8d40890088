//! `index.html` of a reproduce output directory: one page linking every table and plot.
//!
//! [`write_index`] reads the directory as it is after a run, so the page also lists the
//! experiments an earlier run stored there. For every experiment of [`crate::papers::all`]
//! (in that order) whose manifest `PAPER/TABLE.manifest` is there, the page has a section
//! with the experiment's description, links to the files the manifest lists and the plots
//! shown inline. Files of a paper's directory that no manifest lists (left by an older run,
//! or written by hand) are linked under "other files", so every file in the directory is
//! reachable from the page. Hidden files (temporaries) are left out.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::io::write_atomic;
use crate::papers;

/// The index's file name in the output directory.
pub const INDEX: &str = "index.html";

/// Escapes `s` for HTML text and attribute values.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// The file names a manifest lists (only plain names inside the paper's directory).
fn manifest_files(path: &Path) -> Option<Vec<String>> {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    doc.get("files")?
        .as_array()?
        .iter()
        .map(|f| f.get("name")?.as_str().map(str::to_string))
        .filter(|n| n.as_ref().is_none_or(|n| !n.contains(['/', '\\'])))
        .collect()
}

/// The visible regular files of `dir`, sorted.
fn files_of(dir: &Path) -> BTreeSet<String> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return BTreeSet::new();
    };
    rd.filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.starts_with('.'))
        .collect()
}

/// The HTML of the index of `out`.
pub(crate) fn index_html(out: &Path) -> String {
    let mut h = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>gametree reproduce</title>\n<style>\n\
         body { font-family: sans-serif; max-width: 72em; margin: 2em auto; padding: 0 1em; }\n\
         img { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0; }\n\
         .files a { margin-right: 1em; }\n</style>\n</head>\n<body>\n\
         <h1>gametree reproduce</h1>\n\
         <p>Every table (markdown, CSV, JSON) and plot in this directory, paper by paper.</p>\n",
    );
    let experiments = papers::all();
    for paper in papers::papers_of(&experiments) {
        let dir = out.join(paper);
        let mut unclaimed = files_of(&dir);
        if unclaimed.is_empty() {
            continue;
        }
        let _ = writeln!(h, "<h2 id=\"{0}\">{0}</h2>", esc(paper));
        for e in experiments.iter().filter(|e| e.paper == paper) {
            let manifest = format!("{}.manifest", e.table);
            let Some(listed) = manifest_files(&dir.join(&manifest)) else {
                continue;
            };
            let present: Vec<String> = listed
                .into_iter()
                .chain([manifest])
                .filter(|n| unclaimed.remove(n))
                .collect();
            let _ = writeln!(
                h,
                "<h3 id=\"{0}/{1}\">{0} / {1}</h3>\n<p>{2}</p>",
                esc(e.paper),
                esc(e.table),
                esc(e.about)
            );
            section(&mut h, paper, &present);
        }
        if !unclaimed.is_empty() {
            let _ = writeln!(h, "<h3>other files of {}</h3>", esc(paper));
            section(&mut h, paper, &unclaimed.into_iter().collect::<Vec<_>>());
        }
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// Links to `files` of directory `paper`, then the plots among them as images.
fn section(h: &mut String, paper: &str, files: &[String]) {
    h.push_str("<p class=\"files\">");
    for f in files {
        let _ = write!(h, "<a href=\"{}/{}\">{}</a> ", esc(paper), esc(f), esc(f));
    }
    h.push_str("</p>\n");
    for f in files.iter().filter(|f| f.ends_with(".svg")) {
        let _ = writeln!(
            h,
            "<p><a href=\"{0}/{1}\"><img src=\"{0}/{1}\" alt=\"{1}\"></a></p>",
            esc(paper),
            esc(f)
        );
    }
}

/// Writes `OUT/index.html` (atomically) from what `out` holds now; returns its path.
pub fn write_index(out: &Path) -> Result<PathBuf, String> {
    let path = out.join(INDEX);
    write_atomic(&path, index_html(out).as_bytes())
        .map_err(|x| format!("{}: {x}", path.display()))?;
    Ok(path)
}
