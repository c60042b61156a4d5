// regola tables: follow the table live. The page works without this file (every choice is a form);
// this brings the page up to date in place when the table moves, through server-sent events that
// reconnect by themselves and resume from the last line seen (Last-Event-ID): the page is fetched anew
// and its body swapped in, so nothing flashes, the scroll stays where it was and the stream stays open.
// Where fetching fails, the page reloads as a whole.
(function () {
  "use strict";
  var body = document.body, url = body.dataset.events;
  if (!url || !window.EventSource) { return; }
  var source = new EventSource(url), busy = false, again = false;
  function swap() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store" }).then(function (reply) {
      if (!reply.ok) { throw new Error(String(reply.status)); }
      return reply.text();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html");
      var stream = fresh.body.dataset.events || "";  // the same table's stream (its "since" moves on)
      if (stream.split("?")[0] !== url.split("?")[0]) { throw new Error("another page"); }
      var x = window.scrollX, y = window.scrollY;
      document.title = fresh.title;
      Object.keys(fresh.body.dataset).forEach(function (k) { body.dataset[k] = fresh.body.dataset[k]; });
      body.replaceChildren.apply(body, Array.prototype.slice.call(fresh.body.childNodes));
      window.scrollTo(x, y);
      window.regolaTables.ready();
      busy = false;
      if (again) { again = false; swap(); }
    }).catch(function () { source.close(); location.reload(); });
  }
  source.addEventListener("update", function (event) {
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.reset) { source.close(); location.reload(); return; }
    if (message.n !== parseInt(body.dataset.n || "0", 10)) { swap(); }
  });
  // a choice sent: no update from the stream while the form is on its way
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form.choices, form.back")) { source.close(); }
  });
})();

// What the page's own parts need once it is shown, and again after an update in place.
window.regolaTables = { ready: function () { placing(); choosingAFile(); } };

// Placing a piece: the board's own cells where the piece can go are marked; a tap on one chooses it.
// "Turn or flip" steps through the orientations that have a legal spot. The buttons stay for keyboards.
function placing() {
  "use strict";
  var form = document.querySelector("form.choices[data-seat]");
  var spots = form ? form.querySelectorAll("button[data-cell]") : [];
  if (!spots.length) { return; }
  var grid = document.querySelector('.principality[data-seat="' + form.dataset.seat + '"]');
  if (!grid) { return; }
  var turns = [];
  spots.forEach(function (b) { if (turns.indexOf(b.dataset.orientation) < 0) { turns.push(b.dataset.orientation); } });
  var current = 0;
  function mark() {
    grid.querySelectorAll(".legal").forEach(function (c) { c.classList.remove("legal"); });
    spots.forEach(function (b) {
      if (b.dataset.orientation !== turns[current]) { return; }
      var cell = grid.querySelector('[data-cell="' + b.dataset.cell + '"]');
      if (cell) { cell.classList.add("legal"); }
    });
    grid.dataset.orientation = turns[current];
  }
  if (turns.length > 1) {
    var turn = document.createElement("button");
    turn.type = "button";
    turn.className = "turn";
    turn.textContent = form.dataset.turn + " (" + (current + 1) + "/" + turns.length + ")";
    turn.addEventListener("click", function () {
      current = (current + 1) % turns.length;
      turn.textContent = form.dataset.turn + " (" + (current + 1) + "/" + turns.length + ")";
      mark();
    });
    form.parentNode.insertBefore(turn, form);
  }
  grid.addEventListener("click", function (event) {
    var cell = event.target.closest ? event.target.closest("[data-cell]") : null;
    if (!cell || !cell.classList.contains("legal")) { return; }
    var chosen = form.querySelector('button[data-orientation="' + turns[current] + '"][data-cell="' + cell.dataset.cell + '"]');
    if (chosen) { chosen.click(); }
  });
  mark();
}

// The replay form: a record chosen as a file is read here into the text box the form sends (the server
// takes the same bounded form either way). Shown only with JavaScript; a file over the limit is refused
// before it is read.
function choosingAFile() {
  "use strict";
  document.querySelectorAll("input[type=file][data-fills]").forEach(function (input) {
    var form = input.form, box = form ? form.querySelector('[name="' + input.dataset.fills + '"]') : null;
    var alert = form ? form.querySelector(".refused") : null;
    if (!box || !window.FileReader) { return; }
    input.closest("label").hidden = false;
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (alert) { alert.hidden = true; }
      if (!file) { return; }
      if (file.size > parseInt(input.dataset.limit, 10)) {
        if (alert) { alert.textContent = input.dataset.tooLarge; alert.hidden = false; }
        input.value = "";
        return;
      }
      var reader = new FileReader();
      reader.onload = function () { box.value = reader.result; };
      reader.readAsText(file);
    });
  });
}

window.regolaTables.ready();
