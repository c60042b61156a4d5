// regola tables: follow the table live. The page works without this file (every choice is a form);
// this only reloads it when the table moves, through server-sent events that reconnect by themselves
// and resume from the last line seen (Last-Event-ID).
(function () {
  "use strict";
  var body = document.body, url = body.dataset.events, shown = parseInt(body.dataset.n || "0", 10);
  if (!url || !window.EventSource) { return; }
  var source = new EventSource(url);
  source.addEventListener("update", function (event) {
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (message.n !== shown || message.reset) {
      source.close();
      location.reload();
    }
  });
  // a choice sent: no reload from the stream while the form is on its way
  document.querySelectorAll("form.choices, form.back").forEach(function (form) {
    form.addEventListener("submit", function () { source.close(); });
  });
})();
