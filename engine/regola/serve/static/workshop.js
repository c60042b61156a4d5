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
  source.addEventListener("progress", function (event) {
    var data = JSON.parse(event.data);
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
