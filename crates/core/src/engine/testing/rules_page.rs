//! Checks that a game's rules page (`docs/rules/<game>.md`) names only tests and scenario files
//! that exist, and links every scenario file of `docs/rules/<game>/`, so the page a reader checks
//! against the seed cannot point at nothing, nor a scenario hide from it.
//!
//! Every game's `tests/scenarios.rs` is one line, [`scenario_tests!`](crate::engine::testing::scenario_tests),
//! which plays the game's scenario files and runs this check.
//!
//! What the page names, and what must exist:
//! - a file: a link target or a backticked word ending in `.txt`, `.md` or `.rs`
//!   (`[three_clans](clan-war/three_clans.txt)`, `` `tests/golden/three_clans.txt` ``), found
//!   next to the page or in the game's crate;
//! - a test: a backticked path of identifiers (`` `rules::clause_2_the_strategy_table_is_data` ``,
//!   `` `map::tests::the_default_map_is_valid` ``; not `pbp_core::...` paths nor a module's
//!   `tests`), or a backticked identifier with an underscore in the last cell of a table whose
//!   last column is headed Test or Tests: a `fn` of that name in the crate's `src/` or `tests/`
//!   (or in pbp-core's, for the contract checks), or one of the crate's test files.

use std::path::{Path, PathBuf};

/// What a rules page names that was checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PageCheck {
    /// Files named (scenarios, golden files, sources).
    pub files: usize,
    /// Tests named.
    pub tests: usize,
}

fn is_identifier(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !word.starts_with(|c: char| c.is_ascii_digit())
}

/// The backticked words of `line`.
fn backticked(line: &str) -> impl Iterator<Item = &str> {
    line.split('`').skip(1).step_by(2)
}

/// The targets of the markdown links of `line` (`[text](target)`).
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &line[i + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The last cell of a table row (`| a | b |` gives ` b `).
fn last_cell_of(line: &str) -> Option<&str> {
    line.trim_end()
        .strip_suffix('|')
        .filter(|_| line.starts_with('|'))
        .and_then(|row| row.rsplit_once('|'))
        .map(|(_, cell)| cell)
}

/// Checks the rules page `page` of the game whose crate is `crate_dir`.
///
/// # Errors
/// Every file or test the page names that does not exist and every scenario file of the folder
/// beside it (`docs/rules/<game>/*.txt`) that it does not link, one a line, or a page that cannot
/// be read.
pub fn check_rules_page(page: &Path, crate_dir: &Path) -> Result<PageCheck, String> {
    let text = std::fs::read_to_string(page).map_err(|e| format!("{}: {e}", page.display()))?;
    let mut sources = Vec::new();
    rust_files(&crate_dir.join("src"), &mut sources);
    rust_files(&crate_dir.join("tests"), &mut sources);
    let code: String = sources
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect::<Vec<_>>()
        .join("\n");
    let core_dir = crate_dir.join("../core/src");
    let mut core_sources = Vec::new();
    rust_files(&core_dir, &mut core_sources);
    let core_code: String = core_sources
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect::<Vec<_>>()
        .join("\n");
    let is_fn = |name: &str| {
        [&code, &core_code]
            .iter()
            .any(|c| c.contains(&format!("fn {name}(")) || c.contains(&format!("fn {name}<")))
            || crate_dir.join("tests").join(format!("{name}.rs")).exists()
            || crate_dir.join("src").join(format!("{name}.rs")).exists()
    };
    let page_dir = page.parent().unwrap_or(Path::new("."));
    let root = page_dir.join("../..");
    let places = [
        page_dir.to_path_buf(),
        crate_dir.to_path_buf(),
        crate_dir.join("tests"),
        crate_dir.join("src"),
        root,
    ];
    // Whether the table being read has a Test column last.
    let mut test_table = false;
    let mut previous = "";
    let mut check = PageCheck::default();
    let mut missing = Vec::new();
    let mut linked: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = format!("{}:{}", page.display(), n + 1);
        if line.starts_with("|--") || line.starts_with("| --") || line.starts_with("|:-") {
            test_table = last_cell_of(previous).is_some_and(|c| {
                let c = c.trim();
                c == "Test" || c == "Tests"
            });
        } else if !line.starts_with('|') {
            test_table = false;
        }
        previous = line;
        let last_cell = last_cell_of(line).filter(|_| test_table);
        let mut files: Vec<&str> = link_targets(line)
            .into_iter()
            .filter(|t| !t.contains("://") && !t.starts_with('#'))
            .collect();
        for word in backticked(line) {
            if [".txt", ".md", ".rs"].iter().any(|x| word.ends_with(x)) && !word.contains(' ') {
                files.push(word);
                continue;
            }
            let segments: Vec<&str> = word.split("::").collect();
            let in_test_column = last_cell.is_some_and(|cell| cell.contains(&format!("`{word}`")));
            let path = segments.len() > 1
                && segments.iter().all(|s| is_identifier(s))
                && !segments[0].starts_with("pbp_")
                && segments.last() != Some(&"tests");
            let named_test = if path {
                segments.last().copied()
            } else if in_test_column && is_identifier(word) && word.contains('_') {
                Some(word)
            } else {
                None
            };
            if let Some(name) = named_test {
                check.tests += 1;
                if !is_fn(name) {
                    missing.push(format!("{at}: no test `{name}` in {}", crate_dir.display()));
                }
            }
        }
        for file in files {
            let file = file.split('#').next().unwrap_or(file);
            linked.push(file.trim_start_matches("./").to_owned());
            check.files += 1;
            if !places.iter().any(|p| p.join(file).exists()) {
                missing.push(format!("{at}: no file {file}"));
            }
        }
    }
    // The other direction: every scenario file beside the page is linked from it.
    let stem = page
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let scenario_dir = page_dir.join(stem);
    if let Ok(entries) = std::fs::read_dir(&scenario_dir) {
        let mut unlinked: Vec<String> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(str::to_owned))
            .filter(|name| !linked.contains(&format!("{stem}/{name}")))
            .collect();
        unlinked.sort();
        missing.extend(
            unlinked
                .into_iter()
                .map(|name| format!("{}: no link to the scenario {stem}/{name}", page.display())),
        );
    }
    if missing.is_empty() {
        Ok(check)
    } else {
        Err(missing.join("\n"))
    }
}

/// The two tests of a game's `tests/scenarios.rs`: every scenario file of
/// `docs/rules/<game>/` holds (played by [`run_dir`](crate::engine::testing::scenario::run_dir) with the
/// given event text, usually the game's `pbp_render::Render::event_text`), and the rules page
/// `docs/rules/<game>.md` names only tests and files that exist and links every scenario
/// ([`check_rules_page`]). `<game>` is the game's [`Game::NAME`](crate::engine::Game::NAME).
///
/// The rules folder is taken from the calling crate's `CARGO_MANIFEST_DIR`: by default
/// `../../docs/rules` (a game crate in pbp's `crates/`); a crate elsewhere names its own,
/// relative to its manifest, with `rules:` (docs/NEW_GAME.md).
///
/// ```ignore
/// crate::engine::testing::scenario_tests!(pbp_clan_war::ClanWar, <pbp_clan_war::ClanWar as pbp_render::Render>::event_text);
/// crate::engine::testing::scenario_tests!(my_game::Rps, my_game::event_text, rules: "rules");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __scenario_tests {
    ($game:ty, $event_text:expr) => {
        $crate::__scenario_tests!($game, $event_text, rules: "../../docs/rules");
    };
    ($game:ty, $event_text:expr, rules: $rules:expr) => {
        #[test]
        fn every_scenario_of_the_rules_page_holds() {
            let rules = ::std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join($rules);
            let dir = rules.join(<$game as $crate::engine::Game>::NAME);
            let passed = $crate::engine::testing::scenario::run_dir::<$game>(&dir, Some($event_text))
                .unwrap_or_else(|failures| panic!("{failures}"));
            assert!(passed > 0, "no scenario in {}", dir.display());
        }

        #[test]
        fn the_rules_page_names_only_tests_and_files_that_exist_and_links_every_scenario() {
            let crate_dir = ::std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
            let page = crate_dir
                .join($rules)
                .join(format!("{}.md", <$game as $crate::engine::Game>::NAME));
            let check = $crate::engine::testing::rules_page::check_rules_page(&page, crate_dir)
                .unwrap_or_else(|missing| panic!("{missing}"));
            assert!(check.tests > 0 && check.files > 0, "{check:?}");
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_the_page_does_not_link_and_a_link_to_nothing_both_fail() {
        let root = std::env::temp_dir().join(format!("pbp-rules-page-unit-{}", std::process::id()));
        let rules = root.join("docs/rules");
        let crate_dir = root.join("crates/game");
        std::fs::create_dir_all(rules.join("game")).unwrap();
        std::fs::create_dir_all(crate_dir.join("tests")).unwrap();
        std::fs::write(crate_dir.join("tests/t.rs"), "fn a_test() {}").unwrap();
        for name in ["linked.txt", "forgotten.txt"] {
            std::fs::write(rules.join("game").join(name), "").unwrap();
        }
        let page = rules.join("game.md");
        std::fs::write(&page, "[one](game/linked.txt) `t::a_test`\n").unwrap();
        let missing = check_rules_page(&page, &crate_dir).unwrap_err();
        assert_eq!(
            missing,
            format!(
                "{}: no link to the scenario game/forgotten.txt",
                page.display()
            )
        );
        std::fs::write(
            &page,
            "[one](game/linked.txt) [two](game/forgotten.txt) [three](game/gone.txt) `t::a_test`\n",
        )
        .unwrap();
        let missing = check_rules_page(&page, &crate_dir).unwrap_err();
        assert_eq!(
            missing,
            format!("{}:1: no file game/gone.txt", page.display())
        );
        std::fs::write(
            &page,
            "[one](game/linked.txt) [two](game/forgotten.txt) `t::a_test`\n",
        )
        .unwrap();
        let check = check_rules_page(&page, &crate_dir).unwrap();
        assert_eq!(check, PageCheck { files: 2, tests: 1 });
        std::fs::remove_dir_all(&root).unwrap();
    }
}
