// The table's live event stream (GET /api/tables/ID/events, docs/SERVER.md), read with fetch so
// that the token goes in the Authorization header and never into a URL. It calls `onEvent(name,
// data)` for each event and `onState(state)` when the connection opens ("live") or drops
// ("down"); it reconnects by itself with the last event id it saw, so nothing is missed.

/** Splits a text/event-stream body into events, calling `emit({event, id, data})` for each. */
export function sseParser(emit) {
  let buffer = "";
  let event = "message";
  let id = null;
  let data = [];
  return (text) => {
    buffer += text;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (line === "") {
        if (data.length > 0) emit({ event, id, data: data.join("\n") });
        event = "message";
        id = null;
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue; // a heartbeat comment
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "id") id = value;
      else if (field === "data") data.push(value);
    }
  };
}

/**
 * Opens the stream of table `table` with `token` (empty: the public) and keeps it open.
 * Returns a function that closes it for good.
 */
export function openStream(table, token, { onEvent, onState }) {
  let lastId = null;
  let stopped = false;
  let controller = null;
  let retry = 1000;

  async function connect() {
    controller = new AbortController();
    const headers = { Accept: "text/event-stream" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastId) headers["Last-Event-ID"] = lastId;
    const response = await fetch(`/api/tables/${table}/events`, {
      headers,
      signal: controller.signal,
      cache: "no-store",
    });
    if (!response.ok || !response.body) {
      let message = `the live stream was refused (${response.status})`;
      try {
        message = (await response.json()).message ?? message;
      } catch {
        // not JSON
      }
      throw new Error(message);
    }
    onState("live");
    retry = 1000;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = sseParser((event) => {
      if (event.id) lastId = event.id;
      let data = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        data = event.data;
      }
      onEvent(event.event, data);
    });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parse(value);
    }
  }

  async function run() {
    while (!stopped) {
      try {
        await connect();
        if (!stopped) onState("down", "the live stream ended; reconnecting");
      } catch (error) {
        if (stopped) return;
        onState("down", error.message);
      }
      await new Promise((resolve) => setTimeout(resolve, retry));
      retry = Math.min(retry * 2, 30000);
    }
  }

  run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
