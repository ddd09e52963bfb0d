/* STCCG Rules: the pages' small script. Everything works without it; it
 * adds what a judge at the table wants quicker:
 *  - "/" focuses the search box from any page;
 *  - suggestions under the search box as you type (glossary terms, card
 *    names), chosen with the arrow keys and Enter, or a tap;
 *  - the verdict of an adjudication takes focus when it comes back;
 *  - Enter in a builder's field (a card for the board, an action for the
 *    turn) presses that builder's button;
 *  - a card image that does not load gives way to one line of text;
 *  - a paragraph's link copies its address;
 *  - printing unfolds what is folded.
 * It builds every element with textContent: nothing is parsed as HTML. */
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
    function go(i) {
      if (items[i]) { window.location.href = items[i].url; }
    }
    function show(data) {
      items = (data && data.suggestions) || [];
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
      fetch("/suggest?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (mine === seq && document.activeElement === input) { show(data); } })
        .catch(function () { /* no suggestions is not an error worth showing */ });
    }
    input.addEventListener("input", function () {
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
  Array.prototype.forEach.call(document.querySelectorAll("input[data-suggest]"), combobox);

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
  Array.prototype.forEach.call(document.querySelectorAll("img[data-fallback]"), function (img) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) { fallback(img); return; }
    img.addEventListener("error", function () { fallback(img); });
  });

  // The verdict of an adjudication takes focus when the page comes back
  // with one (the browser scrolled to it already with autofocus; this is
  // for those that do not move focus to a heading).
  var verdict = document.querySelector("[data-focus-on-load]");
  if (verdict && document.activeElement !== verdict) {
    verdict.focus();
  }

  // Enter in a builder's field adds what that builder describes (its own
  // button), not what the form's first button does.
  Array.prototype.forEach.call(document.querySelectorAll("fieldset.builder"), function (fs) {
    var button = fs.querySelector("button[type=submit]");
    if (!button) { return; }
    fs.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" || ev.isComposing || !ev.target || ev.target.tagName !== "INPUT") { return; }
      ev.preventDefault();
      button.click();
    });
  });

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
