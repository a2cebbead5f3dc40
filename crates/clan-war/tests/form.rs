//! Clan War's action form: the legal actions as a list, each attack picked on the map by the
//! hex it attacks.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_clan_war::{ClanWar, ClanWarAction, ClanWarConfig};
use pbp_core::engine::form::Input;
use pbp_core::{SeededDice, engine::Game};

#[test]
fn attacks_are_picked_on_the_map_by_the_hex_they_attack() {
    let state = ClanWar::setup(&ClanWarConfig::default(), &mut SeededDice::new(1)).unwrap();
    let actor = ClanWar::turn(&state).actors()[0];
    let form = ClanWar::action_form(&state, actor);
    let Input::One { choices } = &form.kinds[0].fields[0].input else {
        panic!("Clan War's form is a list of its legal actions");
    };
    assert_eq!(choices.len(), ClanWar::legal_actions(&state, actor).len());
    let mut attacks = 0;
    for choice in choices {
        let action: ClanWarAction = serde_json::from_value(choice.value.clone()).unwrap();
        match action {
            ClanWarAction::Attack { target, .. } => {
                assert_eq!(choice.place.as_deref(), Some(target.as_ref()));
                attacks += 1;
            }
            _ => assert_eq!(choice.place, None),
        }
    }
    assert!(attacks > 0, "the first turn offers attacks");
}
