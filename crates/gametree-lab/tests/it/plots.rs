//! Plots: the palette, the legend's place, tick labels, the paper's values, error bars, file
//! names and the index of an output directory.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use gametree_lab::experiment::Ctx;
use gametree_lab::index::INDEX;
use gametree_lab::plot::{
    file_name, layout, line_plot_svg, log_ticks, tick_label, Series, PALETTE,
};
use gametree_lab::reproduce::{run, select};

const QUICK: Ctx = Ctx {
    quick: true,
    progress: false,
    params: gametree_lab::experiment::Params::NONE,
};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-lab-plots-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// The opening tags `<TAG ...>` of `svg`, as text.
fn tags<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(i, _)| {
            let end = svg[i..].find('>').map_or(svg.len(), |e| i + e + 1);
            &svg[i..end]
        })
        .collect()
}

/// The value of attribute `name` in an opening tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    Some(&tag[i..i + tag[i..].find('"')?])
}

/// The `(x, y)` pixel points of a polyline or polygon tag.
fn points(tag: &str) -> Vec<(i32, i32)> {
    attr(tag, "points")
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|p| {
            let (x, y) = p.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

/// The `(x, text)` of every `<text>` element.
fn texts(svg: &str) -> Vec<(i32, String)> {
    svg.match_indices("<text ")
        .map(|(i, _)| {
            let open_end = i + svg[i..].find('>').unwrap() + 1;
            let close = open_end + svg[open_end..].find("</text>").unwrap();
            let x = attr(&svg[i..open_end], "x").unwrap().parse().unwrap();
            (x, svg[open_end..close].trim().to_string())
        })
        .collect()
}

fn hex(c: &plotters::style::RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// `n` straight curves over integer depths 1..=8.
fn curves(n: usize) -> Vec<Series> {
    (0..n)
        .map(|i| {
            Series::new(
                format!("b={}", i + 2),
                (1..=8)
                    .map(|d| (d as f64, (i + 2) as f64 * d as f64 * 100.0))
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn palette_has_twelve_distinct_colours() {
    let set: BTreeSet<String> = PALETTE.iter().map(hex).collect();
    assert_eq!(set.len(), 12);
    assert!(!set.contains("#FFFFFF"), "white is the background");
}

#[test]
fn nine_series_get_nine_distinct_colours() {
    let svg = line_plot_svg("nine", "depth d", "leaves", &curves(9), false).unwrap();
    // Each curve is one polyline of width 2 with all 8 points (the legend's samples have 2).
    let strokes: Vec<String> = tags(&svg, "polyline")
        .into_iter()
        .filter(|t| attr(t, "stroke-width") == Some("2") && points(t).len() == 8)
        .map(|t| attr(t, "stroke").unwrap().to_string())
        .collect();
    assert_eq!(strokes.len(), 9, "{strokes:?}");
    let distinct: BTreeSet<&String> = strokes.iter().collect();
    assert_eq!(distinct.len(), 9, "{strokes:?}");
    let expected: Vec<String> = PALETTE[..9].iter().map(hex).collect();
    assert_eq!(strokes, expected);
}

#[test]
fn integer_ticks_print_as_integers() {
    assert_eq!(tick_label(1000.0), "1000");
    assert_eq!(tick_label(2.0), "2");
    assert_eq!(tick_label(-3.0), "-3");
    assert_eq!(tick_label(0.0), "0");
    assert_eq!(tick_label(0.25), "0.25");
    assert_eq!(tick_label(0.1 + 0.2), "0.3");
    assert_eq!(tick_label(2.5e6), "2.5e6");
    assert_eq!(tick_label(1e6), "1e6");
    assert_eq!(tick_label(1e5), "1e5");
    assert_eq!(tick_label(99_999.0), "99999");
    // In a drawn plot over integer depths and values in the thousands: no tick label ends
    // in ".0", the depths 1..=8 are all labelled, and nothing between them.
    let svg = line_plot_svg("ticks", "depth d", "leaves", &curves(3), false).unwrap();
    let numbers: Vec<String> = texts(&svg)
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.parse::<f64>().is_ok())
        .collect();
    assert!(!numbers.is_empty());
    for t in &numbers {
        assert!(!t.ends_with(".0"), "{t} in {numbers:?}");
    }
    for d in 1..=8 {
        assert!(numbers.contains(&d.to_string()), "{d} in {numbers:?}");
    }
    assert!(
        !numbers.iter().any(|t| t == "1.5" || t == "2.5"),
        "{numbers:?}"
    );
}

#[test]
fn log_axis_ticks() {
    assert_eq!(
        log_ticks(1.5, 110.0),
        vec![2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
    );
    assert_eq!(log_ticks(3.0, 2e5), vec![10.0, 100.0, 1e3, 1e4, 1e5]);
    assert!(log_ticks(0.0, 10.0).is_empty());
}

#[test]
fn the_legend_does_not_cover_the_data() {
    let series = curves(12);
    let lay = layout(&series);
    assert!(!lay.legend.overlaps(&lay.chart));
    assert!(lay.legend.x0 >= lay.chart.x1);
    assert_eq!(lay.legend.x1 as u32, lay.width);
    let svg = line_plot_svg("legend", "depth d", "leaves", &series, false).unwrap();
    assert!(svg.contains(&format!("width=\"{}\"", lay.width)));
    let colours: BTreeSet<String> = PALETTE.iter().map(hex).collect();
    let mut curve_points = 0;
    let mut legend_samples = 0;
    for t in tags(&svg, "polyline") {
        // Curves and legend samples are 2 pixels wide (axes and grid: 1).
        if !attr(t, "stroke").is_some_and(|c| colours.contains(c))
            || attr(t, "stroke-width") != Some("2")
        {
            continue;
        }
        let pts = points(t);
        if pts.len() == 8 {
            // A curve: every point inside the chart, left of the legend.
            for &(x, y) in &pts {
                assert!(x < lay.chart.x1 && x >= lay.chart.x0, "{x} in {t}");
                assert!(y >= lay.chart.y0 && y < lay.chart.y1, "{y} in {t}");
                curve_points += 1;
            }
        } else {
            // A legend sample: inside the legend's column.
            for &(x, _) in &pts {
                assert!(x >= lay.legend.x0 && x < lay.legend.x1, "{x} in {t}");
            }
            legend_samples += 1;
        }
    }
    assert_eq!(curve_points, 12 * 8);
    assert_eq!(legend_samples, 12);
    // Every series name is written inside the legend's column.
    let names: Vec<(i32, String)> = texts(&svg)
        .into_iter()
        .filter(|(_, t)| t.starts_with("b="))
        .collect();
    assert_eq!(names.len(), 12);
    for (x, t) in names {
        assert!(x >= lay.legend.x0, "{t} at x = {x}");
    }
}

/// The polylines drawn in colour `c` (curves, hollow markers, error bars, legend samples).
fn in_colour(svg: &str, c: &str) -> usize {
    tags(svg, "polyline")
        .into_iter()
        .filter(|t| attr(t, "stroke") == Some(c))
        .count()
}

#[test]
fn paper_values_are_hollow_markers_with_a_legend_entry() {
    let plain = curves(2);
    let mut with = plain.clone();
    with[1] = with[1]
        .clone()
        .with_paper(vec![(2.0, 650.0), (5.0, 1450.0), (8.0, 2500.0)]);
    let a = line_plot_svg("p", "d", "v", &plain, false).unwrap();
    let b = line_plot_svg("p", "d", "v", &with, false).unwrap();
    let c1 = hex(&PALETTE[1]);
    // Three hollow markers (closed outlines in the series' colour) and one in the legend.
    assert_eq!(in_colour(&b, &c1), in_colour(&a, &c1) + 4);
    let outlines: Vec<Vec<(i32, i32)>> = tags(&b, "polyline")
        .into_iter()
        .filter(|t| attr(t, "stroke") == Some(&c1))
        .map(points)
        .filter(|p| p.len() > 2 && p.first() == p.last())
        .collect();
    assert_eq!(outlines.len(), 4);
    // The other series is untouched.
    let c0 = hex(&PALETTE[0]);
    assert_eq!(in_colour(&b, &c0), in_colour(&a, &c0));
    let legend: Vec<String> = texts(&b).into_iter().map(|(_, t)| t).collect();
    assert!(legend.contains(&"b=3 (paper)".to_string()), "{legend:?}");
    assert!(!legend.contains(&"b=2 (paper)".to_string()), "{legend:?}");
}

#[test]
fn intervals_are_error_bars() {
    let plain = curves(1);
    let with = vec![plain[0]
        .clone()
        .with_intervals(vec![(3.0, 500.0, 700.0), (6.0, 1100.0, 1300.0)])];
    let a = line_plot_svg("e", "d", "v", &plain, false).unwrap();
    let b = line_plot_svg("e", "d", "v", &with, false).unwrap();
    let c0 = hex(&PALETTE[0]);
    // Per interval: the bar and two caps.
    assert_eq!(in_colour(&b, &c0), in_colour(&a, &c0) + 6);
    let bars: Vec<Vec<(i32, i32)>> = tags(&b, "polyline")
        .into_iter()
        .filter(|t| attr(t, "stroke") == Some(&c0) && attr(t, "stroke-width") == Some("1"))
        .map(points)
        .filter(|p| p.len() == 2 && p[0].0 == p[1].0 && p[0].1 != p[1].1)
        .collect();
    assert_eq!(bars.len(), 2, "{bars:?}");

    // Bars at the first and last x are drawn inside the plot, off its axes (the x range
    // is widened), and the integer x axis is still labelled at integers only.
    let ends = vec![plain[0]
        .clone()
        .with_intervals(vec![(1.0, 50.0, 150.0), (8.0, 700.0, 900.0)])];
    let e = line_plot_svg("e", "d", "v", &ends, false).unwrap();
    let black = |t: &&str| attr(t, "stroke") == Some("#000000");
    let lines: Vec<Vec<(i32, i32)>> = tags(&e, "polyline")
        .into_iter()
        .filter(black)
        .map(points)
        .collect();
    let y_axis = lines
        .iter()
        .filter(|p| p.len() == 2 && p[0].0 == p[1].0 && (p[0].1 - p[1].1).abs() > 100)
        .map(|p| p[0].0)
        .min()
        .expect("a y axis");
    let x_axis_end = lines
        .iter()
        .filter(|p| p.len() == 2 && p[0].1 == p[1].1 && (p[0].0 - p[1].0).abs() > 100)
        .map(|p| p[0].0.max(p[1].0))
        .max()
        .expect("an x axis");
    let bar_xs: Vec<i32> = tags(&e, "polyline")
        .into_iter()
        .filter(|t| attr(t, "stroke") == Some(&c0) && attr(t, "stroke-width") == Some("1"))
        .map(points)
        .filter(|p| p.len() == 2 && p[0].0 == p[1].0 && p[0].1 != p[1].1)
        .map(|p| p[0].0)
        .collect();
    assert_eq!(bar_xs.len(), 2, "{bar_xs:?}");
    for x in &bar_xs {
        assert!(
            *x > y_axis + 8 && *x < x_axis_end - 8,
            "{x} between {y_axis} and {x_axis_end}"
        );
    }
    let numbers: Vec<String> = texts(&e)
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.parse::<f64>().is_ok())
        .collect();
    for d in 1..=8 {
        assert!(numbers.contains(&d.to_string()), "{d} in {numbers:?}");
    }
    assert!(
        !numbers
            .iter()
            .any(|t| t == "0.5" || t == "8.5" || t == "1.5"),
        "{numbers:?}"
    );

    // Two series with bars at the same x are moved apart (a dodge): four bars at four
    // distinct pixel columns.
    let two: Vec<Series> = curves(2)
        .into_iter()
        .map(|c| c.with_intervals(vec![(1.0, 50.0, 150.0), (8.0, 700.0, 900.0)]))
        .collect();
    let d = line_plot_svg("e", "d", "v", &two, false).unwrap();
    let mut columns: Vec<i32> = Vec::new();
    for c in [hex(&PALETTE[0]), hex(&PALETTE[1])] {
        columns.extend(
            tags(&d, "polyline")
                .into_iter()
                .filter(|t| attr(t, "stroke") == Some(&c) && attr(t, "stroke-width") == Some("1"))
                .map(points)
                .filter(|p| p.len() == 2 && p[0].0 == p[1].0 && p[0].1 != p[1].1)
                .map(|p| p[0].0),
        );
    }
    columns.sort_unstable();
    columns.dedup();
    assert_eq!(columns.len(), 4, "{columns:?}");
}

#[test]
fn table_8_draws_the_papers_values() {
    let e = select(Some("sturtevant-2003/table-8")).unwrap()[0];
    let out = (e.run)(&QUICK);
    assert_eq!(out.plots.len(), 1);
    let plot = &out.plots[0];
    assert_eq!(plot.series.len(), 4);
    for s in &plot.series {
        assert_eq!(s.paper.len(), s.points.len(), "{}", s.name);
        assert!(
            s.paper.iter().all(|&(_, y)| y > 0.0 && y <= 1.0),
            "{}",
            s.name
        );
    }
    // The 3-player paper values are the table's own column (the asymptote, printed in the
    // roots' rows), divided by b.
    let three = &plot.series[0];
    let rows: Vec<_> = out
        .rows
        .iter()
        .filter(|r| r.quantity == "root" && r.row.contains("n=3"))
        .collect();
    assert!(!rows.is_empty());
    for &(b, y) in &three.paper {
        let r = rows
            .iter()
            .find(|r| r.row.contains(&format!("b={b} ")) || r.row.ends_with(&format!("b={b}")))
            .unwrap_or_else(|| panic!("no row for b={b}: {rows:?}"));
        assert!((y - r.paper_value.unwrap().as_f64() / b).abs() < 1e-12);
    }
}

#[test]
fn file_names_do_not_repeat_the_table() {
    assert_eq!(file_name("best-case", "best-case.svg"), "best-case.svg");
    assert_eq!(file_name("eq-4.5", "eq-4.5-n2.svg"), "eq-4.5-n2.svg");
    assert_eq!(file_name("table-8", "growth.svg"), "table-8-growth.svg");
    assert_eq!(file_name("table-1", "a-best.svg"), "table-1-a-best.svg");
    // Every plot of every experiment gets a distinct name: checked where they are built.
    let e = select(Some("knuth-moore/best-case")).unwrap()[0];
    let out = (e.run)(&QUICK);
    let names: Vec<String> = out
        .plots
        .iter()
        .map(|p| file_name(e.table, &p.file))
        .collect();
    assert_eq!(names, vec!["best-case.svg".to_string()]);
}

#[test]
fn the_index_links_every_file_written() {
    let dir = scratch("index");
    let exps = select(Some("baudet-1978")).unwrap();
    let exps: Vec<_> = exps
        .into_iter()
        .filter(|e| e.table == "table-5.1" || e.table == "theorem-3.2")
        .collect();
    assert_eq!(exps.len(), 2);
    run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    // A file no manifest lists is linked too.
    fs::write(dir.join("baudet-1978/notes.txt"), "by hand").unwrap();
    run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    let html = fs::read_to_string(dir.join(INDEX)).unwrap();
    let hrefs: BTreeSet<String> = tags(&html, "a")
        .into_iter()
        .filter_map(|t| attr(t, "href").map(str::to_string))
        .collect();
    let mut written = BTreeSet::new();
    for f in fs::read_dir(dir.join("baudet-1978")).unwrap() {
        let name = f.unwrap().file_name().into_string().unwrap();
        written.insert(format!("baudet-1978/{name}"));
    }
    assert!(written.contains("baudet-1978/table-5.1.svg"));
    assert!(written.contains("baudet-1978/theorem-3.2.md"));
    assert_eq!(hrefs, written);
    // Plots are shown inline, and the sections come in the papers' order.
    let imgs: Vec<&str> = tags(&html, "img")
        .into_iter()
        .filter_map(|t| attr(t, "src"))
        .collect();
    assert_eq!(
        imgs,
        vec!["baudet-1978/theorem-3.2.svg", "baudet-1978/table-5.1.svg"]
    );
    assert!(html.contains("other files of baudet-1978"));
    let _ = fs::remove_dir_all(&dir);
}
