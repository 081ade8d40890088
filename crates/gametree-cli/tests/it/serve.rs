//! `gametree serve`: its API answers what `gametree search --json` and `gametree draw --json`
//! print for the same request (the server started as a user would, on a free port).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};

use crate::ok;

/// The path of a bundled example tree.
fn example(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/trees")
        .join(name)
}

/// The server, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gametree serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("a first line");
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the bound address on stdout, got {line:?}"))
        .to_string();
    Server { child, addr }
}

/// POSTs `body` to `path`; the status and the body text.
fn post(addr: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connects");
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("writes");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("reads");
    let (head, rest) = out.split_once("\r\n\r\n").expect("a head");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut text = String::new();
        let mut r = rest;
        while let Some((len, tail)) = r.split_once("\r\n") {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            text.push_str(&tail[..n]);
            r = &tail[n + 2..];
        }
        text
    } else {
        rest.to_string()
    };
    (status, body)
}

fn untimed(mut v: Value) -> Value {
    if let Some(s) = v.get_mut("stats").and_then(Value::as_object_mut) {
        s.remove("elapsed_ms");
    }
    v
}

fn tree_doc(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(example(name)).unwrap()).unwrap()
}

#[test]
fn serve_search_equals_the_cli_json() {
    let server = start();
    let cases: &[(&[&str], Value)] = &[
        (
            &[
                "--tree",
                "korf-1991-fig3-shallow-pruning.json",
                "-a",
                "shallow",
                "--trace",
            ],
            json!({"tree": tree_doc("korf-1991-fig3-shallow-pruning.json"), "algorithm": "shallow", "trace": true}),
        ),
        (
            &[
                "--tree",
                "sturtevant-2003-fig2-shallow-pruning.json",
                "-a",
                "branch-and-bound",
                "--trace",
            ],
            json!({"tree": tree_doc("sturtevant-2003-fig2-shallow-pruning.json"), "algorithm": "branch-and-bound", "trace": true}),
        ),
        (
            &[
                "--tree",
                "two-player-small.json",
                "-a",
                "alphabeta-failsoft",
                "--trace",
            ],
            json!({"tree": tree_doc("two-player-small.json"), "algorithm": "alphabeta-failsoft", "trace": true}),
        ),
        (
            &[
                "--game",
                "connect-four",
                "--position",
                "4453",
                "-a",
                "pvs",
                "--depth",
                "6",
            ],
            json!({"game": "connect-four", "position": "4453", "algorithm": "pvs", "depth": 6}),
        ),
        (
            &[
                "--game",
                "rolit(players=3)",
                "-a",
                "paranoid",
                "--depth",
                "3",
                "--iterative",
            ],
            json!({"game": "rolit(players=3)", "algorithm": "paranoid", "depth": 3, "iterative": true}),
        ),
        (
            &[
                "--game",
                "chinese-checkers(players=3,board=73)",
                "-a",
                "brs-plus",
                "--depth",
                "2",
            ],
            json!({"game": "chinese-checkers(players=3,board=73)", "algorithm": "brs-plus", "depth": 2}),
        ),
    ];
    for (flags, body) in cases {
        let mut args = vec!["search", "--json"];
        for f in flags.iter() {
            args.push(f);
        }
        let path;
        if args[2] == "--tree" {
            path = example(args[3]);
            args[3] = path.to_str().unwrap();
        }
        let cli: Value = serde_json::from_str(&ok(&args)).expect("CLI JSON");
        let (status, text) = post(&server.addr, "/api/search", &body.to_string());
        assert_eq!(status, 200, "{flags:?}: {text}");
        let api: Value = serde_json::from_str(&text).expect("API JSON");
        assert_eq!(untimed(api), untimed(cli), "{flags:?}");
    }
}

#[test]
fn serve_draw_answers_the_bytes_of_draw_json() {
    let server = start();
    for (name, algorithm) in [
        ("korf-1991-fig3-shallow-pruning.json", "shallow"),
        ("sturtevant-2003-fig1-maxn.json", "maxn"),
    ] {
        let path = example(name);
        let cli = ok(&[
            "draw",
            "--json",
            "--tree",
            path.to_str().unwrap(),
            "-a",
            algorithm,
        ]);
        let body = json!({"tree": tree_doc(name), "algorithm": algorithm}).to_string();
        let (status, api) = post(&server.addr, "/api/draw", &body);
        assert_eq!(status, 200, "{name}: {api}");
        let (cli, api): (Value, Value) = (
            serde_json::from_str(&cli).unwrap(),
            serde_json::from_str(&api).unwrap(),
        );
        // The same drawing, apart from the search's wall-clock time.
        let strip = |mut v: Value| {
            v["summary"]["stats"]["elapsed_ms"] = Value::Null;
            v["result"]["stats"]["elapsed_ms"] = Value::Null;
            v
        };
        assert_eq!(strip(api), strip(cli), "{name}");
    }
}
