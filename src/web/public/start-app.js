// Starts the app on a page the server rendered (issue 29; src/server/http/first-view.ts puts this in
// place of the app's own <script type="module">). The page is already drawn from its HTML, so the
// app's code is fetched once the page has loaded (its first pictures among it) and painted: the text
// and the main picture do not share a phone's network with 90 kB of code. A classic script, so it can
// read its own data-entry (the built entry's URL).
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
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint);
  // A picture that takes long, or a tab in the background (which paints no frames), does not keep the
  // app away for long.
  setTimeout(start, 3000);
})();
