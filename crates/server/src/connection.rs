//! The server's connections, with hyper's own error answers in the documented JSON.
//!
//! A request that hyper cannot read as HTTP (a header line without a colon, a method or a
//! version it does not know, a `Content-Length` that is not a number or is given twice, a URL
//! or headers over its limits) never reaches the router, so the `json_errors` middleware
//! cannot see its answer: hyper writes `400 Bad Request` (or 414, 431) with an empty body and
//! closes the connection. [`JsonListener`] hands hyper each connection wrapped in
//! [`Rewriting`], which recognises that answer as it is written (a 4xx head with
//! `content-length: 0` and nothing after it, which no route writes: every error answer of
//! the router carries its JSON) and sends it with the documented body instead.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::error::ErrorBody;

/// The listener of `pbp serve`: a TCP listener whose connections are [`Rewriting`].
#[derive(Debug)]
pub(crate) struct JsonListener(pub(crate) TcpListener);

impl Listener for JsonListener {
    type Io = Rewriting<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = Listener::accept(&mut self.0).await;
        (Rewriting::new(io), addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// A connection whose bodiless 4xx answers (hyper's, to a request it could not read) are
/// written with the documented JSON body.
#[derive(Debug)]
pub(crate) struct Rewriting<T> {
    inner: T,
    /// Bytes accepted from hyper but not yet written (a rewritten answer).
    pending: Vec<u8>,
    /// How many of `pending` are written.
    written: usize,
}

impl<T> Rewriting<T> {
    fn new(inner: T) -> Self {
        Rewriting {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

/// The documented form of an error answer that hyper wrote as `head` (with no body), or
/// `None` for any other bytes.
pub(crate) fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status_line = text.strip_suffix("\r\n\r\n")?;
    if status_line.contains("\r\n\r\n") {
        return None;
    }
    let rest = text
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| text.strip_prefix("HTTP/1.0 "))?;
    let code: u16 = rest.get(..3)?.parse().ok()?;
    if !(400..500).contains(&code) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("\r\ncontent-type:") {
        return None;
    }
    let (kind, message) = match code {
        414 => (
            "too_large",
            "the request's URL is longer than this server reads",
        ),
        431 => (
            "too_large",
            "the request's headers are larger than this server reads",
        ),
        _ => (
            "bad_request",
            "the request is not HTTP this server can read: its request line, a header, or its \
             length is malformed (nothing was changed)",
        ),
    };
    let body = serde_json::to_string(&ErrorBody {
        error: kind,
        message: message.to_owned(),
    })
    .unwrap_or_default();
    let mut head = String::new();
    for line in status_line.split("\r\n") {
        if line.to_ascii_lowercase().starts_with("content-length:") {
            head.push_str(&format!("content-length: {}\r\n", body.len()));
            head.push_str("content-type: application/json\r\n");
        } else {
            head.push_str(line);
            head.push_str("\r\n");
        }
    }
    head.push_str("\r\n");
    head.push_str(&body);
    Some(head.into_bytes())
}

/// The longest head of hyper's own error answers looked at (they are a status line, a length,
/// a date and `connection: close`).
const MAX_HEAD: usize = 1024;

impl<T: AsyncWrite + Unpin> Rewriting<T> {
    /// Takes `rewritten` in place of the `len` bytes hyper wrote: written as far as hyper
    /// knows, and sent before anything else.
    fn take(
        &mut self,
        cx: &mut Context<'_>,
        rewritten: Vec<u8>,
        len: usize,
    ) -> Poll<io::Result<usize>> {
        self.pending = rewritten;
        self.written = 0;
        // What is not sent now is sent by the next write, flush or shutdown.
        if let Poll::Ready(Err(error)) = self.poll_pending(cx) {
            return Poll::Ready(Err(error));
        }
        Poll::Ready(Ok(len))
    }

    /// Writes what is pending, if anything.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Rewriting<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Rewriting<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        // Only a whole head is recognised: hyper writes its error answer's head at once.
        if buf.starts_with(b"HTTP/1.")
            && let Some(rewritten) = rewrite(buf)
        {
            return self.take(cx, rewritten, buf.len());
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        let first = bufs.iter().find(|b| !b.is_empty());
        if first.is_some_and(|b| b.starts_with(b"HTTP/1.")) && total <= MAX_HEAD {
            let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            if let Some(rewritten) = rewrite(&whole) {
                return self.take(cx, rewritten, total);
            }
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bodiless_4xx_head_is_rewritten() {
        let bare = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: Mon, 07 Dec 2026 04:00:00 GMT\r\n\r\n";
        let rewritten = String::from_utf8(rewrite(bare).unwrap()).unwrap();
        let (head, body) = rewritten.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(head.contains("date: Mon"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(value["error"], "bad_request");
        let long = rewrite(b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n").unwrap();
        assert!(String::from_utf8(long).unwrap().contains("too_large"));
        for kept in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n",
            b"not http at all",
        ] {
            assert_eq!(rewrite(kept), None, "{}", String::from_utf8_lossy(kept));
        }
    }
}
