//! Terminal output settings.

/// When to draw in colour (`--color`), as in most terminal tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal.
    Auto,
    /// Always (ANSI escape codes).
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour output written to standard output.
    pub fn enabled(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Auto => std::io::stdout().is_terminal(),
            ColorChoice::Always => true,
            ColorChoice::Never => false,
        }
    }
}
