//! The two-player family: minimax and alpha-beta in their textbook forms, each reading one
//! number per leaf, the root player's score in player 0's terms (see [`minimax::key`]): the
//! root player maximises its own score, the other player minimises it. The engine
//! ([`super::engine`]) is the same search with the enhancements that make it strong.

pub mod alphabeta;
pub mod alphabeta_failsoft;
pub mod minimax;
pub mod negamax;

pub use self::alphabeta::alphabeta;
pub use self::alphabeta_failsoft::alphabeta_failsoft;
pub use self::minimax::minimax;
pub use self::negamax::negamax;
