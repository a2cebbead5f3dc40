// The games kept in this browser, in IndexedDB: one record per game,
// {id, name, game, steps, updated, save, posted}, where `save` is the save file's text and
// `posted` the last step the game master marked as posted to the forum.

const DB = "pbp-table";
const STORE = "games";
const OLD_KEY = "pbp-table-save";

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Opens the store. Answers null where the browser keeps nothing (the page then works without). */
export async function openStore() {
  if (typeof indexedDB === "undefined") return null;
  try {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(STORE, { keyPath: "id" });
    };
    const db = await request(open);
    return new Store(db);
  } catch {
    return null;
  }
}

class Store {
  constructor(db) {
    this.db = db;
  }

  async tx(mode, work) {
    const t = this.db.transaction(STORE, mode);
    const result = await work(t.objectStore(STORE));
    await new Promise((resolve, reject) => {
      t.oncomplete = resolve;
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
    return result;
  }

  /** Every game, the most recently changed first. */
  async list() {
    const all = await this.tx("readonly", (s) => request(s.getAll()));
    return all.sort((a, b) => b.updated - a.updated);
  }

  async get(id) {
    return this.tx("readonly", (s) => request(s.get(id)));
  }

  async put(record) {
    await this.tx("readwrite", (s) => request(s.put(record)));
    return record;
  }

  async delete(id) {
    await this.tx("readwrite", (s) => request(s.delete(id)));
  }

  /** The single game an earlier version of the page kept in localStorage, moved into the list. */
  async migrate() {
    let old = null;
    try {
      old = localStorage.getItem(OLD_KEY);
    } catch {
      return null;
    }
    if (!old) return null;
    return old;
  }

  forgetOld() {
    try {
      localStorage.removeItem(OLD_KEY);
    } catch {
      // nothing kept
    }
  }
}

/** A new record's id: unique in this browser. */
export function newId() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return `g${Date.now().toString(36)}${words[0].toString(36)}${words[1].toString(36)}`;
}
