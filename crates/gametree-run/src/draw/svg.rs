//! The picture: a tidy layout (leaves evenly spaced, each parent centred over its children)
//! and the SVG, drawn with presentation attributes only (no outside stylesheet), so the file
//! stands alone and a page can still restyle it by class.

use std::fmt::Write;

use super::{Layout, Model};

/// Vertical distance between levels ([`Layout::Wide`]).
const LEVEL: f64 = 96.0;
/// Vertical distance between levels ([`Layout::Compact`]).
const COMPACT_LEVEL: f64 = 80.0;
/// The column of a leaf ([`Layout::Compact`]): a node's symbol and a little air.
const COMPACT_COLUMN: f64 = 2.0 * R + 8.0;
/// Radius of an inner node.
const R: f64 = 13.0;
/// Margin around the tree.
const MARGIN: f64 = 48.0;
/// Space above the tree for the title.
const TOP: f64 = 46.0;
/// Width of one character of the small labels, about.
const CHAR: f64 = 6.6;

/// One colour per player (as in most of the papers' figures, players are told apart by
/// number; the colour only helps).
const PLAYER_COLOURS: [&str; 6] = [
    "#1f5fa8", "#b8461b", "#2a7f3a", "#7a3fa0", "#a07b10", "#1b8a8a",
];
const GREY: &str = "#b0b0b0";
const INK: &str = "#222222";
const PV: &str = "#0b3d91";
const CUT: &str = "#c0392b";

/// The text of a value vector: `(3,4,3)`, or `3` for one number.
pub(super) fn vector(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(|&x| super::num(x)).collect();
    if items.len() == 1 {
        items[0].clone()
    } else {
        format!("({})", items.join(","))
    }
}

/// The characters of the longest leaf text: its value, or its label, or (written
/// vertically, [`Layout::Compact`]) both in one line.
fn longest_leaf_text(model: &Model, layout: Layout) -> usize {
    model
        .nodes
        .iter()
        .filter(|n| n.leaf)
        .map(|n| {
            let v = n.value.as_deref().map_or(0, |v| vector(v).len());
            let l = n.label.as_deref().map_or(0, str::len);
            match layout {
                Layout::Wide => v.max(l),
                Layout::Compact => v + l + if v > 0 && l > 0 { 2 } else { 0 },
            }
        })
        .max()
        .unwrap_or(0)
}

/// The column width: wide enough for the longest leaf text ([`Layout::Wide`]), or for a
/// node's symbol ([`Layout::Compact`], whose leaf texts are vertical).
fn column(model: &Model, layout: Layout) -> f64 {
    match layout {
        Layout::Wide => (longest_leaf_text(model, layout) as f64 * CHAR + 14.0).max(2.0 * R + 18.0),
        Layout::Compact => COMPACT_COLUMN,
    }
}

/// The distance between levels.
fn level(layout: Layout) -> f64 {
    match layout {
        Layout::Wide => LEVEL,
        Layout::Compact => COMPACT_LEVEL,
    }
}

/// Places every node: leaves left to right one column apart, parents centred over their
/// first and last child, levels [`level`] apart.
pub(super) fn layout(model: &mut Model, layout: Layout) {
    let col = column(model, layout);
    let level = level(layout);
    let n = model.nodes.len();
    let mut x = vec![0.0; n];
    let mut next_leaf = 0.0;
    // Children come after their parent in `nodes`: an explicit post-order walk.
    let mut stack = vec![(0usize, false)];
    while let Some((i, done)) = stack.pop() {
        let kids = &model.children[i];
        if kids.is_empty() {
            x[i] = MARGIN + col / 2.0 + next_leaf * col;
            next_leaf += 1.0;
        } else if done {
            x[i] = (x[kids[0]] + x[kids[kids.len() - 1]]) / 2.0;
        } else {
            stack.push((i, true));
            for &c in kids.iter().rev() {
                stack.push((c, false));
            }
        }
    }
    for (i, node) in model.nodes.iter_mut().enumerate() {
        node.x = x[i];
        node.y = MARGIN + TOP + node.depth as f64 * level;
    }
}

/// Whether `node` is drawn as a small square (a leaf with a value) rather than a circle.
fn square(node: &super::DrawNode) -> bool {
    node.player.is_none() || (node.leaf && node.value.is_some())
}

/// Escapes text for XML content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

fn kind_name(kind: gametree::search::CutoffKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The SVG document of a model laid out by [`layout`] with the same `layout`.
pub(super) fn render(model: &Model, layout: Layout) -> String {
    let col = column(model, layout);
    let leaves = model.nodes.iter().filter(|n| n.leaf).count().max(1);
    let depth = model.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    // Room on the right for the last prune label, and for the legend.
    let width = (2.0 * MARGIN + leaves as f64 * col + 120.0).max(620.0);
    // Under the deepest leaves: two lines of text, or (compact) the longest vertical one.
    let below = match layout {
        Layout::Wide => 56.0,
        Layout::Compact => R + 10.0 + longest_leaf_text(model, layout) as f64 * CHAR,
    };
    let height = 2.0 * MARGIN + TOP + depth as f64 * level(layout) + below;
    // Compact labels may cross an edge: a white halo keeps them readable.
    let halo = match layout {
        Layout::Wide => "",
        Layout::Compact => r##" stroke="#ffffff" stroke-width="3" paint-order="stroke""##,
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    let _ = write!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = write!(
        s,
        r#"<text class="title" x="{MARGIN}" y="{:.0}" font-size="15" fill="{INK}">{}</text>"#,
        MARGIN - 6.0,
        esc(&model.title)
    );
    let _ = write!(
        s,
        r##"<text class="legend" x="{MARGIN}" y="{:.0}" font-size="11" fill="#555555">circles: player to move; thick: principal variation; cut edges: pruned; grey: not visited</text>"##,
        MARGIN + 12.0
    );
    // Edges first, so nodes are drawn over them.
    let mut parent = vec![None; model.nodes.len()];
    for (i, kids) in model.children.iter().enumerate() {
        for &c in kids {
            parent[c] = Some(i);
        }
    }
    s.push_str(r#"<g class="edges">"#);
    for (i, node) in model.nodes.iter().enumerate() {
        let Some(p) = parent[i] else {
            continue;
        };
        let p = &model.nodes[p];
        let mut class = String::from("edge");
        class.push_str(if node.visited {
            " visited"
        } else {
            " unvisited"
        });
        if node.pv && p.pv {
            class.push_str(" pv");
        }
        let cut = model.cuts[i].as_ref();
        if let Some((b, _)) = cut {
            let _ = write!(class, " pruned prune-{}", kind_name(b.kind));
        }
        let (stroke, width, dash) = if node.pv && p.pv {
            (PV, 4.0, "")
        } else if cut.is_some() {
            (GREY, 1.4, r#" stroke-dasharray="5 4""#)
        } else if node.visited {
            (INK, 1.4, "")
        } else {
            (GREY, 1.2, "")
        };
        let _ = write!(
            s,
            r#"<g id="edge-{}" class="{class}"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
            esc(&node.id),
            p.x,
            p.y + R,
            node.x,
            node.y - if square(node) { 5.0 } else { R },
        );
        if let Some((b, first)) = cut {
            // A cut across the edge at its middle, with the kind and bound on the first.
            let (mx, my) = ((p.x + node.x) / 2.0, (p.y + R + node.y - R) / 2.0);
            let (dx, dy) = (node.x - p.x, node.y - p.y);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (nx, ny) = (-dy / len * 9.0, dx / len * 9.0);
            let bound = b
                .bounds
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let _ = write!(
                s,
                r#"<g class="prune-mark" data-kind="{}" data-bound="{}" data-threshold="{}"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{CUT}" stroke-width="2.5"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{CUT}" stroke-width="2.5"/>"#,
                kind_name(b.kind),
                esc(&bound),
                b.threshold,
                mx - nx - 3.0,
                my - ny,
                mx + nx - 3.0,
                my + ny,
                mx - nx + 3.0,
                my - ny,
                mx + nx + 3.0,
                my + ny,
            );
            if *first {
                match layout {
                    Layout::Wide => {
                        let _ = write!(
                            s,
                            r#"<text x="{:.1}" y="{:.1}" font-size="10" fill="{CUT}">{}</text>"#,
                            mx + 8.0,
                            my - 6.0,
                            esc(&b.text)
                        );
                    }
                    Layout::Compact => {
                        // Vertical, read upwards from beside the mark: the next column's
                        // mark stays clear of it.
                        let (x, y) = (mx + 14.0, my + 4.0);
                        let _ = write!(
                            s,
                            r#"<text x="{x:.1}" y="{y:.1}" transform="rotate(-90 {x:.1} {y:.1})" font-size="10" fill="{CUT}"{halo}>{}</text>"#,
                            esc(&b.text)
                        );
                    }
                }
            }
            s.push_str("</g>");
        }
        s.push_str("</g>");
    }
    s.push_str("</g>");
    s.push_str(r#"<g class="nodes">"#);
    for node in &model.nodes {
        let mut class = String::from("node");
        class.push_str(if node.visited {
            " visited"
        } else {
            " unvisited"
        });
        if node.leaf {
            class.push_str(" leaf");
        }
        if node.pv {
            class.push_str(" pv");
        }
        if let Some(k) = node.pruned {
            let _ = write!(class, " pruned prune-{}", kind_name(k));
        }
        let _ = write!(
            s,
            r#"<g id="node-{}" class="{class}" data-player="{}">"#,
            esc(&node.id),
            node.player.map_or(String::new(), |p| p.to_string())
        );
        let ink = if node.visited { INK } else { GREY };
        match node.player.filter(|_| !square(node)) {
            Some(p) => {
                let colour = if node.visited {
                    PLAYER_COLOURS[p % PLAYER_COLOURS.len()]
                } else {
                    GREY
                };
                let stroke_width = if node.pv { 3.0 } else { 1.6 };
                let _ = write!(
                    s,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{R}" fill="#ffffff" stroke="{colour}" stroke-width="{stroke_width}"/><text x="{:.1}" y="{:.1}" font-size="13" font-weight="bold" text-anchor="middle" fill="{colour}">{p}</text>"##,
                    node.x,
                    node.y,
                    node.x,
                    node.y + 4.5,
                );
            }
            None => {
                let fill = if node.visited { INK } else { GREY };
                let _ = write!(
                    s,
                    r#"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="{fill}"/>"#,
                    node.x - 5.0,
                    node.y - 5.0,
                );
            }
        }
        match (layout, node.leaf) {
            (Layout::Compact, true) => {
                // One vertical line under the leaf, read upwards: the value, then the label.
                let value = node.value.as_deref().map(vector);
                if value.is_some() || node.label.is_some() {
                    let gap = if value.is_some() && node.label.is_some() {
                        "  "
                    } else {
                        ""
                    };
                    let (x, y) = (node.x + 4.0, node.y + R + 4.0);
                    let _ = write!(
                        s,
                        r#"<text class="value" x="{x:.1}" y="{y:.1}" transform="rotate(-90 {x:.1} {y:.1})" font-size="11" text-anchor="end" fill="{ink}">{}<tspan class="label" font-style="italic">{gap}{}</tspan></text>"#,
                        esc(value.as_deref().unwrap_or("")),
                        esc(node.label.as_deref().unwrap_or(""))
                    );
                }
            }
            (Layout::Wide, true) => {
                if let Some(label) = &node.label {
                    // Under the leaf's value, where no edge passes.
                    let _ = write!(
                        s,
                        r#"<text class="label" x="{:.1}" y="{:.1}" font-size="11" font-style="italic" text-anchor="middle" fill="{ink}">{}</text>"#,
                        node.x,
                        node.y + R + 26.0,
                        esc(label)
                    );
                }
                if let Some(v) = &node.value {
                    let _ = write!(
                        s,
                        r#"<text class="value" x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="{ink}">{}</text>"#,
                        node.x,
                        node.y + R + 12.0,
                        esc(&vector(v))
                    );
                }
            }
            (_, false) => {
                if let Some(label) = &node.label {
                    let _ = write!(
                        s,
                        r#"<text class="label" x="{:.1}" y="{:.1}" font-size="11" font-style="italic" text-anchor="end" fill="{ink}"{halo}>{}</text>"#,
                        node.x - R - 3.0,
                        node.y - R + 2.0,
                        esc(label)
                    );
                }
                if let Some(v) = &node.backed_up {
                    // Beside the node; over it in the compact layout, where a neighbour
                    // may stand one column away.
                    let (x, y, anchor) = match layout {
                        Layout::Wide => (node.x + R + 3.0, node.y - R + 2.0, ""),
                        Layout::Compact => (node.x, node.y - R - 5.0, r#" text-anchor="middle""#),
                    };
                    let _ = write!(
                        s,
                        r#"<text class="backed-up" x="{x:.1}" y="{y:.1}" font-size="11"{anchor} fill="{}"{halo}>{}</text>"#,
                        if node.pv { PV } else { ink },
                        esc(&vector(v))
                    );
                }
            }
        }
        s.push_str("</g>");
    }
    s.push_str("</g></svg>\n");
    s
}
