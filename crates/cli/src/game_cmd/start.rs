//! `pbp games` (each game's name and title) and `pbp new` (a game started, with its players'
//! names where given, and its save written).

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use pbp_core::engine::Secret;
use pbp_frontend::catalog::{Games, catalog};
use pbp_frontend::{Table, TableError, game_list};

use super::{dice_choice, to_text};
use crate::failure::Failure;
use crate::store::{emit, new_target, read_text};

pub(super) fn list(games: &Games, json: bool) -> Result<(), Failure> {
    if json {
        return Ok(emit(&to_text(&game_list(games)?)?)?);
    }
    let mut out = String::new();
    for (game, _) in games.iter() {
        let _ = writeln!(out, "{:<16}{}", game.name(), game.title());
    }
    Ok(emit(&out)?)
}

#[allow(clippy::too_many_arguments)] // one per option of `pbp new`
pub(super) fn new(
    game: &str,
    seed: Option<u64>,
    config: Option<&Path>,
    dice: Option<Vec<u32>>,
    players: Option<&[String]>,
    out: &Path,
    force: bool,
    wait: Duration,
) -> Result<(), Failure> {
    // An unknown game is refused before the output file is looked at.
    catalog().game(game).map_err(TableError::from)?;
    let config = config.map(read_text).transpose()?;
    // Names are checked before the output file is looked at.
    let config = match players {
        Some(names) => Some(Table::named_config(game, config.as_deref(), names)?),
        None => config,
    };
    let target = new_target(out, force, wait, |text| {
        pbp_core::engine::erased::save_game(text).is_ok()
    })?;
    let secret = match seed {
        Some(seed) => Secret::with_seed(seed),
        None => Secret::from_os(),
    }
    .map_err(|e| Failure::from(e.to_string()))?;
    let table = Table::start(game, config.as_deref(), &secret, dice_choice(dice))?;
    target.write(&table.save()?)?;
    drop(target);
    Ok(emit(&format!(
        "started {} in {}\ndice commitment: {}\n(post it with the first post; the seed stays secret in the save until `pbp reveal`)\n{}\n",
        table.game(),
        out.display(),
        secret.commitment(),
        table.describe_turn()
    ))?)
}
