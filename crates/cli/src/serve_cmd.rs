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
    /// Create tables only for requests that carry this token (`Authorization: Bearer TOKEN`;
    /// the hosting page asks for it). Read from the file `@PATH` if it starts with `@`, so
    /// that it need not appear in the process list.
    #[arg(long, value_name = "TOKEN|@FILE")]
    create_token: Option<String>,
    /// New tables (and imports) one address may create per hour; 0 for no limit.
    #[arg(long, value_name = "N", default_value_t = 60)]
    create_rate: u32,
    /// MiB of new tables' bodies one address may send per hour; 0 for no limit.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    create_mib: u64,
    /// Let webhook URLs reach loopback, link-local and private addresses (refused by default,
    /// so that a game master cannot make the server call its own network).
    #[arg(long)]
    allow_private_webhooks: bool,
    /// Live event streams (`GET /api/tables/ID/events`) open at once per token.
    #[arg(long, value_name = "N", default_value_t = 8)]
    stream_per_token: usize,
    /// Live event streams open at once on this instance.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    stream_limit: usize,
    /// Events queued for one stream's client at most.
    #[arg(long, value_name = "EVENTS", default_value_t = 256)]
    stream_buffer: usize,
    /// Seconds a stream's full queue waits for its client before telling it to resume.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    stream_lag: u64,
    /// The server's address as the world reaches it (`https://pbp.example.org`): webhook
    /// notices then carry the table's public picture (a Discord embed's image, a Slack image
    /// block) and BBCode posts end with an `[img]` line of it. Without it, no picture.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Seconds between heartbeat comments on an idle stream.
    #[arg(long, value_name = "SECONDS", default_value_t = 15)]
    stream_heartbeat: u64,
    /// Discord's interactions (docs/DISCORD.md).
    #[command(flatten)]
    discord: crate::discord_cmd::ServeDiscordArgs,
}

/// The creation token of `--create-token`: the text itself, or the first line of `@FILE`.
fn create_token(arg: Option<&str>) -> Result<Option<String>, String> {
    let Some(arg) = arg else {
        return Ok(None);
    };
    let token = match arg.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read the creation token from {path}: {e}"))?
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_owned(),
        None => arg.to_owned(),
    };
    if token.is_empty() {
        return Err("the creation token is empty".into());
    }
    if token.len() > pbp_server::request::MAX_TOKEN || !token.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(format!(
            "the creation token must be at most {} printable ASCII characters, without spaces",
            pbp_server::request::MAX_TOKEN
        ));
    }
    Ok(Some(token))
}

/// Runs the server until Ctrl-C.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let limits = pbp_server::CreateLimits {
        token: create_token(args.create_token.as_deref())?,
        tables_per_hour: args.create_rate,
        bytes_per_hour: args.create_mib.saturating_mul(1024 * 1024),
    };
    let public_url = args
        .public_url
        .as_deref()
        .map(pbp_server::parse_public_url)
        .transpose()?;
    let options = pbp_server::Options {
        db: args.db.clone(),
        addr: args.addr.clone(),
        limits,
        allow_private_webhooks: args.allow_private_webhooks,
        stream: pbp_server::StreamLimits {
            per_token: args.stream_per_token,
            per_instance: args.stream_limit,
            buffer: args.stream_buffer,
            lag: std::time::Duration::from_secs(args.stream_lag),
            heartbeat: std::time::Duration::from_secs(args.stream_heartbeat.max(1)),
        },
        public_url,
        discord: crate::discord_cmd::serve_options(&args.discord)?,
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
