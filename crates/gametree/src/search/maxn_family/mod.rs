//! The max^n family (Luckhardt & Irani 1986): plain max^n; Korf's (1991) immediate and
//! shallow pruning and branch-and-bound with subtree bounds; Sturtevant's (2003)
//! last-branch and speculative pruning; paranoid search (Sturtevant & Korf 2000); and the
//! versions of max^n and speculative max^n with a table of exact value vectors
//! ([`vector_table`]).

pub mod branch_and_bound;
pub mod last_branch;
pub mod maxn;
pub mod maxn_table;
pub mod paranoid;
pub mod shallow;
pub mod speculative;
pub mod speculative_table;
pub mod vector_table;

pub use self::branch_and_bound::branch_and_bound;
pub use self::last_branch::last_branch;
pub use self::maxn::maxn;
pub use self::maxn_table::maxn_table;
pub use self::paranoid::paranoid;
pub use self::shallow::shallow;
pub use self::speculative::speculative;
pub use self::speculative_table::speculative_table;
