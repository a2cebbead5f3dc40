//! The bounded queue between a stream's producer (which reads the table) and its HTTP body
//! (which the client drains): at most [`crate::stream::StreamLimits::buffer`] events wait for
//! a client, whatever the client does.
//!
//! The producer waits while the queue is full, for as long as the stream's lag limit; a
//! client that has not taken an event for that long is behind. The producer then stops, and
//! leaves its last words: an event that tells the client to reconnect from the last id queued.
//! The body sends what is queued, then those words, then ends. Nothing is lost: the client
//! resumes from that id, and the events come again from the store.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::response::sse::Event;
use futures_core::Stream;
use tokio::sync::{mpsc, watch};

/// The producer's end.
#[derive(Debug)]
pub(crate) struct Inlet {
    sender: mpsc::Sender<Event>,
    last_words: Arc<Mutex<Option<Event>>>,
    lag: Duration,
}

/// Why the producer must stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The client is gone.
    Gone,
    /// The queue stayed full for the lag limit.
    Behind,
}

/// The body's end: a stream of events for axum's SSE response, which ends after the
/// producer's last words. It holds whatever must live as long as the connection (its place in
/// the connection limits).
pub(crate) struct Outlet<G> {
    receiver: mpsc::Receiver<Event>,
    last_words: Arc<Mutex<Option<Event>>>,
    /// Resolves when the server shuts down: the body ends at once then.
    closing: Pin<Box<dyn Future<Output = ()> + Send>>,
    _held: G,
}

/// A future that resolves once `closing` turns true (never, if its sender is gone first).
pub(crate) fn on_close(
    mut closing: watch::Receiver<bool>,
) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        if closing.wait_for(|closing| *closing).await.is_err() {
            std::future::pending::<()>().await;
        }
    })
}

/// A queue of `capacity` events whose producer waits at most `lag` for room; `held` lives as
/// long as the body, which ends when `closing` resolves.
pub(crate) fn queue<G>(
    capacity: usize,
    lag: Duration,
    held: G,
    closing: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> (Inlet, Outlet<G>) {
    let (sender, receiver) = mpsc::channel(capacity.max(1));
    let last_words = Arc::new(Mutex::new(None));
    (
        Inlet {
            sender,
            last_words: Arc::clone(&last_words),
            lag,
        },
        Outlet {
            receiver,
            last_words,
            closing,
            _held: held,
        },
    )
}

impl Inlet {
    /// Queues `event`, waiting for room at most the lag limit.
    ///
    /// # Errors
    /// [`Stop::Gone`] if the client left, [`Stop::Behind`] if the queue stayed full.
    pub(crate) async fn send(&self, event: Event) -> Result<(), Stop> {
        match tokio::time::timeout(self.lag, self.sender.send(event)).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(Stop::Gone),
            Err(_) => Err(Stop::Behind),
        }
    }

    /// Ends the stream after what is queued, with `event` as its last.
    pub(crate) fn finish(self, event: Event) {
        *self
            .last_words
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(event);
    }

    /// Resolves when the client is gone (the body was dropped).
    pub(crate) async fn gone(&self) {
        self.sender.closed().await;
    }
}

impl<G: Unpin> Stream for Outlet<G> {
    type Item = Result<Event, std::convert::Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.closing.as_mut().poll(cx).is_ready() {
            return Poll::Ready(None);
        }
        match this.receiver.poll_recv(cx) {
            Poll::Ready(Some(event)) => Poll::Ready(Some(Ok(event))),
            // Every sender is gone and the queue is empty: the last words, once.
            Poll::Ready(None) => Poll::Ready(
                this.last_words
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take()
                    .map(Ok),
            ),
            Poll::Pending => Poll::Pending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next<G: Unpin>(outlet: &mut Outlet<G>) -> Poll<Option<Event>> {
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        Pin::new(outlet)
            .poll_next(&mut cx)
            .map(|item| item.map(|r| r.unwrap()))
    }

    async fn text(event: Event) -> String {
        use axum::response::IntoResponse;
        // The event as the body writes it, through a one-event SSE response.
        let response = axum::response::sse::Sse::new(futures_once(event)).into_response();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    fn futures_once(
        event: Event,
    ) -> impl Stream<Item = Result<Event, std::convert::Infallible>> + Send + 'static {
        let (inlet, outlet) = queue(
            1,
            Duration::from_secs(1),
            (),
            Box::pin(std::future::pending()),
        );
        inlet.finish(event);
        outlet
    }

    #[tokio::test]
    async fn a_client_that_reads_nothing_holds_at_most_the_buffer_then_the_words_to_resume() {
        let (inlet, mut outlet) = queue(
            4,
            Duration::from_millis(50),
            (),
            Box::pin(std::future::pending()),
        );
        let mut sent = 0;
        let stop = loop {
            match inlet
                .send(Event::default().id(format!("{sent}.0")).data("x"))
                .await
            {
                Ok(()) => sent += 1,
                Err(stop) => break stop,
            }
            assert!(sent <= 4, "the queue holds no more than its capacity");
        };
        assert_eq!(stop, Stop::Behind);
        assert_eq!(sent, 4);
        inlet.finish(Event::default().event("lagging").data("resume after 3.0"));
        let mut got = Vec::new();
        while let Poll::Ready(Some(event)) = next(&mut outlet) {
            got.push(text(event).await);
        }
        assert_eq!(got.len(), 5, "{got:?}");
        assert!(got[0].contains("id: 0.0"), "{}", got[0]);
        assert!(got[3].contains("id: 3.0"), "{}", got[3]);
        assert!(got[4].contains("event: lagging"), "{}", got[4]);
        assert!(matches!(next(&mut outlet), Poll::Ready(None)));
    }

    #[tokio::test]
    async fn the_body_ends_when_the_server_closes() {
        let (close, closing) = watch::channel(false);
        let (inlet, mut outlet) = queue(2, Duration::from_secs(5), (), on_close(closing));
        inlet.send(Event::default().data("x")).await.unwrap();
        close.send(true).unwrap();
        assert!(matches!(next(&mut outlet), Poll::Ready(None)));
    }

    #[tokio::test]
    async fn a_client_that_left_stops_the_producer() {
        let (inlet, outlet) = queue(
            2,
            Duration::from_secs(5),
            (),
            Box::pin(std::future::pending()),
        );
        drop(outlet);
        inlet.gone().await;
        assert_eq!(
            inlet.send(Event::default().data("x")).await,
            Err(Stop::Gone)
        );
    }
}
