//! The `gametree` command line: a thin front over the gametree libraries.
//!
//! Every error a user can cause (bad flags, files, specs, positions, an algorithm that
//! refuses the game) prints one clear line to stderr and exits with code 2; all output goes
//! through [`out`], so a closed pipe or a full disk never panics (docs/cli-behaviour.md).

#[macro_use]
mod out;

mod bench_cmd;
mod budget_args;
mod compare_cmd;
mod draw_cmd;
mod ladder_cmd;
mod merge_cmd;
mod output;
mod perft_cmd;
mod play_cmd;
mod reproduce_cmd;
mod search_cmd;
mod search_table;
mod serve_cmd;
mod show_cmd;
mod target;
mod tournament_cmd;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
    /// Draw a position of a game, with its legal moves (Chinese Checkers moves are cell
    /// numbers: `--cells` draws them).
    Show(show_cmd::ShowArgs),
    /// Play engines against each other in every seat assignment from random openings.
    Tournament(tournament_cmd::TournamentArgs),
    /// Decide a claim about two engines on a game ("A beats B"), playing until the
    /// decision or a cap of games.
    Compare(compare_cmd::CompareArgs),
    /// Which search for this game? Every search that can play it, in a round robin at one
    /// budget per move: the recommended engine and the pairs the data decide.
    Advise(compare_cmd::AdviseArgs),
    /// Play a game in the terminal: people and engines, one seat each.
    Play(play_cmd::PlayArgs),
    /// Nodes and time to depths 10, 12, 14 on connect four, per engine enhancement.
    Bench(bench_cmd::BenchArgs),
    /// Reproduce the papers' tables: ours beside the published numbers.
    Reproduce(reproduce_cmd::ReproduceArgs),
    /// Merge the parts of a sharded `reproduce` run into the files one process writes.
    Merge(merge_cmd::MergeArgs),
    /// Results at several budgets per move side by side (the strength experiment's, or any
    /// game's advice): each claim's decision and win rate by budget, each game's rating
    /// order and its Kendall tau.
    Ladder(ladder_cmd::LadderArgs),
    /// List every algorithm, every game with its spec parameters and move notation, and
    /// every leaf model of random trees.
    List(ListArgs),
    /// Serve the web explorer (searches drawn step by step, games to play) and its JSON API.
    Serve(serve_cmd::ServeArgs),
    /// Draw the search of one algorithm on a tree or a small game as an SVG picture.
    Draw(draw_cmd::DrawArgs),
}

/// Arguments of `gametree list`.
#[derive(clap::Args, Debug)]
struct ListArgs {
    /// Print one JSON object: `{"algorithms": [{"name", "about", "needs"}], "games": [{"name",
    /// "spec", "about"}], "leaf_models": [{"syntax", "about"}]}`.
    #[arg(long)]
    json: bool,
}

/// The command line parser: the derived one, with negative numbers taken as values, so
/// `--depth -1` is reported as a bad value of `--depth` rather than as an unknown flag.
fn command() -> clap::Command {
    Cli::command().mut_subcommands(|s| s.allow_negative_numbers(true))
}

/// Parses `args` (the program name first).
fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    Cli::from_arg_matches(&matches)
}

/// A usage error as one line: clap's message and its tip, without the usage block.
fn usage_error_line(e: &clap::Error) -> String {
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "error: no subcommand given; see `gametree --help`".to_string();
    }
    let text = e.render().to_string();
    let mut line = String::new();
    for part in text.lines().map(str::trim) {
        if part.starts_with("Usage:") || part.starts_with("For more information") {
            break;
        }
        if part.is_empty() {
            continue;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        if let Some(tip) = part.strip_prefix("tip:") {
            line.push_str(&format!("(tip:{tip})"));
        } else {
            line.push_str(part);
        }
    }
    if !line.starts_with("error:") {
        line.insert_str(0, "error: ");
    }
    line
}

fn main() -> ExitCode {
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // Usage errors: one line, code 2.
            errln!("{}", usage_error_line(&e));
            return ExitCode::from(2);
        }
        Err(e) => {
            // Help and version go to standard output as clap renders them, code 0.
            if let Err(err) = e.print() {
                out::stdout_failed(&err);
            }
            return ExitCode::SUCCESS;
        }
    };
    let result = match cli.command {
        Command::Search(args) => search_cmd::run(args),
        Command::Draw(args) => draw_cmd::run(args),
        Command::Perft(args) => perft_cmd::run(args),
        Command::Show(args) => show_cmd::run(args),
        Command::Tournament(args) => tournament_cmd::run(args),
        Command::Compare(args) => compare_cmd::run_compare(args),
        Command::Advise(args) => compare_cmd::run_advise(args),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Play(args) => play_cmd::run(args),
        Command::Reproduce(args) => reproduce_cmd::run(args),
        Command::Merge(args) => merge_cmd::run(args),
        Command::Ladder(args) => ladder_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::List(args) => {
            list(&args);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `gametree list`: read from the code (the algorithm registry, the game registry,
/// the leaf-model catalogue), never from a copy.
fn list(args: &ListArgs) {
    use gametree::search::{Needs, Searcher};
    use gametree_games::random_tree::LeafModel;
    use gametree_games::registry;
    if args.json {
        let algorithms: Vec<serde_json::Value> = Searcher::all()
            .iter()
            .map(|a| {
                serde_json::json!({
                    "name": a.name(),
                    "about": a.about(),
                    "needs": match a.needs() {
                        Needs::AnyGame => "any-game",
                        Needs::SetToMove => "set-to-move",
                    },
                })
            })
            .collect();
        let games: Vec<serde_json::Value> = registry::entries()
            .iter()
            .map(|e| {
                let l = &e.listing;
                let engine = e.default_engine.map(
                    |d| serde_json::json!({"searcher": d.searcher.name(), "reason": d.reason}),
                );
                serde_json::json!({"name": l.name, "spec": l.syntax, "about": l.about,
                    "default_engine": engine})
            })
            .collect();
        let leaf_models: Vec<serde_json::Value> = LeafModel::CATALOGUE
            .iter()
            .map(|(syntax, about)| serde_json::json!({"syntax": syntax, "about": about}))
            .collect();
        outln!(
            "{}",
            serde_json::json!({
                "algorithms": algorithms,
                "games": games,
                "leaf_models": leaf_models,
            })
        );
        return;
    }
    outln!("algorithms:");
    for a in Searcher::all() {
        outln!("  {:<20} {}", a.name(), a.about());
    }
    outln!("games:");
    for e in registry::entries() {
        outln!("  {:<56} {}", e.listing.syntax, e.listing.about);
        if let Some(d) = e.default_engine {
            outln!(
                "  {:<56} engine with 3+ players: {} ({})",
                "",
                d.searcher.name(),
                d.reason
            );
        }
    }
    outln!("leaf models of random trees (leaf=...):");
    for (syntax, about) in LeafModel::CATALOGUE {
        outln!("  {syntax:<22} {about}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every subcommand with its long flags, from the parser itself.
    fn flags() -> Vec<(String, Vec<String>)> {
        command()
            .get_subcommands()
            .map(|s| {
                let longs = s
                    .get_arguments()
                    .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                    .collect();
                (s.get_name().to_string(), longs)
            })
            .collect()
    }

    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "",
                " ",
                "0",
                "-0",
                "1",
                "-1",
                "65536",
                "65537",
                "4294967295",
                "4294967296",
                "-2147483649",
                "9223372036854775807",
                "-9223372036854775808",
                "18446744073709551615",
                "18446744073709551616",
                "340282366920938463463374607431768211456",
                "1e9",
                "0x10",
                "NaN",
                "inf",
                "--",
                "-",
                ",",
                ",,",
                "a,b",
                "always",
                "never",
                "human,engine",
                "maxn@d0",
                "maxn@n18446744073709551616",
                "random(players=7,b=2,d=2)",
                "tictactoe",
                "korf-1991/table-1",
                "\u{0}",
                "é",
                "💥",
                "\u{202e}",
            ])
            .prop_map(str::to_string),
            any::<i128>().prop_map(|n| n.to_string()),
            any::<u64>().prop_map(|n| n.to_string()),
            ".{0,12}",
        ]
    }

    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
        assert!(flags().len() >= 8);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Random argument vectors from the subcommands' real flags with extreme, empty,
        /// unicode or missing values: the parser never panics, and every usage error renders
        /// as one line.
        #[test]
        fn random_flags_never_panic_the_parser(
            sub in 0usize..16,
            picks in prop::collection::vec((0usize..64, prop::option::of(value())), 0..7),
        ) {
            let all = flags();
            let (name, longs) = &all[sub % all.len()];
            let mut args = vec!["gametree".to_string(), name.clone()];
            for (flag, v) in picks {
                // Now and then a flag of another subcommand.
                let pool = if flag % 13 == 0 { &all[flag % all.len()].1 } else { longs };
                if !pool.is_empty() {
                    args.push(pool[flag % pool.len()].clone());
                }
                if let Some(v) = v {
                    args.push(v);
                }
            }
            match parse(&args) {
                Ok(_) => {}
                Err(e) if e.use_stderr() => {
                    let line = usage_error_line(&e);
                    prop_assert!(line.starts_with("error: "), "{args:?}: {line}");
                    prop_assert!(!line.contains('\n'), "{args:?}: {line}");
                }
                Err(_) => {}
            }
        }
    }

    #[test]
    fn defect_15_usage_errors_render_as_one_line_naming_the_flag() {
        for (args, fragment) in [
            (&["gametree", "search", "--depth", "-1"][..], "--depth"),
            (&["gametree", "search", "--algorithm"], "--algorithm"),
            (&["gametree", "perft", "--game", "tictactoe"], "--depth"),
            (
                &["gametree", "tournament", "--openings", "-3", "--game", "x"],
                "--openings",
            ),
        ] {
            let e = parse(args).expect_err("a usage error");
            let line = usage_error_line(&e);
            assert!(
                !line.contains('\n') && line.contains(fragment),
                "{args:?}: {line}"
            );
        }
    }
}
