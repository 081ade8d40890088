//! No crate of the workspace has a module import cycle (the core's graph is also checked
//! for the edges it must have).
//!
//! Every `.rs` file under `src` is a module (`lib.rs` the crate, `a/mod.rs` and `a.rs` the
//! module `a`, `a/b.rs` the module `a::b`). The paths a file names in code (comments and
//! literals removed) are resolved to the modules they lead into: `crate::a::b`, `super::x`,
//! `self::x`, a path that starts with a child module's name, and every path of a `use`
//! tree (`use super::{a, b::c}`). An edge from a module to a module it names is lifted to
//! the level where the two part: `crate::search::engine::node` naming
//! `crate::search::two_player::minimax::INF` is the edge `engine -> two_player` among the
//! children of `search`. A module naming its own ancestor or descendant (a parent
//! re-exporting its children, a child using its parent's shared types) is no edge between
//! siblings. The test asserts that the sibling graph of every module is acyclic.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;
type Graph = BTreeMap<Module, BTreeSet<Module>>;

/// A cycle of `graph` (its nodes in order, the first repeated at the end), if any.
fn find_cycle(graph: &Graph) -> Option<Vec<Module>> {
    // 0 = unvisited, 1 = on the stack, 2 = done.
    fn visit(
        graph: &Graph,
        node: &Module,
        state: &mut BTreeMap<Module, u8>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|m| m == next).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(graph, next, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    let mut stack = Vec::new();
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(graph, node, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// The source without comments, string and character literals (replaced by spaces).
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c[i] == 'r'
            && (c.get(i + 1) == Some(&'"') || c.get(i + 1) == Some(&'#'))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= c.len() {
                    break;
                }
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push(' ');
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if c[i] == '\'' {
            // A character literal ('x', '\n', '\u{1F}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(' ');
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push(' ');
            } else {
                out.push(c[i]);
                i += 1;
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Identifiers and the punctuation that matters for paths.
fn tokens(src: &str) -> Vec<String> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphabetic() || c[i] == '_' {
            let s = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[s..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else if c[i].is_whitespace() {
            i += 1;
        } else {
            out.push(c[i].to_string());
            i += 1;
        }
    }
    out
}

/// The paths of a `use` tree starting at `t[*i]`, prefixed by `prefix`.
fn use_tree(t: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match t.get(*i).map(String::as_str) {
            Some("{") => {
                *i += 1;
                while *i < t.len() && t[*i] != "}" {
                    use_tree(t, i, &path, out);
                    if t.get(*i).map(String::as_str) == Some(",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            Some("*") => {
                *i += 1;
                out.push(path);
                return;
            }
            Some("self") if !path.is_empty() && path.len() == prefix.len() => {
                // `use a::{self}`: the prefix itself.
                *i += 1;
            }
            Some(s) if s.starts_with(|ch: char| ch.is_alphabetic() || ch == '_') => {
                path.push(s.to_string());
                *i += 1;
            }
            _ => {}
        }
        if t.get(*i).map(String::as_str) == Some("::") {
            *i += 1;
            continue;
        }
        if t.get(*i).map(String::as_str) == Some("as") {
            *i += 2;
        }
        out.push(path);
        return;
    }
}

/// The modules that the file of module `file_module` (source `src`) names, given every
/// module of the crate.
fn named_modules(file_module: &Module, src: &str, modules: &BTreeSet<Module>) -> BTreeSet<Module> {
    let t = tokens(&strip(src));
    let mut found = BTreeSet::new();
    // Inline modules (`mod tests { .. }`) opened, with the brace depth at which they close.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let is_ident = |s: &str| s.starts_with(|ch: char| ch.is_alphabetic() || ch == '_') && s != "as";
    while i < t.len() {
        let current: Module = file_module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let mut paths = Vec::new();
        match t[i].as_str() {
            "{" => {
                depth += 1;
                i += 1;
                continue;
            }
            "}" => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
                continue;
            }
            "mod" if t.get(i + 2).map(String::as_str) == Some("{") => {
                inline.push((t[i + 1].clone(), depth + 1));
                i += 2;
                continue;
            }
            "use" => {
                i += 1;
                if t.get(i).map(String::as_str) == Some("::") {
                    i += 1;
                }
                use_tree(&t, &mut i, &[], &mut paths);
            }
            s if is_ident(s) && (i == 0 || t[i - 1] != "::") => {
                let mut path = vec![s.to_string()];
                let mut j = i + 1;
                while t.get(j).map(String::as_str) == Some("::")
                    && t.get(j + 1).is_some_and(|s| is_ident(s))
                {
                    path.push(t[j + 1].clone());
                    j += 2;
                }
                i = j;
                if path.len() > 1 {
                    paths.push(path);
                }
            }
            _ => i += 1,
        }
        for p in paths {
            if let Some(m) = resolve(&current, &p, modules) {
                found.insert(m);
            }
        }
    }
    found
}

/// The module a path named in module `current` leads into (the longest module prefix of
/// the absolute path), if it names one of the crate's modules.
fn resolve(current: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let first = path.first()?;
    let abs: Vec<String> = match first.as_str() {
        "crate" => path[1..].to_vec(),
        "super" => {
            let mut base = current.clone();
            let mut k = 0;
            while path.get(k).map(String::as_str) == Some("super") {
                base.pop();
                k += 1;
            }
            base.extend_from_slice(&path[k..]);
            base
        }
        "self" => current.iter().chain(&path[1..]).cloned().collect(),
        _ => {
            let mut child = current.clone();
            child.push(first.clone());
            if !modules.contains(&child) {
                return None;
            }
            current.iter().chain(path).cloned().collect()
        }
    };
    (1..=abs.len())
        .rev()
        .map(|n| abs[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// The edge `from -> to` lifted to the level where the two modules part: the two children
/// of their deepest common ancestor that contain them, or `None` when one contains the other.
fn sibling_edge(from: &Module, to: &Module) -> Option<(Module, Module)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common >= from.len() || common >= to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

/// The sibling graph of every module, from the files (module, source).
fn sibling_graph(files: &[(Module, String)]) -> Graph {
    let modules: BTreeSet<Module> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = Graph::new();
    for (m, src) in files {
        for target in named_modules(m, src, &modules) {
            if let Some((a, b)) = sibling_edge(m, &target) {
                graph.entry(a).or_default().insert(b);
            }
        }
    }
    graph
}

fn module_of(src_dir: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src_dir).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    // `lib.rs` (a library) and `main.rs` (a binary, the command line) are the crate root.
    if stem != "mod" && !(parts.is_empty() && (stem == "lib" || stem == "main")) {
        parts.push(stem.to_string());
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The modules of the crate whose sources are under `src`, with their sources.
fn files_under(src: &Path) -> Vec<(Module, String)> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .iter()
        .map(|f| (module_of(src, f), std::fs::read_to_string(f).unwrap()))
        .collect()
}

fn crate_files() -> Vec<(Module, String)> {
    files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The `src` directory of every crate of the workspace (the directories of `crates/`),
/// by crate directory name.
fn workspace_sources() -> Vec<(String, PathBuf)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").is_file() && p.join("src").is_dir())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                p.join("src"),
            )
        })
        .collect();
    out.sort();
    out
}

fn show(cycle: &[Module]) -> String {
    cycle
        .iter()
        .map(|m| format!("crate::{}", m.join("::")))
        .collect::<Vec<_>>()
        .join(" -> ")
}

#[test]
fn the_core_has_no_module_import_cycle() {
    let files = crate_files();
    assert!(files.len() > 20, "found only {} files", files.len());
    let graph = sibling_graph(&files);
    // The parser sees the real dependencies (lifted to the level where they part)...
    let edge = |a: &str, b: &str| graph.get(&m(a)).is_some_and(|s| s.contains(&m(b)));
    assert!(edge("search::engine", "search::two_player"), "{graph:?}");
    assert!(
        edge("search::fridenfalk", "search::maxn_family"),
        "{graph:?}"
    );
    assert!(
        edge("search::engine::node", "search::engine::tt"),
        "{graph:?}"
    );
    assert!(edge("search", "hash"), "{graph:?}");
    // ...and the layout keeps its promises: the max^n family takes its hashing adapters
    // from `crate::hash`, not from the engine.
    assert!(!edge("search::maxn_family", "search::engine"), "{graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("module import cycle: {}", show(&cycle));
    }
}

#[test]
fn no_crate_of_the_workspace_has_a_module_import_cycle() {
    let sources = workspace_sources();
    let names: Vec<&str> = sources.iter().map(|(n, _)| n.as_str()).collect();
    for name in [
        "gametree",
        "gametree-games",
        "gametree-run",
        "gametree-lab",
        "gametree-cli",
    ] {
        assert!(names.contains(&name), "no crate {name} among {names:?}");
    }
    let mut cycles = Vec::new();
    for (name, src) in &sources {
        let files = files_under(src);
        assert!(!files.is_empty(), "{name}: no source files");
        if let Some(cycle) = find_cycle(&sibling_graph(&files)) {
            cycles.push(format!("{name}: {}", show(&cycle)));
        }
    }
    assert!(
        cycles.is_empty(),
        "module import cycles:\n{}",
        cycles.join("\n")
    );
}

fn m(path: &str) -> Module {
    path.split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut g = Graph::new();
    for (a, b) in edges {
        g.entry(m(a)).or_default().insert(m(b));
    }
    g
}

#[test]
fn the_cycle_finder_finds_a_planted_cycle_and_nothing_else() {
    let acyclic = graph_of(&[("a", "b"), ("b", "c"), ("a", "c"), ("d", "a")]);
    assert_eq!(find_cycle(&acyclic), None);
    let cyclic = graph_of(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "b"), ("e", "a")]);
    let cycle = find_cycle(&cyclic).expect("a cycle");
    assert_eq!(show(&cycle), "crate::b -> crate::c -> crate::d -> crate::b");
    let self_loop = graph_of(&[("a", "a")]);
    assert_eq!(find_cycle(&self_loop).map(|c| c.len()), Some(2));
}

#[test]
fn the_graph_lifts_edges_to_siblings_and_ignores_ancestors() {
    let files = vec![
        (m(""), "pub mod s; pub mod h;".to_string()),
        (m("h"), "use crate::game::Game;".to_string()),
        (
            m("s"),
            "pub mod e; pub mod f; pub use e::{x, y::{self, z}}; pub use self::f::g;".to_string(),
        ),
        (
            m("s::e"),
            "// use super::f::Hidden;\nuse super::{Config, f::Thing};\nlet s = \"crate::h\";"
                .to_string(),
        ),
        (
            m("s::f"),
            "mod tests { use super::super::e::X; }\nfn a() { crate::h::mix(1) }".to_string(),
        ),
    ];
    let graph = sibling_graph(&files);
    let want = graph_of(&[("s::e", "s::f"), ("s::f", "s::e"), ("s", "h")]);
    assert_eq!(graph, want);
    assert_eq!(
        find_cycle(&graph).map(|c| show(&c)).as_deref(),
        Some("crate::s::e -> crate::s::f -> crate::s::e")
    );
}

/// The lint exceptions (`allow` or `expect` attributes, each first on its line) in `text`
/// that give no `reason`, each as its line number and attribute text.
fn unexplained_lint_exceptions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for open in ["#[allow(", "#![allow(", "#[expect(", "#![expect("] {
        let mut from = 0;
        while let Some(at) = text[from..].find(open).map(|i| i + from) {
            let end = text[at..].find(")]").map_or(text.len(), |i| at + i + 2);
            let attr = &text[at..end];
            // An attribute starts its line (not one quoted in a string or a comment).
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let starts_line = text[line_start..at].trim().is_empty();
            if starts_line && !attr.contains("reason") {
                let line = text[..at].matches('\n').count() + 1;
                found.push((line, attr.to_string()));
            }
            from = at + open.len();
        }
    }
    found
}

/// Every lint exception of every crate (sources, tests, benches, examples) says why:
/// `#[expect(lint, reason = "...")]` (or `allow` with a reason where `expect` cannot be
/// fulfilled), never a bare `allow`.
#[test]
fn every_lint_exception_gives_its_reason() {
    assert_eq!(
        unexplained_lint_exceptions(
            "#[allow(dead_code)]\nfn f() {}\n  #[expect(x, reason = \"y\")]\nlet s = \"#[allow(x)]\";"
        ),
        vec![(1, "#[allow(dead_code)]".to_string())]
    );
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut bare = Vec::new();
    let mut files = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        for sub in ["src", "tests", "benches", "examples"] {
            let mut rs = Vec::new();
            rust_files_outside_node_modules(&dir.join(sub), &mut rs);
            for f in rs {
                files += 1;
                let text = std::fs::read_to_string(&f).unwrap();
                for (line, attr) in unexplained_lint_exceptions(&text) {
                    bare.push(format!("{}:{line}: {attr}", f.display()));
                }
            }
        }
    }
    assert!(files > 100, "only {files} Rust files found");
    assert!(
        bare.is_empty(),
        "lint exceptions without a reason:\n{}",
        bare.join("\n")
    );
}

/// The Rust files under `dir`, not looking into `node_modules` (the browser tests' npm
/// packages).
fn rust_files_outside_node_modules(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for p in rd.map(|e| e.unwrap().path()) {
        if p.is_dir() && !p.ends_with("node_modules") {
            rust_files_outside_node_modules(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The structs of `src` (comments and strings stripped) whose named fields include a
/// depth, a node count and a time (`depth`, `nodes` and a field starting with `time`).
fn budget_triples(src: &str) -> Vec<String> {
    let text = strip(src);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("struct ") {
        let after = &rest[at + "struct ".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        rest = after;
        // The body: from the first `{` before any `;` or `(` to its matching `}`.
        let Some(open) = after.find(['{', ';', '(']) else {
            break;
        };
        if !after[open..].starts_with('{') {
            continue;
        }
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let fields: Vec<&str> = after[open + 1..end]
            .split(',')
            .filter_map(|f| {
                // Skip attributes before the field, then its visibility.
                let f = f.rsplit(']').next().unwrap_or(f).trim_start();
                let f = f.strip_prefix("pub(crate)").unwrap_or(f).trim_start();
                let f = f.strip_prefix("pub ").unwrap_or(f);
                f.split_once(':').map(|(n, _)| n.trim())
            })
            .collect();
        let has = |p: &dyn Fn(&str) -> bool| fields.iter().any(|f| p(f));
        if has(&|f| f == "depth") && has(&|f| f == "nodes") && has(&|f| f.starts_with("time")) {
            found.push(name);
        }
    }
    found
}

/// The budget of a search is one type, `gametree_run::budget::Budget`: no other struct
/// of any crate holds a depth, a node count and a time, but the command line's flags
/// (`BudgetArgs`, clap's, which the run crate does not know), converted into it by `From`.
#[test]
fn the_budget_is_one_type() {
    assert_eq!(
        budget_triples(
            "/// struct Doc { depth: u32, nodes: u64, time_ms: u64 }\npub struct A {\n    #[serde(default)]\n    pub depth: Option<u32>,\n    pub(crate) nodes: u64,\n    time_ms: u64,\n}\nstruct B(u32);\nstruct C { depth: u32, nodes: u64 }\nstruct D;"
        ),
        vec!["A".to_string()]
    );
    let mut owners = Vec::new();
    for (krate, src) in workspace_sources() {
        let mut rs = Vec::new();
        rust_files(&src, &mut rs);
        for f in rs {
            let text = std::fs::read_to_string(&f).unwrap();
            for name in budget_triples(&text) {
                let file = f.strip_prefix(&src).unwrap().display().to_string();
                owners.push(format!("{krate}/src/{file}: {name}"));
            }
        }
    }
    assert_eq!(
        owners,
        vec![
            "gametree-cli/src/budget_args.rs: BudgetArgs".to_string(),
            "gametree-run/src/budget.rs: Budget".to_string()
        ]
    );
    let flags = workspace_sources()
        .into_iter()
        .find(|(krate, _)| krate == "gametree-cli")
        .map(|(_, src)| std::fs::read_to_string(src.join("budget_args.rs")).unwrap())
        .expect("the command line's sources");
    assert!(
        flags.contains("impl From<BudgetArgs> for Budget"),
        "the command line's budget flags convert into the one budget"
    );
}
