//! `gametree serve`: a web page to watch searches and play games, served by the binary
//! itself, and the JSON API it uses (docs/serve.md).
//!
//! [`app`] builds the [`axum::Router`]; [`serve`] binds it and runs it. The page is plain
//! HTML, CSS and JavaScript embedded in the binary ([`assets`]); the bundled example trees
//! are embedded too and served by name from a fixed list ([`examples`]), so the server never
//! reads the file system.
//!
//! The server protects itself: request bodies are capped ([`ServerConfig::max_body_bytes`],
//! 413 above it), every search is capped in time and nodes ([`ServerConfig::max_time_ms`],
//! [`ServerConfig::max_nodes`]: a request may ask for less, never for more, and a request
//! without limits gets the caps), a trace holds at most [`ServerConfig::max_trace`] prunes
//! and its answer is built within the time cap ([`trace_cap`]), searches run on blocking
//! threads off the async runtime, and at most [`ServerConfig::max_searches`] run at once (a
//! request that cannot start within [`ServerConfig::queue_ms`] gets 429). Every number of a
//! request is checked against its range before anything runs (`request.rs`). Every error,
//! the framework's own (404, 405, 413) included, is a JSON object `{"error": "..."}` with a
//! 4xx status, its text one line that quotes at most [`error_text::MAX_QUOTED`] characters of
//! any input ([`error_text::tidy`]).

pub mod assets;
pub mod error_text;
pub mod examples;
mod live;
mod play;
pub mod raw_errors;
mod request;
pub mod trace_cap;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use gametree::search::{Searcher, Stop};
use gametree_games::registry::{self, Kind};
use gametree_run::error::{Front, RunError};
use gametree_run::search_job::{search_json_with, SearchRequest};
use serde_json::{json, Value};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub use play::{play_json, play_json_observed, EngineRequest, PlayError, PlayRequest};

use request::{parse_checked, Range};

/// The most nodes `POST /api/draw` draws (as `gametree draw --max-nodes`): a larger drawing
/// is not readable, and its SVG would be megabytes.
pub const MAX_DRAW_NODES: u64 = 20_000;

/// The deepest `depth` of `POST /api/draw` (as `gametree draw --depth`).
pub const MAX_DRAW_DEPTH: u64 = 64;

/// The default of [`ServerConfig::max_trace`].
pub const DEFAULT_MAX_TRACE: u64 = 10_000;

/// The ranges of the numbers of `POST /api/play` and `/api/play/stream`: an engine searches
/// at least one ply (a depth-0 search has no move to play) and has some time and nodes
/// (above the server's caps, the caps apply).
const PLAY_RANGES: [Range; 3] = [
    Range::new("engine.depth", 1, gametree_run::stack::MAX_PLIES),
    Range::at_least("engine.time_ms", 1),
    Range::at_least("engine.nodes", 1),
];

/// One request of `POST /api/draw`: the flags of `gametree draw` (exactly one of `tree` and
/// `game`; `depth` is required with `game`).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// An explicit tree in the JSON format of docs/tree-format.md.
    #[serde(default)]
    pub tree: Option<Value>,
    /// A game spec.
    #[serde(default)]
    pub game: Option<String>,
    /// A position of the game.
    #[serde(default)]
    pub position: Option<String>,
    /// The algorithm (one of [`gametree_run::draw::DRAWABLE`]).
    pub algorithm: String,
    /// The depth limit, 0 to [`MAX_DRAW_DEPTH`].
    #[serde(default)]
    pub depth: Option<u32>,
    /// The most nodes drawn, 1 to [`MAX_DRAW_NODES`] (the drawing's default,
    /// [`gametree_run::draw::DEFAULT_MAX_NODES`], when omitted; never above the server's node
    /// cap).
    #[serde(default)]
    pub max_nodes: Option<u64>,
}

/// The JSON text `gametree draw --json` prints for the same request, with a deadline of
/// `max_time_ms` and at most `max_nodes` nodes.
pub fn draw_json(req: &DrawRequest, max_time_ms: u64, max_nodes: u64) -> Result<String, String> {
    use gametree_run::draw::{self, DrawConfig, DrawInput};
    let source = gametree_run::input::from_request(
        req.tree.as_ref(),
        req.game.as_deref(),
        req.position.as_deref(),
    )
    .map_err(|e| e.render(Front::Api))?;
    let input = DrawInput {
        source,
        depth: req.depth,
    };
    let asked = req.max_nodes.unwrap_or(draw::DEFAULT_MAX_NODES as u64);
    let cfg = DrawConfig {
        max_nodes: usize::try_from(asked.min(max_nodes)).unwrap_or(usize::MAX),
        deadline: Some(std::time::Instant::now() + Duration::from_millis(max_time_ms)),
        ..DrawConfig::new(&req.algorithm)
    };
    let plies = u64::from(req.depth.unwrap_or(cfg.max_nodes as u32));
    let drawing = gametree_run::stack::on_search_thread(plies, || draw::draw(input, &cfg))
        .map_err(|e| e.to_string())?
        .map_err(|e| match e {
            draw::DrawError::NeedsDepth => "depth: required with game".to_string(),
            other => other.to_string(),
        })?;
    serde_json::to_string(&drawing).map_err(|e| e.to_string())
}

/// The server's settings (`gametree serve` flags).
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to bind (127.0.0.1 by default).
    pub host: IpAddr,
    /// The port (0: any free port; the bound address is reported by [`serve`]).
    pub port: u16,
    /// The largest request body accepted, in bytes (1 MiB by default).
    pub max_body_bytes: usize,
    /// The most milliseconds one search may run (5,000 by default).
    pub max_time_ms: u64,
    /// The most nodes one search may visit (50,000,000 by default).
    pub max_nodes: u64,
    /// The most searches running at once (the number of CPUs, at least 2, by default).
    pub max_searches: usize,
    /// How long a search request waits for a free slot before 429, in milliseconds (2,000
    /// by default).
    pub queue_ms: u64,
    /// The most prunes a traced search records ([`DEFAULT_MAX_TRACE`] by default): a
    /// larger `trace_limit` is refused, and a request without one gets the least of this
    /// and the command line's default.
    pub max_trace: u64,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            max_body_bytes: 1 << 20,
            max_time_ms: 5_000,
            max_nodes: 50_000_000,
            max_searches: std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .max(2),
            queue_ms: 2_000,
            max_trace: DEFAULT_MAX_TRACE,
        }
    }
}

/// What the handlers share.
struct Shared {
    cfg: ServerConfig,
    slots: Arc<Semaphore>,
    /// Stop flags free for the next search ([`StopGuard`]).
    flags: Arc<Mutex<Vec<Stop>>>,
}

/// The stop flag of one running search. Dropped before [`StopGuard::finish`] (the client went
/// away, so axum dropped the handler's future) it asks the search to stop, and the flag,
/// which the search may still read, is never reused; finished, the flag goes back to the
/// free list.
struct StopGuard {
    stop: Option<Stop>,
    flags: Arc<Mutex<Vec<Stop>>>,
}

impl StopGuard {
    fn new(flags: &Arc<Mutex<Vec<Stop>>>) -> StopGuard {
        let stop = flags
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop()
            .unwrap_or_else(Stop::leak);
        stop.clear();
        StopGuard {
            stop: Some(stop),
            flags: flags.clone(),
        }
    }

    fn finish(mut self) {
        if let Some(stop) = self.stop.take() {
            self.flags
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(stop);
        }
    }
}

impl Drop for StopGuard {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.request();
        }
    }
}

/// An API error: a status and the JSON `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error with `status`; its text is [`error_text::tidy`]'s of `message`.
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: error_text::tidy(&message.into()),
        }
    }
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// A job's error in the words of the API (`table_mib`, not `--table-mib`).
impl From<RunError> for ApiError {
    fn from(e: RunError) -> ApiError {
        let status = match e {
            RunError::Invalid(_) => StatusCode::BAD_REQUEST,
            RunError::Stopped(_) => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::new(status, e.render(Front::Api))
    }
}

/// The router of the page and the API, with the caps of `cfg`.
pub fn app(cfg: ServerConfig) -> Router {
    let shared = Arc::new(Shared {
        slots: Arc::new(Semaphore::new(cfg.max_searches.max(1))),
        flags: Arc::new(Mutex::new(Vec::new())),
        cfg: cfg.clone(),
    });
    let routes = Router::new()
        .route(
            "/",
            get(|| async { page(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(assets::APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(assets::STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/api/list", get(list))
        .route("/api/examples", get(example_names))
        .route("/api/examples/{name}", get(example))
        .route("/api/limits", get(limits))
        .route("/api/search", post(search))
        .route("/api/play", post(play_move))
        .route("/api/play/stream", post(live::play_stream))
        .route("/api/draw", post(draw))
        .fallback(|method: Method, uri: Uri| async move {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!(
                    "{method} {}: no such page or API route",
                    error_text::quote(uri.path())
                ),
            )
        })
        .layer(DefaultBodyLimit::max(cfg.max_body_bytes))
        .with_state(shared);
    // Around the whole router, so that the answers it makes itself (405 with its `Allow`
    // header) pass through it too.
    Router::new()
        .fallback_service(routes)
        .layer(axum::middleware::from_fn(json_errors))
}

/// Turns every error response that is not already JSON (the framework's own: 405 for a
/// route asked with the wrong method, a rejected path) into `{"error": ...}`, naming the
/// request, the status and, for 405, the methods allowed. Headers (`Allow`) are kept.
async fn json_errors(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let mut message = format!(
        "{method} {}: {}",
        error_text::quote(&path),
        status
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase()
    );
    if let Some(allow) = parts.headers.get(header::ALLOW) {
        message.push_str(&format!(
            " (allowed: {})",
            String::from_utf8_lossy(allow.as_bytes())
        ));
    }
    if !text.is_empty() {
        message.push_str(": ");
        message.push_str(&text);
    }
    let body = json!({ "error": error_text::tidy(&message) }).to_string();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::from(body))
}

/// Binds `cfg.host:cfg.port`, calls `bound` with the address bound (the port is the one
/// given, or the one the system chose for port 0), and serves [`app`] until the process
/// ends, hyper's own answers to a request head it cannot read given a JSON body
/// ([`raw_errors`]).
pub async fn serve(cfg: ServerConfig, bound: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind((cfg.host, cfg.port)).await?;
    bound(listener.local_addr()?);
    axum::serve(raw_errors::JsonListener(listener), app(cfg)).await
}

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/list`: the games (name, default spec, seats, help line) and the algorithms.
async fn list() -> Json<Value> {
    let games: Vec<Value> = registry::entries()
        .into_iter()
        .map(|e| {
            json!({
                "name": e.listing.name,
                "syntax": e.listing.syntax,
                "about": e.listing.about,
                "default_spec": e.listing.default_spec,
                "seats": e.seats,
                "kind": if e.kind == Kind::Game { "game" } else { "tree" },
                "default_engine": e.default_engine.map(|d| d.searcher.name()),
            })
        })
        .collect();
    let algorithms: Vec<Value> = Searcher::all()
        .into_iter()
        .filter(|s| *s != Searcher::Mcts)
        .map(|s| json!({ "name": s.name(), "about": s.about() }))
        .collect();
    Json(json!({ "games": games, "algorithms": algorithms }))
}

/// `GET /api/examples`: the names of the bundled trees.
async fn example_names() -> Json<Value> {
    Json(json!({ "examples": examples::names() }))
}

/// `GET /api/examples/NAME`: one bundled tree, by name only.
async fn example(name: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let Path(name) = name.map_err(|r| ApiError::new(r.status(), r.body_text()))?;
    let text = examples::get(&name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no bundled example named {} (known: {})",
                error_text::quote(&name),
                examples::names().join(", ")
            ),
        )
    })?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// `GET /api/limits`: the server's caps, and how many searches are running now.
async fn limits(State(s): State<Arc<Shared>>) -> Json<Value> {
    let slots = s.cfg.max_searches.max(1);
    Json(json!({
        "max_body_bytes": s.cfg.max_body_bytes,
        "max_time_ms": s.cfg.max_time_ms,
        "max_nodes": s.cfg.max_nodes,
        "max_searches": s.cfg.max_searches,
        "max_trace": s.cfg.max_trace,
        "searches_running": slots.saturating_sub(s.slots.available_permits()),
    }))
}

/// Caps a requested limit: the request may ask for less than the cap, never more.
fn cap(asked: Option<u64>, cap: u64) -> u64 {
    asked.map_or(cap, |a| a.min(cap))
}

/// A search slot, once one is free; 429 after the queue wait.
async fn search_slot(s: &Shared) -> Result<OwnedSemaphorePermit, ApiError> {
    let wait = Duration::from_millis(s.cfg.queue_ms);
    match tokio::time::timeout(wait, s.slots.clone().acquire_owned()).await {
        Ok(Ok(p)) => Ok(p),
        _ => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the server is busy: {} searches are running; try again shortly",
                s.cfg.max_searches
            ),
        )),
    }
}

/// Runs `f` on a blocking thread once a search slot is free (429 after the queue wait),
/// handing it a stop flag that is raised if the client goes away before the answer.
async fn run_search<T: Send + 'static>(
    s: &Shared,
    f: impl FnOnce(Stop) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = search_slot(s).await?;
    let guard = StopGuard::new(&s.flags);
    let stop = guard.stop.expect("a new guard holds its flag");
    let out = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        f(stop)
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("search failed: {e}"),
        )
    });
    guard.finish();
    out?
}

/// The ranges of the numbers of `POST /api/search` on a server with `cfg`: those of
/// `gametree search` (above the server's caps on nodes and time, the caps apply), and a
/// trace of at most [`ServerConfig::max_trace`] prunes.
fn search_ranges(cfg: &ServerConfig) -> [Range; 4] {
    [
        Range::new("depth", 0, gametree_run::stack::MAX_PLIES),
        Range::at_least("nodes", 1),
        Range::at_least("time_ms", 1),
        Range {
            why: " (the server's cap, --max-trace)",
            ..Range::new("trace_limit", 0, cfg.max_trace)
        },
    ]
}

/// `POST /api/search`: what `gametree search --json` prints for the same request, with
/// the server's caps on time, nodes and trace. The whole answer, the trace written
/// included, fits the time cap ([`trace_cap`]); the JSON is written on the search's thread.
async fn search(
    State(s): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let mut req: SearchRequest = parse_checked(body, &search_ranges(&s.cfg))?;
    req.limits.nodes = Some(cap(req.limits.nodes, s.cfg.max_nodes));
    let asked_ms = cap(req.limits.time_ms, s.cfg.max_time_ms);
    let default_trace = gametree::search::DEFAULT_TRACE_LIMIT as u64;
    req.trace_limit = Some(
        req.trace_limit
            .unwrap_or(default_trace)
            .min(s.cfg.max_trace),
    );
    let max_time_ms = s.cfg.max_time_ms;
    let text = run_search(&s, move |stop| {
        let start = std::time::Instant::now();
        // What the request names, loaded once: the reserve and the search share it.
        let source = req.source();
        let reserve = trace_cap::answer_reserve(&req, source.as_ref().ok(), max_time_ms)?;
        // The search gets the cap less the answer's writing and the time spent so far.
        let left = Duration::from_millis(max_time_ms)
            .saturating_sub(reserve)
            .saturating_sub(start.elapsed());
        let left_ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
        req.limits.time_ms = Some(asked_ms.min(left_ms).max(1));
        let report = search_json_with(&req, source, Some(stop)).map_err(ApiError::from)?;
        Ok(report.to_json())
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// `POST /api/play`: the position after the moves given, and the engine's move when asked.
async fn play_move(
    State(s): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req = play_request(&s, body)?;
    let v = run_search(&s, move |stop| {
        play_json(&req, Some(stop)).map_err(ApiError::from)
    })
    .await?;
    Ok(Json(v))
}

/// The body of a play request, its engine's time and nodes capped by the server's.
fn play_request(s: &Shared, body: Result<Bytes, BytesRejection>) -> Result<PlayRequest, ApiError> {
    let mut req: PlayRequest = parse_checked(body, &PLAY_RANGES)?;
    if let Some(engine) = req.engine.as_mut() {
        engine.limits.time_ms = Some(cap(engine.limits.time_ms, s.cfg.max_time_ms));
        engine.limits.nodes = Some(cap(engine.limits.nodes, s.cfg.max_nodes));
    }
    Ok(req)
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        match e {
            PlayError::Invalid(m) => ApiError::bad(m),
        }
    }
}

/// [`serve`] on a new multi-threaded tokio runtime, blocking until the server stops (what
/// `gametree serve` calls).
pub fn run(cfg: ServerConfig, bound: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(cfg, bound))
}

/// `POST /api/draw`: the drawing of a search (`gametree draw --json`'s bytes).
async fn draw(
    State(s): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: DrawRequest = parse_checked(
        body,
        &[
            Range::new("depth", 0, MAX_DRAW_DEPTH),
            Range::new("max_nodes", 1, MAX_DRAW_NODES),
        ],
    )?;
    let (time, nodes) = (s.cfg.max_time_ms, s.cfg.max_nodes);
    let text = run_search(&s, move |_stop| {
        draw_json(&req, time, nodes).map_err(ApiError::bad)
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}
