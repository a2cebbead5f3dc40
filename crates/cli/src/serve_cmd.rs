//! `pbp serve`: the hosted table (see `pbp-server` and docs/SERVER.md).

use std::path::PathBuf;

use clap::Args;

/// The arguments of `pbp serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The SQLite database file that keeps the tables (created if missing).
    #[arg(long, value_name = "FILE", default_value = "pbp.sqlite")]
    db: PathBuf,
    /// The address to listen on; the default accepts connections from this machine only.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: String,
}

/// Runs the server until Ctrl-C.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let options = pbp_server::Options {
        db: args.db.clone(),
        addr: args.addr.clone(),
    };
    pbp_server::run(&options, |addr| {
        println!(
            "pbp serve: tables in {}, listening on http://{addr}/ (Ctrl-C stops)",
            args.db.display()
        );
    })
    .map_err(|e| e.to_string())
}
