// Browser test of the judges' pages and the card embed.
//
//   node run.mjs BASEURL SCREENSHOTDIR [FANPAGEURL]
//
// Drives Debian's Chromium (CHROMIUM, default /usr/bin/chromium) through
// playwright-core: a judge searches, opens an entry and its other versions,
// opens a card, runs an adjudication; a fan page on another origin uses the
// embed and shows a hover card. Screenshots go to SCREENSHOTDIR, at desktop
// and phone widths. Exits non-zero, naming the step, on the first failure.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const [base, shots, fanURL] = process.argv.slice(2);
if (!base || !shots) {
  console.error("usage: node run.mjs BASEURL SCREENSHOTDIR [FANPAGEURL]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const args = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const STEP_TIMEOUT = 15000;

let step = "launch";
function log(msg) { console.log(`e2e: ${step}: ${msg}`); }
function check(cond, msg) { if (!cond) { throw new Error(msg); } }

async function shot(page, name) {
  await page.screenshot({ path: join(shots, name + ".png"), fullPage: true });
}

// noSideways fails when a page scrolls sideways at the viewport's width.
async function noSideways(page, what) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(sw <= cw + 1, `${what} scrolls sideways on a ${cw}px screen (content ${sw}px wide)`);
}

async function judge(page) {
  step = "search";
  await page.goto(base + "/", { waitUntil: "domcontentloaded" });
  const box = page.getByRole("searchbox", { name: /search the rules/i });
  await box.fill("stopped");
  await box.press("Enter");
  await page.waitForSelector("ol.hits li.hit", { timeout: STEP_TIMEOUT });
  const marks = await page.locator("ol.hits mark").count();
  check(marks > 0, "no <mark> in the results");
  const defs = await page.locator("section.define article").count();
  check(defs > 0, "no definition on top for a glossary term");
  log(`${await page.locator("ol.hits li.hit").count()} hits, ${marks} marks, ${defs} definitions`);
  await shot(page, "1-search");

  step = "entry";
  await page.locator("section.define article h3 a").first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("nav.crumbs li").count() >= 2, "no breadcrumbs");
  const versions = page.locator("section.versions article.version");
  const nv = await versions.count();
  check(nv > 0, "no other versions of a term defined in several documents");
  check(await page.locator("section.versions .diff").first().isVisible(), "side-by-side difference not visible");
  const changes = await page.locator("section.versions .diff del, section.versions .diff ins").count();
  check(changes > 0, "no word changes marked between versions");
  check(await page.locator("section.versions .badge, .entry .badge").filter({ hasText: "Governing" }).count() === 1,
    "not exactly one governing version marked");
  log(`${await page.locator("h1").innerText()}: ${nv} other versions, ${changes} changed runs`);
  await shot(page, "2-entry");

  step = "other version";
  await versions.first().locator("h3 a").click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("section.versions .diff").count() > 0, "the other version shows no difference");
  log(`opened ${page.url().replace(base, "")}`);
  await shot(page, "3-entry-other-version");

  step = "card";
  await page.goto(base + "/", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox", { name: /search the rules/i }).fill("Explore Black Cluster");
  await page.selectOption("#kind", "card");
  await page.selectOption("#edition", "2e");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForSelector("ol.hits li.hit a", { timeout: STEP_TIMEOUT });
  await page.locator("ol.hits li.hit a").first().click();
  await page.waitForSelector("article.card h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("dl.stats dt").count() >= 3, "card statistics missing");
  const img = page.locator(".cardimg img");
  if (await img.count()) {
    check((await img.getAttribute("alt") || "").startsWith("Card image of"), "card image has no alt text");
  }
  // The Second Edition mission was corrected by the Call to Arms rulebook:
  // its page must show the erratum, not only the corrected value.
  const errata = await page.locator("table.errata tbody tr").count();
  check(errata >= 1, "the corrected mission shows no erratum");
  log(`${await page.locator("h1").innerText()}: ${await page.locator("dl.stats dt").count()} statistics, ${errata} errata`);
  await shot(page, "4-card");

  step = "adjudicate";
  await page.goto(base + "/adjudicate", { waitUntil: "domcontentloaded" });
  await page.locator("nav.samples a").filter({ hasText: /move a ship/i }).click();
  await page.waitForLoadState("domcontentloaded");
  check((await page.getByLabel(/^Board/).inputValue()).includes("missions"), "sample board not loaded into the form");
  check(await page.getByLabel("Question").inputValue() === "ship.move", "sample question not selected");
  await page.getByRole("button", { name: "Adjudicate" }).click();
  await page.waitForSelector("section.verdict", { timeout: STEP_TIMEOUT });
  const err = await page.locator("section.verdict-error").count();
  check(err === 0, "adjudication failed: " + (err ? await page.locator("section.verdict-error").innerText() : ""));
  const answer = await page.locator("section.verdict .answer").innerText();
  const cites = page.locator("section.verdict ul.citations a[href^='/entries/']");
  check(await cites.count() > 0, "verdict cites no entry");
  log(`verdict: ${answer}; ${await page.locator("section.verdict ol.reasons li").count()} reasons, ${await cites.count()} citations`);
  await shot(page, "5-adjudicate");
  const citeText = await cites.first().innerText();
  await cites.first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  log(`citation "${citeText}" opens ${page.url().replace(base, "")}`);

  step = "build board";
  // The staffing sample lacks a second staff icon; a judge adds one more
  // crew member by name, misspelt, and the verdict turns.
  await page.goto(base + "/adjudicate?sample=ship-staffed", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Adjudicate" }).click();
  await page.waitForSelector("section.verdict .answer", { timeout: STEP_TIMEOUT });
  const before = await page.locator("section.verdict .answer").innerText();
  check(before === "Not allowed", "the sample ship should lack a staff icon, got " + before);
  await page.getByLabel("Card name").fill("daniel kwon");
  await page.getByLabel(/^At mission or aboard ship/).fill("explorer");
  await page.getByRole("button", { name: "Add to the board" }).click();
  await page.waitForSelector("p.added", { timeout: STEP_TIMEOUT });
  const added = await page.locator("p.added").innerText();
  check(/^Added Daniel Kwan/.test(added), "builder did not add the card: " + added);
  check((await page.getByLabel(/^Board/).inputValue()).includes("2e-1-258"), "the board does not name the added card");
  await page.getByRole("button", { name: "Adjudicate" }).click();
  await page.waitForSelector("section.verdict .answer", { timeout: STEP_TIMEOUT });
  const after = await page.locator("section.verdict .answer").innerText();
  check(after === "Allowed", "with the added staff the ship should be staffed, got " + after);
  log(`${added} ${before} -> ${after}`);
  await shot(page, "5b-build-board");

  step = "malformed board";
  await page.goto(base + "/adjudicate", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/^Board/).fill("{\"missions\": [");
  await page.getByRole("button", { name: "Adjudicate" }).click();
  await page.waitForSelector("section.verdict-error", { timeout: STEP_TIMEOUT });
  log(await page.locator("section.verdict-error p").innerText());
}

async function phone(page) {
  for (const [name, path] of [["search", "/?q=stopped"], ["entry", "/entries/2e-rulebook.glossary.stopped"],
    ["card", "/cards/named?fuzzy=Sector%2097%2C%20Explore%20Black%20Cluster"], ["adjudicate", "/adjudicate"]]) {
    step = "phone " + name;
    const resp = await page.goto(base + path, { waitUntil: "domcontentloaded" });
    check(resp && resp.ok(), `${path} answered ${resp && resp.status()}`);
    await noSideways(page, name);
    await shot(page, "phone-" + name);
  }
  step = "phone keyboard";
  // The search box takes focus on the home page; elsewhere the skip link leads.
  await page.goto(base + "/adjudicate", { waitUntil: "domcontentloaded" });
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => document.activeElement && document.activeElement.textContent);
  check(/skip to content/i.test(first || ""), `first Tab stop is "${first}", not the skip link`);
  log("skip link is the first Tab stop");
}

async function fan(page) {
  step = "fan page";
  const cross = [];
  page.on("request", (r) => { if (r.url().startsWith(base + "/v1/")) { cross.push(r.url()); } });
  await page.goto(fanURL, { waitUntil: "load" });
  const links = page.locator("a.stccg-link");
  await links.first().waitFor({ timeout: STEP_TIMEOUT });
  const n = await links.count();
  check(n >= 2, `the embed made ${n} card links, want a [[name]] and a data-stccg-card span`);

  step = "hover card";
  await links.first().hover();
  const pop = page.locator(".stccg-pop:not([hidden])");
  await pop.locator("dl, .stccg-meta").first().waitFor({ timeout: STEP_TIMEOUT });
  await page.waitForFunction(() => {
    const p = document.querySelector(".stccg-pop:not([hidden])");
    return p && /ruling/.test(p.textContent);
  }, null, { timeout: STEP_TIMEOUT });
  const text = await pop.first().innerText();
  check(!/could not be looked up|HTTP \d/.test(text), "hover card shows an error: " + text);
  log(`hover card: ${text.split("\n")[0]} (${text.split("\n").length} lines); API calls: ${cross.length}`);
  await shot(page, "6-fan-hover");

  step = "focus card";
  await page.mouse.move(0, 0);
  await links.nth(1).focus();
  await page.waitForFunction(() => {
    const a = document.activeElement;
    const id = a && a.getAttribute("aria-describedby");
    const p = id && document.getElementById(id);
    return p && !p.hidden && /ruling/.test(p.textContent);
  }, null, { timeout: STEP_TIMEOUT });
  const href = await links.nth(1).getAttribute("href");
  check(href.startsWith(base + "/cards/"), "link does not lead to the card page: " + href);
  log(`focus shows the card of ${await links.nth(1).innerText()} -> ${href.replace(base, "")}`);
  await shot(page, "7-fan-focus");
}

const browser = await chromium.launch({ executablePath, args, headless: true });
let failed = false;
try {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await judge(await desktop.newPage());
  if (fanURL) { await fan(await desktop.newPage()); }
  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await phone(await mobile.newPage());
  console.log("e2e: all steps passed");
} catch (e) {
  failed = true;
  console.error(`e2e: FAILED at ${step}: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
