// What every step of the browser test (run.mjs) shares: its arguments and
// the browser's, the step it is at, and the checks it makes of a page: a
// screenshot, no sideways scrolling, an axe-core audit, where an element
// stands.
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
export const [base, shots, fanURL, fan50URL, fan40URL] = process.argv.slice(2);
if (!base || !shots || !fanURL || !fan50URL || !fan40URL) {
  console.error("usage: node run.mjs BASEURL SCREENSHOTDIR FANPAGEURL FAN50URL FAN40URL");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
// A run's screenshots are its own: none of an earlier run is left beside them.
for (const f of readdirSync(shots)) {
  if (f.endsWith(".png")) { rmSync(join(shots, f)); }
}

export const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
export const args = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  // A container's /dev/shm is often 64 MB, too little for a tab's shared
  // memory: the tab crashes. The temporary folder holds it instead.
  "--disable-dev-shm-usage",
];
export const STEP_TIMEOUT = 15000;
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// step names what the script is doing, for its log and its failure.
export let step = "launch";
export function setStep(s) { step = s; }
export function log(msg) { console.log(`e2e: ${step}: ${msg}`); }
export function check(cond, msg) { if (!cond) { throw new Error(msg); } }

export async function shot(page, name, fullPage = true) {
  await page.screenshot({ path: join(shots, name + ".png"), fullPage });
}

// noSideways fails when a page scrolls sideways at the viewport's width.
export async function noSideways(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(sw <= cw + 1, `${what} scrolls sideways on a ${cw}px screen (content ${sw}px wide)`);
}

// audit runs axe-core on the page as it stands with every rule it has on:
// AAA contrast (color-contrast-enhanced), the best practices and the
// experimental rules included. It keeps the violations for the end.
export const audits = [];
export async function audit(page, vp, kind) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const every = Object.fromEntries(window.axe.getRules().map((r) => [r.ruleId, { enabled: true }]));
    const res = await window.axe.run(document, { resultTypes: ["violations"], rules: every });
    return res.violations.map((v) => ({
      id: v.id, impact: v.impact,
      nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ").slice(0, 200)),
    }));
  });
  audits.push({ vp, kind, url: page.url().replace(base, ""), violations });
  if (!page.url().startsWith(base)) { return; }
  const desc = await page.evaluate(() => (document.querySelector('meta[name="description"]') || {}).content || "");
  check(desc.length >= 20, `${kind} has no meta description`);
}

// inView says where an element stands in the viewport.
export async function box(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) { return null; }
    const r = el.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height), vh: window.innerHeight, focused: document.activeElement === el };
  }, selector);
}
