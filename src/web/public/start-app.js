// Starts the app on a page the server rendered (issue 29; src/server/http/first-view.ts puts this in
// place of the app's own <script type="module">). The page is already drawn from its HTML, so the
// app's code is fetched once the first frame is painted: the text and the main picture do not share
// the network with it. A classic script, so it can read its own data-entry (the built entry's URL).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(entry);
  }
  // After the next frame; a tab in the background paints no frames, so a timer starts it there.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();
