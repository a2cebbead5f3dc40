//! The history chain: a SHA-256 hash per step that covers the step and every step before it,
//! so that a head posted during the game pins the whole history up to that step.
//!
//! Head 0 covers the setup (the game, the record format, the config, the dice policy, where the
//! setup's dice came from and every value it drew); head `k` covers head `k - 1` and the `k`th
//! action as recorded (who acted, the action, where its dice came from and every value drawn).
//! Each hash is keyed with the record's seed and salt, the game master's secrets until the end,
//! so that a posted head tells nothing of a sealed order or a hidden draw (without the key,
//! nobody can try the possible values against it). Every post pbp writes ends with the short
//! head of its step ([`ChainHash::short`]); once the save is published, `pbp verify --at
//! STEP:HEAD` recomputes the chain from the record and fails if an action at or before STEP was
//! edited, reordered or removed.
//!
//! Nothing of the chain is stored: it is computed from the record itself, so every save, old
//! ones included, has one. The hashed text can be recomputed without pbp: for head 0,
//!
//! ```text
//! pbp-chain-v1\n SEED \n SALT \n setup \n CANONICAL-JSON-OF-THE-SETUP \n
//! ```
//!
//! and for head `k`, the same with head `k - 1` in lowercase hex instead of `setup` and the
//! canonical JSON of the `k`th entry of the record's `entries` ([`crate::engine::save::canonical_json`]:
//! compact, keys sorted); `SALT` is `-` for a record without one. The setup's JSON is the object
//! of the record's fields `game`, `format`, `config`, `dice` and `setup_chained` (each only when
//! the record has it), `setup_source` and `setup_draws`. The chain is computed from the record's
//! JSON text ([`chain_of_record_text`]), the same code for every game.

use std::fmt;

use serde::Deserialize;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::engine::save::canonical_text;
use crate::game::Game;
use crate::record::Record;

/// The domain tag hashed first, so a chain head cannot be mistaken for any other hash.
pub const CHAIN_TAG: &str = "pbp-chain-v1";

/// How many hex digits of a head a post shows ([`ChainHash::short`]).
pub const SHORT_HEAD: usize = 12;

/// The fewest hex digits of a head `pbp verify --at` accepts.
pub const MIN_CLAIM: usize = 8;

/// One head of the chain: the SHA-256 of a step and of everything before it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChainHash(pub [u8; 32]);

impl fmt::Display for ChainHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for ChainHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChainHash({self})")
    }
}

impl ChainHash {
    /// The first [`SHORT_HEAD`] hex digits, as posts show the head.
    pub fn short(&self) -> String {
        self.to_string()[..SHORT_HEAD].to_owned()
    }
}

/// Why a chain could not be computed or a claimed head does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ChainError {
    /// A claim is not `STEP:HEX` with at least [`MIN_CLAIM`] hex digits.
    #[error(
        "'{text}' is not STEP:HEAD (a step number, a colon and at least {MIN_CLAIM} hex digits of the head posted at that step)"
    )]
    BadClaim {
        /// The text given (at most 80 characters of it).
        text: String,
    },
    /// A head was posted at a step the save does not reach: the save was cut.
    #[error(
        "a head was posted at step {step}, but the save ends at step {steps}: its history was cut"
    )]
    Truncated {
        /// The step claimed.
        step: usize,
        /// The save's actions.
        steps: usize,
    },
    /// The head at a step is not the one posted.
    #[error(
        "the save's head at step {step} is {found}, not the posted {claimed}: an action at or before step {step} was edited, reordered or removed"
    )]
    Mismatch {
        /// The step.
        step: usize,
        /// The head posted (as given).
        claimed: String,
        /// The save's head (short).
        found: String,
    },
    /// A step could not be written as JSON.
    #[error("cannot write the record as JSON: {0}")]
    Serialize(String),
}

/// A head posted at a step, as `pbp verify --at STEP:HEAD` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainClaim {
    /// The step (0 for the setup, then 1 for the first action).
    pub step: usize,
    /// The hex digits of the head given (lowercase, at least [`MIN_CLAIM`]).
    pub head: String,
}

impl std::str::FromStr for ChainClaim {
    type Err = ChainError;

    /// Reads `STEP:HEX`, spaces around ignored.
    ///
    /// ```
    /// let claim: pbp_core::engine::chain::ChainClaim = "12:A1B2c3d4e5f6".parse().unwrap();
    /// assert_eq!((claim.step, claim.head.as_str()), (12, "a1b2c3d4e5f6"));
    /// assert!("12:a1b2".parse::<pbp_core::engine::chain::ChainClaim>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ChainError::BadClaim {
            text: text.chars().take(80).collect(),
        };
        let (step, head) = text.trim().split_once(':').ok_or_else(bad)?;
        let step = step.trim().parse::<usize>().map_err(|_| bad())?;
        let head = head.trim().to_ascii_lowercase();
        if head.len() < MIN_CLAIM || head.len() > 64 || !head.bytes().all(|b| b.is_ascii_hexdigit())
        {
            return Err(bad());
        }
        Ok(ChainClaim { step, head })
    }
}

/// The parts of a record's JSON the chain covers, as raw text: read the same way for every
/// game, so the chain's code is not repeated per game.
#[derive(Deserialize)]
struct Parts<'a> {
    #[serde(borrow)]
    game: &'a RawValue,
    #[serde(borrow)]
    format: &'a RawValue,
    #[serde(borrow)]
    config: &'a RawValue,
    seed: u64,
    #[serde(default)]
    salt: Option<String>,
    #[serde(borrow, default)]
    dice: Option<&'a RawValue>,
    #[serde(borrow)]
    setup_source: &'a RawValue,
    #[serde(borrow)]
    setup_draws: &'a RawValue,
    #[serde(borrow, default)]
    setup_chained: Option<&'a RawValue>,
    #[serde(borrow)]
    entries: Vec<&'a RawValue>,
}

fn canonical(raw: &RawValue) -> Result<String, ChainError> {
    canonical_text(raw.get()).map_err(|e| ChainError::Serialize(e.to_string()))
}

fn hash(key: &str, previous: &str, body: &str) -> ChainHash {
    let mut hasher = Sha256::new();
    hasher.update(key.as_bytes());
    hasher.update(previous.as_bytes());
    hasher.update(b"\n");
    hasher.update(body.as_bytes());
    hasher.update(b"\n");
    ChainHash(hasher.finalize().into())
}

/// Every head of `record`'s chain: head 0 (the setup), then one per action.
///
/// # Errors
/// [`ChainError::Serialize`] if the record cannot be written as JSON (a save could not be
/// written either).
pub fn chain_heads<G: Game>(record: &Record<G>) -> Result<Vec<ChainHash>, ChainError> {
    let text = serde_json::to_string(record).map_err(|e| ChainError::Serialize(e.to_string()))?;
    chain_of_record_text(&text)
}

/// [`chain_heads`] of a record given as its JSON text (the `record` of a save).
///
/// # Errors
/// [`ChainError::Serialize`] for text that is not a record.
pub fn chain_of_record_text(text: &str) -> Result<Vec<ChainHash>, ChainError> {
    let parts: Parts<'_> =
        serde_json::from_str(text).map_err(|e| ChainError::Serialize(e.to_string()))?;
    let salt = parts.salt.as_deref().unwrap_or("-");
    let key = format!("{CHAIN_TAG}\n{}\n{salt}\n", parts.seed);
    // The setup's object, its keys in order as canonical JSON writes them.
    let mut setup = format!("{{\"config\":{}", canonical(parts.config)?);
    if let Some(dice) = parts.dice {
        setup.push_str(&format!(",\"dice\":{}", canonical(dice)?));
    }
    setup.push_str(&format!(
        ",\"format\":{},\"game\":{}",
        canonical(parts.format)?,
        canonical(parts.game)?
    ));
    if let Some(chained) = parts.setup_chained {
        setup.push_str(&format!(",\"setup_chained\":{}", canonical(chained)?));
    }
    setup.push_str(&format!(
        ",\"setup_draws\":{},\"setup_source\":{}}}",
        canonical(parts.setup_draws)?,
        canonical(parts.setup_source)?
    ));
    let mut heads = Vec::with_capacity(parts.entries.len() + 1);
    let mut head = hash(&key, "setup", &setup);
    heads.push(head);
    for entry in parts.entries {
        head = hash(&key, &head.to_string(), &canonical(entry)?);
        heads.push(head);
    }
    Ok(heads)
}

/// Checks each claimed head against `heads` (a record's [`chain_heads`]).
///
/// # Errors
/// [`ChainError::Truncated`] for a step past the record's end, [`ChainError::Mismatch`] for a
/// head that is not the record's; the first failing claim in the order given.
pub fn check_claims(heads: &[ChainHash], claims: &[ChainClaim]) -> Result<(), ChainError> {
    for claim in claims {
        let Some(head) = heads.get(claim.step) else {
            return Err(ChainError::Truncated {
                step: claim.step,
                steps: heads.len().saturating_sub(1),
            });
        };
        if !head.to_string().starts_with(&claim.head) {
            return Err(ChainError::Mismatch {
                step: claim.step,
                claimed: claim.head.clone(),
                found: head.short(),
            });
        }
    }
    Ok(())
}

/// `text` with every chain head a post shows (`chain at step N: HEAD`, and the JSON's
/// `"head":"HEAD"`) replaced by `HEAD`: for secrecy checks that compare what two twin games
/// show an outsider. The head is the one expected difference between twins (it covers their
/// secrets), and it tells an outsider nothing, being keyed with the seed and salt.
///
/// ```
/// let post = "[b]Duel[/b]\nchain at step 2: 66136eadc643\n";
/// assert_eq!(pbp_core::engine::chain::mask_heads(post), "[b]Duel[/b]\nchain at step 2: HEAD\n");
/// ```
pub fn mask_heads(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = [": ", "\"head\":\""]
        .iter()
        .filter_map(|marker| rest.find(marker).map(|i| (i + marker.len(), *marker)))
        .min()
        .map(|(i, _)| i)
    {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let is_head = after.len() >= SHORT_HEAD
            && after.as_bytes()[..SHORT_HEAD]
                .iter()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            && after
                .as_bytes()
                .get(SHORT_HEAD)
                .is_none_or(|b| !b.is_ascii_hexdigit());
        let chained = before.rfind("chain at step ").is_some_and(|i| {
            before[i + "chain at step ".len()..before.len() - 2]
                .bytes()
                .all(|b| b.is_ascii_digit())
        });
        if is_head && (chained || before.ends_with("\"head\":\"")) {
            out.push_str("HEAD");
            rest = &after[SHORT_HEAD..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::duel::{Duel, DuelAction, Stance};
    use crate::engine::save::canonical_json;
    use crate::engine::{Actor, DiceChoice, Seat, Session};
    use serde_json::json;

    fn game(actions: &[(u16, Stance)]) -> Session<Duel> {
        let mut session = Session::<Duel>::new(Default::default(), 5, DiceChoice::Seeded).unwrap();
        for &(seat, stance) in actions {
            session
                .act(
                    Actor::Seat(Seat(seat)),
                    DuelAction::Choose(stance),
                    DiceChoice::Seeded,
                )
                .unwrap();
        }
        session
    }

    const PLAY: [(u16, Stance); 4] = [
        (0, Stance::Focus),
        (1, Stance::Strike),
        (0, Stance::Strike),
        (1, Stance::Strike),
    ];

    #[test]
    fn each_head_covers_every_earlier_step() {
        let session = game(&PLAY);
        let heads = chain_heads(session.record()).unwrap();
        assert_eq!(heads.len(), 5);
        // A prefix of the game has the same heads.
        let shorter = game(&PLAY[..2]);
        assert_eq!(chain_heads(shorter.record()).unwrap(), heads[..3]);
        // Editing the first action changes every head from step 1 on, not head 0.
        let mut edited = session.record().clone();
        edited.entries[0].action = DuelAction::Choose(Stance::Strike);
        let changed = chain_heads(&edited).unwrap();
        assert_eq!(changed[0], heads[0]);
        assert!(changed[1..].iter().zip(&heads[1..]).all(|(a, b)| a != b));
        // Swapping two actions changes the head of the later step.
        let mut swapped = session.record().clone();
        swapped.entries.swap(0, 1);
        assert_ne!(chain_heads(&swapped).unwrap()[2], heads[2]);
        // The key: another seed gives other heads for the same history.
        let mut reseeded = session.record().clone();
        reseeded.seed += 1;
        assert_ne!(chain_heads(&reseeded).unwrap()[4], heads[4]);
    }

    #[test]
    fn claims_are_read_and_checked() {
        let session = game(&PLAY);
        let heads = chain_heads(session.record()).unwrap();
        let claim = |step: usize| ChainClaim {
            step,
            head: heads[step].short(),
        };
        assert_eq!(
            check_claims(&heads, &[claim(2), claim(4), claim(0)]),
            Ok(())
        );
        let cut = &heads[..3];
        assert_eq!(
            check_claims(cut, &[claim(4)]),
            Err(ChainError::Truncated { step: 4, steps: 2 })
        );
        let wrong = ChainClaim {
            step: 1,
            head: heads[2].short(),
        };
        assert!(matches!(
            check_claims(&heads, &[wrong]),
            Err(ChainError::Mismatch { step: 1, .. })
        ));
        for bad in ["", "x:abcdef12", "3", "3:abc", "3:zzzzzzzz", "-1:abcdef12"] {
            assert!(bad.parse::<ChainClaim>().is_err(), "{bad}");
        }
        assert_eq!(heads[0].short().len(), SHORT_HEAD);
    }

    #[test]
    fn heads_are_masked_and_nothing_else() {
        let text = "a: 0123456789ab\nchain at step 12: 0123456789ab\n{\"head\":\"abcdefabcdef\",\"step\":1}";
        assert_eq!(
            mask_heads(text),
            "a: 0123456789ab\nchain at step 12: HEAD\n{\"head\":\"HEAD\",\"step\":1}"
        );
        assert_eq!(mask_heads("chain at step 1: 0123"), "chain at step 1: 0123");
    }

    #[test]
    fn the_hashed_text_is_the_documented_one() {
        let session = game(&PLAY[..1]);
        let record = session.record();
        let setup = json!({
            "game": "duel",
            "format": record.format,
            "config": serde_json::to_value(&record.config).unwrap(),
            "setup_source": "seeded",
            "setup_draws": serde_json::to_value(&record.setup_draws).unwrap(),
        });
        let text0 = format!("pbp-chain-v1\n5\n-\nsetup\n{}\n", canonical_json(&setup));
        let head0 = ChainHash(Sha256::digest(text0.as_bytes()).into());
        let entry = serde_json::to_value(&record.entries[0]).unwrap();
        let text1 = format!("pbp-chain-v1\n5\n-\n{head0}\n{}\n", canonical_json(&entry));
        let head1 = ChainHash(Sha256::digest(text1.as_bytes()).into());
        assert_eq!(chain_heads(record).unwrap(), vec![head0, head1]);
    }
}
