//! Dice that came from outside pbp: the game's policy on them ([`DicePolicy`], the config key
//! `"dice": "seeded"` read by the erased layer for every game), and the list of the steps that
//! used them ([`outside_steps`]) with their values as a forum's roller shows them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::game::{Actor, Game};
use crate::record::{Record, Source};

/// Whether a game takes dice rolled outside pbp. Kept in the record (`"dice"`, written only when
/// `seeded`), so a save says which it was played with, and covered by the history chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DicePolicy {
    /// Seeded dice, or values rolled elsewhere (a forum's roller) where a step is given them.
    #[default]
    Any,
    /// Only the record's seeded dice: outside dice are refused at every step, and a save of such
    /// a game that holds any does not load.
    Seeded,
}

impl DicePolicy {
    /// Whether only seeded dice are taken.
    pub fn is_seeded(&self) -> bool {
        *self == DicePolicy::Seeded
    }

    /// Whether this is the default, [`DicePolicy::Any`] (not written in a record).
    pub fn is_any(&self) -> bool {
        *self == DicePolicy::Any
    }
}

/// One step whose dice came from outside pbp.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutsideStep {
    /// 0 for the setup, then 1 for the first action.
    pub step: usize,
    /// Who acted (`None` for the setup).
    pub actor: Option<Actor>,
    /// The values the step used, in order.
    pub values: Vec<u32>,
    /// The positions in `values` of the faces that continue an exploding die.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chained: Vec<u32>,
}

impl OutsideStep {
    /// The values as the forum's roller posts them, an exploding die as the sum of its faces:
    /// `7, 10+3`; `none` for a step that drew nothing.
    pub fn forum_text(&self) -> String {
        forum_values(&self.values, &self.chained)
    }
}

/// Every step of `record` whose dice came from outside pbp, in order.
pub fn outside_steps<G: Game>(record: &Record<G>) -> Vec<OutsideStep> {
    let setup = (record.setup_source == Source::Outside).then(|| OutsideStep {
        step: 0,
        actor: None,
        values: record.setup_draws.iter().map(|d| d.value).collect(),
        chained: record.setup_chained.clone(),
    });
    let actions = record
        .entries
        .iter()
        .enumerate()
        .filter(|(_, entry)| entry.source == Source::Outside)
        .map(|(index, entry)| OutsideStep {
            step: index + 1,
            actor: Some(entry.actor),
            values: entry.draws.iter().map(|d| d.value).collect(),
            chained: entry.chained.clone(),
        });
    setup.into_iter().chain(actions).collect()
}

/// The values as a post writes them, each die on its own and an exploding die's faces joined by
/// `+` (`chained` holds the positions of the faces that continue the die before them), as a
/// forum's roller shows them; `none` for a step that drew nothing.
pub(crate) fn forum_values(values: &[u32], chained: &[u32]) -> String {
    if values.is_empty() {
        return "none".to_owned();
    }
    let mut out = String::new();
    for (index, value) in values.iter().enumerate() {
        if index > 0 {
            let joined = u32::try_from(index).is_ok_and(|i| chained.contains(&i));
            out.push_str(if joined { "+" } else { ", " });
        }
        out.push_str(&value.to_string());
    }
    out
}

/// Takes the erased layer's own key `"dice"` out of a config's JSON text: the policy it names
/// and the text without it, which the game reads. A config without the key is returned as it
/// is (not even re-read).
///
/// # Errors
/// A `"dice"` that is neither `"any"` nor `"seeded"`, or a config with the key that is not a
/// JSON object.
pub(crate) fn take_dice_key(config: &str) -> Result<(DicePolicy, Option<String>), String> {
    if !config.contains("\"dice\"") {
        return Ok((DicePolicy::Any, None));
    }
    // The object's members as raw text (no `serde_json::Value`: the browser's build reads
    // configs from text alone), put back together without the key.
    let Ok(mut members) = serde_json::from_str::<BTreeMap<String, Box<RawValue>>>(config) else {
        return Ok((DicePolicy::Any, None));
    };
    let Some(value) = members.remove("dice") else {
        return Ok((DicePolicy::Any, None));
    };
    let policy = serde_json::from_str::<DicePolicy>(value.get()).map_err(|_| {
        format!(
            "\"dice\" must be \"seeded\" (only pbp's seeded dice) or \"any\", not {}",
            value.get()
        )
    })?;
    let mut rest = String::from("{");
    for (key, raw) in &members {
        if rest.len() > 1 {
            rest.push(',');
        }
        rest.push_str(&serde_json::to_string(key).map_err(|e| e.to_string())?);
        rest.push(':');
        rest.push_str(raw.get());
    }
    rest.push('}');
    Ok((policy, Some(rest)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::duel::{Duel, DuelAction, Stance};
    use crate::{
        RecordingDice, ScriptedDice,
        engine::{Actor, DiceChoice, Seat, Session},
    };
    use serde_json::Value;

    #[test]
    fn forum_values_join_an_exploding_die_s_faces_with_plus() {
        assert_eq!(forum_values(&[7, 10, 3], &[2]), "7, 10+3");
        assert_eq!(forum_values(&[7, 10, 3], &[]), "7, 10, 3");
        assert_eq!(forum_values(&[], &[]), "none");
    }

    #[test]
    fn a_recording_source_marks_the_faces_that_continue_an_exploding_die() {
        let mut dice = RecordingDice::new(ScriptedDice::new([7, 10, 10, 3, 4]));
        let roll = crate::Die::EXPLODING_D10.roll(&mut dice, 10).unwrap();
        assert_eq!(roll.total(), 7);
        let roll = crate::Die::EXPLODING_D10.roll(&mut dice, 10).unwrap();
        assert_eq!(roll.total(), 23);
        assert_eq!(dice.chained(), &[2, 3]);
        let values: Vec<u32> = dice.draws().iter().map(|d| d.value).collect();
        assert_eq!(forum_values(&values, dice.chained()), "7, 10+10+3");
        dice.truncate(3);
        assert_eq!(dice.chained(), &[2]);
    }

    #[test]
    fn outside_steps_are_listed_as_the_forum_rolled_them() {
        let mut session = Session::<Duel>::new(Default::default(), 3, DiceChoice::Seeded).unwrap();
        let act = |session: &mut Session<Duel>, seat, stance, dice| {
            session
                .act(Actor::Seat(Seat(seat)), DuelAction::Choose(stance), dice)
                .unwrap();
        };
        act(&mut session, 0, Stance::Focus, DiceChoice::Seeded);
        act(
            &mut session,
            1,
            Stance::Strike,
            DiceChoice::Outside(vec![2, 10, 4, 1, 9, 9]),
        );
        let steps = outside_steps(session.record());
        assert_eq!(steps.len(), 1);
        assert_eq!(
            (steps[0].step, steps[0].actor),
            (2, Some(Actor::Seat(Seat(1))))
        );
        assert_eq!(steps[0].forum_text(), "2, 10+4, 1, 9, 9");
        // A save from before the marks (no `chained`) still lists its values, one by one.
        let save = crate::engine::save::save_session(&session).unwrap();
        let mut value: Value = serde_json::from_str(&save).unwrap();
        let entry = &mut value["record"]["entries"][1];
        assert_eq!(entry["chained"], serde_json::json!([2]));
        entry.as_object_mut().unwrap().remove("chained");
        value["checksum"] = Value::String(crate::engine::save::checksum(&value["record"]));
        let old = crate::engine::save::load_session::<Duel>(&value.to_string()).unwrap();
        assert_eq!(
            outside_steps(old.record())[0].forum_text(),
            "2, 10, 4, 1, 9, 9"
        );
        // Seeded steps are not listed.
        assert!(
            outside_steps(
                &Session::<Duel>::new(Default::default(), 3, DiceChoice::Seeded)
                    .unwrap()
                    .into_record()
            )
            .is_empty()
        );
    }

    #[test]
    fn the_dice_key_is_taken_out_of_the_config() {
        assert_eq!(
            take_dice_key(r#"{"first_to":3}"#),
            Ok((DicePolicy::Any, None))
        );
        assert_eq!(
            take_dice_key(r#"{"first_to":3,"dice":"seeded"}"#),
            Ok((DicePolicy::Seeded, Some(r#"{"first_to":3}"#.to_owned())))
        );
        assert_eq!(
            take_dice_key(r#"{"dice":"any"}"#),
            Ok((DicePolicy::Any, Some("{}".to_owned())))
        );
        assert!(
            take_dice_key(r#"{"dice":"forum"}"#)
                .unwrap_err()
                .contains("forum")
        );
        // A nested "dice" is the game's own.
        assert_eq!(
            take_dice_key(r#"{"rules":{"dice":2}}"#),
            Ok((DicePolicy::Any, None))
        );
    }
}
