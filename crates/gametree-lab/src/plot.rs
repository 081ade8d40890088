//! SVG line plots (plotters' SVG backend, no system fonts needed), drawn the way a paper
//! would print them.
//!
//! One function draws every plot of the lab, [`line_plot_svg`], with these rules:
//!
//! - Colours come from [`PALETTE`], twelve distinct qualitative colours (Okabe-Ito and Paul
//!   Tol's muted scheme, yellow left out for contrast on white); series `i` gets colour
//!   `i % 12` and marker shape `i % 6` (circle, square, triangle up, diamond, triangle down,
//!   star), so up to twelve curves never share a colour.
//! - The legend sits in its own column to the right of the chart ([`layout`]), never on the
//!   data.
//! - The paper's values of a series ([`Series::paper`]) are hollow markers of the series'
//!   colour and shape, with their own legend entry `NAME (paper)`.
//! - Confidence intervals ([`Series::intervals`]) are vertical error bars with caps.
//! - Tick labels of a linear axis ([`tick_label`]) print integers without a fraction (`1000`,
//!   not `1000.0`), integers from 100000 up as `2.5e6`, and other values with at most six
//!   significant digits; an x axis whose points are all integers gets ticks at integers only.
//! - A logarithmic axis has at least three labelled ticks where its range allows
//!   ([`log_ticks`]: the powers of ten, with 2x and 5x added when fewer than three powers
//!   fall in the range), all labelled in one style ([`LogStyle`]): plain integers when every
//!   tick is below 10000, powers of ten as `10⁴` and `2×10⁴` otherwise.
//!
//! [`file_name`] names a plot's file from its table and its own name without repeating the
//! table.

use plotters::element::ComposedElement;
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// Twelve distinct qualitative colours, in the order series get them.
pub const PALETTE: [RGBColor; 12] = [
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0xD5, 0x5E, 0x00), // vermillion
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
    RGBColor(0x00, 0x00, 0x00), // black
    RGBColor(0x88, 0x22, 0x55), // wine
    RGBColor(0x99, 0x99, 0x33), // olive
    RGBColor(0x33, 0x22, 0x88), // indigo
    RGBColor(0x44, 0xAA, 0x99), // teal
    RGBColor(0x99, 0x99, 0x99), // grey
];

/// The number of distinct marker shapes; series `i` gets shape `i % MARKERS`.
pub(crate) const MARKERS: usize = 6;

/// One named curve.
///
/// Stored as JSON without loss (a coordinate that is not finite is the string `"NaN"`,
/// `"inf"` or `"-inf"`, since JSON has no such numbers).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in x order.
    #[serde(with = "lossless::pairs")]
    pub points: Vec<(f64, f64)>,
    /// The paper's values for this curve, `(x, y)`: drawn as hollow markers of the curve's
    /// colour and shape, listed in the legend as `NAME (paper)`. Empty when the paper gives
    /// none.
    #[serde(with = "lossless::pairs")]
    pub paper: Vec<(f64, f64)>,
    /// Confidence intervals, `(x, low, high)`: drawn as vertical error bars. Empty when the
    /// points carry none.
    #[serde(with = "lossless::triples")]
    pub intervals: Vec<(f64, f64, f64)>,
}

/// Floats as JSON without loss: a number when finite, else `"NaN"`, `"inf"` or `"-inf"`.
mod lossless {
    use std::fmt;

    use serde::de::{self, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// One float, stored without loss.
    #[derive(Clone, Copy)]
    struct Lossless(f64);

    impl Serialize for Lossless {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let x = self.0;
            if x.is_finite() {
                s.serialize_f64(x)
            } else if x.is_nan() {
                s.serialize_str("NaN")
            } else if x > 0.0 {
                s.serialize_str("inf")
            } else {
                s.serialize_str("-inf")
            }
        }
    }

    impl<'de> Deserialize<'de> for Lossless {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lossless, D::Error> {
            struct LosslessVisitor;
            impl Visitor<'_> for LosslessVisitor {
                type Value = Lossless;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a number, \"NaN\", \"inf\" or \"-inf\"")
                }
                fn visit_f64<E>(self, x: f64) -> Result<Lossless, E> {
                    Ok(Lossless(x))
                }
                fn visit_u64<E>(self, n: u64) -> Result<Lossless, E> {
                    Ok(Lossless(n as f64))
                }
                fn visit_i64<E>(self, n: i64) -> Result<Lossless, E> {
                    Ok(Lossless(n as f64))
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Lossless, E> {
                    match s {
                        "NaN" => Ok(Lossless(f64::NAN)),
                        "inf" => Ok(Lossless(f64::INFINITY)),
                        "-inf" => Ok(Lossless(f64::NEG_INFINITY)),
                        _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                    }
                }
            }
            d.deserialize_any(LosslessVisitor)
        }
    }

    /// `(x, y)` points as `[[x, y], ...]`.
    pub(super) mod pairs {
        use super::Lossless;
        use serde::{Deserialize, Deserializer, Serializer};

        pub(crate) fn serialize<S: Serializer>(v: &[(f64, f64)], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(v.iter().map(|&(a, b)| (Lossless(a), Lossless(b))))
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Vec<(f64, f64)>, D::Error> {
            let v = Vec::<(Lossless, Lossless)>::deserialize(d)?;
            Ok(v.into_iter().map(|(a, b)| (a.0, b.0)).collect())
        }
    }

    /// `(x, low, high)` intervals as `[[x, low, high], ...]`.
    pub(super) mod triples {
        use super::Lossless;
        use serde::{Deserialize, Deserializer, Serializer};

        pub(crate) fn serialize<S: Serializer>(
            v: &[(f64, f64, f64)],
            s: S,
        ) -> Result<S::Ok, S::Error> {
            s.collect_seq(
                v.iter()
                    .map(|&(x, a, b)| (Lossless(x), Lossless(a), Lossless(b))),
            )
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Vec<(f64, f64, f64)>, D::Error> {
            let v = Vec::<(Lossless, Lossless, Lossless)>::deserialize(d)?;
            Ok(v.into_iter().map(|(x, a, b)| (x.0, a.0, b.0)).collect())
        }
    }
}

impl Series {
    /// A curve with points only.
    pub fn new(name: impl Into<String>, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.into(),
            points,
            ..Series::default()
        }
    }

    /// The same curve with the paper's values.
    pub fn with_paper(mut self, paper: Vec<(f64, f64)>) -> Series {
        self.paper = paper;
        self
    }

    /// The same curve with confidence intervals `(x, low, high)`.
    pub fn with_intervals(mut self, intervals: Vec<(f64, f64, f64)>) -> Series {
        self.intervals = intervals;
        self
    }
}

/// A rectangle in SVG pixels: `x0 <= x < x1`, `y0 <= y < y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left.
    pub x0: i32,
    /// Top.
    pub y0: i32,
    /// Right (exclusive).
    pub x1: i32,
    /// Bottom (exclusive).
    pub y1: i32,
}

impl Rect {
    /// Whether the two rectangles share a pixel.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// Where the parts of a plot go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The SVG's width.
    pub width: u32,
    /// The SVG's height.
    pub height: u32,
    /// The chart: axes, tick labels and the data (under the title).
    pub chart: Rect,
    /// The legend column, right of the chart.
    pub legend: Rect,
}

const CHART_WIDTH: u32 = 720;
const HEIGHT: u32 = 520;
const TITLE_HEIGHT: i32 = 36;
const ENTRY_HEIGHT: i32 = 20;
const LEGEND_TEXT_X: i32 = 40;
/// A generous width per character of the 13-pixel legend font.
const CHAR_WIDTH: i32 = 8;

/// The legend entries of `series`: `(series index, paper entry, text)`.
fn legend_entries(series: &[Series]) -> Vec<(usize, bool, String)> {
    let mut v = Vec::new();
    for (i, s) in series.iter().enumerate() {
        v.push((i, false, s.name.clone()));
        if !s.paper.is_empty() {
            v.push((i, true, format!("{} (paper)", s.name)));
        }
    }
    v
}

/// The layout of a plot of `series`: a fixed-size chart and a legend column as wide as its
/// longest entry needs.
pub fn layout(series: &[Series]) -> Layout {
    let longest = legend_entries(series)
        .iter()
        .map(|(_, _, t)| t.chars().count() as i32)
        .max()
        .unwrap_or(0);
    let legend_width = (LEGEND_TEXT_X + CHAR_WIDTH * longest + 16).max(120) as u32;
    let width = CHART_WIDTH + legend_width;
    Layout {
        width,
        height: HEIGHT,
        chart: Rect {
            x0: 0,
            y0: TITLE_HEIGHT,
            x1: CHART_WIDTH as i32,
            y1: HEIGHT as i32,
        },
        legend: Rect {
            x0: CHART_WIDTH as i32,
            y0: TITLE_HEIGHT,
            x1: width as i32,
            y1: HEIGHT as i32,
        },
    }
}

/// A tick label: integers without a fraction (`1000`), integers of 100000 or more as
/// `2.5e6`, other numbers with at most six significant digits and no trailing zeros.
pub fn tick_label(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let r = v.round();
    if (v - r).abs() <= 1e-9 * v.abs().max(1.0) {
        if r.abs() >= 1e5 {
            return format!("{r:e}");
        }
        return format!("{}", r as i64);
    }
    let digits = v.abs().log10().ceil() as i32;
    let decimals = (6 - digits).clamp(0, 12) as usize;
    let s = format!("{v:.decimals$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// How the labels of a logarithmic axis print: one style for the whole axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogStyle {
    /// As [`tick_label`] does (`1`, `20`, `5000`, `0.5`): every tick is below 10000.
    Plain,
    /// Powers of ten with superscript exponents: `10⁴`, `2×10⁴`, `5×10⁻¹`.
    Power,
}

impl LogStyle {
    /// The style of an axis with ticks `ticks`: [`LogStyle::Plain`] when every tick is below
    /// 10000, [`LogStyle::Power`] otherwise.
    pub fn of(ticks: &[f64]) -> LogStyle {
        if ticks.iter().all(|t| t.abs() < 1e4) {
            LogStyle::Plain
        } else {
            LogStyle::Power
        }
    }
}

/// The label of tick `v` of a logarithmic axis in `style`; in [`LogStyle::Power`] a tick
/// `m × 10^k` (`m` an integer 1..9 as [`log_ticks`] gives) prints as `10ᵏ` or `m×10ᵏ`, any
/// other value with [`tick_label`].
pub fn log_tick_label(v: f64, style: LogStyle) -> String {
    if style == LogStyle::Plain || !(v.is_finite() && v > 0.0) {
        return tick_label(v);
    }
    let k = v.log10().floor() as i32;
    let m = v / 10f64.powi(k);
    let mr = m.round();
    if (m - mr).abs() > 1e-6 || !(1.0..10.0).contains(&mr) {
        return tick_label(v);
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut exp = String::new();
    if k < 0 {
        exp.push('⁻');
    }
    for d in k.unsigned_abs().to_string().bytes() {
        exp.push(SUPERSCRIPT[usize::from(d - b'0')]);
    }
    if mr == 1.0 {
        format!("10{exp}")
    } else {
        format!("{}×10{exp}", mr as u8)
    }
}

/// At most this many markers per curve: a denser curve gets a marker on every k-th point.
const MAX_MARKERS: usize = 24;

/// The ticks of a logarithmic axis over `lo..hi`: 1, 2 and 5 times the powers of ten over at
/// most two decades, the powers of ten up to eight decades, every other power beyond; and
/// at least three ticks where the range allows: when fewer fall in it (a range a little
/// over two decades may hold only two powers of ten), 1, 2 and 5 times the powers, then
/// every multiple 1..9 of them.
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return Vec::new();
    }
    let decades = (hi / lo).log10();
    let (e0, e1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let ticks = |mults: &[f64], step: usize| -> Vec<f64> {
        let mut v = Vec::new();
        for e in (e0..=e1).step_by(step) {
            for m in mults {
                let t = m * 10f64.powi(e);
                if lo <= t && t <= hi {
                    v.push(t);
                }
            }
        }
        v
    };
    const FEW: [f64; 3] = [1.0, 2.0, 5.0];
    const ALL: [f64; 9] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    let mut v = if decades <= 2.0 {
        ticks(&FEW, 1)
    } else {
        ticks(&[1.0], if decades > 8.0 { 2 } else { 1 })
    };
    if v.len() < 3 {
        v = ticks(&FEW, 1);
    }
    if v.len() < 3 {
        v = ticks(&ALL, 1);
    }
    v
}

/// The pixel offsets of marker `shape` (`0..MARKERS`) of radius `r`, as a closed polygon.
fn marker_shape(shape: usize, r: i32) -> Vec<(i32, i32)> {
    let poly = |n: usize, rot: f64, radius: &dyn Fn(usize) -> f64| -> Vec<(i32, i32)> {
        (0..n)
            .map(|k| {
                let a = rot + std::f64::consts::TAU * k as f64 / n as f64;
                let rr = radius(k);
                ((rr * a.cos()).round() as i32, (rr * a.sin()).round() as i32)
            })
            .collect()
    };
    let rf = f64::from(r);
    match shape % MARKERS {
        0 => poly(16, 0.0, &|_| rf),
        1 => vec![(-r, -r), (r, -r), (r, r), (-r, r)],
        2 => poly(3, -std::f64::consts::FRAC_PI_2, &|_| rf * 1.3),
        3 => poly(4, 0.0, &|_| rf * 1.35),
        4 => poly(3, std::f64::consts::FRAC_PI_2, &|_| rf * 1.3),
        _ => poly(10, -std::f64::consts::FRAC_PI_2, &|k| {
            if k % 2 == 0 {
                rf * 1.5
            } else {
                rf * 0.65
            }
        }),
    }
}

fn closed(mut v: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    if let Some(&first) = v.first() {
        v.push(first);
    }
    v
}

/// A hollow marker: a white-filled shape and its coloured outline, at a coordinate `C`.
type HollowMarker<C, DB> = ComposedElement<C, DB, Polygon<(i32, i32)>, PathElement<(i32, i32)>>;

/// The hollow marker of series `i` in colour `c` at `at` (a data point of the chart, or a
/// pixel of the legend): the series' shape filled white, outlined in its colour. One
/// drawing for the paper's values on the chart and their legend entry.
fn hollow_marker<DB: DrawingBackend, C>(at: C, i: usize, c: RGBColor) -> HollowMarker<C, DB> {
    let outline = closed(marker_shape(i, 5));
    EmptyElement::at(at)
        + Polygon::new(outline.clone(), WHITE.filled())
        + PathElement::new(outline, c.stroke_width(2))
}

/// The data ranges: x, y over points, paper values and intervals (on a logarithmic axis,
/// over the positive values only).
fn ranges(series: &[Series], log_y: bool) -> Option<(f64, f64, f64, f64)> {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let mut add = |x: f64, y: f64| {
        if x.is_finite() && y.is_finite() && (!log_y || y > 0.0) {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    };
    for s in series {
        for &(x, y) in s.points.iter().chain(&s.paper) {
            add(x, y);
        }
        for &(x, lo, hi) in &s.intervals {
            add(x, lo);
            add(x, hi);
        }
    }
    (x0 <= x1).then_some((x0, x1, y0, y1))
}

/// Draws `series` as lines with markers (and the paper's values and error bars where the
/// series carry them) into an SVG string, laid out by [`layout`].
pub fn line_plot_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<String, String> {
    let (x0, mut x1, y0, mut y1) = ranges(series, log_y).ok_or("nothing to plot")?;
    if x0 == x1 {
        x1 = x0 + 1.0;
    }
    if y0 == y1 {
        y1 = y0 + 1.0;
    }
    let integer_x = series
        .iter()
        .flat_map(|s| s.points.iter().chain(&s.paper))
        .all(|&(x, _)| x.fract() == 0.0);
    // Error bars at the first and last x would be drawn on the axes, where they cannot be
    // read: with intervals the x range is widened by a quarter step (integer x) or 4% of the
    // range on each side.
    let with_intervals = series.iter().filter(|s| !s.intervals.is_empty()).count();
    let (x0, x1) = if with_intervals > 0 {
        let pad = if integer_x { 0.25 } else { (x1 - x0) * 0.04 };
        (x0 - pad, x1 + pad)
    } else {
        (x0, x1)
    };
    // Several series with error bars at the same integer x would draw their bars over one
    // another: each series is moved sideways by its own small step (a dodge), all of them
    // within the quarter step of padding, so every bar can be read.
    let dodge = |i: usize| -> f64 {
        if integer_x && with_intervals > 1 {
            let step = (0.4 / series.len() as f64).min(0.06);
            (i as f64 - (series.len() - 1) as f64 / 2.0) * step
        } else {
            0.0
        }
    };
    let x_labels = if integer_x {
        ((x1 - x0) as usize + 1).clamp(2, 16)
    } else {
        10
    };
    let lay = layout(series);
    if log_y {
        y1 = y1.max(y0 * 1.01);
    }
    // The logarithmic axis: its range, ticks and one label style.
    let (log_lo, log_hi) = (y0 * 0.8, y1 * 1.25);
    let y_ticks = if log_y {
        log_ticks(log_lo, log_hi)
    } else {
        Vec::new()
    };
    let style = LogStyle::of(&y_ticks);
    let y_tick = |v: f64| {
        if log_y {
            log_tick_label(v, style)
        } else {
            tick_label(v)
        }
    };
    let y_chars = y_ticks
        .iter()
        .copied()
        .chain([y0, y1, (y0 + y1) / 2.0])
        .map(|v| y_tick(v).chars().count())
        .max()
        .unwrap_or(4)
        .max(4) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (lay.width, lay.height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let body = root
            .titled(title, ("sans-serif", 20))
            .map_err(|e| e.to_string())?;
        let (chart_area, legend_area) = body.split_horizontally(lay.chart.x1);
        let mut builder = ChartBuilder::on(&chart_area);
        builder
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(30 + 8 * (y_chars + 2));
        // Integer x (depths, rungs) is labelled only at integers.
        let fmt = |v: &f64| {
            if integer_x && v.fract() != 0.0 {
                String::new()
            } else {
                tick_label(*v)
            }
        };
        let y_fmt = |v: &f64| y_tick(*v);
        let y_floor = if log_y { log_lo } else { f64::MIN };
        macro_rules! draw {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_desc(x_label)
                    .y_desc(y_label)
                    .x_labels(x_labels)
                    .x_label_formatter(&fmt)
                    .y_label_formatter(&y_fmt)
                    .label_style(("sans-serif", 13))
                    .axis_desc_style(("sans-serif", 15))
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (i, s) in series.iter().enumerate() {
                    let c = PALETTE[i % PALETTE.len()];
                    let shape = marker_shape(i, 4);
                    let dx = dodge(i);
                    let moved = |&(x, y): &(f64, f64)| (x + dx, y);
                    for &(x, lo, hi) in &s.intervals {
                        let x = x + dx;
                        // On a logarithmic axis a bar reaching zero or below ends at the
                        // axis.
                        let lo = lo.max(y_floor);
                        if hi <= lo {
                            continue;
                        }
                        let bar = c.stroke_width(1);
                        chart
                            .draw_series([PathElement::new(vec![(x, lo), (x, hi)], bar)])
                            .map_err(|e| e.to_string())?;
                        chart
                            .draw_series([(x, lo), (x, hi)].into_iter().map(|p| {
                                EmptyElement::at(p) + PathElement::new(vec![(-4, 0), (4, 0)], bar)
                            }))
                            .map_err(|e| e.to_string())?;
                    }
                    chart
                        .draw_series(LineSeries::new(
                            s.points.iter().map(moved),
                            c.stroke_width(2),
                        ))
                        .map_err(|e| e.to_string())?;
                    let stride = s.points.len().div_ceil(MAX_MARKERS).max(1);
                    chart
                        .draw_series(s.points.iter().step_by(stride).map(|p| {
                            EmptyElement::at(moved(p)) + Polygon::new(shape.clone(), c.filled())
                        }))
                        .map_err(|e| e.to_string())?;
                    chart
                        .draw_series(s.paper.iter().map(|p| hollow_marker(moved(p), i, c)))
                        .map_err(|e| e.to_string())?;
                }
            }};
        }
        if log_y {
            draw!(builder
                .build_cartesian_2d(
                    x0..x1,
                    (log_lo..log_hi).log_scale().with_key_points(y_ticks)
                )
                .map_err(|e| e.to_string())?);
        } else {
            let pad = (y1 - y0) * 0.05;
            draw!(builder
                .build_cartesian_2d(x0..x1, (y0 - pad)..(y1 + pad))
                .map_err(|e| e.to_string())?);
        }
        draw_legend(&legend_area, series, lay)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Draws the legend into its column: a boxed list, one entry per series and one per series
/// with paper values.
fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    series: &[Series],
    lay: Layout,
) -> Result<(), String> {
    let entries = legend_entries(series);
    let top = 16;
    let w = lay.legend.x1 - lay.legend.x0;
    let h = ENTRY_HEIGHT * entries.len() as i32 + 12;
    area.draw(&Rectangle::new(
        [(4, top), (w - 6, top + h)],
        BLACK.stroke_width(1),
    ))
    .map_err(|e| e.to_string())?;
    for (k, (i, paper, text)) in entries.iter().enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        let y = top + 6 + ENTRY_HEIGHT * k as i32 + ENTRY_HEIGHT / 2;
        let at = |v: Vec<(i32, i32)>| -> Vec<(i32, i32)> {
            v.into_iter().map(|(dx, dy)| (22 + dx, y + dy)).collect()
        };
        if *paper {
            area.draw(&hollow_marker((22, y), *i, c))
                .map_err(|e| e.to_string())?;
        } else {
            area.draw(&PathElement::new(vec![(10, y), (34, y)], c.stroke_width(2)))
                .map_err(|e| e.to_string())?;
            area.draw(&Polygon::new(at(marker_shape(*i, 4)), c.filled()))
                .map_err(|e| e.to_string())?;
        }
        let style = TextStyle::from(("sans-serif", 13).into_font()).pos(
            plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            ),
        );
        area.draw(&Text::new(text.clone(), (LEGEND_TEXT_X, y), style))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The file name of plot `plot_file` (`NAME.svg`) of table `table`: `TABLE-NAME.svg`, or the
/// plot's own name when it already starts with the table's (`best-case.svg` of table
/// `best-case` stays `best-case.svg`, never `best-case-best-case.svg`).
pub fn file_name(table: &str, plot_file: &str) -> String {
    let stem = plot_file.strip_suffix(".svg").unwrap_or(plot_file);
    if stem == table || stem.starts_with(&format!("{table}-")) {
        format!("{stem}.svg")
    } else {
        format!("{table}-{stem}.svg")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_svg() {
        let s = vec![Series::new("b=2", vec![(1.0, 2.0), (2.0, 3.5), (3.0, 5.0)])];
        let svg = line_plot_svg("growth", "depth", "factor", &s, false).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("growth"));
        let svg = line_plot_svg("growth", "depth", "nodes", &s, true).unwrap();
        assert!(svg.contains("<polyline") || svg.contains("<path"));
    }
}
