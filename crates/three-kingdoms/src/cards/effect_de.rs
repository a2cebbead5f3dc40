//! Reading an [`Effect`] from a card file or a config: `{"op": "strength", "amount": 1, ...}`.
//!
//! serde's derive reads an internally tagged enum by first buffering the whole object in a
//! generic tree, a reader that weighs about a tenth of the web page's wasm. This reader takes
//! the object once into one record of every field an effect can have, then checks that the op
//! got exactly its own fields. It accepts what the derive accepted, and refuses one thing more:
//! a field on an op that takes none (the derive ignored it).

use serde::Deserialize;
use serde::de::{self, Deserializer};

use super::effect::Effect;
use super::kinds::{CostScope, Duration, Trait, Whom};

/// The `op` of an effect: which [`Effect`] it is.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Op {
    Strength,
    Damage,
    Draw,
    Discard,
    Resources,
    CostChange,
    TacticImmunity,
    Tap,
    Untap,
    Move,
    Protect,
    Grant,
    Rally,
}

impl Op {
    /// The op as a card file writes it.
    fn name(self) -> &'static str {
        match self {
            Op::Strength => "strength",
            Op::Damage => "damage",
            Op::Draw => "draw",
            Op::Discard => "discard",
            Op::Resources => "resources",
            Op::CostChange => "cost_change",
            Op::TacticImmunity => "tactic_immunity",
            Op::Tap => "tap",
            Op::Untap => "untap",
            Op::Move => "move",
            Op::Protect => "protect",
            Op::Grant => "grant",
            Op::Rally => "rally",
        }
    }
}

/// Every field any effect has, each optional until the op says which it needs.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    op: Op,
    amount: Option<i64>,
    duration: Option<Duration>,
    count: Option<u8>,
    player: Option<Whom>,
    cards: Option<CostScope>,
    max_cost: Option<u8>,
    #[serde(rename = "trait")]
    grant: Option<Trait>,
}

impl Fields {
    /// The names of the fields present besides `op`.
    fn present(&self) -> impl Iterator<Item = &'static str> {
        [
            ("amount", self.amount.is_some()),
            ("duration", self.duration.is_some()),
            ("count", self.count.is_some()),
            ("player", self.player.is_some()),
            ("cards", self.cards.is_some()),
            ("max_cost", self.max_cost.is_some()),
            ("trait", self.grant.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, present)| present.then_some(name))
    }

    /// The effect these fields describe, or why they describe none.
    fn into_effect(self) -> Result<Effect, String> {
        let op = self.op;
        let allowed: &[&str] = match op {
            Op::Strength => &["amount", "duration"],
            Op::Damage | Op::Resources => &["amount"],
            Op::Draw | Op::Discard => &["count", "player"],
            Op::CostChange => &["amount", "cards", "player", "duration"],
            Op::TacticImmunity => &["max_cost", "duration"],
            Op::Tap | Op::Untap | Op::Move | Op::Rally => &[],
            Op::Protect => &["duration"],
            Op::Grant => &["trait", "duration"],
        };
        if let Some(extra) = self.present().find(|name| !allowed.contains(name)) {
            return Err(format!(
                "unknown field `{extra}` for op `{}`, expected {}",
                op.name(),
                expected(allowed)
            ));
        }
        let Fields {
            amount,
            duration,
            count,
            player,
            cards,
            max_cost,
            grant,
            ..
        } = self;
        let amount = || required(amount, "amount");
        let duration = || required(duration, "duration");
        let count = || required(count, "count");
        let player = || required(player, "player");
        Ok(match op {
            Op::Strength => Effect::Strength {
                amount: in_range(amount()?)?,
                duration: duration()?,
            },
            Op::Damage => Effect::Damage {
                amount: in_range(amount()?)?,
            },
            Op::Draw => Effect::Draw {
                count: count()?,
                player: player()?,
            },
            Op::Discard => Effect::Discard {
                count: count()?,
                player: player()?,
            },
            Op::Resources => Effect::Resources {
                amount: in_range(amount()?)?,
            },
            Op::CostChange => Effect::CostChange {
                amount: in_range(amount()?)?,
                cards: required(cards, "cards")?,
                player: player()?,
                duration: duration()?,
            },
            Op::TacticImmunity => Effect::TacticImmunity {
                max_cost: required(max_cost, "max_cost")?,
                duration: duration()?,
            },
            Op::Tap => Effect::Tap,
            Op::Untap => Effect::Untap,
            Op::Move => Effect::Move,
            Op::Protect => Effect::Protect {
                duration: duration()?,
            },
            Op::Grant => Effect::Grant {
                grant: required(grant, "trait")?,
                duration: duration()?,
            },
            Op::Rally => Effect::Rally,
        })
    }
}

/// The allowed fields as an error names them.
fn expected(allowed: &[&str]) -> String {
    if allowed.is_empty() {
        return "no other field".to_owned();
    }
    let names: Vec<String> = allowed.iter().map(|name| format!("`{name}`")).collect();
    format!("one of {}", names.join(", "))
}

fn required<T>(field: Option<T>, name: &str) -> Result<T, String> {
    field.ok_or_else(|| format!("missing field `{name}`"))
}

/// `amount` in the type its effect keeps it in.
fn in_range<T: TryFrom<i64>>(amount: i64) -> Result<T, String> {
    T::try_from(amount).map_err(|_| format!("`amount` {amount} is out of range for this op"))
}

impl<'de> Deserialize<'de> for Effect {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Effect, D::Error> {
        Fields::deserialize(deserializer)?
            .into_effect()
            .map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Effect, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    /// A reader with serde's own derive for an internally tagged enum, the reader this module
    /// replaces: both must agree on every effect written and on what they refuse.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
    enum Derived {
        Strength {
            amount: i32,
            duration: Duration,
        },
        Damage {
            amount: u32,
        },
        Draw {
            count: u8,
            player: Whom,
        },
        Discard {
            count: u8,
            player: Whom,
        },
        Resources {
            amount: u8,
        },
        CostChange {
            amount: i8,
            cards: CostScope,
            player: Whom,
            duration: Duration,
        },
        TacticImmunity {
            max_cost: u8,
            duration: Duration,
        },
        Tap,
        Untap,
        Move,
        Protect {
            duration: Duration,
        },
        Grant {
            #[serde(rename = "trait")]
            grant: Trait,
            duration: Duration,
        },
        Rally,
    }

    #[test]
    fn every_effect_reads_back_what_it_writes() {
        let card_set = crate::cards::CardSet::starter();
        let mut seen = 0;
        for card in card_set.iter() {
            let abilities = [&card.ability, &card.strategist_ability];
            let in_abilities = abilities.into_iter().flatten().flat_map(|a| &a.effects);
            for effect in card.effects.iter().chain(in_abilities) {
                let json = serde_json::to_string(effect).unwrap();
                assert_eq!(&read(&json).unwrap(), effect, "{json}");
                assert!(
                    serde_json::from_str::<Derived>(&json).is_ok(),
                    "the derive reads {json}"
                );
                seen += 1;
            }
        }
        assert!(seen > 50, "the starter cards hold many effects: {seen}");
    }

    #[test]
    fn both_readers_accept_and_refuse_the_same_objects() {
        let cases = [
            r#"{"op":"strength","amount":-2,"duration":"end_of_turn"}"#,
            r#"{"duration":"end_of_turn","amount":3,"op":"strength"}"#,
            r#"{"op":"damage","amount":2}"#,
            r#"{"op":"protect","duration":{"turns":2}}"#,
            r#"{"op":"protect","duration":{"turns":-2}}"#,
            r#"{"op":"damage","amount":-1}"#,
            r#"{"op":"resources","amount":300}"#,
            r#"{"op":"cost_change","amount":-1,"cards":"tactic","player":"you","duration":"end_of_turn"}"#,
            r#"{"op":"cost_change","amount":-200,"cards":"tactic","player":"you","duration":"end_of_turn"}"#,
            r#"{"op":"draw","count":2,"player":"you"}"#,
            r#"{"op":"draw","count":2}"#,
            r#"{"op":"tap"}"#,
            r#"{"op":"grant","trait":"assault","duration":"end_of_turn"}"#,
            r#"{"op":"grant","grant":"assault","duration":"end_of_turn"}"#,
            r#"{"op":"protect","duration":"end_of_turn","count":1}"#,
            r#"{"op":"fly"}"#,
            r#"{"amount":1}"#,
            r#"{"op":"damage","amount":1,"colour":"red"}"#,
            r#"{"op":"damage","amount":1,"amount":2}"#,
            r#"{"op":"damage","amount":"1"}"#,
            r#"[]"#,
            r#""tap""#,
        ];
        for json in cases {
            let ours = read(json);
            let derived = serde_json::from_str::<Derived>(json);
            assert_eq!(
                ours.is_ok(),
                derived.is_ok(),
                "{json}: {ours:?} / {derived:?}"
            );
        }
    }

    /// The one difference: serde's derive lets a field-less op (tap, untap, move, rally) carry
    /// any fields and ignores them; a card file that says `{"op": "tap", "amount": 1}` is
    /// mistaken, and this reader says so.
    #[test]
    fn a_field_less_op_takes_no_field() {
        let json = r#"{"op":"tap","amount":1}"#;
        assert!(serde_json::from_str::<Derived>(json).is_ok());
        assert!(read(json).is_err());
    }

    #[test]
    fn refusals_name_the_field() {
        let error = read(r#"{"op":"tap","amount":1}"#).unwrap_err();
        assert!(
            error.contains("unknown field `amount` for op `tap`"),
            "{error}"
        );
        let error = read(r#"{"op":"draw","count":2}"#).unwrap_err();
        assert!(error.contains("missing field `player`"), "{error}");
        let error = read(r#"{"op":"resources","amount":300}"#).unwrap_err();
        assert!(error.contains("out of range"), "{error}");
        let error = read(r#"{"op":"fly"}"#).unwrap_err();
        assert!(error.contains("unknown variant `fly`"), "{error}");
    }
}
