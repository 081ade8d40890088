//! Perft counts kept as data files (`tests/perft/*.perft`) and the small harness that reads
//! them: every move generator of the crate is checked against counts stored as data, not as
//! code. Record format (records separated by blank lines, `#` starts a comment line):
//!
//! ```text
//! id: start
//! game: connect-four
//! position: 4453          (optional; the game's own position notation; default: the start)
//! perft: 1 7              (depth, leaf count; as many lines as wanted)
//! perft: 2 49
//! ```
//!
//! `game` is a game spec as on the command line. A game joins the harness with one arm in
//! [`counts`].

use std::path::{Path, PathBuf};

use gametree::Game;
use gametree_games::perft::perft;
use gametree_games::spec::Spec;

/// One record of a `.perft` file.
#[derive(Debug, Default)]
struct Record {
    file: String,
    line: usize,
    id: String,
    game: String,
    position: Option<String>,
    perft: Vec<(u32, u64)>,
}

fn parse(path: &Path) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut records = Vec::new();
    let mut cur: Option<Record> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            records.extend(cur.take());
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{file}:{}: expected `key: value`", i + 1));
        let value = value.trim();
        let rec = cur.get_or_insert_with(|| Record {
            file: file.clone(),
            line: i + 1,
            ..Record::default()
        });
        match key.trim() {
            "id" => rec.id = value.to_string(),
            "game" => rec.game = value.to_string(),
            "position" => rec.position = Some(value.to_string()),
            "perft" => {
                let (d, n) = value
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{file}:{}: `perft: DEPTH COUNT`", i + 1));
                rec.perft.push((
                    d.trim().parse().unwrap(),
                    n.trim().replace('_', "").parse().unwrap(),
                ));
            }
            other => panic!("{file}:{}: unknown key `{other}`", i + 1),
        }
    }
    records.extend(cur);
    records
}

/// The perft counts of `rec`'s game and position at each of its depths.
fn counts(rec: &Record) -> Vec<u64> {
    let spec = Spec::parse(&rec.game).unwrap();
    let depths: Vec<u32> = rec.perft.iter().map(|&(d, _)| d).collect();
    fn run<G: Game>(g: &G, s: &G::State, depths: &[u32]) -> Vec<u64> {
        depths.iter().map(|&d| perft(g, s, d)).collect()
    }
    let pos = rec.position.as_deref();
    match spec.name() {
        "tictactoe" => {
            use gametree_games::tictactoe::TicTacToe;
            let g = TicTacToe;
            let s = pos.map_or_else(|| g.initial(), |p| TicTacToe::parse_position(p).unwrap());
            run(&g, &s, &depths)
        }
        "connect-four" => {
            use gametree_games::connect_four::ConnectFour;
            let g = ConnectFour;
            let s = pos.map_or_else(|| g.initial(), |p| ConnectFour::parse_position(p).unwrap());
            run(&g, &s, &depths)
        }
        "chinese-checkers" => {
            let g = gametree_games::chinese_checkers::ChineseCheckers::from_spec(&spec).unwrap();
            let s = pos.map_or_else(|| g.initial(), |p| g.parse_position(p).unwrap());
            run(&g, &s, &depths)
        }
        "rolit" => {
            let g = gametree_games::rolit::Rolit::from_spec(&spec).unwrap();
            let s = pos.map_or_else(|| g.initial(), |p| g.parse_position(p).unwrap());
            run(&g, &s, &depths)
        }
        other => panic!(
            "{}:{}: no harness arm for game `{other}`",
            rec.file, rec.line
        ),
    }
}

fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_perft_file_matches_the_move_generators() {
    let files = perft_files();
    assert!(files.len() >= 3, "perft data files missing: {files:?}");
    let mut checked = 0;
    for path in files {
        for rec in parse(&path) {
            assert!(
                !rec.perft.is_empty(),
                "{}:{}: no perft line",
                rec.file,
                rec.line
            );
            let want: Vec<u64> = rec.perft.iter().map(|&(_, n)| n).collect();
            let got = counts(&rec);
            assert_eq!(got, want, "{}:{} ({})", rec.file, rec.line, rec.id);
            checked += want.len();
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

#[test]
fn the_harness_reads_records_and_notices_a_wrong_count() {
    let dir = std::env::temp_dir().join(format!("gametree-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.perft");
    std::fs::write(
        &path,
        "# comment\nid: a\ngame: tictactoe\nperft: 1 9\nperft: 2 72\n\nid: b\ngame: tictactoe\nposition: 5\nperft: 1 9\n",
    )
    .unwrap();
    let recs = parse(&path);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].perft, vec![(1, 9), (2, 72)]);
    assert_eq!(counts(&recs[0]), vec![9, 72]);
    // After X takes the centre, O has 8 moves, not 9: the stored 9 is caught.
    assert_eq!(recs[1].position.as_deref(), Some("5"));
    assert_ne!(counts(&recs[1]), vec![9]);
    assert_eq!(counts(&recs[1]), vec![8]);
}
