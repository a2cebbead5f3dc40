// The engine the page plays on, behind one small interface, so the same page code runs against
// the in-browser engine (pbp-wasm, here) or a server (the hosted table's pages implement the same
// calls over HTTP). Every call answers a Promise, so a server's round trip fits in unchanged.
//
//   engine.games()                          -> [{name, title, default_config}]
//   engine.start(game, config, seed, dice)  -> Table      (config: JSON text or undefined)
//   engine.load(text, source)               -> Table      (a save file's text, every check made)
//
//   table.game, table.steps                 (plain fields, kept up to date by the calls below)
//   table.snapshot(viewer)                  -> {game, title, steps, seed?, turn, describe, seats,
//                                              players: {seat: name}, text, svg, bbcode, log,
//                                              view}
//   table.legal(actor)                      -> [{text, json}]
//   table.form(actor)                       -> the action form (pbp_core::engine::form; form.js)
//   table.check(actor, input)               -> {text, json}, or the refusal (nothing changes)
//   table.act(actor, input, dice)           -> {step, action, events, turn}
//   table.undo()                            -> the step taken back
//   table.save()                            -> the save file's text
//   table.postSince(viewer, step)           -> the BBCode of the state and every event after `step`
//   table.at(step)                          -> a read-only Table as the game was after `step`
//   table.close()
//
// A viewer is "gm", "public" or a seat number as text; an actor is "gm" or a seat number. The seed
// is in a snapshot only for the game master's view. Errors reject with the engine's message.

/**
 * The in-browser engine over the page's wasm modules (pkg/modules.json, written by build.sh): the
 * `core` module plays the duel and answers the dice panel, and each other game has a module of
 * its own, loaded the first time that game is started or loaded, so the page downloads only what
 * it plays. `base` is where the modules are (the page's pkg/).
 */
export async function moduleEngine(base = new URL("./pkg/", import.meta.url)) {
  const response = await fetch(new URL("modules.json", base));
  if (!response.ok) throw new Error(`cannot read the list of games (pkg/modules.json): ${response.status}`);
  const list = await response.json();
  /** Module name -> the promise of its initialised glue, in the order they were asked for. */
  const loading = new Map();
  /** The modules initialised so far, in the order they finished. */
  const ready = [];

  function load(name) {
    if (!loading.has(name)) {
      loading.set(name, (async () => {
        const glue = await import(new URL(`${name}/pbp_wasm.js`, base).href);
        await glue.default();
        ready.push(glue);
        return glue;
      })());
    }
    return loading.get(name);
  }

  function moduleOf(game) {
    const entry = list.games.find((g) => g.name === game);
    if (!entry) {
      throw new Error(`this page does not play ${game}: it plays ${list.games.map((g) => g.name).join(", ")}`);
    }
    return entry.module;
  }

  /**
   * The module that loads a save: the one of the game its envelope names. A text that names no
   * game this page plays goes to the core module, whose refusal says why in the CLI's words.
   */
  function moduleOfSave(text) {
    let game;
    try {
      game = JSON.parse(text)?.game;
    } catch {
      game = undefined;
    }
    const entry = list.games.find((g) => g.name === game);
    return entry ? entry.module : "core";
  }

  return {
    kind: "local",
    /** The modules as build.sh listed them: [{name, bytes, gzipped, budget, games}]. */
    modules: list.modules,
    async games() {
      return list.games.map(({ name, title, default_config }) => ({ name, title, default_config }));
    },
    async start(game, config, seed, dice) {
      const wasm = await load(moduleOf(game));
      return new LocalTable(wasm, new wasm.Session(game, config, seed, dice));
    },
    async load(text, source) {
      const wasm = await load(moduleOfSave(text));
      return new LocalTable(wasm, wasm.Session.load(text, source));
    },
    /** The module that plays `game`, loaded (for tests and tools that call the wasm API). */
    async module(game) {
      return load(moduleOf(game));
    },
    /** Loads the core module if no module is loaded yet (the dice panel needs one). */
    async ensureOne() {
      if (loading.size === 0) await load("core");
      else await Promise.any([...loading.values()]);
    },
    /** A loaded module, for the synchronous dice calls (roll, odds): every module has them. */
    anyLoaded() {
      if (ready.length === 0) throw new Error("the engine is still loading");
      return ready[0];
    },
  };
}

class LocalTable {
  constructor(wasm, session, readOnly = false) {
    this.wasm = wasm;
    this.session = session;
    this.readOnly = readOnly;
    this.game = session.game;
    this.steps = session.steps;
    this.commitment = session.commitment;
  }

  refresh() {
    this.steps = this.session.steps;
  }

  async snapshot(viewer) {
    const s = this.session;
    // The players' names the engine gives ({seat: name}), for the seats it knows.
    const players = Object.fromEntries((typeof s.players === "function" ? s.players() : [])
      .map((p) => [p.seat, p.name]));
    return {
      game: s.game,
      title: s.title,
      steps: s.steps,
      seed: viewer === "gm" ? s.seed : undefined,
      commitment: s.commitment,
      turn: s.turn(),
      describe: s.describeTurn(),
      seats: [...s.seats()],
      players,
      text: s.text(viewer),
      svg: s.svg(viewer),
      bbcode: s.bbcode(viewer),
      log: s.log(viewer),
      view: s.view(viewer).view,
    };
  }

  async legal(actor) {
    return this.session.legal(actor);
  }

  async form(actor) {
    return this.session.form(actor);
  }

  async check(actor, input) {
    return this.session.check(actor, input);
  }

  async act(actor, input, dice) {
    if (this.readOnly) throw new Error("this is a past step: go back to the present to act");
    const result = this.session.act(actor, input, dice);
    this.refresh();
    return result;
  }

  async undo() {
    if (this.readOnly) throw new Error("this is a past step: go back to the present to undo");
    const step = this.session.undo();
    this.refresh();
    return step;
  }

  async save() {
    return this.session.save();
  }

  async postSince(viewer, step) {
    const s = this.session;
    if (typeof s.bbcodeSince === "function") return s.bbcodeSince(viewer, step);
    return s.bbcode(viewer);
  }

  async at(step) {
    if (!(step >= 0 && step <= this.session.steps)) {
      throw new Error(`there is no step ${step}: the game has ${this.session.steps}`);
    }
    // Replays the record up to `step`: the save loaded again, then the later steps taken back.
    const past = this.wasm.Session.load(this.session.save(), undefined);
    while (past.steps > step) past.undo();
    return new LocalTable(this.wasm, past, true);
  }

  close() {
    this.session.free();
  }
}
