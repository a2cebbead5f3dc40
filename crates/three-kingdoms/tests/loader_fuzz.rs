//! The card and army loaders never panic, whatever they are given.

use pbp_three_kingdoms::{CardSet, STARTER_ARMIES, STARTER_CARDS, armies_from_json};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_is_refused_without_panic(text in ".{0,400}") {
        let _ = CardSet::from_json(&text);
        let _ = armies_from_json(&text);
    }

    #[test]
    fn mutated_card_files_load_or_name_a_problem(at in 0usize..30_000, byte in any::<u8>(), cut in any::<bool>()) {
        let mut bytes = STARTER_CARDS.as_bytes().to_vec();
        let at = at % bytes.len();
        if cut {
            bytes.truncate(at);
        } else {
            bytes[at] = byte;
        }
        let text = String::from_utf8_lossy(&bytes);
        match CardSet::from_json(&text) {
            Ok(set) => prop_assert!(!set.is_empty()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn mutated_army_files_load_or_name_a_problem(at in 0usize..12_000, byte in any::<u8>()) {
        let mut bytes = STARTER_ARMIES.as_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] = byte;
        let text = String::from_utf8_lossy(&bytes);
        let _ = armies_from_json(&text);
    }

    #[test]
    fn numbers_out_of_range_name_the_card_and_field(cost in 0u8..=255, strength in 0u32..20_000) {
        let card = format!(
            r#"{{"format":"pbp-three-kingdoms-cards","version":1,"set":"f","cards":[{{"id":"fz","name":"Fz","faction":"wu","rarity":"C","type":"general","cost":{cost},"strength":{strength}}}]}}"#
        );
        let result = CardSet::from_json(&card);
        let valid = (1..=5).contains(&cost) && (1..=10_000).contains(&strength);
        prop_assert_eq!(result.is_ok(), valid);
        if let Err(e) = result {
            let text = e.to_string();
            prop_assert!(text.contains("card fz"));
            prop_assert!(text.contains("field cost") || text.contains("field strength"), "{}", text);
        }
    }
}
