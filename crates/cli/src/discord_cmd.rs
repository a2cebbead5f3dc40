//! `pbp discord register`, and the Discord options of `pbp serve` (see docs/DISCORD.md).

use clap::{Args, Subcommand};

/// The arguments of `pbp discord`.
#[derive(Debug, Args)]
pub struct DiscordArgs {
    #[command(subcommand)]
    command: DiscordCommand,
}

#[derive(Debug, Subcommand)]
enum DiscordCommand {
    /// Send pbp's commands (/roll, /odds) to Discord, so that its users can type them.
    Register(RegisterArgs),
}

/// The arguments of `pbp discord register`.
#[derive(Debug, Args)]
struct RegisterArgs {
    /// The application's id (its page in Discord's developer portal).
    #[arg(long, value_name = "ID")]
    discord_application_id: String,
    /// A file whose first line is the bot's token (a file, so that it is not in the process
    /// list).
    #[arg(long, value_name = "FILE")]
    discord_token_file: String,
    /// Register in this server (guild) alone, where the commands show at once; without it they
    /// are the application's everywhere.
    #[arg(long, value_name = "ID")]
    guild: Option<String>,
    /// Discord's API base (a local fake in tests).
    #[arg(long, value_name = "URL", default_value = pbp_server::discord::DISCORD_API)]
    discord_api: String,
}

/// The Discord options of `pbp serve`, all three or none.
#[derive(Debug, Args)]
pub struct ServeDiscordArgs {
    /// Serve Discord's interactions at `POST /discord/interactions`, verified with this
    /// public key of the application (64 hexadecimal digits).
    #[arg(long, value_name = "HEX", requires_all = ["discord_application_id", "discord_token_file"])]
    discord_public_key: Option<String>,
    /// The Discord application's id.
    #[arg(long, value_name = "ID", requires = "discord_public_key")]
    discord_application_id: Option<String>,
    /// A file whose first line is the Discord bot's token.
    #[arg(long, value_name = "FILE", requires = "discord_public_key")]
    discord_token_file: Option<String>,
    /// Discord's API base (a local fake in tests).
    #[arg(long, value_name = "URL", default_value = pbp_server::discord::DISCORD_API)]
    discord_api: String,
}

/// The bot's token: the first line of `path`, trimmed.
fn read_token(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the Discord bot token from {path}: {e}"))?;
    let token = text.lines().next().unwrap_or("").trim().to_owned();
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(format!(
            "the first line of {path} must be the Discord bot token (printable, no spaces)"
        ));
    }
    Ok(token)
}

/// The venue's options from `pbp serve`'s arguments, or none when they are not given.
pub fn serve_options(
    args: &ServeDiscordArgs,
) -> Result<Option<pbp_server::DiscordOptions>, String> {
    let (Some(key), Some(application_id), Some(token_file)) = (
        &args.discord_public_key,
        &args.discord_application_id,
        &args.discord_token_file,
    ) else {
        return Ok(None);
    };
    Ok(Some(pbp_server::DiscordOptions {
        public_key: pbp_server::discord::verify::parse_public_key(key)?,
        application_id: application_id.clone(),
        bot_token: read_token(token_file)?,
        api: args.discord_api.clone(),
    }))
}

/// Runs `pbp discord`.
pub fn run(args: &DiscordArgs) -> Result<(), String> {
    match &args.command {
        DiscordCommand::Register(args) => {
            let token = read_token(&args.discord_token_file)?;
            let count = pbp_server::discord::register(
                &args.discord_api,
                &args.discord_application_id,
                &token,
                args.guild.as_deref(),
            )?;
            let place = match &args.guild {
                Some(guild) => format!("in the server {guild}"),
                None => "everywhere (they may take a while to show)".to_owned(),
            };
            println!("pbp discord: {count} commands registered {place}");
            Ok(())
        }
    }
}
