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
//! without limits gets the caps), searches run on blocking threads off the async runtime,
//! and at most [`ServerConfig::max_searches`] run at once (a request that cannot start
//! within [`ServerConfig::queue_ms`] gets 429). Every error is a JSON object
//! `{"error": "..."}` with a 4xx status.

pub mod assets;
pub mod examples;
mod live;
mod play;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use gametree::search::{Searcher, Stop};
use gametree_games::registry::{self, Kind};
use gametree_lab::search_json::{search_json, SearchJsonError, SearchRequest};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub use play::{play_json, play_json_observed, EngineRequest, PlayError, PlayRequest};

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
    /// The algorithm (one of [`gametree_lab::draw::DRAWABLE`]).
    pub algorithm: String,
    /// The depth limit.
    #[serde(default)]
    pub depth: Option<u32>,
    /// The most nodes drawn (the drawing's default, [`gametree_lab::draw::DEFAULT_MAX_NODES`],
    /// when omitted; never above the server's node cap).
    #[serde(default)]
    pub max_nodes: Option<u64>,
}

/// The JSON text `gametree draw --json` prints for the same request, with a deadline of
/// `max_time_ms` and at most `max_nodes` nodes.
pub fn draw_json(req: &DrawRequest, max_time_ms: u64, max_nodes: u64) -> Result<String, String> {
    use gametree_lab::draw::{self, DrawConfig, DrawInput};
    let input = match (&req.tree, &req.game) {
        (Some(doc), None) => DrawInput::Tree {
            tree: Box::new(
                gametree::tree::ExplicitTree::from_json(doc).map_err(|e| format!("tree: {e}"))?,
            ),
            depth: req.depth,
        },
        (None, Some(spec)) => DrawInput::Game {
            spec: spec.clone(),
            position: req.position.clone(),
            depth: req.depth.ok_or("depth: required with game")?,
        },
        (Some(_), Some(_)) => return Err("give either tree or game, not both".into()),
        (None, None) => return Err("give tree or game".into()),
    };
    let asked = req.max_nodes.unwrap_or(draw::DEFAULT_MAX_NODES as u64);
    let cfg = DrawConfig {
        max_nodes: usize::try_from(asked.min(max_nodes)).unwrap_or(usize::MAX),
        deadline: Some(std::time::Instant::now() + Duration::from_millis(max_time_ms)),
        ..DrawConfig::new(&req.algorithm)
    };
    let plies = u64::from(req.depth.unwrap_or(cfg.max_nodes as u32));
    let drawing = gametree_lab::stack::on_search_thread(plies, || draw::draw(input, &cfg))
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
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
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
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

impl From<SearchJsonError> for ApiError {
    fn from(e: SearchJsonError) -> ApiError {
        match e {
            SearchJsonError::Invalid(m) => ApiError::bad(m),
            stopped @ SearchJsonError::Stopped { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, stopped.to_string())
            }
        }
    }
}

/// The router of the page and the API, with the caps of `cfg`.
pub fn app(cfg: ServerConfig) -> Router {
    let shared = Arc::new(Shared {
        slots: Arc::new(Semaphore::new(cfg.max_searches.max(1))),
        flags: Arc::new(Mutex::new(Vec::new())),
        cfg: cfg.clone(),
    });
    Router::new()
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
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or API route") })
        .layer(DefaultBodyLimit::max(cfg.max_body_bytes))
        .with_state(shared)
}

/// Binds `cfg.host:cfg.port`, calls `bound` with the address bound (the port is the one
/// given, or the one the system chose for port 0), and serves [`app`] until the process
/// ends.
pub async fn serve(cfg: ServerConfig, bound: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind((cfg.host, cfg.port)).await?;
    bound(listener.local_addr()?);
    axum::serve(listener, app(cfg)).await
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
async fn example(Path(name): Path<String>) -> Result<Response, ApiError> {
    let text = examples::get(&name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no bundled example named {name:?} (known: {})",
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
        "searches_running": slots.saturating_sub(s.slots.available_permits()),
    }))
}

/// The request body as `T`, or a JSON error: 413 over the body limit, 400 for bad JSON.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| ApiError::new(r.status(), r.body_text()))?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("request body: {e}")))
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

/// `POST /api/search`: what `gametree search --json` prints for the same request, with
/// the server's caps on time and nodes.
async fn search(
    State(s): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let mut req: SearchRequest = parse_body(body)?;
    req.nodes = Some(cap(req.nodes, s.cfg.max_nodes));
    req.time_ms = Some(cap(req.time_ms, s.cfg.max_time_ms));
    let v = run_search(&s, move |stop| {
        search_json(&req, Some(stop)).map_err(ApiError::from)
    })
    .await?;
    Ok(Json(v))
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
    let mut req: PlayRequest = parse_body(body)?;
    if let Some(engine) = req.engine.as_mut() {
        engine.time_ms = Some(cap(engine.time_ms, s.cfg.max_time_ms));
        engine.nodes = Some(cap(engine.nodes, s.cfg.max_nodes));
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
    let req: DrawRequest = parse_body(body)?;
    let (time, nodes) = (s.cfg.max_time_ms, s.cfg.max_nodes);
    let text = run_search(&s, move |_stop| {
        draw_json(&req, time, nodes).map_err(ApiError::bad)
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}
