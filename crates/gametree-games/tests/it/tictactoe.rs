//! tictactoe tests: not yet written.
