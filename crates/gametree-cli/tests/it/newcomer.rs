//! What a newcomer reads first (issue #31): the help, the README's examples and lists, the
//! cluster page's SLURM script, and the small slips of the command line's output.

use std::fs;

use crate::{gametree, ok, repo_root, scratch};

fn read(path: &str) -> String {
    fs::read_to_string(repo_root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The names of the subcommands in the "Commands:" section of `gametree --help`.
fn commands_of_help(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// `gametree --help` names every command in its first line (it named 5 of 11).
#[test]
fn the_help_line_names_every_command() {
    let help = ok(&["--help"]);
    let commands = commands_of_help(&help);
    assert!(commands.len() >= 11, "{commands:?} in:\n{help}");
    let first = help.lines().next().unwrap();
    for c in &commands {
        assert!(
            first
                .split(|ch: char| !ch.is_alphanumeric())
                .any(|w| w == c),
            "the first line of --help does not name `{c}`: {first}"
        );
    }
}

/// docs/cluster.md's SLURM script is, character for character, the file
/// `scripts/slurm/table-1.sbatch` that the SLURM test (scripts/slurm/test) submits.
#[test]
fn the_cluster_page_quotes_the_slurm_script() {
    let script = read("scripts/slurm/table-1.sbatch");
    let page = read("docs/cluster.md");
    let section = &page[page.find("\n## SLURM\n").expect("a SLURM section")..];
    let start = section.find("```bash\n").expect("a bash block") + "```bash\n".len();
    let len = section[start..].find("```").expect("the block ends");
    assert_eq!(
        &section[start..start + len],
        script,
        "docs/cluster.md's SLURM script differs from scripts/slurm/table-1.sbatch"
    );
    assert!(script.contains("#SBATCH --array=0-15"));
}

/// The README's list of algorithms names every algorithm of `gametree list` (it left out
/// brs, brs-plus and mcts).
#[test]
fn the_readme_names_every_algorithm() {
    let readme = read("README.md");
    let list = &readme[readme
        .find("Algorithms: ")
        .expect("the README's algorithm list")..];
    let list = &list[..list.find("(`gametree list`)").expect("the list ends")];
    let names: Vec<&str> = list
        .trim_start_matches("Algorithms: ")
        .split(',')
        .map(|w| w.trim().trim_start_matches("and ").trim())
        .collect();
    let json: serde_json::Value = serde_json::from_str(&ok(&["list", "--json"])).unwrap();
    for a in json["algorithms"].as_array().unwrap() {
        let name = a["name"].as_str().unwrap();
        assert!(
            names.contains(&name),
            "README's algorithm list lacks {name}: {names:?}"
        );
    }
}

/// The README's `draw` examples write outside the repository (they wrote `fig3.svg` and
/// `brs.svg` into its root).
#[test]
fn the_readme_draw_examples_write_outside_the_repository() {
    let readme = read("README.md");
    let draws: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with("gametree draw"))
        .collect();
    assert!(!draws.is_empty());
    for line in draws {
        let out = line
            .split_whitespace()
            .skip_while(|w| *w != "--out")
            .nth(1)
            .unwrap_or_else(|| panic!("no --out: {line}"));
        assert!(out.starts_with("/tmp/"), "{line}");
    }
}

/// One experiment is `1 experiment`, and `--out DIR` ends with a line saying what was written
/// where (it said `results in results`), just before the verdict counts; `merge` says the
/// same, and `1 part`.
#[test]
fn reproduce_and_merge_say_what_they_wrote() {
    let dir = scratch("newcomer-wrote");
    let out = dir.join("results");
    let parts = dir.join("parts");
    let merged = dir.join("merged");
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let o = gametree(&[
        "reproduce",
        "sturtevant-2003/table-10",
        "--quick",
        "--out",
        &s(&out),
    ]);
    assert!(o.status.success());
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.contains("quick mode: 1 experiment, 2 rows, "),
        "{first}"
    );
    // The legend's `too-few` covers its use on hundreds of games too (the strength
    // experiment's inconclusive claims), not only "under 5 samples".
    let legend = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("too-few "))
        .expect("the too-few legend line");
    assert!(
        legend.contains("under 5") && legend.contains("inconclusive"),
        "{legend}"
    );
    let wrote = format!(
        "wrote the tables and plots to {} (open {})",
        out.display(),
        out.join("index.html").display()
    );
    // The line before the last (the verdict counts, issue #49), on standard output.
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[lines.len() - 2], wrote, "{stdout}");
    assert!(lines[lines.len() - 1].starts_with("verdicts of 2 rows: 2 exact, "));
    assert!(!stdout.contains("results in") && !stderr.contains("results in"));
    ok(&[
        "reproduce",
        "sturtevant-2003/table-10",
        "--quick",
        "--shard",
        "0/1",
        "--out",
        &s(&parts),
    ]);
    let o = gametree(&["merge", "--out", &s(&merged), &s(&parts)]);
    assert!(o.status.success());
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stdout.starts_with("merged 1 part, 1 items"), "{stdout}");
    assert!(
        stderr.contains("wrote the tables and plots to "),
        "{stderr}"
    );
}

/// `perft --json` prints its time as whole nanoseconds in milliseconds, never a binary
/// fraction's tail (`0.0016229999999999999`); the searches' `elapsed_ms` is the core's
/// test `elapsed_milliseconds_print_as_whole_nanoseconds`.
#[test]
fn perft_json_time_has_at_most_six_decimals() {
    for _ in 0..20 {
        let json: serde_json::Value = serde_json::from_str(&ok(&[
            "perft",
            "--game",
            "tictactoe",
            "--depth",
            "2",
            "--json",
        ]))
        .unwrap();
        let text = json["elapsed_ms"].to_string();
        let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
        assert!(decimals <= 6, "elapsed_ms {text}");
    }
}

/// docs/reproduce.md describes `--json` as the object it is, `{"meta", "rows"}` (it said
/// "a JSON array").
#[test]
fn the_reproduce_page_describes_its_json() {
    let page = read("docs/reproduce.md");
    assert!(
        !page.contains("JSON array"),
        "docs/reproduce.md still says a JSON array"
    );
    let line = page
        .lines()
        .find(|l| l.starts_with("gametree reproduce") && l.contains("--json"))
        .expect("an example with --json");
    assert!(line.contains(r#"{"meta", "rows"}"#), "{line}");
    let args: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
    let json: serde_json::Value = serde_json::from_str(&ok(&args[1..])).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["meta", "rows"]);
}

/// `bench` says what it measures before it starts and a line per configuration as it goes,
/// on stderr, and titles its table (it was silent for half a minute, then printed an
/// untitled table).
#[test]
fn bench_says_what_it_measures_as_it_goes() {
    let o = gametree(&["bench", "--depths", "4,6"]);
    assert!(o.status.success());
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with("bench: 9 engine configurations x depths 4, 6, connect four"),
        "{stderr}"
    );
    assert_eq!(lines.len(), 10, "{stderr}");
    for l in &lines[1..] {
        assert!(
            l.starts_with("bench: ") && l.contains(": d4 ") && l.contains(", d6 "),
            "{l}"
        );
    }
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with(
            "Connect four from the empty board: nodes searched and milliseconds to depth 4, 6"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("| enhancement |"), "{stdout}");
}

/// `draw` counts in words that agree with the number (`1 prune`, not `1 prunes`), on stderr
/// and in the picture's title.
#[test]
fn draw_counts_agree_with_their_nouns() {
    let dir = scratch("newcomer-draw");
    let svg = dir.join("immediate.svg");
    let tree = repo_root().join("docs/concepts/immediate.json");
    let o = gametree(&[
        "draw",
        "--tree",
        tree.to_str().unwrap(),
        "--algorithm",
        "shallow",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr
            .trim_end()
            .ends_with(": 6 nodes drawn, 4 visited, 1 prune"),
        "{stderr}"
    );
    let text = fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains(">shallow: 4 nodes, 2 leaves, 1 prune<"),
        "{text}"
    );
}
