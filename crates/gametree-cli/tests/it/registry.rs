//! Every game of the registry through every command: `list` and `list --json` show it,
//! `search`, `perft`, `show`, `tournament` and `play` accept it; an unknown game is refused
//! with the known names.

use std::io::Write;
use std::process::{Command, Stdio};

use gametree_games::registry::{self, GameVisitor, Kind, Playable};
use serde_json::Value;

use crate::{expect_error, ok};

/// Players and the first legal move's name at the start, read through the registry.
struct Start;

impl GameVisitor for Start {
    type Output = (usize, String);
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> (usize, String)
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        (game.players(), game.move_name(state, moves[0]))
    }
}

#[test]
fn list_and_list_json_show_every_registered_game() {
    let text = ok(&["list"]);
    let v: Value = serde_json::from_str(&ok(&["list", "--json"])).expect("JSON");
    let games = v["games"].as_array().expect("games");
    let entries = registry::entries();
    assert_eq!(games.len(), entries.len());
    for (g, e) in games.iter().zip(&entries) {
        let l = &e.listing;
        assert_eq!(g["name"], l.name);
        assert_eq!(g["spec"], l.syntax);
        assert_eq!(g["about"], l.about);
        assert!(
            text.contains(&format!("  {:<56} {}\n", l.syntax, l.about)),
            "{}",
            l.name
        );
    }
}

#[test]
fn an_unknown_game_is_refused_by_every_command_with_the_known_names() {
    let known = format!(
        "unknown game `chess` (known: {})",
        registry::names().join(", ")
    );
    expect_error(&["search", "--game", "chess", "-a", "maxn"], &known);
    expect_error(&["perft", "--game", "chess", "-d", "1"], &known);
    expect_error(&["show", "--game", "chess"], &known);
    expect_error(&["tournament", "--game", "chess"], &known);
    expect_error(&["play", "--game", "chess", "--players", "human"], &known);
}

#[test]
fn every_command_accepts_every_registered_game() {
    for e in registry::entries() {
        let spec = e.listing.default_spec;
        let (players, first) = registry::visit(spec, None, Start).expect(spec);

        let v: Value = serde_json::from_str(&ok(&[
            "search", "--game", spec, "-a", "maxn", "-d", "1", "--json",
        ]))
        .expect("JSON");
        assert_eq!(v["stats"]["depth"], 1, "{spec}: {v}");
        assert!(
            v["best_move"].is_string() || v["best_move"].is_number(),
            "{spec}: {v}"
        );

        let v: Value =
            serde_json::from_str(&ok(&["perft", "--game", spec, "-d", "1", "--json"])).unwrap();
        assert!(v["leaves"].as_u64().unwrap() >= 1, "{spec}: {v}");

        let shown = ok(&["show", "--game", spec, "--color", "never"]);
        assert!(shown.contains(&first), "{spec}: {shown}");

        let args = [
            "tournament",
            "--game",
            spec,
            "--engines",
            "maxn",
            "--depth",
            "1",
            "--openings",
            "1",
            "--opening-plies",
            "0",
            "--json",
            "--quiet",
        ];
        match e.kind {
            Kind::Game => {
                let v: Value = serde_json::from_str(&ok(&args)).expect("JSON");
                assert!(v.is_object(), "{spec}: {v}");
            }
            Kind::Tree => expect_error(&args, "tournaments are played on games"),
        }

        // Every seat a person: the first legal move typed, then quit.
        let seats = vec!["human"; players].join(",");
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["play", "--game", spec, "--players", &seats, "--no-color"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{first}\nquit\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout.matches(" to move (").count(), 2, "{spec}: {stdout}");
        assert!(!stdout.contains("not a legal move"), "{spec}: {stdout}");
        assert!(stdout.contains("game abandoned"), "{spec}: {stdout}");
    }
}
