// Runs Material's bundle once the page is painted and loaded (parsed, its images in), then the
// site's own deferred scripts, in order; inlined by scripts/site/passes.py
// where Material's <script src="...bundle..."> was, which names the bundle in data-src (and
// preloads it at low priority in <head>, so it downloads in parallel, as before) and the others
// in data-then.
//
// Why: the bundle adds behaviour (search, navigation drawer, copy buttons), not content. As a
// deferred script it ran just before the first frame was shown on a page whose fonts are
// preloaded, so Lighthouse counted its download and start-up as needed for that frame (about
// 0.3 s of a phone's largest contentful paint, scripts/bench/pages.py). The bundle starts on
// DOMContentLoaded, which has fired by then, so that event is sent again once it has loaded;
// Material listens with {once: true} and none of the site's own scripts listens for it; a
// script that may run before the bundle waits for "pe:material", sent next.
//
// The search index waits for the reader to want search: Material requests it (with
// XMLHttpRequest) as soon as its bundle starts, and its worker builds the index from it, on
// every page: 76 KiB of the page's weight and a second of a phone's CPU, for a feature most
// readers of a page never open. Its request is sent when the search field first gets the
// focus (by a click, a tap on the search button or Material's keyboard shortcuts) or when
// the address asks for a search (?q=); until then Material's search says it is starting.
(() => {
  const { src, then } = document.currentScript.dataset;
  let wanted;
  const searchWanted = new Promise((done) => { wanted = done; });
  const isSearch = (el) => el instanceof Element &&
    el.matches("[data-md-component='search-query'], #__search");
  document.addEventListener("focusin", (e) => isSearch(e.target) && wanted());
  document.addEventListener("change", (e) => isSearch(e.target) && wanted());
  if (new URLSearchParams(location.search).has("q")) wanted();
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.peSearchIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...body) {
    if (!this.peSearchIndex) return send.apply(this, body);
    searchWanted.then(() => send.apply(this, body));
  };
  const load = (url) => new Promise((done) => {
    const script = Object.assign(document.createElement("script"), { src: url, async: false });
    script.onload = script.onerror = done;
    document.body.append(script);
  });
  // After the first contentful paint is presented (a frame's callbacks can run before it).
  const painted = new Promise((done) => {
    const observable = window.PerformanceObserver?.supportedEntryTypes || [];
    if (!observable.includes("paint")) return done();  // no paint timing: the load suffices
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); done(); }
    }).observe({ type: "paint", buffered: true });
    // A page that is never painted (opened in a background tab) still gets its behaviour.
    addEventListener("load", () => setTimeout(done, 1000), { once: true });
  });
  // And after the load event (the page parsed, its images in), then a frame: a figure in the
  // first screen is painted before the bundle's start-up takes the main thread (it had held
  // back experiments-length's largest paint: Lighthouse 1.66-1.94 s against 1.65-1.67 s).
  // A hidden page paints no frame and does not wait for one.
  const settled = new Promise((done) => document.readyState === "complete" ? done()
    : addEventListener("load", done, { once: true }))
    .then(() => new Promise((done) => document.hidden ? done()
      : requestAnimationFrame(() => setTimeout(done))));
  Promise.all([painted, settled]).then(async () => {
    await load(src);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    document.dispatchEvent(new Event("pe:material"));
    for (const url of (then || "").split(" ").filter(Boolean)) await load(url);
  });
})();
