//! tictactoe: not yet written.
