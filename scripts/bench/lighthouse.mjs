// Lighthouse on a list of URLs with one Chromium, for scripts/bench/pages.py.
// Usage: node lighthouse_pages.mjs CHROME_PATH URL...  (Lighthouse's default: the mobile preset)
// Prints one JSON line per URL: its four category scores and the metrics the benchmark shows.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [chromePath, ...urls] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const audit = (lhr, id) => lhr.audits[id]?.numericValue ?? null;
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    // What to look at first when a page misses a target: its heaviest files and scripts.
    const short = (u) => u.replace(/^https?:\/\/[^/]+/, "");
    const heaviest = (lhr.audits["network-requests"]?.details?.items ?? [])
      .sort((a, b) => b.transferSize - a.transferSize)
      .slice(0, 4)
      .map((r) => `${short(r.url).slice(0, 70)} ${Math.round(r.transferSize / 1024)} KiB`);
    const busiest = (lhr.audits["bootup-time"]?.details?.items ?? [])
      .slice(0, 3)
      .map((r) => `${short(String(r.url)).slice(0, 70)} ${Math.round(r.total)} ms`);
    // Where the main thread's time went (style and layout, script, parsing ...).
    const work = (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
      .slice(0, 4)
      .map((r) => `${r.groupLabel ?? r.group} ${Math.round(r.duration)} ms`);
    // The tasks that count as blocking (over 50 ms): when each started and what ran.
    const long = (lhr.audits["long-tasks"]?.details?.items ?? [])
      .slice(0, 5)
      .map((r) => `${short(String(r.url)).slice(0, 50) || "-"} at ${Math.round(r.startTime)} ms: ${Math.round(r.duration)} ms`);
    process.stdout.write(
      JSON.stringify({
        url,
        error: lhr.runtimeError?.message ?? null,
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        bytes: audit(lhr, "total-byte-weight"),
        cls: audit(lhr, "cumulative-layout-shift"),
        tbt: audit(lhr, "total-blocking-time"),
        lcp: audit(lhr, "largest-contentful-paint"),
        failed,
        heaviest,
        busiest,
        work,
        long,
      }) + "\n",
    );
  }
} finally {
  await chrome.kill();
}
