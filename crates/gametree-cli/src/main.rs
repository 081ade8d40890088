//! The `gametree` command line: a thin front over the gametree libraries.
//!
//! Every error a user can cause (bad flags, files, specs, positions, an algorithm that
//! refuses the game) prints one clear line to stderr and exits with code 2.

mod bench_cmd;
mod load;
mod output;
mod perft_cmd;
mod play_cmd;
mod reproduce_cmd;
mod search_cmd;
mod show_cmd;
mod stack;
mod tournament_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Game-tree search for two to six players.
#[derive(Parser, Debug)]
#[command(name = "gametree", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search a position of a game or an explicit tree with one algorithm.
    Search(search_cmd::SearchArgs),
    /// Count the leaf positions at a depth (move-generation check).
    Perft(perft_cmd::PerftArgs),
    /// Draw a position of a game, with its legal moves.
    Show(show_cmd::ShowArgs),
    /// Play engines against each other in every seat assignment from random openings.
    Tournament(tournament_cmd::TournamentArgs),
    /// Play a game in the terminal: people and engines, one seat each.
    Play(play_cmd::PlayArgs),
    /// Nodes and time to depths 10, 12, 14 on connect four, per engine enhancement.
    Bench(bench_cmd::BenchArgs),
    /// Reproduce the papers' tables: ours beside the published numbers.
    Reproduce(reproduce_cmd::ReproduceArgs),
    /// List the algorithms and games.
    List,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with code 0; usage errors exit with 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match cli.command {
        Command::Search(args) => search_cmd::run(args),
        Command::Perft(args) => perft_cmd::run(args),
        Command::Show(args) => show_cmd::run(args),
        Command::Tournament(args) => tournament_cmd::run(args),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Play(args) => play_cmd::run(args),
        Command::Reproduce(args) => reproduce_cmd::run(args),
        Command::List => {
            list();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn list() {
    println!("algorithms:");
    for a in gametree::search::Algorithm::ALL {
        println!("  {:<20} {}", a.name(), a.about());
    }
    println!("games:");
    for (spec, about) in load::GAMES {
        println!("  {spec:<56} {about}");
    }
}
