#![expect(
    missing_docs,
    reason = "criterion's macros generate undocumented public functions"
)]
//! The cost of a game's tables, as a tournament pays it: a 16 MiB table of value vectors
//! (the max^n family's, kept from move to move of one game) and a 16 MiB transposition
//! table (the engine's, one per search), each made on a worker thread (a tournament plays
//! its games on a thread pool) after one of its size was freed there, then 2,000 entries
//! stored at random, then dropped. What the table's setup writes before the first probe is
//! what this measures (src/hash/memory.rs in the core crate): the C library serves a
//! worker thread's zeroed block of 16 MiB from its heap and writes it with zeros, where a
//! mapping of its own is zeroed by the system page by page as the entries land.
//!
//! Run: `cargo bench -p gametree-games --bench tables`.

use criterion::{criterion_group, criterion_main, Criterion};
use gametree::search::tt::{Bound, Table};
use gametree::search::vector_table::VectorTable;
use gametree::Scores;

/// The entries one short search stores.
const ENTRIES: u64 = 2_000;

/// A well-mixed hash of `i` (SplitMix64's finaliser).
fn hash(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

thread_local! {
    /// The table of the previous game, freed when the next one has made its own (games
    /// overlap on a tournament's threads).
    static LAST_VECTORS: std::cell::Cell<Option<VectorTable>> = const { std::cell::Cell::new(None) };
    /// The same for the transposition tables.
    static LAST_TT: std::cell::Cell<Option<Table>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on the one worker thread of the benchmark and returns its result.
fn on_worker<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    use std::sync::mpsc::{channel, Sender};
    use std::sync::{Mutex, OnceLock};
    type Job = Box<dyn FnOnce() + Send>;
    static WORKER: OnceLock<Mutex<Sender<Job>>> = OnceLock::new();
    let jobs = WORKER.get_or_init(|| {
        let (tx, rx) = channel::<Job>();
        std::thread::spawn(move || {
            for job in rx {
                job();
            }
        });
        Mutex::new(tx)
    });
    let (done, result) = channel();
    let job: Job = Box::new(move || {
        let _ = done.send(f());
    });
    jobs.lock()
        .expect("the worker's queue")
        .send(job)
        .expect("the worker runs");
    result.recv().expect("the worker answers")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("a game's table: make 16 MiB, store 2,000 entries, drop");
    g.sample_size(20);
    let value = Scores::from_slice(&[1, 2, 3]);
    on_worker(|| drop(VectorTable::with_mib(16)));
    g.bench_function("value vectors (max^n family)", |b| {
        b.iter(|| {
            on_worker(move || {
                let mut t = VectorTable::with_mib(16);
                for i in 0..ENTRIES {
                    t.store(hash(i), 3, value, Some(0), true);
                }
                let found = t.probe(hash(7), 3).is_some();
                // The game before this one ends now: two tables are alive at a time.
                drop(LAST_VECTORS.replace(Some(t)));
                found
            })
        })
    });
    on_worker(|| drop(Table::with_bytes(16 << 20)));
    g.bench_function("transposition table (engine)", |b| {
        b.iter(|| {
            on_worker(|| {
                let t = Table::with_bytes(16 << 20);
                for i in 0..ENTRIES {
                    t.store(hash(i), 1, Bound::Exact, 3, Some(0), false);
                }
                let found = t.probe(hash(7)).is_some();
                drop(LAST_TT.replace(Some(t)));
                found
            })
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
