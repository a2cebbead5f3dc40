//! `pbp serve`: the hosted table (see `pbp-server` and docs/SERVER.md).

use clap::Args;

/// The arguments of `pbp serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where the tables are kept: a SQLite file (created if missing), or a PostgreSQL URL
    /// (`postgres://user@host/database`) that several `pbp serve` instances can share.
    #[arg(long, value_name = "FILE|URL", default_value = "pbp.sqlite")]
    db: String,
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
    let shown = if args.db.contains("://") {
        "the PostgreSQL database".to_owned()
    } else {
        args.db.clone()
    };
    pbp_server::run(&options, |addr| {
        println!("pbp serve: tables in {shown}, listening on http://{addr}/ (Ctrl-C stops)");
    })
    .map_err(|e| e.to_string())
}
