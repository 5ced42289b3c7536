// The site's script: search, comparing two releases and following a
// citation, on the data beside the pages. Reading needs none of it.
"use strict";
(function () {
  document.documentElement.classList.add("js");
  var root = document.body ? document.body.getAttribute("data-root") || "./" : "./";

  // Bytes read during the current query: search stops at the budget.
  function fetchText(url, cache, spent) {
    if (cache && cache.has(url)) return Promise.resolve(cache.get(url));
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": " + r.status);
      return r.text();
    }).then(function (t) {
      if (spent) spent.bytes += new TextEncoder().encode(t).length;
      if (cache) cache.set(url, t);
      return t;
    });
  }
  function fetchJSON(url, cache, spent) { return fetchText(url, cache, spent).then(JSON.parse); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text != null) e.textContent = text;
    return e;
  }
  function section(n) { return n.split(".")[0]; }

  // Open or close every change of a page, and open them all to print.
  document.querySelectorAll("[data-toggle=details]").forEach(function (b) {
    b.addEventListener("click", function () {
      var all = document.querySelectorAll("details");
      var open = Array.prototype.some.call(all, function (d) { return !d.open; });
      all.forEach(function (d) { d.open = open; });
    });
  });
  window.addEventListener("beforeprint", function () { document.querySelectorAll("details").forEach(function (d) { d.open = true; }); });

  // ---- Search ----
  // The words of a text as the index reads them: runs of letters and
  // digits, lower case.
  function words(s) { return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) || []); }
  // Text as a query compares it: lower case, straight quotes, single spaces.
  function fold(s) { return s.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, " "); }
  function isWordChar(c) { return c !== undefined && /[\p{L}\p{N}]/u.test(c); }
  // Where the query's words are in text, in a row on word boundaries.
  function findPhrase(text, q) {
    var t = fold(text), at = 0;
    for (;;) {
      var i = t.indexOf(q, at);
      if (i < 0) return -1;
      if (!isWordChar(t[i - 1]) && !isWordChar(t[i + q.length])) return i;
      at = i + 1;
    }
  }
  // The match within about width characters of its paragraph.
  function context(text, start, end, width) {
    text = text.replace(/\s+/g, " ");
    if (text.length <= width) return [text.slice(0, start), text.slice(start, end), text.slice(end)];
    var side = Math.max(0, Math.floor((width - (end - start)) / 2));
    var from = Math.max(0, start - side), to = Math.min(text.length, end + side);
    if (from > 0) { var sp = text.indexOf(" ", from); if (sp >= 0 && sp < start) from = sp + 1; }
    if (to < text.length) { var sp2 = text.lastIndexOf(" ", to); if (sp2 > end) to = sp2; }
    return [(from > 0 ? "…" : "") + text.slice(from, start), text.slice(start, end), text.slice(end, to) + (to < text.length ? "…" : "")];
  }
  function lastAtMost(list, key, get) {
    var lo = 0, hi = list.length - 1, best = 0;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (get(list[mid]) <= key) { best = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return list[best];
  }
  function intersect(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { out.push(a[i]); i++; j++; } else if (a[i] < b[j]) i++; else j++;
    }
    return out;
  }

  var searchForm = document.getElementById("search");
  if (searchForm) {
    var input = document.getElementById("q");
    var langSelect = document.getElementById("lang");
    var base;
    var setBase = function () {
      base = root + langSelect.options[langSelect.selectedIndex].getAttribute("data-index").replace(/index\.json$/, "");
    };
    var initialLang = new URLSearchParams(location.search).get("lang");
    if (initialLang) langSelect.value = initialLang;
    setBase();
    var cache = new Map();
    var state = null;
    var status = document.getElementById("status");
    var results = document.getElementById("results");
    var more = document.getElementById("more");
    window.crgenSearch = { spent: 0 };
    var run = function (query) {
      results.textContent = "";
      more.hidden = true;
      var q = fold(query.trim()), ws = words(query);
      if (!ws.length) { status.textContent = "Type some words of the rules."; return Promise.resolve(); }
      var spent = { bytes: 0 };
      status.textContent = "Searching…";
      return fetchJSON(base + "index.json", cache, spent).then(function (m) {
        var common = new Set(m.common), chosen = [], seen = new Set();
        ws.forEach(function (w) {
          if (common.has(w) || seen.has(w)) return;
          seen.add(w);
          var s = lastAtMost(m.shards, w, function (x) { return x.first; });
          chosen.push({ word: w, shard: s });
        });
        // Shards within the budget; a word left out is still matched in the text.
        var shardBytes = 0, loads = [];
        chosen.forEach(function (c) {
          var url = base + c.shard.file;
          if (!cache.has(url) && spent.bytes + shardBytes + c.shard.bytes > m.budget / 2) return;
          if (!cache.has(url)) shardBytes += c.shard.bytes;
          loads.push(fetchJSON(url, cache, spent).then(function (sh) {
            var d = sh.words[c.word] || [], out = [], at = 0;
            for (var k = 0; k < d.length; k++) { at += d[k]; out.push(at); }
            return out;
          }));
        });
        return Promise.all(loads).then(function (lists) {
          var cands;
          if (lists.length) {
            cands = lists.reduce(intersect);
          } else {
            cands = [];
            for (var k = 0; k < m.docs; k++) cands.push(k);
          }
          state = { m: m, q: q, cands: cands, next: 0, found: 0 };
          return show(spent);
        });
      }).then(function () { window.crgenSearch.spent = spent.bytes; });
    };
    var show = function (spent) {
      var st = state, m = st.m, shown = 0;
      var step = function () {
        if (st.next >= st.cands.length || shown >= 25) return Promise.resolve();
        var d = st.cands[st.next];
        var c = lastAtMost(m.chunks, d, function (x) { return x.first; });
        var url = base + c.file;
        if (!cache.has(url) && spent.bytes + c.bytes > m.budget) return Promise.resolve();
        return fetchJSON(url, cache, spent).then(function (ch) {
          var doc = ch.docs[d - ch.first];
          st.next++;
          var i = findPhrase(doc[1], st.q);
          if (i >= 0) {
            st.found++; shown++;
            var li = el("li"), href, label;
            if (doc[0] !== "") { href = root + m.lang + "/current/" + section(doc[0]) + ".html#" + doc[0]; label = doc[0]; }
            else { href = root + m.lang + "/current/glossary.html#" + doc[3]; label = "Glossary: " + doc[2]; }
            li.appendChild(el("a", { href: href, class: "n" }, label));
            var ctx = context(doc[1], i, i + st.q.length, 180), p = el("p");
            p.appendChild(document.createTextNode(ctx[0]));
            p.appendChild(el("mark", null, ctx[1]));
            p.appendChild(document.createTextNode(ctx[2]));
            li.appendChild(p);
            results.appendChild(li);
          }
          return step();
        });
      };
      return step().then(function () {
        var left = st.cands.length - st.next;
        more.hidden = left === 0;
        status.textContent = st.found + (st.found === 1 ? " match" : " matches") + " in the rules of " + m.release + (left ? " so far (" + left + " paragraphs left to look in)" : "") + ".";
      });
    };
    searchForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      setBase();
      history.replaceState(null, "", "?q=" + encodeURIComponent(input.value) + "&lang=" + langSelect.value);
      run(input.value);
    });
    langSelect.addEventListener("change", function () {
      setBase();
      if (input.value.trim()) run(input.value);
    });
    more.addEventListener("click", function () {
      var spent = { bytes: 0 };
      show(spent).then(function () { window.crgenSearch.spent = spent.bytes; });
    });
    var initial = new URLSearchParams(location.search).get("q");
    if (initial) { input.value = initial; window.crgenSearch.done = run(initial); }
  }

  // ---- Compare two releases ----
  // A word diff: the longest common subsequence of the words.
  function wordDiff(a, b) {
    var x = a.split(/(\s+)/), y = b.split(/(\s+)/), n = x.length, m = y.length;
    if (n * m > 4e6) return [["-", a], ["+", b]];
    var dp = new Array((n + 1) * (m + 1)).fill(0);
    for (var i = n - 1; i >= 0; i--) for (var j = m - 1; j >= 0; j--)
      dp[i * (m + 1) + j] = x[i] === y[j] ? dp[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(dp[(i + 1) * (m + 1) + j], dp[i * (m + 1) + j + 1]);
    var out = [];
    function push(op, t) { if (out.length && out[out.length - 1][0] === op) out[out.length - 1][1] += t; else out.push([op, t]); }
    i = 0; j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i] === y[j]) { push("=", x[i]); i++; j++; }
      else if (j < m && (i === n || dp[i * (m + 1) + j + 1] >= dp[(i + 1) * (m + 1) + j])) { push("+", y[j]); j++; }
      else { push("-", x[i]); i++; }
    }
    return out;
  }
  // A release's rules, each with its identity and the key of its text
  // (the release that first printed it, under its number).
  function loadRules(lang, date, cache) {
    var dir = root + "data/" + lang + "/" + date + "/";
    return fetchJSON(dir + "index.json", cache).then(function (idx) {
      return Promise.all(idx.chapters.map(function (c) { return fetchJSON(dir + c.file, cache); }));
    }).then(function (files) {
      var out = [];
      files.forEach(function (f) { out = out.concat(f.rules); });
      return out;
    });
  }
  // The texts of rules, from the files of the releases that first printed them.
  function loadTexts(lang, rules, cache) {
    var since = Array.from(new Set(rules.map(function (r) { return r.since; }))).sort();
    return Promise.all(since.map(function (d) { return fetchJSON(root + "data/" + lang + "/texts/" + d + ".json", cache); })).then(function (files) {
      var by = new Map();
      files.forEach(function (f) { by.set(f.release, f.texts); });
      return function (r) { return by.get(r.since)[r.number].join("\n"); };
    });
  }
  var compareForm = document.getElementById("compare");
  if (compareForm) {
    var cmpCache = new Map();
    var from = document.getElementById("from"), to = document.getElementById("to");
    var params = new URLSearchParams(location.search);
    if (from.options.length > 1) from.selectedIndex = 1;
    if (params.get("from")) from.value = params.get("from");
    if (params.get("to")) to.value = params.get("to");
    var cstatus = document.getElementById("status"), out = document.getElementById("changes");
    var compare = function () {
      var a = from.value, b = to.value;
      if (a > b) { var t = a; a = b; b = t; }
      out.textContent = "";
      cstatus.textContent = "Reading the rules of " + a + " and " + b + "…";
      return Promise.all([loadRules("en", a, cmpCache), loadRules("en", b, cmpCache)]).then(function (rs) {
        var old = new Map(), now = new Map(), need = [];
        rs[0].forEach(function (r) { old.set(r.id, r); });
        rs[1].forEach(function (r) { now.set(r.id, r); });
        // A text is the same where its key is: only the others are read.
        var same = function (o, r) { return o.since === r.since && o.number === r.number; };
        rs[0].forEach(function (r) { var n = now.get(r.id); if (!n || !same(r, n)) need.push(r); });
        rs[1].forEach(function (r) { var o = old.get(r.id); if (!o || !same(o, r)) need.push(r); });
        return loadTexts("en", need, cmpCache).then(function (text) { return [rs, old, now, text]; });
      }).then(function (got) {
        var rs = got[0], old = got[1], now = got[2], text = got[3], changes = [];
        rs[0].forEach(function (r) { if (!now.has(r.id)) changes.push({ id: r.id, n: r.number, s: "removed", d: [["-", text(r)]] }); });
        rs[1].forEach(function (r) {
          var o = old.get(r.id);
          if (!o) { changes.push({ id: r.id, n: r.number, s: "added", d: [["+", text(r)]] }); return; }
          if (o.since === r.since && o.number === r.number) return;
          var ot = text(o), nt = text(r);
          if (o.number !== r.number) changes.push({ id: r.id, n: r.number, o: o.number, s: "renumbered", d: ot === nt ? [["=", nt]] : wordDiff(ot, nt) });
          else if (ot !== nt) changes.push({ id: r.id, n: r.number, s: "changed", d: wordDiff(ot, nt) });
        });
        changes.forEach(function (c) {
          var det = el("details", { class: "change " + c.s, open: "" });
          det.appendChild(el("summary", null, (c.o ? c.o + " → " : "") + c.n + ": " + c.s));
          var p = el("p", { class: "where" });
          p.appendChild(el("a", { href: root + "en/history/" + c.id + ".html" }, "History of " + c.n));
          det.appendChild(p);
          var d = el("p", { class: "diff" });
          c.d.forEach(function (s) { d.appendChild(s[0] === "+" ? el("ins", null, s[1]) : s[0] === "-" ? el("del", null, s[1]) : document.createTextNode(s[1])); });
          det.appendChild(d);
          out.appendChild(det);
        });
        cstatus.textContent = changes.length + " rules changed from the release of " + a + " to that of " + b + " (rules paired by identity across renumberings).";
        window.crgenCompare = { count: changes.length };
      }).catch(function (e) { cstatus.textContent = "Could not compare: " + e.message; });
    };
    compareForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      history.replaceState(null, "", "?from=" + from.value + "&to=" + to.value);
      window.crgenCompare = null;
      compare();
    });
    if (params.get("from") && params.get("to")) compare();
  }

  // ---- Follow a citation ----
  var citeForm = document.getElementById("cite");
  if (citeForm) {
    var numbers = citeForm.getAttribute("data-numbers");
    var first = citeForm.getAttribute("data-first");
    var cstat = document.getElementById("status");
    citeForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var n = document.getElementById("number").value.trim().replace(/\.$/, "");
      var d = document.getElementById("date").value.trim();
      fetchJSON(root + numbers + section(n) + ".json").then(function (data) {
        var periods = data.numbers[n] || [];
        if (!periods.length) { cstat.textContent = "No release printed a rule " + n + "."; return; }
        // A year is its whole span; a date the release in force that day.
        var lo = d, hi = d;
        if (/^\d{4}$/.test(d)) { lo = d + "-01-01"; hi = d + "-12-31"; }
        var hits = periods.filter(function (p) {
          if (!d) return true;
          var next = periods.filter(function (q) { return q.from > p.to; }).map(function (q) { return q.from; }).sort()[0] || "9999-12-31";
          return p.from <= hi && (lo < next);
        });
        if (hits.length === 1) { location.href = root + "en/history/" + hits[0].id + ".html"; return; }
        cstat.textContent = "";
        var ul = el("ul");
        (hits.length ? hits : periods).forEach(function (p) {
          var li = el("li");
          li.appendChild(el("a", { href: root + "en/history/" + p.id + ".html" }, n + " from " + p.from + " to " + p.to + (p.today ? ": " + p.today + " today" : ": no longer in the rules")));
          ul.appendChild(li);
        });
        cstat.appendChild(ul);
      }).catch(function () { cstat.textContent = "No release printed a rule " + n + "."; });
    });
  }
})();
