//! Fridenfalk's family (2014): N-max, max^n on values projected so that every player
//! maximises its lead, and hypermax, the same decision rule with alpha-beta-style bounds.

pub mod hypermax;
pub mod nmax;

pub use self::hypermax::hypermax;
pub use self::nmax::nmax;
