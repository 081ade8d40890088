//! The event log and the drawing (issue #16): on hundreds of seeded random trees, the log of
//! every drawable algorithm agrees with its counts, its prune trace and its value; turning
//! the log on changes nothing else; the SVG parsed as XML has the nodes, the pruned edges and
//! the principal variation the search and the replayed log say; and the bundled figures draw
//! as the papers describe them.

use std::collections::{BTreeMap, BTreeSet};

use gametree::rng::SplitMix64;
use gametree::search::{self, Algorithm, Config, CutoffKind, Events, SearchEvent};
use gametree::tree::{ExplicitTree, TreeEval};
use std::sync::Arc;

use gametree_run::draw::{self, DrawConfig, DrawInput, Drawing, EventKind, DRAWABLE};
use gametree_run::input::{self, Source};

/// A random tree: `players` players, maxsum 10, lower bound 0, branching 1 to 4 (so pruned
/// children exist), depth 1 to 5, leaf vectors summing to at most 10; every inner node has a
/// heuristic value (so any depth limit is valid) and, one in three, its exact subtree bounds
/// (so branch-and-bound prunes on entry).
fn random_tree(seed: u64, players: usize) -> ExplicitTree {
    let mut rng = SplitMix64::new(seed);
    let depth = 1 + rng.below(5) as u32;
    fn vector(rng: &mut SplitMix64, players: usize) -> Vec<i64> {
        let mut left = 10i64;
        (0..players)
            .map(|_| {
                let x = rng.range_i64(0, left);
                left -= x;
                x
            })
            .collect()
    }
    fn list(v: &[i64]) -> String {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
    /// The node's JSON and the least and greatest score of each player below it.
    fn node(
        rng: &mut SplitMix64,
        players: usize,
        ply: u32,
        depth: u32,
    ) -> (String, Vec<(i64, i64)>) {
        let leaf = ply == depth || (ply > 0 && rng.below(8) == 0);
        if leaf {
            let v = vector(rng, players);
            let range = v.iter().map(|&x| (x, x)).collect();
            return (format!("{{\"value\": [{}]}}", list(&v)), range);
        }
        let player = (ply as usize) % players;
        let b = 1 + rng.below(4);
        let mut range = vec![(i64::MAX, i64::MIN); players];
        let mut kids = Vec::new();
        for _ in 0..b {
            let (k, r) = node(rng, players, ply + 1, depth);
            for (a, c) in range.iter_mut().zip(r) {
                *a = (a.0.min(c.0), a.1.max(c.1));
            }
            kids.push(k);
        }
        let heuristic = vector(rng, players);
        let bounds = if rng.below(3) == 0 {
            let pairs: Vec<String> = range
                .iter()
                .map(|(lo, hi)| format!("[{lo},{hi}]"))
                .collect();
            format!(", \"bounds\": [{}]", pairs.join(","))
        } else {
            String::new()
        };
        (
            format!(
                "{{\"player\": {player}, \"value\": [{}]{bounds}, \"children\": [{}]}}",
                list(&heuristic),
                kids.join(",")
            ),
            range,
        )
    }
    let (root, _) = node(&mut rng, players, 0, depth);
    let text =
        format!("{{\"players\": {players}, \"maxsum\": 10, \"lower\": 0, \"root\": {root}}}");
    ExplicitTree::from_json_str(&text).expect("a valid random tree")
}

fn algorithm(name: &str) -> Algorithm {
    match name.parse::<search::Searcher>().expect("a known algorithm") {
        search::Searcher::Plain(a) => a,
        other => panic!("{other} is not a plain algorithm"),
    }
}

fn two_player_only(name: &str) -> bool {
    matches!(
        name,
        "minimax" | "alphabeta" | "alphabeta-failsoft" | "negamax"
    )
}

/// What the root's last backup must equal: the value vector (max^n family), or one number:
/// player 0's score (two-player) or the root player's (paranoid).
fn root_value(name: &str, r: &search::SearchResult<u32>) -> Vec<i64> {
    if two_player_only(name) {
        vec![r.value[0]]
    } else if name == "paranoid" {
        vec![r.score]
    } else {
        r.value.as_slice().to_vec()
    }
}

#[test]
fn event_log_agrees_with_the_counts_the_trace_and_the_value_on_random_trees() {
    let configs = [Config::unlimited(), Config::depth(2)];
    let mut checked = 0;
    let mut prunes_seen = 0;
    let mut re_searches_seen = 0;
    let mut entry_prunes = 0;
    for seed in 0..300u64 {
        for players in [2usize, 3, 4] {
            let t = random_tree(seed * 7 + players as u64, players);
            for &name in DRAWABLE {
                if two_player_only(name) && players != 2 {
                    continue;
                }
                for base in &configs {
                    let a = algorithm(name);
                    let traced = Config {
                        events: Events::Record,
                        ..*base
                    };
                    let plain = search::run(a, &t, &TreeEval, &0, base).unwrap();
                    let r = search::run(a, &t, &TreeEval, &0, &traced).unwrap();
                    let ctx = format!(
                        "{name}, seed {seed}, {players} players, {:?}",
                        base.limits.depth
                    );
                    // The log changes nothing else.
                    assert_eq!(r.value, plain.value, "{ctx}");
                    assert_eq!(r.pv, plain.pv, "{ctx}");
                    assert_eq!(r.stats.nodes, plain.stats.nodes, "{ctx}");
                    assert_eq!(r.stats.leaves, plain.stats.leaves, "{ctx}");
                    assert_eq!(r.stats.cutoffs, plain.stats.cutoffs, "{ctx}");
                    assert_eq!(r.stats.re_searches, plain.stats.re_searches, "{ctx}");
                    assert!(plain.events.is_empty(), "{ctx}: no log unless asked");
                    assert_eq!(r.events_dropped, 0, "{ctx}");
                    let count = |f: fn(&SearchEvent<u32>) -> bool| {
                        r.events.iter().filter(|e| f(e)).count() as u64
                    };
                    assert_eq!(
                        count(|e| matches!(e, SearchEvent::Visit { .. })),
                        r.stats.nodes,
                        "{ctx}: visits"
                    );
                    assert_eq!(
                        count(|e| matches!(e, SearchEvent::Leaf { .. })),
                        r.stats.leaves,
                        "{ctx}: leaves"
                    );
                    assert_eq!(
                        count(|e| matches!(e, SearchEvent::ReSearch { .. })),
                        r.stats.re_searches,
                        "{ctx}: re-searches"
                    );
                    let prunes: Vec<_> = r
                        .events
                        .iter()
                        .filter_map(|e| match e {
                            SearchEvent::Prune(p) => Some(p.clone()),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(
                        prunes.len() as u64,
                        r.stats.cutoffs.total(),
                        "{ctx}: prunes"
                    );
                    assert_eq!(prunes, r.trace, "{ctx}: the log's prunes are the trace");
                    // The first event visits the root, the last backs its value up.
                    assert_eq!(
                        r.events.first(),
                        Some(&SearchEvent::Visit { path: vec![] }),
                        "{ctx}"
                    );
                    match r.events.last() {
                        Some(SearchEvent::Backup { path, value }) => {
                            assert!(path.is_empty(), "{ctx}: the last backup is the root's");
                            assert_eq!(value, &root_value(name, &r), "{ctx}: the root's value");
                        }
                        // A root that is itself a leaf (none here: the root always has children).
                        other => panic!("{ctx}: the log ends with {other:?}"),
                    }
                    // Every leaf event follows the visit of the same node.
                    for w in r.events.windows(2) {
                        if let SearchEvent::Leaf { path, .. } = &w[1] {
                            assert_eq!(&w[0], &SearchEvent::Visit { path: path.clone() }, "{ctx}");
                        }
                    }
                    prunes_seen += prunes.len();
                    re_searches_seen += r.stats.re_searches;
                    entry_prunes += prunes
                        .iter()
                        .filter(|p| p.bounds.len() == 1 && p.kind == CutoffKind::BranchAndBound)
                        .count();
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 6000, "{checked} searches checked");
    assert!(
        prunes_seen > 1000,
        "only {prunes_seen} prunes: the trees prune too little"
    );
    assert!(re_searches_seen > 0, "no re-search on any tree");
    assert!(
        entry_prunes > 0,
        "no branch-and-bound prune by subtree bounds"
    );
}

/// The classes of every `<g id="node-..">` and `<g id="edge-..">` of the SVG, by id, and the
/// prune marks' kinds by edge id.
struct Svg {
    nodes: BTreeMap<String, BTreeSet<String>>,
    edges: BTreeMap<String, BTreeSet<String>>,
    marks: BTreeMap<String, (String, String)>,
}

fn parse_svg(svg: &str) -> Svg {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let mut out = Svg {
        nodes: BTreeMap::new(),
        edges: BTreeMap::new(),
        marks: BTreeMap::new(),
    };
    for n in doc.descendants().filter(|n| n.has_tag_name("g")) {
        let classes: BTreeSet<String> = n
            .attribute("class")
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let Some(id) = n.attribute("id") else {
            continue;
        };
        if let Some(node) = id.strip_prefix("node-") {
            assert!(classes.contains("node"), "{id}");
            assert!(
                out.nodes.insert(node.to_string(), classes).is_none(),
                "{id} twice"
            );
        } else if let Some(edge) = id.strip_prefix("edge-") {
            assert!(classes.contains("edge"), "{id}");
            for m in n.children().filter(|c| c.has_tag_name("g")) {
                if m.attribute("class") == Some("prune-mark") {
                    out.marks.insert(
                        edge.to_string(),
                        (
                            m.attribute("data-kind").unwrap_or("").to_string(),
                            m.attribute("data-bound").unwrap_or("").to_string(),
                        ),
                    );
                }
            }
            assert!(
                out.edges.insert(edge.to_string(), classes).is_none(),
                "{id} twice"
            );
        }
    }
    out
}

fn kind_name(k: CutoffKind) -> String {
    serde_json::to_value(k)
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

/// The structural checks every drawing of a tree passes.
fn check_drawing(d: &Drawing, tree: &ExplicitTree, ctx: &str) {
    let svg = parse_svg(&d.svg);
    // Every node of the tree once, every edge into a non-root node once.
    assert_eq!(svg.nodes.len(), tree.len(), "{ctx}: nodes in the SVG");
    assert_eq!(d.nodes.len(), tree.len(), "{ctx}: nodes in the JSON");
    assert_eq!(svg.edges.len(), tree.len() - 1, "{ctx}: edges in the SVG");
    // Replaying the log gives the SVG's classes.
    let replayed = draw::replay(&d.nodes, &d.events);
    for (id, (visited, pruned)) in &replayed {
        let classes = &svg.nodes[id];
        assert_eq!(
            classes.contains("visited"),
            *visited,
            "{ctx}: node {id} {classes:?}"
        );
        assert_eq!(classes.contains("unvisited"), !*visited, "{ctx}: node {id}");
        assert_eq!(
            classes.contains("pruned"),
            pruned.is_some(),
            "{ctx}: node {id}"
        );
        if let Some(k) = pruned {
            let class = format!("prune-{}", kind_name(*k));
            assert!(classes.contains(&class), "{ctx}: node {id} lacks {class}");
            let edge = &svg.edges[id];
            assert!(
                edge.contains("pruned") && edge.contains(&class),
                "{ctx}: edge {id}"
            );
            assert_eq!(svg.marks[id].0, kind_name(*k), "{ctx}: mark on edge {id}");
        }
    }
    // The edges drawn pruned are exactly the children the trace's prunes left out: the
    // children of each traced node after its last child visited before the prune.
    let drawn: BTreeSet<&String> = svg
        .edges
        .iter()
        .filter(|(_, c)| c.contains("pruned"))
        .map(|(id, _)| id)
        .collect();
    assert_eq!(
        drawn,
        svg.marks.keys().collect(),
        "{ctx}: a mark on each pruned edge"
    );
    let mut from_trace = BTreeSet::new();
    let mut expected_count = 0u64;
    for e in d.events.iter().filter(|e| e.kind == EventKind::Prune) {
        let b = e.bound.as_ref().unwrap();
        assert_eq!(
            b.pruned.len() as u32,
            b.pruned_children,
            "{ctx}: prune at {}",
            e.node
        );
        expected_count += u64::from(b.pruned_children);
        for c in &b.pruned {
            let parent = c.rsplit_once('.').map_or("r", |(p, _)| p);
            assert_eq!(parent, e.node, "{ctx}: {c} is a child of {}", e.node);
            from_trace.insert(c.clone());
        }
    }
    let trace = d.result["trace"].as_array().unwrap();
    let traced: u64 = trace
        .iter()
        .map(|t| t["pruned_children"].as_u64().unwrap())
        .sum();
    assert_eq!(traced, expected_count, "{ctx}: the trace's pruned children");
    assert_eq!(trace.len() as u64, d.summary.prunes, "{ctx}");
    // A child pruned and later visited (a re-search) is not drawn pruned.
    let visited_later: BTreeSet<String> = replayed
        .iter()
        .filter(|(_, (v, p))| *v && p.is_none())
        .map(|(id, _)| id.clone())
        .collect();
    let expected: BTreeSet<&String> = from_trace.difference(&visited_later).collect();
    assert_eq!(drawn, expected, "{ctx}: pruned edges");
    // The principal variation: the result's moves from the root.
    let mut pv = vec!["r".to_string()];
    for m in d.result["pv"].as_array().unwrap() {
        let k = m.as_u64().unwrap();
        let last = pv.last().unwrap();
        pv.push(if last == "r" {
            k.to_string()
        } else {
            format!("{last}.{k}")
        });
    }
    let svg_pv: Vec<String> = svg
        .nodes
        .iter()
        .filter(|(_, c)| c.contains("pv"))
        .map(|(id, _)| id.clone())
        .collect();
    let mut sorted = pv.clone();
    sorted.sort();
    assert_eq!(svg_pv, sorted, "{ctx}: the PV drawn");
    for id in &pv[1..] {
        assert!(svg.edges[id].contains("pv"), "{ctx}: PV edge {id}");
    }
    // The summary agrees with the result.
    assert_eq!(
        d.result["stats"]["nodes"].as_u64().unwrap(),
        d.summary.visited,
        "{ctx}"
    );
    let visits = d
        .events
        .iter()
        .filter(|e| e.kind == EventKind::Visit)
        .count() as u64;
    assert_eq!(visits, d.summary.visited, "{ctx}");
}

#[test]
fn drawings_of_random_trees_match_their_search() {
    for seed in 0..120u64 {
        for players in [2usize, 3] {
            let t = random_tree(seed * 13 + players as u64, players);
            for &name in DRAWABLE {
                if two_player_only(name) && players != 2 {
                    continue;
                }
                let d = draw::draw(
                    DrawInput {
                        source: Source::Tree(Arc::new(t.clone())),
                        depth: None,
                    },
                    &DrawConfig::new(name),
                )
                .unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"));
                check_drawing(&d, &t, &format!("{name}, seed {seed}, {players} players"));
            }
        }
    }
}

fn bundled(name: &str) -> ExplicitTree {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/trees")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("bundled tree");
    ExplicitTree::from_json_str(&text).expect("valid tree")
}

fn draw_tree(t: &ExplicitTree, algorithm: &str) -> Drawing {
    draw::draw(
        DrawInput {
            source: Source::Tree(Arc::new(t.clone())),
            depth: None,
        },
        &DrawConfig::new(algorithm),
    )
    .unwrap()
}

fn pruned_edges(d: &Drawing) -> BTreeSet<String> {
    parse_svg(&d.svg)
        .edges
        .into_iter()
        .filter(|(_, c)| c.contains("pruned"))
        .map(|(id, _)| id)
        .collect()
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

#[test]
fn bundled_figures_draw_as_the_papers_describe() {
    // Korf 1991, Figure 3: g and i each prune their brother by shallow pruning.
    let t = bundled("korf-1991-fig3-shallow-pruning.json");
    let d = draw_tree(&t, "shallow");
    check_drawing(&d, &t, "korf fig 3");
    assert_eq!(pruned_edges(&d), set(&["1.1", "2.1"]));
    let marks = parse_svg(&d.svg).marks;
    assert_eq!(marks["1.1"], ("shallow".into(), "3,7".into()));
    assert_eq!(marks["2.1"], ("shallow".into(), "3,6".into()));
    assert_eq!(d.summary.leaves, 3);
    let labels: Vec<_> = d.nodes.iter().filter_map(|n| n.label.clone()).collect();
    assert!(labels.contains(&"g".to_string()), "{labels:?}");
    assert!(d.svg.contains(">(3,3,3)<"), "the leaf vector b is drawn");
    // max^n on the same tree prunes nothing.
    let m = draw_tree(&t, "maxn");
    check_drawing(&m, &t, "korf fig 3, maxn");
    assert!(pruned_edges(&m).is_empty());

    // Korf 1991, Figure 6, and Sturtevant 2003, Figure 3: deep pruning would be wrong, and
    // shallow pruning does not do it.
    for f in [
        "korf-1991-fig6-deep-pruning.json",
        "sturtevant-2003-fig3-deep-pruning.json",
    ] {
        let t = bundled(f);
        for a in [
            "maxn",
            "shallow",
            "branch-and-bound",
            "speculative",
            "last-branch",
        ] {
            let d = draw_tree(&t, a);
            check_drawing(&d, &t, &format!("{f} {a}"));
            let maxn = search::maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
            assert_eq!(
                d.result["value"],
                serde_json::json!(maxn.value.as_slice()),
                "{f} {a}"
            );
        }
        assert!(pruned_edges(&draw_tree(&t, "shallow")).is_empty(), "{f}");
    }

    // Sturtevant 2003, Figure 1: plain max^n, nothing pruned, every node visited.
    let t = bundled("sturtevant-2003-fig1-maxn.json");
    let d = draw_tree(&t, "maxn");
    check_drawing(&d, &t, "sturtevant fig 1");
    assert!(d.nodes.iter().all(|n| n.visited));
    let maxn = search::maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(d.result["value"], serde_json::json!(maxn.value.as_slice()));
    assert_eq!(d.result["pv"], serde_json::json!(maxn.pv));

    // Sturtevant 2003, Figure 2: (a)'s second child prunes the rest of (a).
    let t = bundled("sturtevant-2003-fig2-shallow-pruning.json");
    let d = draw_tree(&t, "shallow");
    check_drawing(&d, &t, "sturtevant fig 2");
    assert_eq!(pruned_edges(&d).len(), 1);
    let mark = parse_svg(&d.svg).marks.into_values().next().unwrap();
    assert_eq!(mark.0, "shallow");
}

#[test]
fn bad_requests_are_typed_errors() {
    let t = bundled("korf-1991-fig3-shallow-pruning.json");
    let input = || DrawInput {
        source: Source::Tree(Arc::new(t.clone())),
        depth: None,
    };
    assert!(matches!(
        draw::draw(input(), &DrawConfig::new("nosuch")),
        Err(draw::DrawError::UnknownAlgorithm(_))
    ));
    assert!(matches!(
        draw::draw(input(), &DrawConfig::new("mcts")),
        Err(draw::DrawError::NotDrawable { .. })
    ));
    // Two-player algorithms refuse a three-player tree.
    assert!(matches!(
        draw::draw(input(), &DrawConfig::new("alphabeta")),
        Err(draw::DrawError::Search(_))
    ));
    let small = DrawConfig {
        max_nodes: 5,
        ..DrawConfig::new("maxn")
    };
    assert!(matches!(
        draw::draw(input(), &small),
        Err(draw::DrawError::TooLarge { max: 5 })
    ));
    // A game too big for the cap is refused, not drawn.
    let game = DrawInput {
        source: input::game("connect-four", None).unwrap(),
        depth: Some(6),
    };
    assert!(matches!(
        draw::draw(game, &DrawConfig::new("alphabeta")),
        Err(draw::DrawError::TooLarge { .. })
    ));
    // A game that does not exist is refused when it is loaded; a game without a depth by
    // the drawing.
    let bad = input::game("nosuchgame", None).unwrap_err().to_string();
    assert!(bad.contains("nosuchgame"), "{bad}");
    let deep = DrawInput {
        source: input::game("tictactoe", None).unwrap(),
        depth: None,
    };
    assert!(matches!(
        draw::draw(deep, &DrawConfig::new("maxn")),
        Err(draw::DrawError::NeedsDepth)
    ));
}

#[test]
fn a_small_game_draws_what_the_search_reached() {
    let d = draw::draw(
        DrawInput {
            source: input::game("tictactoe", Some("5")).unwrap(),
            depth: Some(2),
        },
        &DrawConfig::new("alphabeta"),
    )
    .unwrap();
    let svg = parse_svg(&d.svg);
    assert_eq!(svg.nodes.len(), d.nodes.len());
    // The root's 8 replies, and the replies of those the search entered.
    assert_eq!(d.nodes.iter().filter(|n| n.depth == 1).count(), 8);
    let visited = d.nodes.iter().filter(|n| n.visited).count() as u64;
    assert_eq!(visited, d.summary.visited);
    assert_eq!(visited, d.result["stats"]["nodes"].as_u64().unwrap());
    let replayed = draw::replay(&d.nodes, &d.events);
    for (id, (v, _)) in replayed {
        assert_eq!(svg.nodes[&id].contains("visited"), v, "{id}");
    }
    // Moves are named in the game's notation.
    assert!(d.nodes.iter().any(|n| n.move_name.as_deref() == Some("1")));
}

/// The width attribute of an SVG document.
fn svg_width(svg: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    doc.root_element()
        .attribute("width")
        .and_then(|w| w.parse().ok())
        .expect("a width")
}

/// `--layout compact`: the same search, nodes, classes and events as the wide picture,
/// leaves one symbol apart with their values written vertically, and narrower.
#[test]
fn the_compact_layout_draws_the_same_search_narrower() {
    let compact = |name: &str| DrawConfig {
        layout: draw::Layout::Compact,
        ..DrawConfig::new(name)
    };
    for seed in 0..40u64 {
        let t = random_tree(seed * 7 + 1, 3);
        for name in ["maxn", "shallow", "paranoid"] {
            let input = || DrawInput {
                source: Source::Tree(Arc::new(t.clone())),
                depth: None,
            };
            let wide = draw::draw(input(), &DrawConfig::new(name)).unwrap();
            let small = draw::draw(input(), &compact(name)).unwrap();
            let ctx = format!("{name}, seed {seed}");
            check_drawing(&small, &t, &ctx);
            assert_eq!(
                serde_json::to_string(&wide.events).unwrap(),
                serde_json::to_string(&small.events).unwrap(),
                "{ctx}"
            );
            assert_eq!(
                parse_svg(&wide.svg).nodes,
                parse_svg(&small.svg).nodes,
                "{ctx}"
            );
            assert!(svg_width(&small.svg) <= svg_width(&wide.svg), "{ctx}");
            // Leaves 34 px apart, left to right.
            let mut xs: Vec<f64> = small.nodes.iter().filter(|n| n.leaf).map(|n| n.x).collect();
            xs.sort_by(f64::total_cmp);
            for w in xs.windows(2) {
                assert!((w[1] - w[0] - 34.0).abs() < 1e-9, "{ctx}: {w:?}");
            }
            // Every leaf value is written vertically.
            let doc = roxmltree::Document::parse(&small.svg).unwrap();
            for v in doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("value"))
            {
                let turn = v.attribute("transform").unwrap_or("");
                assert!(turn.starts_with("rotate(-90 "), "{ctx}: {turn:?}");
            }
        }
    }
    // The README's wide tree: best-reply search on three-player Chinese Checkers.
    let game = || DrawInput {
        source: input::game("chinese-checkers(players=3,board=37)", None).unwrap(),
        depth: Some(2),
    };
    let wide = draw::draw(game(), &DrawConfig::new("brs")).unwrap();
    let small = draw::draw(game(), &compact("brs")).unwrap();
    let (w, s) = (svg_width(&wide.svg), svg_width(&small.svg));
    assert!(s < 0.5 * w, "compact {s} px, wide {w} px");
}
