// The preview's service worker: preview.py serves it as /sw.js (it is never in dist/), so the
// page registers it as it registers the site's. It caches nothing and handles no fetch: every
// page, script and Python file comes from the preview server, fresh after every build. It takes
// over from the site's worker at once (skipWaiting, claim) and deletes its precaches; if there
// were any, the open pages may have come from them, so it loads them again from the server.
// The interpreter's snapshot (instantanea-*) stays: its name is the hash of what it holds.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (e) => e.waitUntil((async () => {
  const viejas = (await caches.keys()).filter((n) => n.startsWith("curso-"));
  await Promise.all(viejas.map((n) => caches.delete(n)));
  await self.clients.claim();
  if (viejas.length) {
    for (const c of await self.clients.matchAll({ type: "window" })) c.navigate(c.url);
  }
})()));
