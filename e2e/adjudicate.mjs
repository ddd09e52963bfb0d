// The adjudicate page: a verdict from the contract's example, a board as
// typed, a board and a turn built with the builder, the questions' help and
// a malformed board, each audited at both sizes.
import { base, STEP_TIMEOUT, setStep, log, check, shot, noSideways, audit, box } from "./driver.mjs";

export async function adjudicate(page, vp) {
  setStep(`${vp} adjudicate`);
  await page.goto(base + "/adjudicate", { waitUntil: "load" });
  await audit(page, vp, "adjudicate form");
  await page.locator("nav.samples a").filter({ hasText: /move a ship/i }).click();
  await page.waitForLoadState("load");
  check((await page.getByLabel(/^Board/).inputValue()).includes("missions"), "sample board not loaded into the form");
  check(await page.getByLabel("Question").inputValue() === "ship.move", "sample question not selected");
  await page.getByRole("button", { name: "Adjudicate", exact: true }).click();
  await page.waitForSelector("section.verdict", { timeout: STEP_TIMEOUT });
  await page.waitForTimeout(100);
  const err = await page.locator("section.verdict-error").count();
  check(err === 0, "adjudication failed: " + (err ? await page.locator("section.verdict-error").innerText() : ""));
  const v = await box(page, "#verdict");
  check(v.focused, "focus did not move to the verdict");
  check(v.top >= 0 && v.top < v.vh / 2, `the verdict starts ${v.top}px down a ${v.vh}px screen`);
  const answer = await page.locator("section.verdict .answer").innerText();
  const labels = await page.locator("section.verdict dl.stats dt").allInnerTexts();
  check(labels.length > 0 && labels.every((l) => !/[a-z][A-Z]/.test(l)), "result labels are field names: " + labels.join(", "));
  const cites = page.locator("section.verdict ul.citations a[href^='/entries/']");
  check(await cites.count() > 0, "verdict cites no entry");
  log(`verdict: ${answer} at ${v.top}px, focused; labels ${labels.join(", ")}; ${await cites.count()} citations`);
  await audit(page, vp, "verdict");
  await shot(page, `${vp}-adjudicate-verdict`, false);
  await shot(page, `${vp}-adjudicate`);
  const citeText = await cites.first().innerText();
  await cites.first().click();
  await page.waitForSelector("article.entry h1", { timeout: STEP_TIMEOUT });
  log(`citation "${citeText}" opens ${page.url().replace(base, "")}`);

  setStep(`${vp} board as typed`);
  await page.goto(base + "/adjudicate?sample=mission-attempt", { waitUntil: "load" });
  const typed = await page.getByLabel(/^Board/).inputValue();
  check(typed.includes("Integrity>30") && !typed.includes("\\u003e"), "the sample board shows escaped JSON");
  await page.getByLabel("Card name").fill("daniel kwon");
  await page.getByRole("button", { name: "Add to the board" }).click();
  await page.waitForSelector("p.added", { timeout: STEP_TIMEOUT });
  const after = await page.getByLabel(/^Board/).inputValue();
  check(after.includes("Integrity>30") && !after.includes("\\u003e"), "the board re-written after adding a card shows escaped JSON");
  log("the board keeps Integrity>30 as typed");

  setStep(`${vp} build board`);
  // The staffing sample lacks a second staff icon; a judge adds one more
  // crew member by name, misspelt, and the verdict turns.
  await page.goto(base + "/adjudicate?sample=ship-staffed", { waitUntil: "load" });
  await page.getByRole("button", { name: "Adjudicate", exact: true }).click();
  await page.waitForSelector("section.verdict .answer", { timeout: STEP_TIMEOUT });
  const before = await page.locator("section.verdict .answer").innerText();
  check(before === "Not allowed", "the sample ship should lack a staff icon, got " + before);
  await page.getByLabel("Card name").fill("daniel kwon");
  await page.getByLabel(/^At mission or aboard ship/).fill("explorer");
  await page.getByRole("button", { name: "Add to the board" }).click();
  await page.waitForSelector("p.added", { timeout: STEP_TIMEOUT });
  const added = await page.locator("p.added").innerText();
  check(/^Added Daniel Kwan/.test(added), "builder did not add the card: " + added);
  check(await page.evaluate(() => document.activeElement && document.activeElement.classList.contains("added")), "focus did not move to what was added");
  check((await page.getByLabel(/^Board/).inputValue()).includes("2e-1-258"), "the board does not name the added card");
  await page.getByRole("button", { name: "Adjudicate", exact: true }).click();
  await page.waitForSelector("section.verdict .answer", { timeout: STEP_TIMEOUT });
  const afterAdd = await page.locator("section.verdict .answer").innerText();
  check(afterAdd === "Allowed", "with the added staff the ship should be staffed, got " + afterAdd);
  log(`${added} ${before} -> ${afterAdd}`);

  setStep(`${vp} builder candidates`);
  await page.goto(base + "/adjudicate?sample=ship-staffed", { waitUntil: "load" });
  await page.getByLabel("Card name").fill("jean-luc picard");
  await page.getByRole("button", { name: "Add to the board" }).click();
  const pick = page.locator("section.verdict-error button[name=add_choice]");
  await pick.first().waitFor({ timeout: STEP_TIMEOUT });
  const choices = await pick.allInnerTexts();
  check(choices.length === 2 && choices.every((c) => /Jean-Luc Picard, (Argo Pilot|Explorer)/.test(c)), "the builder's candidates: " + choices.join(" | "));
  check((await box(page, "#verdict")).focused, "focus did not move to the candidates");
  await audit(page, vp, "builder candidates");
  await shot(page, `${vp}-builder-candidates`, false);
  await pick.filter({ hasText: "Explorer" }).click();
  await page.waitForSelector("p.added", { timeout: STEP_TIMEOUT });
  const picked = await page.locator("p.added").innerText();
  check(/^Added Jean-Luc Picard, Explorer \(2e-1-268\)/.test(picked), "picking a candidate added: " + picked);
  log(`candidates ${choices.join(" | ")}; picked: ${picked}`);

  setStep(`${vp} replay a turn`);
  // The sample turn: a card played, beamed aboard, the ship flown out and
  // back; the trip back is the first action refused.
  await page.goto(base + "/adjudicate?sample=turn-replay", { waitUntil: "load" });
  check(await page.getByLabel("Question").inputValue() === "turn.replay", "the turn sample does not ask turn.replay");
  await page.getByRole("button", { name: "Adjudicate", exact: true }).click();
  await page.waitForSelector("ol.steps li.step", { timeout: STEP_TIMEOUT });
  const sampleSteps = await page.locator("ol.steps li.step").allInnerTexts();
  check(sampleSteps.length === 4 && (await page.locator("#step-4.refused .first-refused").count()) === 1, "the sample turn's steps: " + sampleSteps.join(" | "));
  log(`the sample turn: ${sampleSteps.length} steps, the 4th marked first refused`);

  setStep(`${vp} build a turn`);
  // A judge builds the same turn by hand, an action at a time, the card
  // played typed by name and misspelt: on a desktop with the keyboard
  // (Enter in a field adds the action), on a phone with taps.
  await page.goto(base + "/adjudicate?sample=turn-replay", { waitUntil: "load" });
  await page.getByLabel(/^Params/).fill('{"actions": []}');
  const actions = [
    { kind: "card.play", card: "krovall", to: "qonos", id: "kroval", added: /^Added action 1: play Kroval \(2e-1-307\) at qonos as kroval\.$/ },
    { kind: "personnel.beam", who: "kroval", to: "ktinga", added: /^Added action 2: beam kroval to ktinga\.$/ },
    { kind: "ship.move", who: "ktinga", to: "ward", added: /^Added action 3: move ktinga to ward\.$/ },
    { kind: "ship.move", who: "ktinga", to: "qonos", added: /^Added action 4: move ktinga to qonos\.$/ },
  ];
  for (const a of actions) {
    await page.getByLabel("Action", { exact: true }).selectOption(a.kind);
    const fields = [["Card played (name or id)", a.card], ["Ship moved, or personnel beamed or attempting (ids)", a.who],
      ["To, at, or the mission attempted (id)", a.to], ["Id of the card played (optional)", a.id]];
    let last = null;
    for (const [label, value] of fields) {
      if (value === undefined) { continue; }
      last = page.getByLabel(label, { exact: true });
      if (vp === "phone") { await last.tap(); } else { await last.focus(); }
      await last.fill("");
      await page.keyboard.type(value, { delay: 5 });
    }
    if (vp === "phone") {
      await page.getByRole("button", { name: "Add to the turn" }).tap();
    } else {
      await last.press("Enter");
    }
    await page.waitForSelector("#turn-builder p.added", { timeout: STEP_TIMEOUT });
    const said = await page.locator("#turn-builder p.added").innerText();
    check(a.added.test(said), "adding an action said: " + said);
    check(await page.evaluate(() => document.activeElement && document.activeElement.classList.contains("added")), "focus did not move to the action added");
  }
  check(await page.getByLabel("Question").inputValue() === "turn.replay", "the question did not become turn.replay");
  const adjudicateTurn = page.getByRole("button", { name: "Adjudicate", exact: true });
  if (vp === "phone") { await adjudicateTurn.tap(); } else { await adjudicateTurn.focus(); await page.keyboard.press("Enter"); }
  await page.waitForSelector("ol.steps li.step", { timeout: STEP_TIMEOUT });
  await page.waitForTimeout(100);
  const tv = await box(page, "#verdict");
  check(tv.focused, "focus did not move to the turn's verdict");
  const words = await page.locator("ol.steps .step-word").allInnerTexts();
  check(/^Play Kroval at qonos as kroval$/.test(await page.locator("#step-1 .step-action").innerText()), "the card played is not named in its step");
  check(words.join(",") === "Legal,Legal,Legal,Refused", "the steps' verdicts: " + words.join(","));
  check((await page.locator("ol.steps li.refused").count()) === 1 && (await page.locator("#step-4 .first-refused").innerText()) === "First refused action", "the first refused action is not marked");
  const why = await page.locator("#step-4 .reasons").innerText();
  check(/2 Range left, less than the 5/.test(why), "the trip back is not refused for its Range: " + why);
  check(await page.locator("section.verdict .answer").innerText() === "Not allowed", "the turn is allowed");
  await noSideways(page, "a turn's steps");
  await audit(page, vp, "turn steps");
  await shot(page, `${vp}-turn-steps`, false);
  await page.locator("ol.steps").scrollIntoViewIfNeeded();
  await shot(page, `${vp}-turn`);
  const seeWhy = page.locator(".turn-summary a");
  if (vp === "phone") { await seeWhy.tap(); } else { await seeWhy.focus(); await page.keyboard.press("Enter"); }
  await page.waitForURL(/#step-4$/, { timeout: STEP_TIMEOUT });
  await shot(page, `${vp}-turn-refused`, false);
  const goOn = page.getByRole("button", { name: "Go on from the board after" });
  if (vp === "phone") { await goOn.tap(); } else { await goOn.focus(); await page.keyboard.press("Enter"); }
  await page.waitForSelector("#turn-builder p.added", { timeout: STEP_TIMEOUT });
  const nextBoard = await page.getByLabel(/^Board/).inputValue();
  check(/"rangeUsed": 5/.test(nextBoard) && /"id": "kroval"/.test(nextBoard) && /"ship": "ktinga"/.test(nextBoard), "the board after is not the board: " + nextBoard.slice(0, 300));
  check(/"actions": \[\]/.test(await page.getByLabel(/^Params/).inputValue()), "going on did not start a new turn");
  log(`built a turn of ${actions.length} actions: ${words.join(", ")}; "${why.split("\n").pop()}"; went on from the board after`);

  setStep(`${vp} questions help`);
  await page.locator("details.help summary").click();
  const wrapped = await page.evaluate(() => Array.from(document.querySelectorAll(".questions dt code")).filter((c) => c.getClientRects().length > 1 || c.getBoundingClientRect().height > 30).map((c) => c.textContent));
  check(wrapped.length === 0, "question names broken across lines: " + wrapped.join(", "));
  await noSideways(page, "adjudicate with the help open");
  await page.locator("details.help").scrollIntoViewIfNeeded();
  await shot(page, `${vp}-adjudicate-help`, false);

  setStep(`${vp} malformed board`);
  await page.goto(base + "/adjudicate", { waitUntil: "load" });
  await page.getByLabel(/^Board/).fill("{\"missions\": [");
  await page.getByRole("button", { name: "Adjudicate", exact: true }).click();
  await page.waitForSelector("section.verdict-error", { timeout: STEP_TIMEOUT });
  check((await box(page, "#verdict")).focused, "focus did not move to the error");
  log(await page.locator("section.verdict-error p").innerText());
}
