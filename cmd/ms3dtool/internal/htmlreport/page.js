// Sorting and filtering of the report's table. The rows come in worst
// first order (data-rank); a click on a column's header sorts by it (the
// numbers most first, names A to Z; a second click turns the order),
// ties keep the worst first.
(function () {
  "use strict";
  var table = document.getElementById("models");
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells).filter(function (th) { return th.dataset.key; });
  var filter = document.getElementById("filter");
  var show = document.getElementById("show");
  var shown = document.getElementById("shown");
  var current = null, direction = 1;

  function value(row, key, numeric) {
    var v = row.dataset[key];
    return numeric ? Number(v) : v.toLowerCase();
  }

  function sortBy(th, dir) {
    var key = th ? th.dataset.key : "rank";
    var numeric = th ? th.hasAttribute("data-num") : true;
    rows.sort(function (a, b) {
      var x = value(a, key, numeric), y = value(b, key, numeric);
      var c = (x < y ? -1 : x > y ? 1 : 0) * dir;
      return c || value(a, "rank", true) - value(b, "rank", true);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    heads.forEach(function (h) {
      h.setAttribute("aria-sort", h === th ? (dir > 0 ? "ascending" : "descending") : "none");
    });
    current = th;
    direction = dir;
  }

  heads.forEach(function (th) {
    th.querySelector("button").addEventListener("click", function () {
      var dir = th === current ? -direction : (th.hasAttribute("data-num") ? -1 : 1);
      sortBy(th, dir);
    });
  });
  document.getElementById("worst").addEventListener("click", function () { sortBy(null, 1); });

  function applyFilter() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var what = show.value, n = 0;
    rows.forEach(function (r) {
      var text = r.dataset.text.toLowerCase();
      var ok = words.every(function (w) { return text.indexOf(w) >= 0; });
      if (what === "unreadable") ok = ok && r.dataset.unreadable === "1";
      if (what === "errors") ok = ok && Number(r.dataset.errors) > 0;
      if (what === "warnings") ok = ok && Number(r.dataset.warnings) > 0;
      if (what === "missing") ok = ok && Number(r.dataset.missing) > 0;
      r.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = n === rows.length ? "" : "showing " + n + " of " + rows.length;
  }
  filter.addEventListener("input", applyFilter);
  show.addEventListener("change", applyFilter);
})();
