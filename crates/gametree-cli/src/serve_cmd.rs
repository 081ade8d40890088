//! `gametree serve`: the web explorer and its JSON API ([`gametree_web`], docs/serve.md).
//! This file only reads the flags.

use std::net::IpAddr;

use anyhow::{anyhow, Result};
use clap::Args;
use gametree_web::ServerConfig;

/// Arguments of `gametree serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: a free port, printed on standard output).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to bind: 127.0.0.1 (this machine only) by default; `0.0.0.0` serves
    /// every network the machine is on (a warning is printed).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The largest request body accepted, in bytes (413 above it).
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20,
          value_parser = clap::value_parser!(u64).range(1024..=(64 << 20)))]
    max_body: u64,
    /// The most milliseconds one search may run; a request may ask for less, never more.
    #[arg(long, value_name = "MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    max_time_ms: u64,
    /// The most nodes one search may visit; a request may ask for less, never more.
    #[arg(long, value_name = "N", default_value_t = 50_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// The most searches running at once (more wait, then get 429); the number of CPUs
    /// (at least 2) when omitted.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    max_searches: Option<u64>,
    /// The most prunes a traced search records (`trace_limit`; a larger one is refused, and
    /// a request without one gets the least of this and 100000).
    #[arg(long, value_name = "N", default_value_t = gametree_web::DEFAULT_MAX_TRACE,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    max_trace: u64,
}

/// Runs `gametree serve` until the process is stopped.
pub fn run(args: ServeArgs) -> Result<()> {
    let defaults = ServerConfig::default();
    let cfg = ServerConfig {
        host: args.host,
        port: args.port,
        max_body_bytes: args.max_body as usize,
        max_time_ms: args.max_time_ms,
        max_nodes: args.max_nodes,
        max_searches: args
            .max_searches
            .map_or(defaults.max_searches, |n| n as usize),
        queue_ms: defaults.queue_ms,
        max_trace: args.max_trace,
    };
    if !args.host.is_loopback() {
        errln!(
            "warning: --host {}: the explorer is reachable from other machines; it has no login",
            args.host
        );
    }
    let host = args.host;
    let port = args.port;
    gametree_web::run(cfg, |addr| outln!("listening on http://{addr}/"))
        .map_err(|e| anyhow!("--host {host} --port {port}: {e}"))
}
