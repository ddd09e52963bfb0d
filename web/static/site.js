/* STCCG Rules: the pages' small script. Everything works without it; it
 * adds what a judge at the table wants quicker:
 *  - "/" focuses the search box from any page;
 *  - suggestions under the search box as you type (glossary terms, rulings,
 *    sections, cards), chosen with the arrow keys and Enter, or a tap; a
 *    builder's card field suggests the edition's cards and keeps the one
 *    picked;
 *  - the adjudicate page answers without reloading: the form is sent in the
 *    background and the page's content is replaced by the answer's, with
 *    focus on the verdict, the field of a mistake or what was added; it
 *    shows the params of the question picked and the fields of the action
 *    picked;
 *  - Enter in a builder's field (a card for the board, an action for the
 *    turn) presses that builder's button;
 *  - a card image that does not load gives way to one line of text;
 *  - a paragraph's link copies its address;
 *  - printing unfolds what is folded.
 * It builds every element with textContent; the one HTML it reads is the
 * adjudicate page's own answer, from this origin, whose scripts never run. */
(function () {
  "use strict";

  function typingIn(el) {
    if (!el) { return false; }
    var tag = el.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || el.isContentEditable;
  }

  // "/" focuses the search box, as on the sites judges already use.
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey || typingIn(document.activeElement)) { return; }
    var q = document.getElementById("q");
    if (!q) { return; }
    ev.preventDefault();
    q.focus();
    q.select();
  });

  // What each kind of suggestion is called beside it.
  var KINDS = { card: "Card", glossary: "Glossary term", ruling: "Ruling", section: "Rulebook section" };

  // Suggestions: an ARIA 1.2 combobox over the search box.
  function combobox(input) {
    var list = document.createElement("ul");
    var status = document.createElement("p");
    var id = input.id + "-suggestions";
    var timer = null, seq = 0, items = [], active = -1, lastQ = "";
    list.id = id;
    list.className = "suggest";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Suggestions");
    list.hidden = true;
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", id);
    var holder = input.parentNode;
    holder.classList.add("has-suggest");
    holder.appendChild(list);
    holder.appendChild(status);

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    function mark(i) {
      active = i;
      Array.prototype.forEach.call(list.children, function (li, n) {
        li.setAttribute("aria-selected", n === i ? "true" : "false");
      });
      if (i >= 0) {
        input.setAttribute("aria-activedescendant", list.children[i].id);
        list.children[i].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }
    var cardMode = input.getAttribute("data-suggest") === "card";
    var choice = cardMode && document.getElementById(input.getAttribute("data-choice"));
    function go(i) {
      if (!items[i]) { return; }
      if (!cardMode) { window.location.href = items[i].url; return; }
      // A builder's card: the name goes in the box, the card's id with it.
      input.value = items[i].label;
      lastQ = input.value.trim();
      if (choice) { choice.value = items[i].id || ""; }
      close();
      status.textContent = items[i].label + " picked.";
    }
    function show(data) {
      items = (data && data.suggestions) || [];
      list.setAttribute("data-q", (data && data.q) || "");
      list.textContent = "";
      items.forEach(function (s, n) {
        var li = document.createElement("li");
        li.id = id + "-" + n;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        var label = document.createElement("span");
        label.className = "s-label";
        label.textContent = s.label;
        var note = document.createElement("span");
        note.className = "s-note";
        note.textContent = (KINDS[s.kind] || "Term") + (s.note ? " · " + s.note : "");
        li.appendChild(label);
        li.appendChild(note);
        // mousedown, not click: the box keeps focus until the page changes.
        li.addEventListener("mousedown", function (ev) { ev.preventDefault(); go(n); });
        list.appendChild(li);
      });
      active = -1;
      if (items.length) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
        status.textContent = items.length + (items.length === 1 ? " suggestion" : " suggestions") + "; arrow keys to choose.";
      } else {
        close();
        status.textContent = "";
      }
    }
    function ask() {
      var q = input.value.trim();
      if (q === lastQ) { return; }
      lastQ = q;
      if (q.length < 2) { show(null); return; }
      var mine = ++seq;
      var url = "/suggest?q=" + encodeURIComponent(q);
      if (cardMode) {
        var ed = document.getElementById("edition");
        url += "&kind=card" + (ed ? "&edition=" + encodeURIComponent(ed.value) : "");
      }
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (mine === seq && document.activeElement === input) { show(data); } })
        .catch(function () { /* no suggestions is not an error worth showing */ });
    }
    input.addEventListener("input", function () {
      if (choice) { choice.value = ""; }
      clearTimeout(timer);
      timer = setTimeout(ask, 120);
    });
    input.addEventListener("keydown", function (ev) {
      if (list.hidden) {
        if (ev.key === "ArrowDown" && items.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); mark(0); ev.preventDefault(); }
        return;
      }
      switch (ev.key) {
        case "ArrowDown": mark((active + 1) % items.length); ev.preventDefault(); break;
        case "ArrowUp": mark(active <= 0 ? items.length - 1 : active - 1); ev.preventDefault(); break;
        case "Enter": if (active >= 0) { ev.preventDefault(); go(active); } break;
        case "Escape": close(); ev.preventDefault(); break;
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
  }

  // A card image that does not load gives way to a line of text in the
  // same box, so nothing on the page moves.
  function fallback(img) {
    var p = document.createElement("p");
    p.className = "imgfallback";
    p.textContent = img.getAttribute("data-fallback") || img.alt;
    var fig = img.closest("figure");
    if (fig) { fig.classList.add("failed"); }
    img.replaceWith(p);
  }
  function each(root, sel, fn) { Array.prototype.forEach.call(root.querySelectorAll(sel), fn); }

  // The adjudicate page: the params of the question picked, the fields of
  // the action picked.
  function showPickers(root) {
    var q = root.querySelector("#question");
    if (!q) { return; }
    each(root, "fieldset.pickers", function (fs) { fs.hidden = fs.getAttribute("data-question") !== q.value; });
    var fold = root.querySelector("details.turnfold");
    if (fold && q.value === "turn.replay") { fold.open = true; }
  }
  function showActionFields(root) {
    var k = root.querySelector("#act_kind");
    if (!k) { return; }
    each(root, "#turn-builder [data-for]", function (el) {
      el.hidden = (" " + el.getAttribute("data-for") + " ").indexOf(" " + k.value + " ") < 0;
    });
  }

  // enhance adds the script's behaviour to what root holds: the page, or
  // the content an answer put in its place.
  function enhance(root) {
    each(root, "input[data-suggest]", combobox);
    each(root, "img[data-fallback]", function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) { fallback(img); return; }
      img.addEventListener("error", function () { fallback(img); });
    });
    // Enter in a builder's field adds what that builder describes (its
    // own button), not what the form's first button does.
    each(root, "fieldset.builder", function (fs) {
      var button = fs.querySelector("button.builder-go");
      if (!button) { return; }
      fs.addEventListener("keydown", function (ev) {
        if (ev.key !== "Enter" || ev.isComposing || !ev.target || ev.target.tagName !== "INPUT") { return; }
        if (ev.target.getAttribute("aria-expanded") === "true") { return; } // the suggestions take it
        ev.preventDefault();
        button.click();
      });
    });
    each(root, ".noscript-only", function (el) { el.hidden = true; });
    var q = root.querySelector("#question");
    if (q) { q.addEventListener("change", function () { showPickers(root); }); showPickers(root); }
    var k = root.querySelector("#act_kind");
    if (k) { k.addEventListener("change", function () { showActionFields(root); }); showActionFields(root); }
    var form = root.querySelector("form#adjform");
    if (form && window.fetch && window.DOMParser) { form.addEventListener("submit", sendInPlace); }
  }

  // sendInPlace sends the adjudicate form in the background and puts the
  // answer's content in place of the page's: no reload, the place on the
  // page kept, focus where the answer says (the verdict, the field of a
  // mistake, what was added).
  var sending = false;
  function sendInPlace(ev) {
    var form = ev.target;
    if (sending) { ev.preventDefault(); return; }
    var data;
    try { data = new FormData(form, ev.submitter || null); } catch (e) { return; } // an old browser: a plain post
    ev.preventDefault();
    sending = true;
    var main = document.getElementById("main");
    main.setAttribute("aria-busy", "true");
    var body = new URLSearchParams();
    data.forEach(function (v, k) { if (typeof v === "string") { body.append(k, v); } });
    fetch(form.getAttribute("action"), {
      method: "POST", body: body,
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("main");
      if (!fresh) { throw new Error("no page in the answer"); }
      var y = window.scrollY;
      main.replaceChildren.apply(main, Array.prototype.map.call(fresh.childNodes, function (n) { return document.importNode(n, true); }));
      enhance(main);
      window.scrollTo(0, y);
      var h = main.querySelector("[data-focus]");
      var target = h && h.getAttribute("data-focus") && document.getElementById(h.getAttribute("data-focus"));
      if (target) {
        if (!target.hasAttribute("tabindex") && !/^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(target.tagName)) { target.setAttribute("tabindex", "-1"); }
        target.focus();
        target.scrollIntoView({ block: target.id === "verdict" ? "start" : "center" });
      }
    }).catch(function () {
      form.removeEventListener("submit", sendInPlace);
      if (ev.submitter && ev.submitter.name) {
        var keep = document.createElement("input");
        keep.type = "hidden"; keep.name = ev.submitter.name; keep.value = ev.submitter.value;
        form.appendChild(keep);
      }
      form.submit();
    }).finally(function () {
      sending = false;
      main.removeAttribute("aria-busy");
    });
  }

  enhance(document);

  // The verdict of an adjudication takes focus when the page comes back
  // with one (the browser scrolled to it already with autofocus; this is
  // for those that do not move focus to a heading).
  var verdict = document.querySelector("[data-focus-on-load]");
  if (verdict && document.activeElement !== verdict) {
    verdict.focus();
  }

  // A paragraph's link copies its address and marks it in the address bar.
  var announce = document.createElement("p");
  announce.className = "visually-hidden";
  announce.setAttribute("role", "status");
  document.body.appendChild(announce);
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.copylink");
    if (!a || !navigator.clipboard || ev.ctrlKey || ev.metaKey || ev.shiftKey) { return; }
    ev.preventDefault();
    var url = a.href;
    history.replaceState(null, "", a.getAttribute("href"));
    navigator.clipboard.writeText(url).then(function () {
      a.classList.add("copied");
      announce.textContent = "Link copied: " + url;
      setTimeout(function () { a.classList.remove("copied"); }, 1500);
    }, function () { window.location.hash = a.getAttribute("href"); });
  });

  // Printing unfolds what is folded.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details:not([open])"), function (d) {
      d.setAttribute("open", "");
      d.setAttribute("data-print-opened", "");
    });
  });
  window.addEventListener("afterprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details[data-print-opened]"), function (d) {
      d.removeAttribute("open");
      d.removeAttribute("data-print-opened");
    });
  });
})();
