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
    // The page carries only the style rules its first view uses; the app draws more (menus, dialogs,
    // the cart count), so the whole stylesheet, linked but disabled, is turned on first and the app
    // runs once it has applied. Its code downloads meanwhile.
    var preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = entry;
    document.head.appendChild(preload);
    var sheets = document.querySelectorAll('link[rel="stylesheet"][disabled]');
    var waiting = sheets.length;
    var ran = false;
    function run() {
      if (ran) return;
      ran = true;
      import(entry);
    }
    function applied() {
      waiting -= 1;
      if (waiting <= 0) run();
    }
    if (!waiting) return run();
    for (var i = 0; i < sheets.length; i++) {
      sheets[i].addEventListener('load', applied);
      sheets[i].addEventListener('error', applied);
      sheets[i].disabled = false;
    }
    // A stylesheet that never answers does not keep the app away.
    setTimeout(run, 3000);
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
