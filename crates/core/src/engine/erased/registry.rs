//! [`Registry`]: the games a frontend offers, by name.

use super::{DynGame, DynSession, Erased, ErasedError};
use crate::engine::save::save_game;
use crate::game::Game;

/// The games a frontend offers, by name, each with an extra value `X` chosen by the frontend (a
/// renderer, a description; `()` for none).
pub struct Registry<X = ()> {
    entries: Vec<(Box<dyn DynGame>, X)>,
}

impl<X> Default for Registry<X> {
    fn default() -> Self {
        Registry {
            entries: Vec::new(),
        }
    }
}

impl<X> std::fmt::Debug for Registry<X> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl<X> Registry<X> {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Registers the game `G` with its extra value; a game of the same name is replaced.
    pub fn register<G: Game>(&mut self, extra: X) -> &mut Self {
        self.register_dyn(Box::new(Erased::<G>::new()), extra)
    }

    /// Registers a type-erased game with its extra value; a game of the same name is replaced.
    pub fn register_dyn(&mut self, game: Box<dyn DynGame>, extra: X) -> &mut Self {
        match self
            .entries
            .iter_mut()
            .find(|(g, _)| g.name() == game.name())
        {
            Some(entry) => *entry = (game, extra),
            None => self.entries.push((game, extra)),
        }
        self
    }

    /// The registered games' names, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|(g, _)| g.name()).collect()
    }

    /// Every registered game with its extra value, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = (&dyn DynGame, &X)> {
        self.entries.iter().map(|(g, x)| (g.as_ref(), x))
    }

    /// The game named `name` with its extra value.
    ///
    /// # Errors
    /// [`ErasedError::UnknownGame`], listing the known names.
    pub fn get(&self, name: &str) -> Result<(&dyn DynGame, &X), ErasedError> {
        self.iter()
            .find(|(g, _)| g.name() == name)
            .ok_or_else(|| ErasedError::UnknownGame {
                name: name.chars().take(80).collect(),
                known: self.names().join(", "),
            })
    }

    /// The game named `name`.
    ///
    /// # Errors
    /// [`ErasedError::UnknownGame`], listing the known names.
    pub fn game(&self, name: &str) -> Result<&dyn DynGame, ErasedError> {
        self.get(name).map(|(g, _)| g)
    }

    /// Loads a save of any registered game (see [`DynGame::load`]).
    ///
    /// # Errors
    /// The save's errors, or [`ErasedError::UnknownGame`] for a game not registered.
    pub fn load(&self, save: &str) -> Result<(Box<dyn DynSession>, &X), ErasedError> {
        let name = save_game(save)?;
        let (game, extra) = self.get(&name)?;
        Ok((game.load(save)?, extra))
    }
}
