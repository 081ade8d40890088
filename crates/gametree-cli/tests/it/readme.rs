//! README.md is true line by line (issue #49): the output it shows is what its commands
//! print, numbers included (times normalised), the durations it states are the newest
//! measurements of docs/measurements.md, and it stays short and names no year. The Python
//! snippet's output is checked by the Python suite (`crates/gametree-py/tests/test_readme.py`).

use std::collections::BTreeSet;
use std::fs;

use crate::{ok, repo_root};

fn read(path: &str) -> String {
    fs::read_to_string(repo_root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The words of a command line as a shell splits them: whitespace separates words, double
/// quotes keep theirs together (the README's commands use no other quoting).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "an unclosed quote in {line}");
    if any {
        words.push(word);
    }
    words
}

/// The arguments of the README's command line that starts with `gametree PREFIX` (after
/// `gametree`, without its `# comment`).
fn readme_command(readme: &str, prefix: &str) -> Vec<String> {
    let lines: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with(&format!("gametree {prefix}")))
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "one README line `gametree {prefix}`: {lines:?}"
    );
    let command = lines[0].split(" #").next().unwrap();
    let words = shell_words(command);
    assert_eq!(words[0], "gametree");
    words[1..].to_vec()
}

/// The lines of the first fenced block of kind `kind` (```text) after `after` in `text`.
fn block_after<'a>(text: &'a str, after: &str, kind: &str) -> Vec<&'a str> {
    let at = text
        .find(after)
        .unwrap_or_else(|| panic!("{after:?} in README"));
    let fence = format!("```{kind}\n");
    let start = at + text[at..].find(&fence).expect("a fenced block") + fence.len();
    let len = text[start..].find("```").expect("the block ends");
    text[start..start + len].lines().collect()
}

/// A line with its durations and rates replaced by `T` (`120 games in 1.6 s (4414.9 games
/// per minute)` becomes `120 games in T s (T games per minute)`); the rest of the line is
/// unchanged, spacing included.
fn normalise_times(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let is_number = |w: &str| {
        let w = w.trim_start_matches('(');
        !w.is_empty() && w.parse::<f64>().is_ok()
    };
    let unit = |w: &str| {
        matches!(
            w.trim_end_matches([',', ')', ';']),
            "s" | "ms" | "min" | "games"
        )
    };
    (0..words.len())
        .map(|i| {
            let next = words.get(i + 1).copied().unwrap_or("");
            let per = words.get(i + 2) == Some(&"per");
            if is_number(words[i]) && unit(next) && (next != "games" || per) {
                if words[i].starts_with('(') {
                    "(T"
                } else {
                    "T"
                }
            } else {
                words[i]
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tournament sample: the README's lines are, in order and without a gap, lines of what
/// its tournament command prints (it showed 120 finished, 0 adjudicated, maxn 46.0 wins and
/// 8829 nodes per move while the command printed 118/2, 43.7 and 8135 in every run).
#[test]
fn the_readme_tournament_sample_is_what_the_command_prints() {
    let readme = read("README.md");
    let args = readme_command(&readme, "tournament");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let printed = ok(&args);
    let printed: Vec<String> = printed.lines().map(normalise_times).collect();
    let sample: Vec<String> = block_after(&readme, "The tournament above", "text")
        .into_iter()
        .map(normalise_times)
        .collect();
    assert!(sample.len() >= 3, "{sample:?}");
    let found = printed
        .windows(sample.len())
        .any(|w| w == sample.as_slice());
    assert!(
        found,
        "README's tournament sample is not what `gametree {}` prints.\nREADME:\n{}\nprinted:\n{}",
        args.join(" "),
        sample.join("\n"),
        printed.join("\n")
    );
}

/// README's `--json` sentence names the keys of `gametree search --json`, the keys of its own
/// JSON example's output.
#[test]
fn the_readme_names_the_keys_of_search_json() {
    let readme = read("README.md");
    let sentence = readme
        .lines()
        .find(|l| l.starts_with("`--json` prints `{"))
        .expect("README's --json sentence");
    let inner = &sentence[sentence.find('{').unwrap() + 1..sentence.find('}').unwrap()];
    let named: BTreeSet<String> = inner
        .split(',')
        .map(|k| k.trim().trim_matches('"').to_string())
        .collect();
    let args = readme_command(&readme, "search --tree examples/trees/design-example.json");
    let root = repo_root();
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            if a.starts_with("examples/") {
                root.join(a).to_string_lossy().into_owned()
            } else {
                a.clone()
            }
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let json: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
    let keys: BTreeSet<String> = json.as_object().unwrap().keys().cloned().collect();
    assert_eq!(named, keys, "{sentence}");
}

/// The words that make a number a duration (`3 min 36 s`, `4 minutes`, `2 s`).
const UNITS: [&str; 10] = [
    "s", "ms", "min", "h", "second", "seconds", "minute", "minutes", "hour", "hours",
];

/// Every duration a text states, as written: runs of `NUMBER UNIT` (`3 min 36 s`, `about 4
/// minutes` gives `4 minutes`, `12 to 15 minutes` gives `15 minutes`) and `a UNIT` (`under
/// half a minute` gives `a minute`); of a code block only the comments count (`# under a
/// second`), and code spans are left out (flags such as `--time-ms 500` are no durations).
fn durations(text: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            if let Some((_, comment)) = line.split_once("# ") {
                prose.push_str(comment);
                prose.push('\n');
            }
        } else {
            // Code spans out: every other piece between backquotes.
            for (i, piece) in line.split('`').enumerate() {
                if i % 2 == 0 {
                    prose.push_str(piece);
                }
                prose.push(' ');
            }
            prose.push('\n');
        }
    }
    let raw: Vec<&str> = prose.split_whitespace().collect();
    let words: Vec<&str> = raw
        .iter()
        .map(|w| w.trim_matches(|c: char| "(),.;:".contains(c)))
        .collect();
    let is_unit = |w: &str| UNITS.contains(&w);
    let is_count = |w: &str| w == "a" || w == "an" || w.parse::<f64>().is_ok();
    // A run goes on past a unit only when no punctuation ends it (`3 min 36 s`, not
    // `a minute, 3 min`).
    let goes_on = |i: usize| !raw[i].ends_with([',', '.', ';', ':', ')']);
    let mut found = Vec::new();
    let mut i = 0;
    while i + 1 < words.len() {
        if is_count(words[i]) && is_unit(words[i + 1]) {
            let mut end = i + 2;
            while end + 1 < words.len()
                && goes_on(end - 1)
                && is_count(words[end])
                && is_unit(words[end + 1])
            {
                end += 2;
            }
            found.push(words[i..end].join(" "));
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// The figures docs/measurements.md says README quotes (its lines `README quotes:
/// **FIGURE**`), each checked to be in its section's newest entry (the first bullet).
fn quoted_figures(page: &str) -> Vec<String> {
    let mut figures = Vec::new();
    for section in page.split("\n## ").skip(1) {
        let Some(line) = section.lines().find(|l| l.starts_with("README quotes: **")) else {
            continue;
        };
        let figure = line["README quotes: **".len()..]
            .split("**")
            .next()
            .unwrap()
            .to_string();
        let title = section.lines().next().unwrap();
        // The newest entry: from the first bullet to the next bullet or the section's end,
        // its lines joined (a figure may wrap).
        let start = section
            .find("\n- **")
            .unwrap_or_else(|| panic!("docs/measurements.md, {title}: no dated entry"));
        let rest = &section[start + 1..];
        let end = rest[1..].find("\n- ").map_or(rest.len(), |e| e + 1);
        let newest = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            newest.contains(&figure),
            "docs/measurements.md, {title}: README quotes {figure:?}, which is not in the newest \
             entry: {newest}"
        );
        figures.push(figure);
    }
    figures
}

/// Every duration README states is a figure of docs/measurements.md's newest measurements,
/// word for word, and every such figure is in README (it said "about 4 minutes" and "about
/// 12 to 15 minutes" where the page had measured 3 min 36 s and 10 min 20 s, and "under half
/// a minute" for searches measured nowhere).
#[test]
fn the_readme_durations_are_the_newest_measurements() {
    let readme = read("README.md");
    let page = read("docs/measurements.md");
    let figures = quoted_figures(&page);
    assert!(figures.len() >= 2, "{figures:?}");
    let stated = durations(&readme);
    assert!(!stated.is_empty());
    for d in &stated {
        assert!(
            figures.iter().any(|f| durations(f).contains(d)),
            "README states the duration {d:?}, which is no figure docs/measurements.md quotes \
             ({figures:?}): quote the page's newest measurement"
        );
    }
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    for f in &figures {
        assert!(
            words(&readme).contains(&words(f)),
            "docs/measurements.md says README quotes {f:?}, which README does not state"
        );
    }
}

/// The duration parser finds what it is for, and the figures' check catches a stale one.
#[test]
fn the_duration_checks_catch_what_they_are_for() {
    assert_eq!(
        durations(
            "It takes about 12 to 15 minutes, under half a minute, 3 min 36 s.\n`--time-ms \
             500`, 2 adjudicated\n```sh\nplay --time-ms 500 # 4 s\nplay --time-ms 500\n```"
        ),
        ["15 minutes", "a minute", "3 min 36 s", "4 s"]
    );
    let page = "# M\n\n## One\n\nREADME quotes: **3 min 36 s**\n\n- **Today**: 3 min\n  36 s in all.\n- **Before**: 4 min.\n";
    assert_eq!(quoted_figures(page), ["3 min 36 s"]);
    let stale = page.replace("- **Today**: 3 min\n  36 s", "- **Today**: 3 min\n  40 s");
    assert!(std::panic::catch_unwind(|| quoted_figures(&stale)).is_err());
    assert_eq!(
        normalise_times("120 games in 1.6 s (4414.9 games per minute)"),
        "120 games in T s (T games per minute)"
    );
    assert_eq!(
        normalise_times("maxn@d4   120  118/2"),
        "maxn@d4   120  118/2"
    );
}

/// README stays a page a newcomer reads whole (under 150 lines) and names no year in its
/// prose (the papers are named by `reproduce --list`).
#[test]
fn the_readme_is_short_and_names_no_year() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(lines < 150, "README.md has {lines} lines");
    let mut fenced = false;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            let year =
                word.len() == 4 && word.parse::<u32>().is_ok_and(|y| (1900..2100).contains(&y));
            assert!(!year, "README.md line {}: a year, {word}: {line}", n + 1);
        }
    }
}
