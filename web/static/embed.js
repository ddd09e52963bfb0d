/* STCCG Rules card embed.
 * Include with <script src="https://HOST/embed.js" defer></script>. It turns
 * [[Card Name]] in the page's text, and <span data-stccg-card="Card Name">,
 * into links to the card that show a hover card (image, statistics, errata)
 * on hover, on keyboard focus and on a first tap.
 *
 * The edition: data-edition="1e" or "2e" on the script tag says which
 * edition the page writes about; [[Medical Kit|2e]] (or
 * data-stccg-edition="2e" on a span) says it for one reference. A name of
 * that edition is looked up there first; a name printed only in the other
 * edition is still found, and said to be of the other edition; a misspelt
 * name finds the nearest card, and says "did you mean"; a Current Rulings
 * title that is no card in the data leads to its ruling.
 *
 * The whole page is looked up in one request, as the page loads:
 * POST /v1/cards/collection on the HOST the script came from, up to 75
 * different names a request (sent as text/plain, so no CORS preflight is
 * needed). When a name still fits several cards, the hover card lists them
 * as links. Every element is built with textContent: nothing from the
 * service is ever parsed as HTML. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) { return; }
  var base = new URL(script.src, document.baseURI).origin;
  var PREFIX = "stccg-";
  var SKIP = { SCRIPT: 1, STYLE: 1, TEXTAREA: 1, INPUT: 1, SELECT: 1, CODE: 1, PRE: 1, A: 1, BUTTON: 1, NOSCRIPT: 1, TEMPLATE: 1 };
  var PATTERN = /\[\[([^\[\]\n|]{1,100})(?:\|\s*(1e|2e|1E|2E)\s*)?\]\]/g;
  var pageEdition = edition(script.getAttribute("data-edition"));
  var seq = 0;
  var lastPointer = "mouse";

  function edition(e) {
    e = (e || "").trim().toLowerCase();
    return e === "1e" || e === "2e" ? e : "";
  }

  function addStyle() {
    if (document.getElementById(PREFIX + "style")) { return; }
    var s = document.createElement("style");
    s.id = PREFIX + "style";
    s.textContent =
      "." + PREFIX + "link{border-bottom:1px dotted currentColor;text-decoration:none;cursor:help}" +
      "." + PREFIX + "link:focus-visible{outline:3px solid #b45309;outline-offset:2px}" +
      "." + PREFIX + "link:active{color:inherit}" +
      "." + PREFIX + "note{margin:4px 0;padding:4px 6px;background:#fff4d6;color:#1b1d22;border-radius:4px}" +
      "." + PREFIX + "pop{position:absolute;z-index:2147483000;width:300px;max-width:calc(100vw - 16px);background:#fff;color:#1b1d22;" +
      "border:1px solid #c9ced8;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.18);padding:10px 12px;" +
      "font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;text-align:left;max-height:80vh;overflow:auto}" +
      "." + PREFIX + "pop[hidden]{display:none}" +
      "." + PREFIX + "title{margin:0 0 2px;font-size:15px;font-weight:700}" +
      "." + PREFIX + "pop img{display:block;max-width:100%;max-height:220px;margin:6px auto;border-radius:6px}" +
      "." + PREFIX + "pop dl{display:grid;grid-template-columns:auto 1fr;gap:1px 8px;margin:6px 0}" +
      "." + PREFIX + "pop dt{color:#454b5a}." + PREFIX + "pop dd{margin:0}" +
      "." + PREFIX + "pop del{background:#fde2e1;color:#8a1c17}." + PREFIX + "pop ins{background:#dcf5e3;color:#14532d}" +
      "." + PREFIX + "pop ul{margin:6px 0;padding-left:18px}." + PREFIX + "pop li{margin:3px 0}" +
      "." + PREFIX + "pop a{color:#14508c}" +
      "." + PREFIX + "meta{color:#454b5a;font-size:12px;margin:0}";
    (document.head || document.documentElement).appendChild(s);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = PREFIX + cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function link(href, text) {
    var a = el("a", null, text);
    a.href = href;
    a.target = "_blank";
    a.rel = "noopener";
    return a;
  }

  // The references of the page, by name and edition, each looked up once:
  // refs holds the links of each, answers the answer once it came.
  var refs = {}, order = [], answers = {};
  var MAX_IDENTIFIERS = 75;

  function refKey(name, ed) { return (ed || "") + "|" + name.toLowerCase(); }

  // resolveAll looks every reference of the page up: one request for each
  // 75 different names (a fan page's are fewer), as the page loads.
  function resolveAll() {
    for (var i = 0; i < order.length; i += MAX_IDENTIFIERS) {
      resolve(order.slice(i, i + MAX_IDENTIFIERS));
    }
  }

  function resolve(keys) {
    var ids = keys.map(function (k) {
      var r = refs[k], id = { name: r.name, fuzzy: true };
      if (r.ed) { id.edition = r.ed; }
      return id;
    });
    var done = fetch(base + "/v1/cards/collection", {
      method: "POST", credentials: "omit", body: JSON.stringify({ identifiers: ids }),
      headers: { "Content-Type": "text/plain;charset=UTF-8", Accept: "application/json" },
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error((body && body.error && body.error.message) || "The cards could not be looked up."); }
        return body;
      });
    }).then(function (body) {
      var missing = {};
      (body.notFound || []).forEach(function (nf) { missing[nf.index] = nf; });
      var next = 0;
      keys.forEach(function (k, i) {
        answers[k] = missing[i] ? { notFound: missing[i] } : { card: (body.data || [])[next++] };
      });
    }, function (err) {
      keys.forEach(function (k) { answers[k] = { error: err.message }; });
    });
    keys.forEach(function (k) {
      refs[k].ready = done.then(function () {
        refs[k].links.forEach(function (a) { a.stccgResolved(answers[k]); });
        return answers[k];
      });
    });
  }

  function words(w) {
    return String(w).split(/([\s\/,+-]+)/).map(function (p) {
      if (/^(tng|ds9|tos|voy|ent|kca|au)$/.test(p)) { return p.toUpperCase(); }
      return p.charAt(0).toUpperCase() + p.slice(1);
    }).join("").replace(/-Icon$/, "");
  }

  function stat(dl, label, value) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) { return; }
    if (Array.isArray(value)) {
      value = value.map(function (v) { return typeof v === "object" ? (v.level > 1 ? v.level + " " : "") + v.name : words(v); }).join(", ");
    }
    dl.appendChild(el("dt", null, label));
    dl.appendChild(el("dd", null, value));
  }

  var EDITION = { "1e": "First Edition", "2e": "Second Edition" };
  // The card JSON's names of its unknown fields, in words where they differ.
  var UNKNOWN = { missionType: "mission type", gameText: "game text", unique: "uniqueness" };

  function cardURL(card) { return base + "/cards/" + encodeURIComponent(card.id); }
  function entryURL(id) { return base + "/entries/" + encodeURIComponent(id); }

  function fillCard(pop, card, asked, ed) {
    pop.textContent = "";
    pop.className = PREFIX + "pop " + PREFIX + "card";
    var name = card.title + (card.subtitle ? ", " + card.subtitle : "");
    pop.appendChild(el("div", "title", (card.unique ? "\u2022 " : "") + name));
    pop.appendChild(el("p", "meta", [EDITION[card.edition], card.type && words(card.type), card.affiliation && words(card.affiliation), card.setName].filter(Boolean).join(" \u00b7 ")));
    // How the name found the card, when not exactly: said first.
    if (card.match === "other-edition") {
      pop.appendChild(el("p", "note", "No " + EDITION[ed] + " card has this name; this is the " + EDITION[card.edition] + " one."));
    } else if (card.match === "fuzzy") {
      pop.appendChild(el("p", "note", "No card is named \u201c" + asked + "\u201d exactly. Did you mean " + name + (ed && card.edition !== ed ? " (" + EDITION[card.edition] + ")" : "") + "?"));
    }
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
    // What the card prints that the card data does not hold is named,
    // never left out as if the card had none.
    if (card.unknown && card.unknown.length) {
      pop.appendChild(el("p", "meta", "Not in the card data: " + card.unknown.map(function (f) { return UNKNOWN[f] || f; }).join(", ") + " (printed on the card)."));
    }
    if (card.gameText) { pop.appendChild(el("p", null, card.gameText)); }
    (card.errata || []).forEach(function (er) {
      var p = el("p", "meta");
      p.appendChild(document.createTextNode("Erratum (" + er.field + "): "));
      if (er.printed) {
        p.appendChild(el("del", null, er.printed));
        p.appendChild(document.createTextNode(" \u2192 "));
      }
      p.appendChild(el("ins", null, er.corrected));
      pop.appendChild(p);
    });
    var meta = el("p", "meta");
    meta.appendChild(link(cardURL(card), "The card page, with its rulings"));
    pop.appendChild(meta);
  }

  function fillList(pop, heading, message, items, cls) {
    pop.textContent = "";
    pop.className = PREFIX + "pop " + PREFIX + cls;
    pop.appendChild(el("div", "title", heading));
    if (message) { pop.appendChild(el("p", "meta", message)); }
    if (items && items.length) {
      var ul = el("ul");
      items.forEach(function (c) {
        var li = el("li");
        li.appendChild(link(c.url, c.name));
        if (c.note) {
          li.appendChild(document.createTextNode(" "));
          li.appendChild(el("span", "meta", c.note));
        }
        ul.appendChild(li);
      });
      pop.appendChild(ul);
    }
  }

  // fill shows what a reference's name found: its card; the cards it fits,
  // to pick one; the ruling a name no card has is titled with; or the names
  // near it.
  function fill(pop, a, name, ed, ans) {
    if (ans.card) {
      fillCard(pop, ans.card, name, ed);
      return;
    }
    var nf = ans.notFound;
    if (!nf) {
      fillList(pop, name, ans.error || "The card could not be looked up just now; try again later.", null, "nomatch");
      return;
    }
    if (nf.candidates && nf.candidates.length) {
      fillList(pop, name, "Several cards have this name; pick one:", nf.candidates.map(function (c) {
        return { url: cardURL(c), name: c.name, note: [c.edition.toUpperCase(), c.setName, words(c.type)].filter(Boolean).join(" \u00b7 ") };
      }), "choices");
    } else if (nf.rulings && nf.rulings.length) {
      fillList(pop, name, nf.message, nf.rulings.map(function (r) {
        return { url: entryURL(r.id), name: r.title, note: [r.edition.toUpperCase(), r.kind === "ruling" ? "Ruling" : "Glossary"].join(" \u00b7 ") };
      }), "ruling");
    } else {
      fillList(pop, name, "No card of the card data has this name.", (nf.suggestions || []).map(function (n) {
        return { url: base + "/cards/named?exact=" + encodeURIComponent(n), name: n };
      }), "nomatch");
      if (nf.suggestions && nf.suggestions.length) {
        pop.insertBefore(el("p", "meta", "Did you mean:"), pop.lastChild);
      }
    }
  }

  // place puts the hover card under the link (over it when there is no
  // room below), within the window, in the coordinates of whatever
  // positioned box of the page holds it.
  function place(pop, a) {
    var r = a.getBoundingClientRect();
    var left = window.scrollX + r.left;
    var maxLeft = window.scrollX + document.documentElement.clientWidth - pop.offsetWidth - 8;
    left = Math.max(window.scrollX + 8, Math.min(left, maxLeft));
    var below = window.scrollY + r.bottom + 6;
    var spaceBelow = window.innerHeight - r.bottom;
    var top = spaceBelow < pop.offsetHeight + 12 && r.top > pop.offsetHeight + 12 ?
      window.scrollY + r.top - pop.offsetHeight - 6 : below;
    var op = pop.offsetParent;
    if (op && op !== document.body && op !== document.documentElement) {
      var o = op.getBoundingClientRect();
      left -= window.scrollX + o.left + op.clientLeft - op.scrollLeft;
      top -= window.scrollY + o.top + op.clientTop - op.scrollTop;
    }
    pop.style.left = left + "px";
    pop.style.top = top + "px";
  }

  function hideAll(except) {
    Array.prototype.forEach.call(document.querySelectorAll("." + PREFIX + "pop"), function (p) {
      if (p !== except) { p.hidden = true; }
    });
  }

  function makeLink(name, text, ed) {
    var a = el("a", "link", text || name);
    a.href = base + "/cards/named?fuzzy=" + encodeURIComponent(name) + (ed ? "&edition=" + ed : "");
    a.setAttribute("data-stccg-name", name);
    if (ed) { a.setAttribute("data-stccg-edition", ed); }
    var key = refKey(name, ed);
    if (!refs[key]) {
      refs[key] = { name: name, ed: ed, links: [] };
      order.push(key);
    }
    refs[key].links.push(a);
    // Once the page's look-up answers, the link leads where the name does:
    // its card, or the ruling a name no card has is titled with.
    a.stccgResolved = function (ans) {
      if (ans.card) {
        a.href = cardURL(ans.card);
      } else if (ans.notFound && ans.notFound.rulings && ans.notFound.rulings.length) {
        a.href = entryURL(ans.notFound.rulings[0].id);
      }
      a.setAttribute("data-stccg-found", ans.card ? "card" : ans.notFound ? (ans.notFound.candidates ? "choices" : ans.notFound.rulings ? "ruling" : "none") : "error");
    };
    var id = PREFIX + "pop-" + (++seq);
    var pop = null, hideTimer = null;
    function show() {
      clearTimeout(hideTimer);
      if (!pop) {
        pop = el("div", "pop", "Looking up " + name + "\u2026");
        pop.id = id;
        pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
        pop.addEventListener("mouseleave", hideSoon);
        // In the landmark that holds the link, so the hover card is read
        // as part of the page's content.
        (a.closest("main,[role=main],article,aside,section,nav,header,footer") || document.body).appendChild(pop);
        a.setAttribute("aria-describedby", id);
        refs[key].ready.then(function (ans) { fill(pop, a, name, ed, ans); place(pop, a); });
      }
      hideAll(pop);
      pop.hidden = false;
      place(pop, a);
    }
    function hide() { if (pop) { pop.hidden = true; } }
    function hideSoon() { clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); }
    a.addEventListener("mouseenter", function () { if (lastPointer === "mouse") { show(); } });
    a.addEventListener("mouseleave", function () { if (lastPointer === "mouse") { hideSoon(); } });
    // A tap focuses the link before its click: the click decides.
    a.addEventListener("focus", function () { if (lastPointer !== "touch") { show(); } });
    a.addEventListener("blur", function () { if (lastPointer !== "touch") { hideSoon(); } });
    a.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { hide(); } });
    // On a touch screen there is no hover: the first tap opens the hover
    // card, a second tap on the link follows it.
    a.addEventListener("click", function (ev) {
      if (lastPointer === "touch" && (!pop || pop.hidden)) {
        ev.preventDefault();
        show();
      }
    });
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
        frag.appendChild(makeLink(name, null, edition(m[2]) || pageEdition));
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
      span.appendChild(makeLink(name, text, edition(span.getAttribute("data-stccg-edition")) || pageEdition));
    });
  }

  function run() {
    addStyle();
    linkSpans(document.body);
    linkTextNodes(document.body);
    resolveAll();
    document.addEventListener("pointerdown", function (ev) {
      lastPointer = ev.pointerType === "touch" || ev.pointerType === "pen" ? "touch" : "mouse";
      // A tap or click outside every link and hover card closes them.
      var t = ev.target;
      if (!(t.closest && (t.closest("." + PREFIX + "pop") || t.closest("." + PREFIX + "link")))) { hideAll(null); }
    }, true);
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") { hideAll(null); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
