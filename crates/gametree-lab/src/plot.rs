//! SVG line plots (plotters' SVG backend, no system fonts needed).

use std::path::Path;

use plotters::prelude::*;

/// One named curve.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// Draws `series` as lines with markers into an SVG string.
pub fn line_plot_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let pts = series.iter().flat_map(|s| s.points.iter());
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in pts {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        if x0 > x1 {
            return Err("nothing to plot".into());
        }
        if x0 == x1 {
            x1 = x0 + 1.0;
        }
        if y0 == y1 {
            y1 = y0 + 1.0;
        }
        let colors = [BLUE, RED, GREEN, MAGENTA, CYAN, BLACK];
        let mut builder = ChartBuilder::on(&root);
        builder
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(60);
        macro_rules! draw {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_desc(x_label)
                    .y_desc(y_label)
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (i, s) in series.iter().enumerate() {
                    let c = colors[i % colors.len()];
                    chart
                        .draw_series(LineSeries::new(s.points.iter().copied(), c.stroke_width(2)))
                        .map_err(|e| e.to_string())?
                        .label(s.name.clone())
                        .legend(move |(x, y)| {
                            PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                        });
                    chart
                        .draw_series(s.points.iter().map(|&p| Circle::new(p, 3, c.filled())))
                        .map_err(|e| e.to_string())?;
                }
                chart
                    .configure_series_labels()
                    .background_style(WHITE.mix(0.8))
                    .border_style(BLACK)
                    .draw()
                    .map_err(|e| e.to_string())?;
            }};
        }
        if log_y {
            let y0 = if y0 > 0.0 { y0 } else { 1e-3 };
            draw!(builder
                .build_cartesian_2d(x0..x1, (y0 * 0.9..y1 * 1.1).log_scale())
                .map_err(|e| e.to_string())?);
        } else {
            let pad = (y1 - y0) * 0.05;
            draw!(builder
                .build_cartesian_2d(x0..x1, (y0 - pad)..(y1 + pad))
                .map_err(|e| e.to_string())?);
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Draws `series` and writes the SVG to `path` atomically.
pub fn write_line_plot(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<(), String> {
    let svg = line_plot_svg(title, x_label, y_label, series, log_y)?;
    crate::io::write_atomic(path, svg.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_svg() {
        let s = vec![Series {
            name: "b=2".into(),
            points: vec![(1.0, 2.0), (2.0, 3.5), (3.0, 5.0)],
        }];
        let svg = line_plot_svg("growth", "depth", "factor", &s, false).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("growth"));
        let svg = line_plot_svg("growth", "depth", "nodes", &s, true).unwrap();
        assert!(svg.contains("<polyline") || svg.contains("<path"));
    }
}
