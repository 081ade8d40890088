//! `gametree reproduce`: unknown names, `--list`, the summary before the tables, lines that
//! fit a terminal, `--out` files and skipping, JSON rows and meta, and byte-identical rows
//! with one or two threads.

use std::process::{Command, Output};

use serde_json::Value;

use crate::{expect_error, gametree, ok, scratch};

fn with_threads(threads: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the gametree binary runs")
}

#[test]
fn unknown_paper_or_table_exits_2_and_lists_the_known_ones() {
    let out = gametree(&["reproduce", "nobody-1999", "--quick"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown paper `nobody-1999`"), "{err}");
    for p in ["fridenfalk-2014", "sturtevant-2003"] {
        assert!(err.contains(p), "{err}");
    }
    assert!(out.stdout.is_empty());
    let out = gametree(&["reproduce", "sturtevant-2003/table-99"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sturtevant-2003/table-10"), "{err}");
}

/// The fields of the table line of row `row` (the columns are separated by two spaces or
/// more).
fn columns(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn text_rows_and_json_rows() {
    let text = ok(&[
        "reproduce",
        "sturtevant-2003/table-10",
        "--quick",
        "--verbose",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("row "))
        .expect("a table header");
    assert_eq!(
        columns(lines[head]),
        [
            "row",
            "quantity",
            "paper value",
            "ours",
            "95% CI",
            "verdict"
        ]
    );
    let plain = lines
        .iter()
        .find(|l| l.contains("plain max^n expansions"))
        .expect("the plain max^n row");
    assert_eq!(
        columns(plain),
        [
            "uniform b=10 n=3 id depth 6",
            "plain max^n expansions",
            "1234560",
            "1234560",
            "-",
            "exact"
        ]
    );
    let at = lines
        .iter()
        .position(|l| *l == "== sturtevant-2003/table-10")
        .expect("the table's heading");
    assert_eq!(lines[at + 2], "2 rows: 2 exact");
    assert!(lines[at + 3].starts_with("wall time "), "{}", lines[at + 3]);
    let out = gametree(&["reproduce", "sturtevant-2003/table-10", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["ours"], 84927.0);
    assert_eq!(rows[1]["paper_value"], 84927.0);
    assert_eq!(rows[1]["verdict"], "exact");
    assert_eq!(rows[1]["ci95"], Value::Null);
    assert_eq!(rows[1]["samples"], Value::Null);
    // The eleven fields of every row and the `source` of an exact row (a formula here: the
    // paper prints the count rounded, "1.2 million", and the row's value is computed).
    let keys: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 12, "{keys:?}");
    assert_eq!(rows[0]["source"], "formula");
    assert_eq!(rows[1]["reason"], "");
    // The meta: version, commit, date, mode, time, and each experiment's parameters.
    let m = &v["meta"];
    assert_eq!(m["gametree_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(m["params"], "mode=full");
    assert!(m["git_commit"].as_str().is_some_and(|c| !c.is_empty()));
    assert!(m["date"]
        .as_str()
        .is_some_and(|d| d.ends_with('Z') && d.len() == 20));
    assert!(m["elapsed_s"].as_f64().is_some_and(|t| t >= 0.0));
    let e = &m["experiments"][0];
    assert_eq!(e["paper"], "sturtevant-2003");
    assert_eq!(e["table"], "table-10");
    assert_eq!(e["skipped"], false);
    assert!(e["params"].as_str().is_some_and(|p| !p.is_empty()), "{e}");
    assert_eq!(m["experiments"].as_array().unwrap().len(), 1);
}

/// The text output starts with the summary (title, legend, counts per paper, the rows that
/// differ) before any table (`--verbose` prints the tables), and no line is wider than 100
/// characters (but the one naming the --out directory, as long as its path). Sturtevant's quick
/// tables have rows of every verdict but `exact`-only ones, and the card games' `too-few`.
/// The run writes its files with `--out` (the text is the same), and a second run into the
/// same directory skips what is stored ([`rerun_skips_stored_results`]).
#[test]
fn summary_first_lines_fit_and_a_rerun_skips() {
    let dir = scratch("reproduce-out");
    let d = dir.to_string_lossy().into_owned();
    // One hand of Table 11 instead of quick mode's two: the same rows and verdicts (too few
    // either way) at half the cost.
    let args = [
        "reproduce",
        "sturtevant-2003",
        "--quick",
        "--hands",
        "1",
        "--verbose",
        "--out",
        &d,
    ];
    let text = ok(&args);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("gametree ")
            && lines[0].contains(" reproduce, quick mode: 6 experiments, "),
        "{}",
        lines[0]
    );
    // Every line but the one naming the --out directory, whose path is the user's.
    let widest = lines
        .iter()
        .filter(|l| !l.starts_with("wrote the tables and plots to "))
        .map(|l| l.chars().count())
        .max()
        .unwrap();
    assert!(widest <= 100, "a line of {widest} characters");
    let summary = lines
        .iter()
        .position(|l| *l == "Summary")
        .expect("a summary");
    let first_table = lines
        .iter()
        .position(|l| l.starts_with("== "))
        .expect("tables");
    assert!(summary < first_table);
    // The legend defines every verdict before the summary.
    for v in ["exact", "within", "differs", "measured", "too-few"] {
        let def = lines
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("{v} ")))
            .unwrap_or_else(|| panic!("{v} defined"));
        assert!(def < summary, "{v}");
    }
    assert_eq!(
        columns(lines[summary + 1]),
        ["paper", "rows", "exact", "within", "differs", "measured", "too-few"]
    );
    // The counts of the paper's line agree with the JSON rows.
    let counts = columns(lines[summary + 2]);
    assert_eq!(counts[0], "sturtevant-2003");
    // The JSON of the same rows, from the stored results of the run above (a rerun with
    // `--out` skips every experiment whose results are stored: no second run).
    let json = gametree(&[
        "reproduce",
        "sturtevant-2003",
        "--quick",
        "--hands",
        "1",
        "--json",
        "--out",
        &d,
    ]);
    assert!(json.status.success());
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        v["meta"]["experiments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["skipped"] == true),
        "{}",
        v["meta"]
    );
    let rows = v["rows"].as_array().unwrap();
    let n = |verdict: &str| rows.iter().filter(|r| r["verdict"] == verdict).count();
    let want: Vec<String> = [
        rows.len(),
        n("exact"),
        n("within"),
        n("differs"),
        n("measured"),
        n("too-few"),
    ]
    .iter()
    .map(usize::to_string)
    .collect();
    assert_eq!(counts[1..], want[..]);
    assert!(n("too-few") > 0, "the card games' rows in quick mode");
    // Every row that differs is listed in the summary, before the tables.
    let listed = lines[summary..first_table]
        .iter()
        .filter(|l| l.starts_with("  - "))
        .count();
    assert_eq!(listed, n("differs"));
    // A row without a verdict is a statistical row on too few samples, or one whose
    // interval reaches across the edge of its tolerance.
    for r in rows.iter().filter(|r| r["verdict"] == "too-few") {
        assert!(
            r["samples"].as_u64().unwrap() < 5 || r["ci95"].is_array(),
            "{r}"
        );
    }
    // The exact rows split by the source of the paper's value, in the text and the JSON:
    // the split sums to the exact rows, and Table 10's 84,927 is a number printed in the
    // paper.
    let by_source = &v["meta"]["summary"]["exact_by_source"];
    let split: Vec<usize> = ["printed", "formula", "example"]
        .iter()
        .map(|s| by_source[s].as_u64().unwrap() as usize)
        .collect();
    assert_eq!(split.iter().sum::<usize>(), n("exact"), "{by_source}");
    assert!(rows
        .iter()
        .filter(|r| r["verdict"] == "exact")
        .all(|r| r["source"].is_string()));
    let printed = rows
        .iter()
        .find(|r| r["table"] == "table-10" && r["paper_value"] == 84927)
        .expect("Table 10's best case");
    assert_eq!(printed["source"], "printed");
    let text_split = lines[summary..first_table]
        .iter()
        .find(|l| l.starts_with("exact by source: "))
        .expect("the split in the text summary");
    assert!(
        text_split.starts_with(&format!("exact by source: {} printed", split[0])),
        "{text_split}"
    );
    for r in rows
        .iter()
        .filter(|r| r["samples"].as_u64().is_some_and(|s| s < 5))
    {
        assert!(
            r["verdict"] == "too-few" || r["verdict"] == "measured",
            "{r}"
        );
    }
    rerun_skips_stored_results(&args, &dir);
}

#[test]
fn list_names_every_experiment_and_runs_nothing() {
    let out = gametree(&["reproduce", "--list"]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names.len(), 19, "{text}");
    assert_eq!(names[0], "korf-1991/best-case");
    assert!(names.contains(&"sturtevant-2003/table-12"));
    assert_eq!(names[17], "beyond/strength");
    assert_eq!(names[18], "beyond/mcts-tuning");
    assert!(text.lines().all(|l| l.chars().count() <= 100));
    let one = ok(&["reproduce", "--list", "fridenfalk-2014"]);
    let names: Vec<&str> = one
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "fridenfalk-2014/table-1",
            "fridenfalk-2014/table-2",
            "fridenfalk-2014/chess-case-study"
        ]
    );
    expect_error(&["reproduce", "--list", "--json"], "--json");
    expect_error(
        &["reproduce", "--list", "nobody-1999"],
        "unknown paper `nobody-1999`",
    );
}

/// After `args` (a quick `reproduce sturtevant-2003 --verbose --out dir`) ran: its files are there, none
/// half-written, and the same command again skips every stored experiment, leaving its files
/// as they were and still printing their rows.
fn rerun_skips_stored_results(args: &[&str], dir: &std::path::Path) {
    let base = dir.join("sturtevant-2003");
    let mut files: Vec<String> = std::fs::read_dir(&base)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for want in [
        "table-10.json",
        "table-10.md",
        "table-10.csv",
        "table-8.json",
        "table-8-growth.svg",
        "discrete-cutoffs.csv",
    ] {
        assert!(files.iter().any(|f| f == want), "{want} in {files:?}");
    }
    assert!(files.iter().all(|f| !f.ends_with(".tmp")), "{files:?}");
    let json = std::fs::read(base.join("table-8.json")).unwrap();
    let second = gametree(args);
    assert!(second.status.success());
    let md = String::from_utf8_lossy(&second.stdout);
    // Table 8, Table 10, the discrete cut-offs, the Chinese Checkers half of Table 10, and
    // the card games' Tables 11 and 12.
    assert_eq!(md.matches("skipped: stored results").count(), 6, "{md}");
    assert_eq!(std::fs::read(base.join("table-8.json")).unwrap(), json);
    // The skipped experiments' rows still print.
    let best = md
        .lines()
        .find(|l| l.contains("expansions (best case)"))
        .expect("the best-case row");
    assert_eq!(
        columns(best)[2..],
        ["84927", "84927", "-", "exact"],
        "{best}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The same seed gives byte-identical JSON rows with one thread and two (a parallel, random
/// experiment: Korf's average case in quick mode), one thread set by rayon's environment
/// variable, two by `--threads`. The meta beside them (date, times) differs from run to run.
#[test]
fn json_is_identical_with_one_or_two_threads() {
    let args = ["reproduce", "korf-1991/average-case", "--quick", "--json"];
    let one = with_threads("1", &args);
    let two = gametree(&[&args[..], &["--threads", "2"]].concat());
    assert!(one.status.success() && two.status.success());
    let rows = |o: &Output| -> String {
        // The rows' bytes as printed: everything after `"rows":` but the closing brace.
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let at = text.find("\"rows\":").expect("rows");
        text[at..].trim_end().to_string()
    };
    let (r1, r2) = (rows(&one), rows(&two));
    assert!(r1.len() > 1000);
    assert_eq!(r1, r2);
    let v: Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 204);
    // Random rows carry an interval.
    assert!(v["rows"][0]["ci95"].is_array());
    // The meta is outside the rows, and the rows are last.
    assert!(v["meta"].is_object());
    assert!(!r1.contains("\"meta\""));
}

/// `--threads 1` and `--threads 2` print the same report (timing fields aside: the head
/// line's elapsed time and each experiment's wall time); `--threads 0` is refused. Korf's
/// best case (a third of a second): the rows of the random, parallel average case are
/// compared with one thread and two by [`json_is_identical_with_one_or_two_threads`].
#[test]
fn threads_flag_gives_the_same_report_with_one_or_two_threads() {
    let run = |threads: &str| {
        let out = ok(&[
            "reproduce",
            "korf-1991/best-case",
            "--quick",
            "--verbose",
            "--threads",
            threads,
        ]);
        out.lines()
            .filter(|l| !l.starts_with("gametree ") && !l.starts_with("wall time "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (one, two) = (run("1"), run("2"));
    assert!(one.contains("== korf-1991/best-case"), "{one}");
    assert_eq!(one, two);
    expect_error(
        &["reproduce", "korf-1991", "--quick", "--threads", "0"],
        "--threads",
    );
}

/// The verdict line the rows of `reproduce SELECTION --quick --json --out DIR` give (stored
/// rows when DIR holds them): `verdicts of N rows: N exact, N within, N differs, N measured,
/// N too-few`.
fn verdict_line(selection: &str, dir: &str) -> String {
    let json = ok(&["reproduce", selection, "--quick", "--json", "--out", dir]);
    let v: Value = serde_json::from_str(&json).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let counts: Vec<String> = ["exact", "within", "differs", "measured", "too-few"]
        .iter()
        .map(|w| format!("{} {w}", rows.iter().filter(|r| r["verdict"] == *w).count()))
        .collect();
    format!("verdicts of {} rows: {}", rows.len(), counts.join(", "))
}

/// Issue #49: the main job's output ended on the last experiment's rows, its summary
/// thousands of lines up. Now the text output is the summary, then where the tables and
/// plots are, and last the verdict counts of every row; `--verbose` prints the tables after
/// the summary and then the summary again, ending the same way; `--out` says where it
/// wrote them. `--json` prints the JSON alone (its note about `--out` on stderr).
#[test]
fn the_last_line_counts_the_verdicts_after_the_summary_and_where_the_tables_are() {
    // --out first: the verdicts are then read from the stored rows, not computed again.
    let dir = scratch("reproduce-last-line");
    let d = dir.to_string_lossy().into_owned();
    let out_text = ok(&["reproduce", "knuth-moore", "--quick", "--out", &d]);
    let verdicts = verdict_line("knuth-moore", &d);
    let text = ok(&["reproduce", "knuth-moore", "--quick"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(verdicts.contains(" exact, ") && !verdicts.starts_with("verdicts of 0 "));
    assert_eq!(lines.last(), Some(&verdicts.as_str()), "{text}");
    assert_eq!(
        lines[lines.len() - 2],
        "no tables or plots written: --verbose prints the tables, --out DIR writes them and the \
         plots"
    );
    assert!(lines.contains(&"Summary"), "{text}");
    assert!(!lines.iter().any(|l| l.starts_with("== ")), "{text}");
    assert!(lines.len() < 40, "{} lines:\n{text}", lines.len());
    assert!(lines.iter().all(|l| l.chars().count() <= 100), "{text}");

    // --verbose: the tables, then the summary again, then the same two lines.
    let verbose = ok(&["reproduce", "knuth-moore", "--quick", "--verbose"]);
    let lines: Vec<&str> = verbose.lines().collect();
    assert_eq!(lines.last(), Some(&verdicts.as_str()), "{verbose}");
    assert_eq!(
        lines[lines.len() - 2],
        "the tables are above; no plots written (--out DIR writes the tables and the plots)"
    );
    let tables: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("== knuth-moore/"))
        .collect();
    assert_eq!(tables.len(), 2, "{verbose}");
    let summaries: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "Summary")
        .collect();
    assert_eq!(summaries.len(), 2, "{verbose}");
    assert!(summaries[0] < tables[0] && tables[1] < summaries[1]);
    // The closing summary is the opening one, word for word.
    let block = |from: usize| -> Vec<&str> {
        lines[from..]
            .iter()
            .copied()
            .take_while(|l| !l.is_empty())
            .collect()
    };
    assert_eq!(block(summaries[0]), block(summaries[1]));
    assert!(block(summaries[1]).len() >= 4, "{verbose}");

    // --out: the where-line names the directory and its index, the tables stay in the files.
    let text = out_text;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&verdicts.as_str()), "{text}");
    assert_eq!(
        lines[lines.len() - 2],
        format!(
            "wrote the tables and plots to {d} (open {})",
            dir.join("index.html").display()
        )
    );
    assert!(!lines.iter().any(|l| l.starts_with("== ")), "{text}");
    assert!(dir.join("knuth-moore/best-case.md").is_file());

    // --json: one JSON object on stdout, the note about --out on stderr; --verbose is for
    // the text.
    let o = gametree(&[
        "reproduce",
        "knuth-moore/best-case",
        "--quick",
        "--json",
        "--out",
        &d,
    ]);
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).expect("stdout is one JSON object");
    assert!(v["rows"].is_array());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("wrote the tables and plots to ")),
        "{stderr}"
    );
    expect_error(
        &["reproduce", "knuth-moore", "--quick", "--json", "--verbose"],
        "--verbose",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
