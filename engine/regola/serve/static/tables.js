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

// Placing a piece: the board's own cells where the piece can go are marked, and the piece itself is shown
// in a bar that stays at the bottom of the screen with "Turn or flip" (r on a keyboard), so turning never
// moves the grid out of view. Pointing at a marked cell (or focusing it: Tab) lays the piece's shadow on
// every cell it would cover; a click, Enter or Space places it there; on a touch screen the first tap shows
// the shadow and a second tap on the same spot places it. The buttons below stay for screen readers.
function placing() {
  "use strict";
  var form = document.querySelector("form.choices[data-seat]");
  var spots = form ? Array.prototype.slice.call(form.querySelectorAll("button[data-cell]")) : [];
  if (!spots.length) { return; }
  var grid = document.querySelector('.principality[data-seat="' + form.dataset.seat + '"]');
  if (!grid) { return; }
  var svgNS = "http://www.w3.org/2000/svg";
  // a shape is a piece in one orientation (a lot may give a choice of pieces): "turn" steps through them
  function shapeOf(b) { return (b.dataset.piece || "") + "|" + b.dataset.orientation; }
  var turns = [];
  spots.forEach(function (b) { if (turns.indexOf(shapeOf(b)) < 0) { turns.push(shapeOf(b)); } });
  var current = 0, armed = null, touch = false;
  function cellsOf(button) {
    return (button.dataset.covers || button.dataset.cell).split(" ").map(function (at) { return at.split(","); });
  }
  function spotAt(cell) {
    return spots.filter(function (b) {
      return shapeOf(b) === turns[current] && b.dataset.cell === cell.dataset.cell;
    })[0] || null;
  }
  function shadow(button) {
    grid.querySelectorAll(".ghost").forEach(function (c) { c.classList.remove("ghost"); });
    if (!button) { return; }
    cellsOf(button).forEach(function (at) {
      var c = grid.querySelector('[data-cell="' + at[0] + "," + at[1] + '"]');
      if (c) { c.classList.add("ghost"); }
    });
  }
  // the bar: the piece in its orientation, and the button that turns it
  var bar = document.createElement("div");
  bar.className = "placing";
  var picture = document.createElementNS(svgNS, "svg");
  picture.setAttribute("class", "piece");
  picture.setAttribute("role", "img");
  bar.appendChild(picture);
  var named = document.createElement("span");
  named.className = "name";
  bar.appendChild(named);
  var turn = null;
  if (turns.length > 1) {
    turn = document.createElement("button");
    turn.type = "button";
    turn.className = "turn";
    turn.setAttribute("aria-keyshortcuts", "r");
    turn.addEventListener("click", function () { current = (current + 1) % turns.length; mark(); });
    bar.appendChild(turn);
  }
  var hint = document.createElement("p");
  hint.className = "again";
  hint.hidden = true;
  hint.textContent = form.dataset.again || "";
  bar.appendChild(hint);
  form.parentNode.insertBefore(bar, form);
  function draw() {
    while (picture.firstChild) { picture.removeChild(picture.firstChild); }
    var first = spots.filter(function (b) { return shapeOf(b) === turns[current]; })[0];
    named.textContent = first.dataset.name || "";
    picture.setAttribute("aria-label", (form.dataset.piece || "") + ": " + (first.dataset.name || ""));
    var cells = cellsOf(first).map(function (at) { return [parseInt(at[0], 10), parseInt(at[1], 10)]; });
    var x0 = Math.min.apply(null, cells.map(function (c) { return c[0]; }));
    var y0 = Math.min.apply(null, cells.map(function (c) { return c[1]; }));
    var w = 1, h = 1;
    cells.forEach(function (c) {
      var r = document.createElementNS(svgNS, "rect");
      r.setAttribute("x", (c[0] - x0) * 12 + 1);
      r.setAttribute("y", (c[1] - y0) * 12 + 1);
      r.setAttribute("width", 11);
      r.setAttribute("height", 11);
      picture.appendChild(r);
      w = Math.max(w, c[0] - x0 + 1);
      h = Math.max(h, c[1] - y0 + 1);
    });
    picture.setAttribute("viewBox", "0 0 " + (w * 12 + 1) + " " + (h * 12 + 1));
    picture.setAttribute("width", w * 12 + 1);
    picture.setAttribute("height", h * 12 + 1);
  }
  function mark() {
    armed = null;
    hint.hidden = true;
    shadow(null);
    grid.querySelectorAll(".legal").forEach(function (c) {
      c.classList.remove("legal");
      c.removeAttribute("tabindex");
      c.removeAttribute("role");
    });
    spots.forEach(function (b) {
      if (shapeOf(b) !== turns[current]) { return; }
      var cell = grid.querySelector('[data-cell="' + b.dataset.cell + '"]');
      if (cell) {
        cell.classList.add("legal");
        cell.setAttribute("tabindex", "0");
        cell.setAttribute("role", "button");
      }
    });
    grid.dataset.shape = turns[current];
    if (turn) { turn.textContent = form.dataset.turn + " (" + (current + 1) + "/" + turns.length + ")"; }
    draw();
  }
  function place(cell) {
    var chosen = cell ? spotAt(cell) : null;
    if (chosen) { chosen.click(); }
  }
  grid.addEventListener("pointerdown", function (event) { touch = event.pointerType === "touch"; });
  grid.addEventListener("pointerover", function (event) {
    var cell = event.target.closest ? event.target.closest(".legal") : null;
    if (!touch) { shadow(cell ? spotAt(cell) : null); }
  });
  grid.addEventListener("focusin", function (event) {
    var cell = event.target.closest ? event.target.closest(".legal") : null;
    shadow(cell ? spotAt(cell) : null);
  });
  grid.addEventListener("click", function (event) {
    var cell = event.target.closest ? event.target.closest(".legal") : null;
    if (!cell) { return; }
    if (touch && armed !== cell) {  // a first tap shows where the piece would lie
      armed = cell;
      shadow(spotAt(cell));
      hint.hidden = false;
      return;
    }
    place(cell);
  });
  grid.addEventListener("keydown", function (event) {
    var cell = event.target.closest ? event.target.closest(".legal") : null;
    if (cell && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); place(cell); }
  });
  document.addEventListener("keydown", function (event) {
    var typing = event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
    if (turn && !typing && (event.key === "r" || event.key === "R")) {
      event.preventDefault();
      turn.click();
      var first = grid.querySelector(".legal");
      if (first && grid.contains(document.activeElement)) { first.focus(); }
    }
  });
  mark();
  if (grid.getBoundingClientRect && grid.scrollIntoView) {
    var box = grid.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) { grid.scrollIntoView({block: "center"}); }
  }
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
