//! The answers hyper writes on its own, given the JSON body of every other error.
//!
//! hyper reads a request's head before the router sees the request. A head it cannot read (a
//! malformed request line, a header line that is not `NAME: VALUE`, an unreadable or
//! contradictory `Content-Length`, a `Transfer-Encoding` other than chunked, too many
//! headers, a head larger than its buffer of about 408 KiB, a URI over 65,534 bytes) is
//! answered by hyper itself, before any code of this crate runs, with `400 Bad Request`,
//! `431 Request Header Fields Too Large` or `414 URI Too Long` and an empty body; hyper 1 has
//! no option to change that answer. So the server hands hyper each connection through
//! [`JsonErrors`]: it recognises such an answer as hyper writes it (an error status,
//! `content-length: 0` and nothing after the head, which the router never sends, since every
//! error of the router has its JSON body) and writes in its place the same status with the
//! JSON body `{"error": "..."}` of every other error of the server, and `connection: close`
//! (hyper closes the connection after such an answer). Everything else passes through
//! unchanged.
//!
//! What is left to hyper: a connection that opens with the HTTP/2 preface is closed without
//! an answer (the server speaks HTTP/1.1), as is one that ends in the middle of a request.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::error_text;

/// The most headers hyper reads in a request (its default, which the server keeps).
pub const MAX_HEADERS: usize = 100;

/// hyper's buffer for a request head, in bytes (its default, which the server keeps: 8 KiB
/// and 4 KiB per header): a head not whole when the buffer is full is refused (a head a
/// little larger may still be read whole by the read that fills it).
pub const MAX_HEAD_BYTES: usize = 8192 + 4096 * 100;

/// The longest request target hyper reads, in bytes.
pub const MAX_URI_BYTES: usize = u16::MAX as usize - 1;

/// A TCP listener whose connections are [`JsonErrors`] (what [`crate::serve`] serves).
pub struct JsonListener(pub TcpListener);

impl axum::serve::Listener for JsonListener {
    type Io = JsonErrors<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            match self.0.accept().await {
                Ok((stream, addr)) => return (JsonErrors::new(stream), addr),
                // As axum's own listener: a connection that failed before it was accepted is
                // skipped; anything else (too many open files) is waited out.
                Err(e) if is_connection_error(&e) => {}
                Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

/// Whether an error of `accept` concerns only the connection being accepted.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// A connection whose error answers without a body (hyper's own, see the module docs) are
/// written as JSON errors.
pub struct JsonErrors<S> {
    inner: S,
    /// The answer being written in place of hyper's.
    replacing: Option<Replacement>,
}

/// An answer written in place of hyper's.
struct Replacement {
    /// The whole answer.
    bytes: Vec<u8>,
    /// How much of it is written.
    written: usize,
    /// The length of hyper's answer, reported written once this one is.
    theirs: usize,
}

impl<S> JsonErrors<S> {
    /// `inner`, its bodiless error answers turned into JSON ones.
    pub fn new(inner: S) -> JsonErrors<S> {
        JsonErrors {
            inner,
            replacing: None,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            match bodiless_error(buf) {
                Some(status) => {
                    this.replacing = Some(Replacement {
                        bytes: json_answer(status),
                        written: 0,
                        theirs: buf.len(),
                    })
                }
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
            }
        }
        let Some(r) = this.replacing.as_mut() else {
            return Poll::Ready(Ok(0));
        };
        while r.written < r.bytes.len() {
            let n = ready!(Pin::new(&mut this.inner).poll_write(cx, &r.bytes[r.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            r.written += n;
        }
        let theirs = r.theirs;
        this.replacing = None;
        Poll::Ready(Ok(theirs))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Not vectored (the default): hyper then writes a head in one buffer, which
    // `bodiless_error` reads whole.
}

/// The status of `bytes` when they are a whole answer head with an error status, a
/// `content-length` of 0 and nothing after the head: hyper's own answer to a head it
/// cannot read.
fn bodiless_error(bytes: &[u8]) -> Option<StatusCode> {
    let head = bytes.strip_suffix(b"\r\n\r\n")?;
    if head.windows(4).any(|w| w == b"\r\n\r\n") {
        return None;
    }
    let mut lines = head.split(|&b| b == b'\n').map(|l| l.trim_ascii());
    let status_line = lines.next()?;
    let code = status_line
        .strip_prefix(b"HTTP/1.1 ")
        .or_else(|| status_line.strip_prefix(b"HTTP/1.0 "))?
        .get(..3)?;
    let status = StatusCode::from_bytes(code).ok()?;
    let empty = lines.any(|l| l.eq_ignore_ascii_case(b"content-length: 0"));
    (empty && (status.is_client_error() || status.is_server_error())).then_some(status)
}

/// The answer in place of hyper's: `status`, the server's JSON error saying what was wrong
/// with the request, and `connection: close`.
fn json_answer(status: StatusCode) -> Vec<u8> {
    let why = match status {
        StatusCode::BAD_REQUEST => "a malformed request head: give a request line \
             `METHOD /path HTTP/1.1`, then header lines `NAME: VALUE`, with at most one \
             Content-Length (a number) and no Transfer-Encoding other than chunked, then an \
             empty line"
            .to_string(),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => format!(
            "the request's head is too large: at most {MAX_HEADERS} headers, and about \
             {} KiB before the body",
            MAX_HEAD_BYTES / 1024
        ),
        StatusCode::URI_TOO_LONG => {
            format!("the request's path is too long: at most {MAX_URI_BYTES} bytes")
        }
        other => format!(
            "the request cannot be read: {}",
            other
                .canonical_reason()
                .unwrap_or("error")
                .to_ascii_lowercase()
        ),
    };
    let body = serde_json::json!({ "error": error_text::tidy(&why) }).to_string();
    let mut out = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or("Error"),
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bodiless_error_head_is_hypers_own_answer() {
        let own = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(bodiless_error(own), Some(StatusCode::BAD_REQUEST));
        let big = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(
            bodiless_error(big),
            Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
        );
        for other in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 17\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n",
            b"{\"error\": \"HTTP/1.1 400\"}\r\n\r\n",
        ] {
            assert_eq!(
                bodiless_error(other),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }
}
