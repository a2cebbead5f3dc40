//! The game's plain data: config, state, actions, events and views.

use std::sync::Arc;

use pbp_core::Viewer;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::field::{Dir, Field, Square};
use crate::technique::Technique;

/// A character's skills, inline up to eight (two free techniques and the talents); serialized
/// as a plain list.
pub type Skills = SmallVec<[Skill; 8]>;

/// A character's number: 0-4 are team 0, 5-9 team 1. Character `n` is played from seat `n`.
pub type CharId = u8;

/// A talent: a technique at a rank (1 minor, 2 major, 3 optimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Talent {
    /// The technique.
    pub technique: Technique,
    /// 1, 2 or 3.
    pub rank: u8,
}

/// A player's character in the config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterConfig {
    /// The name (letters, digits, `-`, `_`, `'`; unique in the game).
    pub name: String,
    /// Three distinct talents; `None` draws them at random like a computer-played character's.
    #[serde(default)]
    pub talents: Option<Vec<Talent>>,
}

/// In which order characters take their turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnOrder {
    /// A team's turn is each of its five characters in order, then the other team's (default).
    #[default]
    TeamByTeam,
    /// Characters of the two teams alternate, starting team first.
    Alternate,
}

/// How "N squares of range" is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Orthogonal steps (default).
    #[default]
    Manhattan,
    /// King steps (diagonals count as one).
    Chebyshev,
}

/// Which enemy techniques a Genjutsu can cancel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GenjutsuScope {
    /// Every technique done in the open, Sprint included (default: the seed calls Sprint a
    /// technique). The secret ones (Pass, Genjutsu, Fuinjutsu) never wake a Genjutsu, whatever
    /// the scope: its team would learn of them.
    #[default]
    AllTechniques,
    /// Only talents: Sprint is never cancelled either.
    TalentsOnly,
}

/// How Suiton's ranks 2 and 3 read (the seed repeats Fuinjutsu's text there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuitonReading {
    /// As written: a visible trap that ends the turn of the next person on it, two squares of
    /// range; rank 3's trap stays after it is sprung (default).
    #[default]
    AsWritten,
    /// As a flood like rank 1, with two squares of range; rank 3's flood stays after use.
    Flood,
}

/// The game's setup and house rules. `Default` is the seed's game on the standard field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScrollRaceConfig {
    /// The two teams' names.
    pub team_names: [String; 2],
    /// The players' characters of each team (at most five); missing ones are computer-played
    /// characters with random talents.
    pub characters: [Vec<CharacterConfig>; 2],
    /// The field.
    pub field: Field,
    /// Carriers named in advance (skipping the secret choice at the start).
    pub carriers: [Option<String>; 2],
    /// The order of turns.
    pub order: TurnOrder,
    /// The rank at which everyone uses Sprint and Pass ("Aucun talent : Rang 3").
    pub free_rank: u8,
    /// Uses per game of Sprint and Pass; `None` is unlimited (default).
    pub free_uses: Option<u8>,
    /// How ranges are counted.
    pub metric: Metric,
    /// Squares of range of Katon and Raiton (the seed gives none), with a clear line of sight.
    pub ranged_reach: u8,
    /// Whether melee strikes may hit diagonally (pushing diagonally).
    pub diagonal_strikes: bool,
    /// What Genjutsu can cancel.
    pub genjutsu_scope: GenjutsuScope,
    /// How Suiton's ranks 2 and 3 read.
    pub suiton: SuitonReading,
    /// Rounds after which the organizer calls the game a draw; `None` plays on until a ruling.
    pub round_limit: Option<u32>,
}

impl Default for ScrollRaceConfig {
    fn default() -> Self {
        ScrollRaceConfig {
            team_names: ["Red".to_owned(), "Blue".to_owned()],
            characters: [Vec::new(), Vec::new()],
            field: Field::standard(),
            carriers: [None, None],
            order: TurnOrder::TeamByTeam,
            free_rank: 3,
            free_uses: None,
            metric: Metric::Manhattan,
            ranged_reach: 2,
            diagonal_strikes: false,
            genjutsu_scope: GenjutsuScope::AllTechniques,
            suiton: SuitonReading::AsWritten,
            round_limit: Some(40),
        }
    }
}

/// A technique a character can use, with its rank and uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    /// The technique.
    pub technique: Technique,
    /// Its rank.
    pub rank: u8,
    /// Uses per game; `None` is unlimited.
    pub allowance: Option<u8>,
    /// Uses left.
    pub left: Option<u8>,
}

/// A character on the field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Its number (and seat).
    pub id: CharId,
    /// Its name, shared by every copy of the state (it does not change).
    pub name: Arc<str>,
    /// 0 or 1.
    pub team: u8,
    /// Computer-played (its team plays it).
    pub npc: bool,
    /// Where it stands.
    pub square: Square,
    /// Sprint, Pass and its three talents.
    pub skills: Skills,
    /// Burnt by Katon: cannot move on its next turn.
    pub burned: bool,
    /// Paralysed by Raiton: loses its next turn.
    pub paralysed: bool,
    /// A pending Doton and its rank.
    pub doton: Option<u8>,
}

impl Character {
    /// The skill for `technique`.
    pub fn skill(&self, technique: Technique) -> Option<&Skill> {
        self.skills.iter().find(|s| s.technique == technique)
    }
}

/// Where a team's scroll is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holder {
    /// Not yet given (before the secret choice).
    Unassigned,
    /// Carried by a character.
    Carrier(CharId),
    /// Lying on a square.
    Ground(Square),
}

/// A team's scroll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scroll {
    /// Where it is.
    pub holder: Holder,
    /// The last carrier the enemy and the public learned of (possibly out of date after a
    /// secret pass).
    pub last_seen: Option<CharId>,
}

/// A summon blocking a square (Kuchiyose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summon {
    /// The square.
    pub square: Square,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Its rank (destroyed by an offensive technique of this rank or higher).
    pub rank: u8,
    /// Ends of the caster's turns before it disappears.
    pub turns_left: u8,
}

/// What a trap does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapKind {
    /// Ends the turn of who steps on it (Fuinjutsu, Suiton as written).
    Seal,
    /// Makes who steps on it slide one square further (Suiton's flood).
    Flood,
}

/// A trap or a flood as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trap {
    /// The square.
    pub square: Square,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Fuinjutsu or Suiton.
    pub technique: Technique,
    /// Its rank.
    pub rank: u8,
    /// What it does.
    pub kind: TrapKind,
    /// Only enemies spring it (Fuinjutsu rank 3).
    pub enemies_only: bool,
    /// It stays after being sprung (Suiton rank 3).
    pub persistent: bool,
}

impl Trap {
    /// Whether only the caster's team knows of it (Fuinjutsu).
    pub fn hidden(&self) -> bool {
        self.technique == Technique::Fuinjutsu
    }
}

/// A Genjutsu waiting for the next enemy technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genjutsu {
    /// Its number among the game's Genjutsu, from 1 (two alike from one caster stay distinct).
    pub number: u32,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Its rank.
    pub rank: u8,
}

/// The names a Sensoriel gave its user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sensing {
    /// Who used it.
    pub user: CharId,
    /// The enemy characters named, in character order; the carrier is among them.
    pub sensed: Vec<CharId>,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The teams secretly choose their carriers.
    ChooseCarriers,
    /// The team that did not start may change its carrier.
    ChangeCarrier,
    /// Characters take turns.
    Play,
    /// The game is over.
    Over,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winning team, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why.
    pub reason: String,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollRaceState {
    /// The rules in force, shared by every copy of the state (they do not change).
    pub config: Arc<ScrollRaceConfig>,
    /// The ten characters, by number.
    pub characters: Vec<Character>,
    /// The two scrolls.
    pub scrolls: [Scroll; 2],
    /// The team drawn to start.
    pub starting_team: u8,
    /// The phase.
    pub phase: Phase,
    /// Round number, from 1.
    pub round: u32,
    /// The order of turns in a round.
    pub order: Vec<CharId>,
    /// Position in `order` of the character whose turn it is.
    pub turn_index: usize,
    /// Position in round 1 before which the non-starting team may change its carrier.
    pub change_point: usize,
    /// Whether that change has been decided.
    pub change_done: bool,
    /// Summons on the field.
    pub summons: Vec<Summon>,
    /// Traps and floods on the field.
    pub traps: Vec<Trap>,
    /// Genjutsu waiting, oldest first.
    pub genjutsu: Vec<Genjutsu>,
    /// Genjutsu cast so far in the game.
    pub genjutsu_cast: u32,
    /// The latest Sensoriel result of each user.
    pub sensings: Vec<Sensing>,
    /// The end, once over.
    pub ending: Option<Ending>,
}

/// A move: one square, or a Sprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    /// One square orthogonally.
    Step(Dir),
    /// Sprint: `long` squares one way (2 at ranks 1-2, 3 at rank 3), then one square `short`
    /// (ranks 2 and 3 only), at right angles.
    Sprint {
        /// The long leg's direction.
        long: Dir,
        /// The short leg's direction.
        short: Option<Dir>,
    },
}

/// What an attack aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// A character.
    Character(CharId),
    /// A summon's square.
    Summon(Square),
}

/// A technique used in a turn, with its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Use {
    /// Passe: give the scroll to this ally.
    Pass(CharId),
    /// An offensive technique (Gôken, Suiken, Taijutsu, Katon, Raiton) on a target.
    Attack {
        /// Which one.
        technique: Technique,
        /// On what.
        target: Target,
    },
    /// Genjutsu.
    Genjutsu,
    /// Doton.
    Doton,
    /// Sensoriel.
    Sensory,
    /// Kuchiyose on a square.
    Kuchiyose(Square),
    /// Fuinjutsu on a square.
    Fuinjutsu(Square),
    /// Suiton on a square.
    Suiton(Square),
    /// Kujutsu: move an ally to a square next to it.
    Kujutsu {
        /// The ally.
        ally: CharId,
        /// Where to.
        to: Square,
    },
    /// Iroujutsu: restore a spent technique of a target (oneself or an adjacent ally).
    Iroujutsu {
        /// Whose.
        target: CharId,
        /// Which technique.
        technique: Technique,
    },
    /// Fuuton: jump over an adjacent enemy.
    Fuuton(CharId),
}

impl Use {
    /// The technique used.
    pub fn technique(&self) -> Technique {
        match self {
            Use::Pass(_) => Technique::Pass,
            Use::Attack { technique, .. } => *technique,
            Use::Genjutsu => Technique::Genjutsu,
            Use::Doton => Technique::Doton,
            Use::Sensory => Technique::Sensory,
            Use::Kuchiyose(_) => Technique::Kuchiyose,
            Use::Fuinjutsu(_) => Technique::Fuinjutsu,
            Use::Suiton(_) => Technique::Suiton,
            Use::Kujutsu { .. } => Technique::Kujutsu,
            Use::Iroujutsu { .. } => Technique::Iroujutsu,
            Use::Fuuton(_) => Technique::Fuuton,
        }
    }
}

/// A game master's ruling, for what the seed leaves to the organizer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruling {
    /// The current character loses its turn (an absent player).
    Skip,
    /// Put a character on a free square.
    Place {
        /// Who.
        character: CharId,
        /// Where.
        square: Square,
    },
    /// Give a team's scroll to one of its characters (told to that team only).
    GiveScroll {
        /// To whom.
        character: CharId,
    },
    /// Remove every summon, trap and flood from a square.
    Clear(Square),
    /// End the game: a team wins, or a draw.
    End {
        /// The winning team, or `None` for a draw.
        winner: Option<u8>,
    },
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScrollRaceAction {
    /// A team's captain names its carrier (at the start), or changes it (the once-free change).
    Carrier(CharId),
    /// The non-starting team keeps its carrier.
    Keep,
    /// A character's turn: a move, then a technique; either may be missing (both missing: the
    /// character does nothing).
    Play {
        /// The move.
        movement: Option<Movement>,
        /// The technique, after the move.
        technique: Option<Use>,
    },
    /// A game master's ruling.
    Gm(Ruling),
}

/// Something that happened. Each is sent to an audience that may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScrollRaceEvent {
    /// A team chose its carrier (its team only).
    CarrierChosen {
        /// The team.
        team: u8,
        /// The carrier.
        carrier: CharId,
    },
    /// A team made its secret carrier decision (public; says nothing of it).
    CarrierDecided {
        /// The team.
        team: u8,
    },
    /// A new round begins.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A character moved along these squares (public).
    Moved {
        /// Who.
        character: CharId,
        /// The squares entered, in order.
        path: Vec<Square>,
    },
    /// A character slid one more square on a flood (public).
    Slid {
        /// Who.
        character: CharId,
        /// Where to.
        to: Square,
    },
    /// A trap was sprung and the character's turn ends (public: the trap is revealed).
    TrapSprung {
        /// The trap.
        trap: Trap,
        /// Who stepped on it.
        character: CharId,
    },
    /// The carrier entered the enemy zone, revealing itself (public).
    EnteredEnemyZone {
        /// Who.
        character: CharId,
    },
    /// A character picked up its team's scroll (public).
    PickedUp {
        /// The team.
        team: u8,
        /// The new carrier.
        carrier: CharId,
    },
    /// A character used a technique (public, or its team only for secret techniques).
    Used {
        /// Who.
        character: CharId,
        /// What.
        technique: Technique,
        /// At which rank.
        rank: u8,
    },
    /// A pass (its team only).
    Passed {
        /// The team.
        team: u8,
        /// The giver.
        from: CharId,
        /// The new carrier.
        carrier: CharId,
    },
    /// A pass was spotted: everyone learns the new carrier.
    PassSpotted {
        /// The team.
        team: u8,
        /// The giver.
        from: CharId,
        /// The new carrier.
        carrier: CharId,
    },
    /// A Genjutsu was cast (its team only).
    GenjutsuCast(Genjutsu),
    /// A Genjutsu cancelled an enemy technique (public: the Genjutsu is revealed).
    GenjutsuCancelled {
        /// The Genjutsu.
        genjutsu: Genjutsu,
        /// Whose technique.
        character: CharId,
        /// Which technique.
        technique: Technique,
    },
    /// A Genjutsu failed and is spent (its team only; says nothing of the enemy's technique).
    GenjutsuSpent(Genjutsu),
    /// A strike (public). `pushed` and `recoiled` say whether someone moved. When the scroll does
    /// not fall nothing says why.
    Struck {
        /// The attacker.
        attacker: CharId,
        /// The target.
        target: CharId,
        /// The technique.
        technique: Technique,
        /// The target was pushed back one square.
        pushed: bool,
        /// The striker recoiled one square (Suiken).
        recoiled: bool,
    },
    /// Doton blocked an attack (public).
    Blocked {
        /// The attacker.
        attacker: CharId,
        /// The shielded target.
        target: CharId,
    },
    /// A Doton was spent without blocking (public).
    ShieldBroken {
        /// The target.
        target: CharId,
    },
    /// A target is burnt (public).
    Burned {
        /// Who.
        target: CharId,
    },
    /// A target is paralysed (public).
    Paralysed {
        /// Who.
        target: CharId,
    },
    /// A ranged attack missed (public).
    Missed {
        /// The attacker.
        attacker: CharId,
        /// The target.
        target: CharId,
    },
    /// A scroll fell (public).
    ScrollDropped {
        /// Whose scroll.
        team: u8,
        /// Who dropped it.
        from: CharId,
        /// Where it lies.
        square: Square,
    },
    /// A summon appeared (public).
    Summoned(Summon),
    /// A summon was destroyed (public).
    SummonDestroyed {
        /// Its square.
        square: Square,
        /// By whom.
        by: CharId,
    },
    /// A summon vanished (public).
    SummonExpired {
        /// Its square.
        square: Square,
    },
    /// A trap or flood was laid (public for Suiton, its team only for Fuinjutsu).
    TrapSet(Trap),
    /// A Doton is raised (public).
    Shielded {
        /// Who.
        character: CharId,
        /// Its rank.
        rank: u8,
    },
    /// Sensoriel's names (its user only).
    Sensed(Sensing),
    /// Kujutsu moved an ally (public).
    Pulled {
        /// The caster.
        by: CharId,
        /// The ally.
        character: CharId,
        /// Where to.
        to: Square,
    },
    /// Iroujutsu restored a technique (the caster's team only).
    Restored {
        /// The caster.
        by: CharId,
        /// Whose.
        target: CharId,
        /// Which.
        technique: Technique,
    },
    /// Fuuton: a jump over an enemy (public).
    Jumped {
        /// Who.
        character: CharId,
        /// Over whom.
        over: CharId,
        /// Whether it worked.
        success: bool,
    },
    /// A technique found nothing to act on after an unforeseen stop (same audience as its use).
    Fizzled {
        /// Who.
        character: CharId,
        /// What.
        technique: Technique,
    },
    /// A character's turn ended (public).
    TurnEnded {
        /// Who.
        character: CharId,
    },
    /// A paralysed character lost its turn (public).
    TurnLost {
        /// Who.
        character: CharId,
    },
    /// The organizer skipped a character's turn (`gm skip`: its player is absent or late), which
    /// is not a paralysis (public).
    Skipped {
        /// Whose turn.
        character: CharId,
    },
    /// A character was placed by the organizer (public).
    Placed {
        /// Who.
        character: CharId,
        /// Where.
        square: Square,
    },
    /// The organizer gave a scroll to a character (that team only).
    ScrollGiven {
        /// The team.
        team: u8,
        /// The new carrier.
        carrier: CharId,
    },
    /// The organizer made a ruling about a team's scroll (public; says nothing of it).
    ScrollRuling {
        /// The team.
        team: u8,
    },
    /// The organizer cleared a square (public).
    Cleared(Square),
    /// The game is over (public).
    GameOver(Ending),
}

/// A team's scroll as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollView {
    /// The team.
    pub team: u8,
    /// The carrier for its own team and the game master; for others, the last carrier revealed
    /// to them (a secret pass since may have made it stale).
    pub carrier: Option<CharId>,
    /// The last carrier revealed to everyone (may be out of date).
    pub last_seen: Option<CharId>,
    /// The square it lies on, when dropped.
    pub ground: Option<Square>,
}

/// A character's uses left, for its own team and the game master.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsesView {
    /// Whose.
    pub character: CharId,
    /// Uses left of each skill, in skill order (`null` unlimited).
    pub left: Vec<Option<u8>>,
}

/// A character as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterView {
    /// Number and seat.
    pub id: CharId,
    /// Name.
    pub name: String,
    /// Team.
    pub team: u8,
    /// Computer-played.
    pub npc: bool,
    /// Square.
    pub square: Square,
    /// Techniques and ranks (public, like a character sheet).
    pub skills: Vec<(Technique, u8)>,
    /// Burnt.
    pub burned: bool,
    /// Paralysed.
    pub paralysed: bool,
    /// A pending Doton's rank.
    pub doton: Option<u8>,
}

/// What one viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollRaceView {
    /// Who looks.
    pub viewer: Viewer,
    /// The viewer's team, for a seat.
    pub team: Option<u8>,
    /// The field.
    pub field: Field,
    /// The teams' names.
    pub team_names: [String; 2],
    /// The team that started.
    pub starting_team: u8,
    /// The phase.
    pub phase: Phase,
    /// The round.
    pub round: u32,
    /// Whose turn it is.
    pub current: Option<CharId>,
    /// Every character.
    pub characters: Vec<CharacterView>,
    /// Uses left that the viewer may know.
    pub uses: Vec<UsesView>,
    /// Both scrolls.
    pub scrolls: Vec<ScrollView>,
    /// Summons.
    pub summons: Vec<Summon>,
    /// Traps and floods the viewer knows of.
    pub traps: Vec<Trap>,
    /// Genjutsu the viewer knows of.
    pub genjutsu: Vec<Genjutsu>,
    /// Sensoriel results the viewer may read.
    pub sensings: Vec<Sensing>,
    /// The end, once over.
    pub ending: Option<Ending>,
}
