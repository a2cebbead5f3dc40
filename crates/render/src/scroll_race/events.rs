//! Each Scroll Race event as players read it: characters by name, teams by their names.

use pbp_scroll_race::{CharId, ScrollRaceEvent, ScrollRaceView, Square};

use super::{name, team};

/// The words of one event (what [`crate::Render::event_text`] returns for Scroll Race).
// Long function: one arm per event, each its words: the game's vocabulary in one place.
#[allow(clippy::too_many_lines)]
pub(super) fn describe(event: &ScrollRaceEvent, view: &ScrollRaceView) -> String {
    let c = |id: &CharId| name(view, *id);
    let t = |id: &u8| team(view, *id);
    match event {
        ScrollRaceEvent::CarrierChosen { team, carrier } => {
            format!("{} chose {} as carrier", t(team), c(carrier))
        }
        ScrollRaceEvent::CarrierDecided { team } => {
            format!("{} made its carrier decision", t(team))
        }
        ScrollRaceEvent::RoundStarted { round } => format!("round {round} begins"),
        ScrollRaceEvent::Moved { character, path } => {
            let path: Vec<String> = path.iter().map(Square::to_string).collect();
            format!("{} moved to {}", c(character), path.join(", "))
        }
        ScrollRaceEvent::Slid { character, to } => format!("{} slid to {to}", c(character)),
        ScrollRaceEvent::TrapSprung { trap, character } => format!(
            "{} sprang a {} trap on {}",
            c(character),
            trap.technique.name(),
            trap.square
        ),
        ScrollRaceEvent::EnteredEnemyZone { character } => {
            format!("{} entered the enemy zone with the scroll", c(character))
        }
        ScrollRaceEvent::PickedUp { team, carrier } => {
            format!("{} picked up the {} scroll", c(carrier), t(team))
        }
        ScrollRaceEvent::Used {
            character,
            technique,
            rank,
        } => format!("{} used {} {rank}", c(character), technique.name()),
        ScrollRaceEvent::Passed {
            team,
            from,
            carrier,
        } => format!(
            "{} passed the {} scroll to {}",
            c(from),
            t(team),
            c(carrier)
        ),
        ScrollRaceEvent::PassSpotted {
            team,
            from,
            carrier,
        } => format!(
            "a pass was spotted: {} gave the {} scroll to {}",
            c(from),
            t(team),
            c(carrier)
        ),
        ScrollRaceEvent::GenjutsuCast(g) => {
            format!("{} cast a rank {} genjutsu", c(&g.caster), g.rank)
        }
        ScrollRaceEvent::GenjutsuCancelled {
            genjutsu,
            character,
            technique,
        } => format!(
            "a genjutsu of {} cancelled the {} of {}",
            c(&genjutsu.caster),
            technique.name(),
            c(character)
        ),
        ScrollRaceEvent::GenjutsuSpent(g) => {
            format!("the genjutsu of {} was spent", c(&g.caster))
        }
        ScrollRaceEvent::Struck {
            attacker,
            target,
            technique,
            pushed,
            recoiled,
        } => {
            let mut s = format!(
                "{} struck {} with {}",
                c(attacker),
                c(target),
                technique.name()
            );
            if *pushed {
                s.push_str(", pushing it back");
            }
            if *recoiled {
                s.push_str(", and recoiled");
            }
            s
        }
        ScrollRaceEvent::Blocked { attacker, target } => {
            format!("the doton of {} blocked {}", c(target), c(attacker))
        }
        ScrollRaceEvent::ShieldBroken { target } => {
            format!("the doton of {} failed", c(target))
        }
        ScrollRaceEvent::Burned { target } => format!("{} is burnt", c(target)),
        ScrollRaceEvent::Paralysed { target } => format!("{} is paralysed", c(target)),
        ScrollRaceEvent::Missed { attacker, target } => {
            format!("{} missed {}", c(attacker), c(target))
        }
        ScrollRaceEvent::ScrollDropped { team, from, square } => {
            format!("{} dropped the {} scroll on {square}", c(from), t(team))
        }
        ScrollRaceEvent::Summoned(s) => format!("{} summoned on {}", c(&s.caster), s.square),
        ScrollRaceEvent::SummonDestroyed { square, by } => {
            format!("{} destroyed the summon on {square}", c(by))
        }
        ScrollRaceEvent::SummonExpired { square } => format!("the summon on {square} vanished"),
        ScrollRaceEvent::TrapSet(t) => format!(
            "{} laid a {} {} on {}",
            c(&t.caster),
            t.technique.name(),
            t.rank,
            t.square
        ),
        ScrollRaceEvent::Shielded { character, rank } => {
            format!("{} raised a rank {rank} doton", c(character))
        }
        ScrollRaceEvent::Sensed(s) => {
            let names: Vec<String> = s.sensed.iter().map(c).collect();
            format!(
                "{} senses the carrier among {}",
                c(&s.user),
                names.join(", ")
            )
        }
        ScrollRaceEvent::Pulled { by, character, to } => {
            format!("{} drew {} to {to}", c(by), c(character))
        }
        ScrollRaceEvent::Restored {
            by,
            target,
            technique,
        } => format!(
            "{} restored the {} of {}",
            c(by),
            technique.name(),
            c(target)
        ),
        ScrollRaceEvent::Jumped {
            character,
            over,
            success,
        } => format!(
            "{} {} over {}",
            c(character),
            if *success { "jumped" } else { "failed to jump" },
            c(over)
        ),
        ScrollRaceEvent::Fizzled {
            character,
            technique,
        } => format!(
            "the {} of {} found no target",
            technique.name(),
            c(character)
        ),
        ScrollRaceEvent::TurnEnded { character } => format!("{} ended its turn", c(character)),
        ScrollRaceEvent::TurnLost { character } => {
            format!("{} is paralysed and loses its turn", c(character))
        }
        ScrollRaceEvent::Skipped { character } => format!(
            "the organizer skips the turn of {} (its player is absent)",
            c(character)
        ),
        ScrollRaceEvent::Placed { character, square } => {
            format!("the organizer placed {} on {square}", c(character))
        }
        ScrollRaceEvent::ScrollGiven { team, carrier } => format!(
            "the organizer gave the {} scroll to {}",
            t(team),
            c(carrier)
        ),
        ScrollRaceEvent::ScrollRuling { team } => {
            format!("the organizer ruled on the {} scroll", t(team))
        }
        ScrollRaceEvent::Cleared(square) => format!("the organizer cleared {square}"),
        ScrollRaceEvent::GameOver(e) => format!("game over: {}", e.reason),
    }
}
