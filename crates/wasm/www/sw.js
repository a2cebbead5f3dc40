// Keeps the page usable offline: every file of the page, every game's module included (listed in
// pkg/modules.json), is cached when the page is installed, after it has loaded, and answered from
// the cache when the network is gone. The network is tried first, so a rebuilt page is seen.
const CACHE = "pbp-page-v5";
const FILES = ["./", "index.html", "app.js", "dice.js", "engine.js", "form.js", "map.js", "store.js", "style.css", "pkg/modules.json"];

async function install() {
  const cache = await caches.open(CACHE);
  await cache.addAll(FILES);
  const list = await (await cache.match("pkg/modules.json")).json();
  await cache.addAll(list.modules.flatMap((m) => [`pkg/${m.name}/pbp_wasm.js`, `pkg/${m.name}/pbp_wasm_bg.wasm`]));
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true })
        .then((cached) => cached || Response.error())),
  );
});
