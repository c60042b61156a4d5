// regola web rulebook: search as you type, keep your place when switching language or variant.
// Everything works without this file; it only makes it quicker. Its words come from the page
// (data-none, data-failed on <body>), so they are in the page's language.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var body = document.body, pack = body.dataset.pack, lang = body.dataset.lang;
  if (!pack) { return; }
  var variant = body.dataset.variant || "", root = body.dataset.root || "";

  // Language links keep the rule you are reading (#rule-…).
  function keepPlace() {
    document.querySelectorAll(".langs a").forEach(function (a) {
      a.href = a.href.split("#")[0] + location.hash;
    });
  }
  window.addEventListener("hashchange", keepPlace);
  keepPlace();

  // The variant switcher applies itself, keeping the place too.
  var select = document.querySelector("form.variant select");
  if (select) {
    select.addEventListener("change", function () {
      var form = select.form, url = new URL(form.action, location.href);
      if (select.value) { url.searchParams.set("variant", select.value); }
      location.href = url.pathname + url.search + location.hash;
    });
  }

  // Search as you type, through the JSON API (the same search as `regola rules search`).
  var input = document.getElementById("q"), hits = document.getElementById("hits"), timer = 0, asked = 0;
  if (!input || !hits) { return; }
  var onBook = !/\/search$/.test(location.pathname) && document.querySelector("article.rule") !== null;
  var bookUrl = root + "/" + pack + "/" + lang + "/" + (variant ? "?variant=" + encodeURIComponent(variant) : "");
  function show(rules) {
    hits.textContent = "";
    rules.slice(0, 20).forEach(function (r) {
      var li = document.createElement("li"), a = document.createElement("a");
      var here = onBook && document.getElementById("rule-" + r.id);
      a.href = (here ? "" : bookUrl) + "#rule-" + r.id;
      a.textContent = r.title;
      a.addEventListener("click", function () { hits.hidden = true; });
      li.appendChild(a);
      hits.appendChild(li);
    });
    if (!rules.length) {
      var none = document.createElement("li");
      none.textContent = body.dataset.none || "—";
      hits.appendChild(none);
    }
    hits.hidden = false;
  }
  function failed() {
    hits.textContent = "";
    var li = document.createElement("li");
    li.textContent = body.dataset.failed || "—";
    hits.appendChild(li);
    hits.hidden = false;
  }
  function run() {
    var q = input.value.trim(), mine = ++asked;
    if (!q) { hits.hidden = true; return; }
    var url = root + "/api/v1/packs/" + encodeURIComponent(pack) + "/search?lang=" + encodeURIComponent(lang) +
      "&q=" + encodeURIComponent(q) + (variant ? "&variant=" + encodeURIComponent(variant) : "");
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.json(); })
      .then(function (data) { if (mine === asked) { show(data.rules); } })
      .catch(function () { if (mine === asked) { failed(); } });
  }
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 120); });
  input.addEventListener("keydown", function (e) { if (e.key === "Escape") { hits.hidden = true; } });
}());
