//! The page, embedded in the binary: plain HTML, CSS and JavaScript, no build step.

/// The page (`GET /`).
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its script (`GET /app.js`).
pub const APP_JS: &str = include_str!("../assets/app.js");
/// Its stylesheet (`GET /style.css`).
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
