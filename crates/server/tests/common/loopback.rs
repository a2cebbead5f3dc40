//! An HTTP server of a test's own on a free loopback port (a receiver of webhooks, a fake
//! Discord), on a thread of its own, stopped and joined when dropped.

use std::net::SocketAddr;
use std::time::Duration;

/// A running loopback server.
pub struct Loopback {
    /// The address it listens on.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Loopback {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Serves `app` on a free loopback port until the returned server is dropped.
pub fn serve(app: axum::Router) -> Loopback {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            ready_tx.send(listener.local_addr().unwrap()).unwrap();
            axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stop_rx.await;
                })
                .await
                .unwrap();
        });
    });
    let addr = ready_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    Loopback {
        addr,
        stop: Some(stop_tx),
        thread: Some(thread),
    }
}
