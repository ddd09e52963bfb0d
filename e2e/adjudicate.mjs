// The adjudicate page's steps of the browser test: a judge builds a board
// from nothing, card by card, with no JSON: typing a few letters of a name
// and picking it, placing it by picking a ship, picking the question and
// what it is about from the board, giving the statistic a card's data
// lacks, removing a card; every answer arrives without a page load, the
// verdict in the question's words and its figures in words. Then a turn of
// three actions built by picks alone, the sample turn's first refused
// action, and a malformed board's error beside the board.
import { base, STEP_TIMEOUT, setStep, log, check, shot, noSideways, audit, box } from "./driver.mjs";

// press clicks a control, or taps it on a phone.
async function press(page, vp, locator) {
  if (vp === "phone") { await locator.tap(); } else { await locator.click(); }
}

// pickCard types a few letters into a builder's card field and picks the
// suggestion that says pick.
async function pickCard(page, vp, field, letters, pick) {
  await page.locator(field).fill("");
  await page.locator(field).pressSequentially(letters, { delay: 15 });
  const option = page.locator(field + "-suggestions [role=option]").filter({ hasText: pick }).first();
  await option.waitFor({ timeout: STEP_TIMEOUT });
  await press(page, vp, option);
  check(await page.locator(field).inputValue() !== letters, `picking ${pick} left the field as typed`);
}

async function optionValue(page, select, text) {
  const v = await page.locator(select + " option").filter({ hasText: text }).first().getAttribute("value");
  check(v, `no option "${text}" in ${select}`);
  return v;
}

// addCard adds a card by its picked name, placed at what at names.
async function addCard(page, vp, letters, pick, at) {
  await pickCard(page, vp, "#add_card", letters, pick);
  if (at) { await page.selectOption("#add_at", await optionValue(page, "#add_at", at)); }
  await press(page, vp, page.getByRole("button", { name: "Add to the board" }));
  await page.waitForFunction((p) => { const a = document.getElementById("board-added"); return a && a.textContent.includes(p); }, pick, { timeout: STEP_TIMEOUT });
  check(await page.evaluate(() => document.activeElement && document.activeElement.id === "board-added"), "focus did not move to what was added");
}

async function adjudicateNow(page, vp) {
  await press(page, vp, page.getByRole("button", { name: "Adjudicate", exact: true }));
}

// noReload says whether the page is still the one loaded: the answers came
// without a page load.
async function noReload(page) {
  return page.evaluate(() => window.__e2eLoaded === true);
}

export async function adjudicate(page, vp) {
  setStep(`${vp} adjudicate: an empty board`);
  await page.goto(base + "/adjudicate", { waitUntil: "load" });
  await page.evaluate(() => { window.__e2eLoaded = true; });
  check(await page.locator(".onboard").innerText().then((t) => /Nothing yet/.test(t)), "the page does not start from an empty board");
  check(!(await page.locator("details.asjson").evaluate((d) => d.open)), "the board's JSON is not folded away");
  check(await page.locator("#question").inputValue() === "ship.staffed", "the first question is not picked");
  await audit(page, vp, "adjudicate form");
  await shot(page, `${vp}-adjudicate-empty`);

  setStep(`${vp} adjudicate: build a staffing question by picks`);
  await addCard(page, vp, "nebula", "U.S.S. Nebula");
  await addCard(page, vp, "jean-luc pica", "Jean-Luc Picard, Explorer", "Nebula");
  const picard = page.locator(".onboard-list li", { hasText: "Jean-Luc Picard, Explorer" });
  check(await picard.locator("fieldset.asks").count() === 1, "a card whose data lacks its icons is not asked for them when added");
  const asks = await picard.locator("fieldset.asks legend").first().innerText();
  check(/does not give .*icons/.test(asks), "the question for the lacking statistic reads: " + asks);
  await audit(page, vp, "builder asks for a statistic");
  await shot(page, `${vp}-builder-asks`, false);
  // A card added by mistake is removed with its own button.
  await addCard(page, vp, "lopez", "Lopez", "Nebula");
  const before = await page.locator(".onboard-list > li").count();
  await press(page, vp, page.getByRole("button", { name: /Remove Lopez/ }));
  await page.waitForFunction((n) => document.querySelectorAll(".onboard-list > li").length === n - 1, before, { timeout: STEP_TIMEOUT });
  check(/Removed Lopez/.test(await page.locator("#board-added").innerText()), "removing a card does not say so");
  await addCard(page, vp, "daniel kw", "Daniel Kwan", "Nebula");
  // The ship is the one on the board: the question's only pick is made.
  check(await page.locator('[name="p.ship.staffed.ship"]').inputValue() === "uss-nebula", "the question's ship is not picked from the board");
  // Asked before the icons are given: no verdict, the mistake at the card.
  await adjudicateNow(page, vp);
  await page.waitForSelector(".onboard-list li .fielderror", { timeout: STEP_TIMEOUT });
  check(await page.locator("#verdict").count() === 0, "a verdict was given on a statistic nobody gave");
  const err = await box(page, "#on-object-jean-luc-picard-error");
  const item = await box(page, "#on-object-jean-luc-picard");
  check(err && item && err.top >= item.top && err.bottom <= item.bottom, "the error is not beside the card it is about");
  check(await page.evaluate(() => document.activeElement && document.activeElement.id === "on-object-jean-luc-picard"), "focus did not move to the card to fix");
  await shot(page, `${vp}-builder-error-beside-card`, false);
  // The Command icon given: two staff needed, one aboard.
  await press(page, vp, picard.locator("label", { hasText: "Command" }));
  await adjudicateNow(page, vp);
  await page.waitForSelector("#verdict .answer", { timeout: STEP_TIMEOUT });
  const no = await page.locator("#verdict .answer").innerText();
  check(no === "Not staffed", `the verdict reads "${no}", not "Not staffed"`);
  const figures = await page.locator("#verdict dl.stats").innerText();
  check(/Daniel Kwan/.test(figures) && /Staff/.test(figures) && !/daniel-kwan|uss-nebula|\{/.test(figures), "the figures are not in words: " + figures);
  const gaps = await page.locator("#verdict blockquote .gap").count();
  check(gaps > 0, "a rule quoted with a lost icon does not mark the gap");
  const quotes = (await page.locator("#verdict blockquote").allInnerTexts()).join(" | ");
  check(!/with a icon/.test(quotes), "a quote reads fluent wrong text: " + quotes);
  await audit(page, vp, "verdict");
  await shot(page, `${vp}-adjudicate-not-staffed`, false);
  await addCard(page, vp, "davies", "Davies", "Nebula");
  await adjudicateNow(page, vp);
  await page.waitForFunction(() => { const a = document.querySelector("#verdict .answer"); return a && a.textContent === "Staffed"; }, null, { timeout: STEP_TIMEOUT });
  const v = await box(page, "#verdict");
  check(v.focused && v.top >= -2 && v.top < v.vh / 2, `the verdict is not in view with focus (top ${v.top})`);
  const assignment = await page.locator("#verdict dl.stats div", { hasText: "Assignment" }).innerText();
  check(/Jean-Luc Picard, Explorer: Command/.test(assignment), "the assignment is not in words: " + assignment);
  check(await noReload(page), "the page was reloaded to answer");
  await noSideways(page, "the staffing verdict");
  await shot(page, `${vp}-adjudicate-staffed`, false);
  await shot(page, `${vp}-adjudicate`);
  log(`a board of 4 cards built by picks; Picard's icons asked for and given; "${no}" then "Staffed"; figures: ${assignment.replace(/\s+/g, " ")}; ${gaps} lost icons marked`);

  setStep(`${vp} adjudicate: an error beside its field`);
  await press(page, vp, page.getByRole("button", { name: "Add to the board" }));
  await page.waitForSelector("#add_card-error", { timeout: STEP_TIMEOUT });
  const field = await box(page, "#add_card");
  const fe = await box(page, "#add_card-error");
  check(fe.top >= field.bottom - 1 && fe.top - field.bottom < 60, `the error stands ${fe.top - field.bottom}px from its field`);
  check(await page.evaluate(() => document.activeElement && document.activeElement.id === "add_card"), "focus did not move to the field to fix");
  check(await page.locator("#add_card").getAttribute("aria-invalid") === "true", "the field is not marked invalid");
  await audit(page, vp, "builder error");

  setStep(`${vp} adjudicate: build a turn of three actions by picks`);
  await page.goto(base + "/adjudicate", { waitUntil: "load" });
  await page.evaluate(() => { window.__e2eLoaded = true; });
  await page.selectOption("#question", "turn.replay");
  check(await page.locator("details.turnfold").evaluate((d) => d.open), "picking a turn does not open its builder");
  await addCard(page, vp, "earth cradle", "Cradle of the Federation");
  await addCard(page, vp, "medical relief", "Medical Relief");
  await addCard(page, vp, "nebula", "U.S.S. Nebula", "Earth");
  await addCard(page, vp, "rixx", "Rixx", "Nebula");
  await addCard(page, vp, "daniel kw", "Daniel Kwan", "Nebula");
  await addCard(page, vp, "davies", "Davies", "Nebula");
  async function addAction(kind, pick, said) {
    await page.selectOption("#act_kind", kind);
    await pick();
    await press(page, vp, page.getByRole("button", { name: "Add to the turn" }));
    await page.waitForFunction((s) => { const a = document.getElementById("act-added"); return a && a.textContent.includes(s); }, said, { timeout: STEP_TIMEOUT });
  }
  await addAction("card.play", async () => {
    await pickCard(page, vp, "#act_card", "lopez", "Lopez");
    await page.selectOption("#act_to", await optionValue(page, "#act_to", "Earth"));
  }, "Added action 1: play Lopez");
  await addAction("personnel.beam", async () => {
    await press(page, vp, page.locator("#act_personnel label", { hasText: "Lopez" }));
    await page.selectOption("#act_to", await optionValue(page, "#act_to", "Nebula"));
  }, "Added action 2: beam Lopez to U.S.S. Nebula");
  await addAction("ship.move", async () => {
    await page.selectOption("#act_ship", await optionValue(page, "#act_ship", "Nebula"));
    await page.selectOption("#act_to", await optionValue(page, "#act_to", "Medical Relief"));
  }, "Added action 3: move U.S.S. Nebula to Beta Lankal, Medical Relief");
  await adjudicateNow(page, vp);
  await page.waitForSelector("ol.steps li.step", { timeout: STEP_TIMEOUT });
  const words = await page.locator("ol.steps .step-word").allInnerTexts();
  check(words.join(",") === "Legal,Legal,Legal", "the turn's steps: " + words.join(","));
  check(await page.locator("#verdict .answer").innerText() === "Every action legal", "the turn's verdict is not in its words");
  check(/^Move U\.S\.S\. Nebula to Beta Lankal/.test(await page.locator("#step-3 .step-action").innerText()), "a step does not name the board's cards");
  check(await noReload(page), "the page was reloaded to answer");
  await noSideways(page, "a turn's steps");
  await audit(page, vp, "turn steps");
  await shot(page, `${vp}-turn-steps`, false);
  await page.locator("ol.steps").scrollIntoViewIfNeeded();
  await shot(page, `${vp}-turn`);
  log(`a turn of three actions built by picks: ${words.join(", ")}`);

  setStep(`${vp} adjudicate: the sample turn's first refused action`);
  await page.goto(base + "/adjudicate?sample=turn-replay", { waitUntil: "load" });
  await adjudicateNow(page, vp);
  await page.waitForSelector("ol.steps li.step", { timeout: STEP_TIMEOUT });
  check((await page.locator("#step-4.refused .first-refused").count()) === 1, "the sample turn's fourth action is not marked first refused");
  const why = await page.locator("#step-4 .reasons").innerText();
  check(/Range/.test(why), "the trip back is not refused for its Range: " + why);
  await page.locator(".turn-summary a").click();
  await page.waitForURL(/#step-4$/, { timeout: STEP_TIMEOUT });
  await shot(page, `${vp}-turn-refused`, false);
  await press(page, vp, page.getByRole("button", { name: "Go on from the board after" }));
  await page.waitForSelector("#act-added", { timeout: STEP_TIMEOUT });
  check(await page.locator(".onboard-list > li").count() >= 4, "going on did not keep the board after");

  setStep(`${vp} adjudicate: questions help`);
  await page.locator("details.help summary").click();
  const wrapped = await page.evaluate(() => Array.from(document.querySelectorAll(".questions dt code")).filter((c) => c.getClientRects().length > 1 || c.getBoundingClientRect().height > 30).map((c) => c.textContent));
  check(wrapped.length === 0, "question names broken across lines: " + wrapped.join(", "));
  await noSideways(page, "adjudicate with the help open");

  setStep(`${vp} adjudicate: a malformed board`);
  await page.goto(base + "/adjudicate", { waitUntil: "load" });
  await page.locator("details.asjson summary").click();
  await page.locator("#board").fill("{\"missions\": [");
  await adjudicateNow(page, vp);
  await page.waitForSelector("#board-error", { timeout: STEP_TIMEOUT });
  check(await page.evaluate(() => document.activeElement && document.activeElement.id === "board"), "focus did not move to the board");
  log(await page.locator("#board-error").innerText());
}
