//! `POST /api/play/stream`: the request of `POST /api/play`, answered as Server-Sent Events
//! while the engine thinks: one `iteration` event per completed iteration of its search
//! (`{"depth", "nodes", "nps", "ms", "value", "pv", "at_unix_ms"}`), then one `done` event
//! whose data is what `/api/play` answers for the same request (or one `error` event,
//! `{"error": ...}`, if the search fails after the stream started). A keep-alive comment
//! goes out every second.
//!
//! The search is [`crate::play_json_observed`], the code path of `/api/play`, on a blocking
//! thread holding a search slot. The answer starts only once the first iteration (or the
//! whole answer, or the error) is known, so a bad request, a search that cannot complete
//! even one depth within its limits, and a full server (429) get the usual JSON error with a
//! 4xx status, never a stream. A client that closes the stream raises the search's stop
//! flag: the search ends at its next check and its slot is freed.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::play::{play_json_observed, PlayError};
use crate::{play_request, search_slot, ApiError, Shared, StopGuard};

/// What the search thread sends to the stream.
enum Progress {
    /// One completed iteration, `at_unix_ms` included.
    Iteration(Value),
    /// The answer of `/api/play`, or why there is none.
    Done(Result<Value, PlayError>),
}

/// Milliseconds since the Unix epoch (the server's clock), for the page to measure how
/// long an iteration took to reach it.
fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The stream's state: the messages of the search thread, and the stop flag of its search,
/// raised if the stream is dropped (the client went away) before the `done` event.
struct Live {
    rx: mpsc::UnboundedReceiver<Progress>,
    guard: Option<StopGuard>,
    /// The first message, received before the answer started.
    first: Option<Progress>,
}

impl Live {
    /// The next event, or `None` after the last one.
    async fn next(&mut self) -> Option<Event> {
        self.guard.as_ref()?;
        let msg = match self.first.take() {
            Some(m) => Some(m),
            None => self.rx.recv().await,
        };
        let (name, data) = match msg {
            Some(Progress::Iteration(v)) => return Some(event("iteration", &v)),
            Some(Progress::Done(Ok(v))) => ("done", v),
            Some(Progress::Done(Err(e))) => (
                "error",
                json!({ "error": crate::error_text::tidy(&e.to_string()) }),
            ),
            None => (
                "error",
                json!({ "error": "the search failed before answering" }),
            ),
        };
        // The search has returned: its flag is no longer read and can serve again.
        if let Some(g) = self.guard.take() {
            g.finish();
        }
        Some(event(name, &data))
    }
}

fn event(name: &str, data: &Value) -> Event {
    // serde_json writes no newline, so the data is one `data:` line.
    Event::default().event(name).data(data.to_string())
}

/// `POST /api/play/stream`: the engine's iterations as they complete, then its move.
pub(crate) async fn play_stream(
    State(s): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req = play_request(&s, body)?;
    let permit = search_slot(&s).await?;
    let guard = StopGuard::new(&s.flags);
    let stop = guard.stop.ok_or_else(|| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "no stop flag for the search",
        )
    })?;
    let (tx, mut rx) = mpsc::unbounded_channel();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let answer = play_json_observed(&req, Some(stop), |it| {
            let mut it = it.clone();
            it["at_unix_ms"] = json!(unix_ms());
            // A closed stream drops the receiver: the stop flag ends the search soon.
            let _ = tx.send(Progress::Iteration(it));
        });
        let _ = tx.send(Progress::Done(answer));
    });
    // Dropped here (the client left while waiting), the guard stops the search.
    let first = rx.recv().await;
    let first = match first {
        Some(Progress::Done(Err(e))) => {
            guard.finish();
            return Err(ApiError::from(e));
        }
        None => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the search failed before answering",
            ))
        }
        Some(m) => m,
    };
    let live = Live {
        rx,
        guard: Some(guard),
        first: Some(first),
    };
    let events = futures_util::stream::unfold(live, |mut live| async move {
        let ev = live.next().await?;
        Some((Ok::<Event, Infallible>(ev), live))
    });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response())
}
