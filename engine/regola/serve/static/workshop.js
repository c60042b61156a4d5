// The workshop's job page, live: the progress bar follows the job over Server-Sent Events. Without
// JavaScript the page reloads itself every few seconds instead (a meta refresh), so nothing depends on this.
(function () {
  "use strict";
  var main = document.querySelector("main.job[data-events]");
  if (!main || !window.EventSource) { return; }
  var refresh = document.querySelector('meta[http-equiv="refresh"]');
  if (refresh) { refresh.parentNode.removeChild(refresh); }
  var bar = main.querySelector("progress");
  var count = main.querySelector(".count");
  var source = new EventSource(main.getAttribute("data-events"));
  var seen = null;  // the job's state and its place in the line when the page was drawn
  source.addEventListener("progress", function (event) {
    var data = JSON.parse(event.data);
    var now = data.state + ":" + data.ahead;
    if (seen === null) { seen = now; }
    if (now !== seen && data.state !== "done" && data.state !== "failed") {
      source.close();
      window.location.reload();  // its turn came nearer, or it began: the page says so in words
      return;
    }
    bar.max = data.total;
    bar.value = data.played;
    if (count) { count.textContent = data.played + " / " + data.total; }
    if (data.state === "done" || data.state === "failed") {
      source.close();
      window.location.reload();  // the finished page: the report's link, or why it failed
    }
  });
  source.onerror = function () { source.close(); setTimeout(function () { window.location.reload(); }, 3000); };
}());

// The workshop's form: a parameter of a mechanic's form shows only while its form is chosen (its label
// names the form, so without JavaScript every parameter shows and the server reads only the chosen ones).
(function () {
  "use strict";
  var form = document.querySelector("main.workshop form");
  if (!form) { return; }
  var fields = form.querySelectorAll("[data-when]");
  if (!fields.length) { return; }
  function chosen(name) {
    var select = form.querySelector('select[name="' + name.replace(/["\\]/g, "\\$&") + '"]');
    return select ? select.value : null;
  }
  function update() {
    fields.forEach(function (field) {
      var shown = field.getAttribute("data-when").split(";").every(function (condition) {
        var at = condition.lastIndexOf("=");
        return condition.slice(at + 1).split("|").indexOf(chosen(condition.slice(0, at))) >= 0;
      });
      field.hidden = !shown;
    });
  }
  form.addEventListener("change", function (event) {
    if (event.target.hasAttribute("data-kind")) { update(); }
  });
  update();
}());
