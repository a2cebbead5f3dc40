//! What a game's `tests/secrecy.rs` runs: [`secrecy_tests!`](crate::engine::testing::secrecy_tests), its cases
//! and the leaking surface it must catch.

use super::{Output, Secrecy, TwinCase, TwinReport, check_twins};
use crate::engine::testing::contract::json;
use crate::game::{Game, Viewer};
use crate::record::LoggedEvent;

fn whole_state<G: Game>(state: &G::State, _: &G::View, _: Viewer, _: &[LoggedEvent<G>]) -> String {
    json(state)
}

/// A surface that shows every outsider the whole state as JSON: what no game may do, for the
/// test that the harness catches a leak ([`secrecy_tests!`](crate::engine::testing::secrecy_tests)).
pub fn leak_everything<G: Game>() -> Output<G> {
    Output::new("leak of the whole state", whole_state::<G>)
}

/// The cases of the run with the session surfaces (`a_secret_reaches_no_outsider_on_the_table`
/// of [`secrecy_tests!`](crate::engine::testing::secrecy_tests)): `PBP_TABLE_CASES`, or 32. Each case writes a
/// table per viewer and step, so CI runs fewer of them than of the other surfaces.
#[doc(hidden)]
pub fn table_cases() -> u32 {
    std::env::var("PBP_TABLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(32)
}

/// `secrecy` without its session surfaces.
#[doc(hidden)]
pub fn without_sessions<G: Game>(mut secrecy: Secrecy<G>) -> Secrecy<G> {
    secrecy.sessions.clear();
    secrecy
}

/// Runs one case for a proptest body (the error is the violation's text).
///
/// # Errors
/// The violation, as a failed test case.
#[doc(hidden)]
pub fn run_case<G: Game>(secrecy: &Secrecy<G>, case: TwinCase) -> Result<TwinReport, String> {
    check_twins(secrecy, case).map_err(|v| v.0)
}

/// The five tests of a game's `tests/secrecy.rs`, from its [`Secrecy`]:
/// - `a_secret_reaches_no_outsider`: [`check_twins`] on proptest's cases (256, or
///   `PROPTEST_CASES`), with `before` and `after` steps drawn from the `cases` ranges, every
///   surface but the session ones ([`Secrecy::sessions`]); a failure is shrunk and saved in
///   `tests/secrecy.proptest-regressions`;
/// - `a_secret_reaches_no_outsider_on_the_table`: the same with the session surfaces (the
///   table's, and so the server's), on `PBP_TABLE_CASES` cases (32 by default: each case writes
///   a table per viewer and step);
/// - `a_secret_reaches_no_outsider_long` (`--ignored`): 4096 cases over the `long` ranges, every
///   surface;
/// - `forum_dice_cases_keep_the_secret_too`: four cases from `leak_case`'s seed with an odd
///   twin seed, so that the twins play on with forum dice (each step given the values of its
///   seeded roll as outside dice), every surface; at least one step must roll;
/// - `the_harness_catches_a_surface_that_shows_the_state`: `leak_case` passes, and fails once a
///   surface shows the whole state ([`leak_everything`]), so the comparison is not vacuous; the
///   twin made at that case must be described with the word `finds`.
///
/// The calling crate needs `proptest` among its dev-dependencies.
///
/// ```ignore
/// crate::engine::testing::secrecy_tests! {
///     secrecy: secrecy(),
///     cases: (0u32..120, 1u32..24),
///     long: (0u32..400, 1u32..60),
///     leak_case: TwinCase { seed: 3, before: 10, twin: 2, after: 3 },
///     finds: "hand",
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __secrecy_tests {
    (
        secrecy: $secrecy:expr,
        cases: ($before:expr, $after:expr),
        long: ($long_before:expr, $long_after:expr),
        leak_case: $leak_case:expr,
        finds: $finds:expr $(,)?
    ) => {
        ::proptest::proptest! {
            /// The secrecy property on proptest's cases (256 a run, or `PROPTEST_CASES`).
            #[test]
            fn a_secret_reaches_no_outsider(
                seed in ::proptest::prelude::any::<u64>(),
                before in $before,
                twin in ::proptest::prelude::any::<u64>(),
                after in $after,
            ) {
                let case = $crate::engine::testing::TwinCase { seed, before, twin, after };
                let secrecy = $crate::engine::testing::secrecy::without_sessions($secrecy);
                $crate::engine::testing::secrecy::run_case(&secrecy, case)
                    .map_err(::proptest::test_runner::TestCaseError::fail)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases(
                $crate::engine::testing::secrecy::table_cases()
            ))]
            /// The same with the session surfaces (`PBP_TABLE_CASES` cases, 32 by default).
            #[test]
            fn a_secret_reaches_no_outsider_on_the_table(
                seed in ::proptest::prelude::any::<u64>(),
                before in $before,
                twin in ::proptest::prelude::any::<u64>(),
                after in $after,
            ) {
                let case = $crate::engine::testing::TwinCase { seed, before, twin, after };
                $crate::engine::testing::secrecy::run_case(&$secrecy, case)
                    .map_err(::proptest::test_runner::TestCaseError::fail)?;
            }
        }

        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig::with_cases(4096))]
            /// The long run: `cargo test -p CRATE --test secrecy -- --ignored`.
            #[test]
            #[ignore = "long run: 4096 twin pairs"]
            fn a_secret_reaches_no_outsider_long(
                seed in ::proptest::prelude::any::<u64>(),
                before in $long_before,
                twin in ::proptest::prelude::any::<u64>(),
                after in $long_after,
            ) {
                let case = $crate::engine::testing::TwinCase { seed, before, twin, after };
                $crate::engine::testing::secrecy::run_case(&$secrecy, case)
                    .map_err(::proptest::test_runner::TestCaseError::fail)?;
            }
        }

        /// The twins also play on with forum dice: cases whose twin seed is odd give every
        /// step that rolls the values of its seeded roll as outside dice, on every surface
        /// (the session ones included). Four such cases from the leak case's seed pass, and
        /// roll on the forum at least once.
        #[test]
        fn forum_dice_cases_keep_the_secret_too() {
            let base: $crate::engine::testing::TwinCase = $leak_case;
            let secrecy = $secrecy;
            let mut forum_steps = 0;
            for k in 0..4u64 {
                let case = $crate::engine::testing::TwinCase {
                    seed: base.seed.wrapping_add(k),
                    twin: base.twin.wrapping_add(2 * k) | 1,
                    after: base.after + 12,
                    ..base
                };
                let report = $crate::engine::testing::secrecy::run_case(&secrecy, case)
                    .unwrap_or_else(|v| panic!("{case:?}: {v}"));
                forum_steps += report.forum_steps;
            }
            assert!(
                forum_steps > 0,
                "no step of the forum dice cases rolled dice"
            );
        }

        /// The harness tells a leak: a surface that shows the whole state fails the case that
        /// passes without it.
        #[test]
        fn the_harness_catches_a_surface_that_shows_the_state() {
            let case: $crate::engine::testing::TwinCase = $leak_case;
            let honest = $secrecy;
            let report = $crate::engine::testing::secrecy::run_case(&honest, case)
                .unwrap_or_else(|v| panic!("{v}"));
            assert!(report.secret.contains($finds), "{report:?}");
            let mut leaky = honest;
            leaky
                .outputs
                .push($crate::engine::testing::secrecy::leak_everything());
            let error = $crate::engine::testing::secrecy::run_case(&leaky, case).unwrap_err();
            assert!(
                error.contains("leak of the whole state tells the twins apart"),
                "{error}"
            );
        }
    };
}
