//! The `gametree` command line: a thin front over the gametree libraries.
//!
//! Every error a user can cause (bad flags, files, specs, positions, an algorithm that
//! refuses the game) prints one clear line to stderr and exits with code 2.

mod load;
mod output;
mod perft_cmd;
mod reproduce_cmd;
mod search_cmd;

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
