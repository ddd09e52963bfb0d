/* STCCG Rules card embed.
 * Include with <script src="https://HOST/embed.js" defer></script>. It turns
 * [[Card Name]] in the page's text, and <span data-stccg-card="Card Name">,
 * into links to the card that show a hover card (image, statistics, errata,
 * rulings count) on hover and on keyboard focus. Cards are found with the
 * fuzzy name look-up of the same HOST the script came from.
 * It builds every element with textContent: nothing from the service is ever
 * parsed as HTML. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) { return; }
  var base = new URL(script.src, document.baseURI).origin;
  var PREFIX = "stccg-";
  var SKIP = { SCRIPT: 1, STYLE: 1, TEXTAREA: 1, INPUT: 1, SELECT: 1, CODE: 1, PRE: 1, A: 1, BUTTON: 1, NOSCRIPT: 1, TEMPLATE: 1 };
  var PATTERN = /\[\[([^\[\]\n]{1,100})\]\]/g;
  var cache = {};
  var seq = 0;

  function addStyle() {
    if (document.getElementById(PREFIX + "style")) { return; }
    var s = document.createElement("style");
    s.id = PREFIX + "style";
    s.textContent =
      "." + PREFIX + "link{border-bottom:1px dotted currentColor;text-decoration:none;cursor:help}" +
      "." + PREFIX + "link:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}" +
      "." + PREFIX + "pop{position:absolute;z-index:2147483000;width:300px;max-width:calc(100vw - 16px);background:#fff;color:#1b1d22;" +
      "border:1px solid #c9ced8;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.18);padding:10px 12px;" +
      "font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;text-align:left}" +
      "." + PREFIX + "pop[hidden]{display:none}" +
      "." + PREFIX + "pop h3{margin:0 0 2px;font-size:15px}" +
      "." + PREFIX + "pop img{display:block;max-width:100%;max-height:220px;margin:6px auto;border-radius:6px}" +
      "." + PREFIX + "pop dl{display:grid;grid-template-columns:auto 1fr;gap:1px 8px;margin:6px 0}" +
      "." + PREFIX + "pop dt{color:#5a6070}." + PREFIX + "pop dd{margin:0}" +
      "." + PREFIX + "pop del{background:#fde2e1}." + PREFIX + "pop ins{background:#dcf5e3}" +
      "." + PREFIX + "meta{color:#5a6070;font-size:12px;margin:0}";
    (document.head || document.documentElement).appendChild(s);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = PREFIX + cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function getJSON(path) {
    return fetch(base + path, { credentials: "omit", headers: { Accept: "application/json" } }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) {
          var err = (body && body.error) || {};
          var e = new Error(err.message || ("HTTP " + r.status));
          e.details = err.details || {};
          e.code = err.code;
          throw e;
        }
        return body;
      }, function () { throw new Error("HTTP " + r.status); });
    });
  }

  // lookup finds a card and its rulings count once per name.
  function lookup(name) {
    var key = name.toLowerCase();
    if (!cache[key]) {
      cache[key] = getJSON("/v1/cards/named?fuzzy=" + encodeURIComponent(name)).then(function (card) {
        return getJSON("/v1/cards/" + encodeURIComponent(card.id) + "/rulings").then(function (r) {
          card._rulings = typeof r.total === "number" ? r.total : (r.data || []).length;
          return card;
        }, function () { card._rulings = null; return card; });
      });
    }
    return cache[key];
  }

  function stat(dl, label, value) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) { return; }
    if (Array.isArray(value)) {
      value = value.map(function (v) { return typeof v === "object" ? (v.level > 1 ? v.level + " " : "") + v.name : v; }).join(", ");
    }
    dl.appendChild(el("dt", null, label));
    dl.appendChild(el("dd", null, value));
  }

  function fillCard(pop, card) {
    pop.textContent = "";
    var name = card.title + (card.subtitle ? ", " + card.subtitle : "");
    pop.appendChild(el("h3", null, (card.unique ? "\u2022 " : "") + name));
    pop.appendChild(el("p", "meta", [String(card.edition || "").toUpperCase(), card.type, card.affiliation, card.setName].filter(Boolean).join(" \u00b7 ")));
    if (card.imageUrl) {
      var img = el("img");
      img.alt = "Card image of " + name;
      img.loading = "lazy";
      img.referrerPolicy = "no-referrer";
      img.onerror = function () { img.remove(); };
      img.src = card.imageUrl;
      pop.appendChild(img);
    }
    var dl = el("dl");
    stat(dl, "Cost", card.cost);
    stat(dl, "Span", card.span);
    stat(dl, "Points", card.points);
    stat(dl, "Requirements", card.requirements);
    stat(dl, "Icons", card.icons);
    stat(dl, "Staffing", card.staffing);
    stat(dl, "Skills", card.skills);
    stat(dl, "Integrity", card.integrity);
    stat(dl, "Cunning", card.cunning);
    stat(dl, "Strength", card.strength);
    stat(dl, "Range", card.range);
    stat(dl, "Weapons", card.weapons);
    stat(dl, "Shields", card.shields);
    pop.appendChild(dl);
    (card.errata || []).forEach(function (er) {
      var p = el("p", "meta");
      p.appendChild(document.createTextNode("Erratum (" + er.field + "): "));
      p.appendChild(el("del", null, er.printed));
      p.appendChild(document.createTextNode(" \u2192 "));
      p.appendChild(el("ins", null, er.corrected));
      pop.appendChild(p);
    });
    if (card._rulings !== null && card._rulings !== undefined) {
      pop.appendChild(el("p", "meta", card._rulings + (card._rulings === 1 ? " ruling" : " rulings")));
    }
  }

  function fillError(pop, name, err) {
    pop.textContent = "";
    pop.appendChild(el("h3", null, name));
    var cands = err && err.details && err.details.candidates;
    pop.appendChild(el("p", "meta", (err && err.message) || "The card could not be looked up."));
    if (Array.isArray(cands) && cands.length) {
      pop.appendChild(el("p", "meta", "Candidates: " + cands.slice(0, 5).join("; ")));
    }
  }

  function place(pop, link) {
    var r = link.getBoundingClientRect();
    var left = window.scrollX + r.left;
    var maxLeft = window.scrollX + document.documentElement.clientWidth - pop.offsetWidth - 8;
    pop.style.left = Math.max(window.scrollX + 8, Math.min(left, maxLeft)) + "px";
    var below = window.scrollY + r.bottom + 6;
    var spaceBelow = window.innerHeight - r.bottom;
    pop.style.top = (spaceBelow < pop.offsetHeight + 12 && r.top > pop.offsetHeight + 12 ?
      window.scrollY + r.top - pop.offsetHeight - 6 : below) + "px";
  }

  function makeLink(name, text) {
    var a = el("a", "link", text || name);
    a.href = base + "/cards/named?fuzzy=" + encodeURIComponent(name);
    a.setAttribute("data-stccg-name", name);
    var id = PREFIX + "pop-" + (++seq);
    var pop = null, hideTimer = null;
    function show() {
      clearTimeout(hideTimer);
      if (!pop) {
        pop = el("div", "pop", "Looking up " + name + "\u2026");
        pop.id = id;
        pop.setAttribute("role", "tooltip");
        pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
        pop.addEventListener("mouseleave", hideSoon);
        document.body.appendChild(pop);
        a.setAttribute("aria-describedby", id);
        lookup(name).then(function (card) {
          fillCard(pop, card);
          a.href = base + "/cards/" + encodeURIComponent(card.id);
          place(pop, a);
        }, function (err) { fillError(pop, name, err); place(pop, a); });
      }
      pop.hidden = false;
      place(pop, a);
    }
    function hide() { if (pop) { pop.hidden = true; } }
    function hideSoon() { clearTimeout(hideTimer); hideTimer = setTimeout(hide, 200); }
    a.addEventListener("mouseenter", show);
    a.addEventListener("mouseleave", hideSoon);
    a.addEventListener("focus", show);
    a.addEventListener("blur", hide);
    a.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { hide(); } });
    return a;
  }

  function linkTextNodes(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        for (var p = n.parentNode; p && p !== root.parentNode; p = p.parentNode) {
          if (p.nodeType === 1 && (SKIP[p.nodeName] || p.isContentEditable || (p.className && String(p.className).indexOf(PREFIX) >= 0))) {
            return NodeFilter.FILTER_REJECT;
          }
        }
        return n.nodeValue.indexOf("[[") >= 0 ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      }
    });
    var nodes = [];
    while (walker.nextNode()) { nodes.push(walker.currentNode); }
    nodes.forEach(function (node) {
      var text = node.nodeValue, last = 0, m, frag = document.createDocumentFragment();
      PATTERN.lastIndex = 0;
      while ((m = PATTERN.exec(text)) !== null) {
        var name = m[1].trim();
        if (!name) { continue; }
        frag.appendChild(document.createTextNode(text.slice(last, m.index)));
        frag.appendChild(makeLink(name));
        last = m.index + m[0].length;
      }
      if (last === 0) { return; }
      frag.appendChild(document.createTextNode(text.slice(last)));
      node.parentNode.replaceChild(frag, node);
    });
  }

  function linkSpans(root) {
    var spans = root.querySelectorAll("span[data-stccg-card]");
    Array.prototype.forEach.call(spans, function (span) {
      if (span.getAttribute("data-stccg-linked")) { return; }
      var name = (span.getAttribute("data-stccg-card") || "").trim() || span.textContent.trim();
      if (!name) { return; }
      span.setAttribute("data-stccg-linked", "1");
      var text = span.textContent.trim() || name;
      span.textContent = "";
      span.appendChild(makeLink(name, text));
    });
  }

  function run() {
    addStyle();
    linkSpans(document.body);
    linkTextNodes(document.body);
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") {
        Array.prototype.forEach.call(document.querySelectorAll("." + PREFIX + "pop"), function (p) { p.hidden = true; });
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
