//! The seed commitment: how a game master proves, at the end of a game, that the seeded dice were
//! fixed before the first post and never changed.
//!
//! At the start of a game a frontend draws the seed and a 256-bit [`Salt`] from the operating
//! system ([`Secret::from_os`], feature `os-random`) and publishes the [`Commitment`]: the SHA-256
//! of [`COMMITMENT_TAG`], the seed and the salt. The seed stays in the save, which only the game
//! master holds. At the end the game master publishes the save (or just the seed and salt, for
//! the hash alone); anyone checks that they hash to the commitment posted at the start, and that
//! every seeded draw of the record follows from that seed.
//!
//! The hashed text is written so that anyone can recompute it without pbp: the tag, the seed in
//! decimal and the salt in lowercase hex, each followed by a newline, as in
//! `printf 'pbp-seed-commitment-v1\n%s\n%s\n' SEED SALT | sha256sum`.
//!
//! ```
//! use pbp_core::engine::{Commitment, Salt, Secret};
//! let salt: Salt = "00".repeat(32).parse()?;
//! let secret = Secret { seed: 2026, salt };
//! let commitment = secret.commitment();
//! assert_eq!(commitment.to_string().len(), 64);
//! assert_eq!(commitment, Commitment::of(2026, &salt));
//! assert_ne!(commitment, Commitment::of(2027, &salt));
//! # Ok::<(), pbp_core::engine::CommitmentError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// The domain tag hashed before the seed and the salt, so a pbp commitment cannot be mistaken for
/// the hash of anything else.
pub const COMMITMENT_TAG: &str = "pbp-seed-commitment-v1";

/// Why a salt or a commitment was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CommitmentError {
    /// The text is not 64 lowercase hexadecimal digits.
    #[error("a {what} is 64 lowercase hexadecimal digits, not '{found}'")]
    Hex {
        /// `salt` or `commitment`.
        what: &'static str,
        /// The text given (at most 80 characters of it).
        found: String,
    },
    /// The seed and salt in the record do not hash to the commitment it names.
    #[error(
        "the record's seed and salt do not hash to its commitment {stored} (the seed or salt was altered)"
    )]
    Altered {
        /// The commitment the record names.
        stored: Commitment,
    },
    /// The record holds a salt without a commitment, or a commitment without a salt.
    #[error("the record has a {present} but no {missing} (the record was altered)")]
    Incomplete {
        /// What the record has.
        present: &'static str,
        /// What it lacks.
        missing: &'static str,
    },
    /// The save's commitment is not the one the game master published.
    #[error("the save's commitment is {found}, not the published {published}")]
    Mismatch {
        /// The commitment given by the person verifying.
        published: Commitment,
        /// The save's.
        found: Commitment,
    },
    /// The save was started before pbp committed to seeds: there is nothing to verify against.
    #[error(
        "this save has no seed commitment (it was started by a pbp without commitments): its dice cannot be verified against a published commitment"
    )]
    Missing,
    /// The operating system could not give random bytes.
    #[error("the operating system gave no random bytes: {0}")]
    Entropy(String),
}

/// 32 bytes written as 64 lowercase hex digits, parsed strictly.
fn parse_hex32(text: &str, what: &'static str) -> Result<[u8; 32], CommitmentError> {
    let bad = || CommitmentError::Hex {
        what,
        found: text.chars().take(80).collect(),
    };
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return Err(bad());
    }
    let digit = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        let (Some(high), Some(low)) = (digit(pair[0]), digit(pair[1])) else {
            return Err(bad());
        };
        out[i] = high << 4 | low;
    }
    Ok(out)
}

fn write_hex32(bytes: &[u8; 32], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for byte in bytes {
        write!(f, "{byte:02x}")?;
    }
    Ok(())
}

macro_rules! hex32 {
    ($name:ident, $what:literal) => {
        impl $name {
            /// The 32 bytes.
            pub const fn from_bytes(bytes: [u8; 32]) -> Self {
                $name(bytes)
            }

            /// The 32 bytes.
            pub const fn as_bytes(&self) -> &[u8; 32] {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_hex32(&self.0, f)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "("))?;
                write_hex32(&self.0, f)?;
                write!(f, ")")
            }
        }

        impl FromStr for $name {
            type Err = CommitmentError;

            fn from_str(text: &str) -> Result<Self, CommitmentError> {
                parse_hex32(text, $what).map($name)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

/// 256 random bits hashed with the seed, so that the commitment cannot be inverted by trying
/// every seed. Written as 64 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Salt([u8; 32]);
hex32!(Salt, "salt");

/// The SHA-256 of [`COMMITMENT_TAG`], a seed and a salt, written as 64 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment([u8; 32]);
hex32!(Commitment, "commitment");

impl Commitment {
    /// The commitment to `seed` with `salt`: SHA-256 of the tag, the seed in decimal and the salt
    /// in hex, each followed by a newline.
    pub fn of(seed: u64, salt: &Salt) -> Commitment {
        let text = format!("{COMMITMENT_TAG}\n{seed}\n{salt}\n");
        Commitment(Sha256::digest(text.as_bytes()).into())
    }
}

/// The seed of the dice a computer player uses when it acts for `seat` at step `step` of a
/// game (a hosted table's default for an absent player): SHA-256 of `pbp-bot-v1`, the game's
/// seed, its salt (`-` without one), the step and the seat, each followed by a newline, its
/// first eight bytes read little-endian. It follows from the game's secret and state alone, so
/// the same game gives the same choice everywhere; it is a one-way hash of the secret, unlike
/// the seeds of the game's own steps, so the computer player's choices tell nothing of the
/// seed or of the dice still to come.
pub fn bot_seed(seed: u64, salt: Option<&Salt>, step: u64, seat: u16) -> u64 {
    let salt = salt.map_or_else(|| "-".to_owned(), ToString::to_string);
    let text = format!("pbp-bot-v1\n{seed}\n{salt}\n{step}\n{seat}\n");
    let digest: [u8; 32] = Sha256::digest(text.as_bytes()).into();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// A game's secret: the seed of its seeded dice and the salt of its commitment.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret {
    /// The seed of every seeded step.
    pub seed: u64,
    /// The salt hashed with it.
    pub salt: Salt,
}

impl fmt::Debug for Secret {
    /// Names no number, so a secret printed by mistake gives nothing away.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// The commitment to publish.
    pub fn commitment(&self) -> Commitment {
        Commitment::of(self.seed, &self.salt)
    }

    /// A fresh seed and salt from the operating system.
    ///
    /// # Errors
    /// [`CommitmentError::Entropy`] when the operating system gives no random bytes.
    #[cfg(feature = "os-random")]
    pub fn from_os() -> Result<Secret, CommitmentError> {
        Ok(Secret {
            seed: os_seed()?,
            salt: Salt::from_os()?,
        })
    }

    /// The seed given (a game master who chose one) with a fresh salt from the operating system.
    ///
    /// # Errors
    /// [`CommitmentError::Entropy`] when the operating system gives no random bytes.
    #[cfg(feature = "os-random")]
    pub fn with_seed(seed: u64) -> Result<Secret, CommitmentError> {
        Ok(Secret {
            seed,
            salt: Salt::from_os()?,
        })
    }
}

#[cfg(feature = "os-random")]
impl Salt {
    /// 256 fresh bits from the operating system.
    ///
    /// # Errors
    /// [`CommitmentError::Entropy`] when the operating system gives no random bytes.
    pub fn from_os() -> Result<Salt, CommitmentError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| CommitmentError::Entropy(e.to_string()))?;
        Ok(Salt(bytes))
    }
}

/// A fresh 64-bit seed from the operating system (for a game, a roll or a sampling started
/// without one).
///
/// # Errors
/// [`CommitmentError::Entropy`] when the operating system gives no random bytes.
#[cfg(feature = "os-random")]
pub fn os_seed() -> Result<u64, CommitmentError> {
    getrandom::u64().map_err(|e| CommitmentError::Entropy(e.to_string()))
}

/// Checks a record's seed, salt and commitment against each other. A record with neither salt
/// nor commitment (a save from before commitments, or a test's unsalted session) passes.
///
/// # Errors
/// [`CommitmentError::Altered`] when they do not match, [`CommitmentError::Incomplete`] when only
/// one is there.
pub fn check_record(
    seed: u64,
    salt: Option<&Salt>,
    commitment: Option<&Commitment>,
) -> Result<(), CommitmentError> {
    match (salt, commitment) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(CommitmentError::Incomplete {
            present: "salt",
            missing: "commitment",
        }),
        (None, Some(_)) => Err(CommitmentError::Incomplete {
            present: "commitment",
            missing: "salt",
        }),
        (Some(salt), Some(stored)) if Commitment::of(seed, salt) == *stored => Ok(()),
        (Some(_), Some(stored)) => Err(CommitmentError::Altered { stored: *stored }),
    }
}

/// Checks a save's commitment (as loaded, so already checked against its seed and salt) against
/// the one the game master published.
///
/// # Errors
/// [`CommitmentError::Hex`] for a published text that is not a commitment,
/// [`CommitmentError::Missing`] for a save without one, [`CommitmentError::Mismatch`] when they
/// differ.
pub fn check_published(found: Option<&Commitment>, published: &str) -> Result<(), CommitmentError> {
    let published: Commitment = published.trim().parse()?;
    match found {
        None => Err(CommitmentError::Missing),
        Some(found) if *found == published => Ok(()),
        Some(found) => Err(CommitmentError::Mismatch {
            published,
            found: *found,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn salt(byte: u8) -> Salt {
        Salt::from_bytes([byte; 32])
    }

    #[test]
    fn the_bot_seed_is_sha256_of_the_documented_text_and_differs_by_step_seat_and_salt() {
        // Pinned: `printf 'pbp-bot-v1\n2026\n-\n3\n1\n' | sha256sum`, first 8 bytes
        // (3ae21d98474abc0b) read little-endian.
        assert_eq!(bot_seed(2026, None, 3, 1), 845_632_501_394_039_354);
        let text = format!("pbp-bot-v1\n2026\n{}\n3\n1\n", "07".repeat(32));
        let digest: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        assert_eq!(
            bot_seed(2026, Some(&salt(7)), 3, 1),
            u64::from_le_bytes(first)
        );
        let base = bot_seed(2026, Some(&salt(7)), 3, 1);
        for other in [
            bot_seed(2026, Some(&salt(8)), 3, 1),
            bot_seed(2026, Some(&salt(7)), 4, 1),
            bot_seed(2026, Some(&salt(7)), 3, 2),
            bot_seed(2027, Some(&salt(7)), 3, 1),
            // Not the seed of the step's own dice either.
            crate::record::step_seed(2026, 3),
        ] {
            assert_ne!(base, other);
        }
    }

    #[test]
    fn the_commitment_is_sha256_of_the_documented_text() {
        // Pinned: `printf 'pbp-seed-commitment-v1\n2026\n%s\n' $(printf '00%.0s' {1..32}) | sha256sum`.
        let commitment = Commitment::of(2026, &salt(0));
        let text = format!("pbp-seed-commitment-v1\n2026\n{}\n", "00".repeat(32));
        let expected: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        assert_eq!(commitment.as_bytes(), &expected);
        assert_eq!(
            commitment.to_string(),
            "d72fec33a607a1ff0fd39eb6f0d920e6d1728a50b2167b24ac5e2e84e741d510"
        );
    }

    #[test]
    fn every_part_changes_the_commitment() {
        let base = Commitment::of(7, &salt(1));
        assert_ne!(base, Commitment::of(8, &salt(1)));
        assert_ne!(base, Commitment::of(7, &salt(2)));
        let mut bytes = [1u8; 32];
        bytes[31] = 0;
        assert_ne!(base, Commitment::of(7, &Salt::from_bytes(bytes)));
    }

    #[test]
    fn hex_is_strict_and_round_trips() {
        let text = "0123456789abcdef".repeat(4);
        let parsed: Salt = text.parse().unwrap();
        assert_eq!(parsed.to_string(), text);
        for bad in [
            "",
            "00",
            &"0".repeat(63),
            &"0".repeat(65),
            &"A".repeat(64),
            &"g".repeat(64),
        ] {
            let error = bad.parse::<Commitment>().unwrap_err();
            assert!(
                error
                    .to_string()
                    .starts_with("a commitment is 64 lowercase hexadecimal digits"),
                "{error}"
            );
        }
        let json = serde_json::to_string(&parsed).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Salt>(&json).unwrap(), parsed);
        assert!(serde_json::from_str::<Salt>("\"xyz\"").is_err());
    }

    #[test]
    fn records_and_published_commitments_are_checked() {
        let secret = Secret {
            seed: 11,
            salt: salt(9),
        };
        let commitment = secret.commitment();
        assert_eq!(check_record(11, Some(&salt(9)), Some(&commitment)), Ok(()));
        assert_eq!(check_record(11, None, None), Ok(()));
        assert_eq!(
            check_record(12, Some(&salt(9)), Some(&commitment)),
            Err(CommitmentError::Altered { stored: commitment })
        );
        assert!(check_record(11, Some(&salt(8)), Some(&commitment)).is_err());
        assert!(check_record(11, None, Some(&commitment)).is_err());
        assert!(check_record(11, Some(&salt(9)), None).is_err());
        let hex = commitment.to_string();
        assert_eq!(check_published(Some(&commitment), &hex), Ok(()));
        assert_eq!(
            check_published(Some(&commitment), &format!(" {hex}\n")),
            Ok(())
        );
        let other = Commitment::of(12, &salt(9));
        assert!(matches!(
            check_published(Some(&other), &hex),
            Err(CommitmentError::Mismatch { .. })
        ));
        assert_eq!(check_published(None, &hex), Err(CommitmentError::Missing));
        assert!(matches!(
            check_published(Some(&commitment), "nope"),
            Err(CommitmentError::Hex { .. })
        ));
    }

    #[test]
    fn a_secret_prints_no_number() {
        let secret = Secret {
            seed: 123_456_789,
            salt: salt(0xab),
        };
        let shown = format!("{secret:?}");
        assert!(
            !shown.contains("123456789") && !shown.contains("ab"),
            "{shown}"
        );
    }

    #[cfg(feature = "os-random")]
    #[test]
    fn os_secrets_differ() {
        let a = Secret::from_os().unwrap();
        let b = Secret::from_os().unwrap();
        assert_ne!(a.salt, b.salt);
        assert_ne!(a.commitment(), b.commitment());
        assert_eq!(Secret::with_seed(5).unwrap().seed, 5);
    }
}
