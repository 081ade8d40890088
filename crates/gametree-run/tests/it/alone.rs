//! Running one test alone, in a child process of its test binary: for a test that reads a
//! count the whole process shares (`gametree_games::registry::builds`), which the other
//! tests of the binary would move at the same time. The server's tests use it too (the
//! file is included there by path).

use std::process::Command;

/// Set in the child process that runs one test alone.
const CHILD: &str = "GAMETREE_BUILDS_CHILD";

/// In the parent: runs `test` alone in a child process of this binary, checks that it
/// passed, and returns `false` (the parent's work is done). In the child: `true`.
pub fn alone(test: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([test, "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("1 passed"),
        "{test} in a child process: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    false
}
