// The studio page: views, the JSON API, jobs with progress and Stop, results and exports.
"use strict";

const PAGE = sessionStorage.getItem("zalg-page") || (() => {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, "0")).join("");
  sessionStorage.setItem("zalg-page", id);
  return id;
})();
// the genres, their editors and design views, as GET /api/genres gives them
let GENRES = [];
const genreNamed = name => GENRES.find(g => g.name === name);
const $ = id => document.getElementById(id);
const PER_PAGE = 10;

// ---- the API --------------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  let data;
  try { data = await response.json(); } catch (e) { data = {error: `${response.status} ${response.statusText}`}; }
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

function say(text) {
  const m = $("message");
  m.textContent = text || ""; m.hidden = !text;
}

// ---- jobs: one at a time per page, progress by server-sent events, Stop ------------------

const job = {id: null, source: null, timer: null, started: 0};

async function stopJob() {
  if (!job.id) return;
  const id = job.id;
  endJob();
  try { await api(`/api/jobs/${id}/stop`, {}); } catch (e) { /* it ended meanwhile */ }
}

function endJob() {
  if (job.source) job.source.close();
  clearInterval(job.timer);
  Object.assign(job, {id: null, source: null, timer: null});
  $("jobbar").hidden = true;
}

function showProgress(state) {
  const bar = $("progress");
  if (state.total) { bar.max = state.total; bar.value = Math.min(state.done, state.total); }
  else bar.removeAttribute("value");
  const of = state.total ? ` ${state.done}/${state.total}` : state.done ? ` ${state.done}` : "";
  $("stage").textContent = state.stage ? `${state.stage}${of}` : "starting…";
}

// Start a task; resolves with its result, or null when it was stopped or replaced.
async function runJob(task, params) {
  await stopJob();
  say("");
  const started = await api("/api/jobs", {page: PAGE, task, params});
  job.id = started.id; job.started = performance.now();
  $("jobbar").hidden = false; showProgress(started);
  job.timer = setInterval(() => {
    $("elapsed").textContent = `${((performance.now() - job.started) / 1000).toFixed(1)} s`;
  }, 200);
  return new Promise((resolve, reject) => {
    const id = started.id;
    const source = new EventSource(`/api/jobs/${id}/events`);
    job.source = source;
    source.onmessage = event => {
      const state = JSON.parse(event.data);
      if (job.id !== id) { source.close(); return resolve(null); }
      showProgress(state);
      if (state.state === "running") return;
      endJob();
      const mb = state.peak_memory ? `, ${Math.round(state.peak_memory / 2 ** 20)} MB` : "";
      const cpu = state.cpu_seconds !== null ? ` (CPU ${state.cpu_seconds} s)` : "";
      $("took").textContent = `${task}: ${state.state} in ${state.seconds} s${cpu}${mb}`;
      if (state.state === "done") resolve(state.result);
      else if (state.state === "stopped") { say("stopped"); resolve(null); }
      else reject(new Error(state.error));
    };
    source.onerror = () => {
      if (job.id !== id) { source.close(); resolve(null); }
    };
  });
}

async function attempt(work) {
  try { return await work(); } catch (e) { say(e.message); return null; }
}

// ---- pictures and exports --------------------------------------------------------------

function picture(host, svgText) {
  host.replaceChildren();
  if (!svgText) return;
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return;
  // the pictures are the genres' own drawings; still, nothing in them may run
  for (const el of svg.querySelectorAll("script, foreignObject")) el.remove();
  for (const el of [svg, ...svg.querySelectorAll("*")])
    for (const a of [...el.attributes]) if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)) el.removeAttribute(a.name);
  host.append(document.importNode(svg, true));
}

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {type}));
  a.download = name; document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The board's URL (the whole of it, wrapped), copy, pzprv3 and SVG downloads, and a link
// that opens it in Solve (unless it is shown there already).
function exports(host, info, svgText, inSolve) {
  host.replaceChildren();
  const url = document.createElement("textarea");
  Object.assign(url, {value: info.url, readOnly: true, className: "url-field", title: "puzz.link URL",
                      rows: 1, spellcheck: false});
  url.setAttribute("aria-label", "puzz.link URL");
  const button = (label, action) => {
    const b = document.createElement("button"); b.type = "button"; b.textContent = label;
    b.addEventListener("click", action); return b;
  };
  const solve = document.createElement("a");
  solve.href = `/?p=${encodeURIComponent(info.url)}`; solve.textContent = "open in Solve";
  host.append(url,
    button("copy URL", () => navigator.clipboard && navigator.clipboard.writeText(info.url)),
    button("pzprv3", () => download(`${info.genre}.pzprv3.txt`, info.pzprv3, "text/plain")),
    button("SVG", () => download(`${info.genre}.svg`, svgText || info.svg, "image/svg+xml")));
  if (!inSolve) host.append(solve);
  url.style.height = "auto"; url.style.height = `${url.scrollHeight + 2}px`;
}

// A list of puzzles (by URL) with pages; clicking one shows it with its exports.
// The difficulty key (how many 4s, 0s, 3s, 1s, 2s, hardest first) in words: "four 1s, one 3".
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
function hintCounts(key) {
  const parts = [];
  ["4", "0", "3", "1", "2"].forEach((digit, i) => {
    const n = key[i];
    if (n > 0) parts.push(`${n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : n} ${digit}${n === 1 ? "" : "s"}`);
  });
  return parts.join(", ");
}

// One page of a listing (result.instances, result.total in all), with "showing a-b of n".
function browser(host, chosen, result, onPage) {
  host.replaceChildren();
  const items = result.instances || [], total = result.total;
  const of = result.at_least ? `at least ${total}` : total;
  const head = document.createElement("h2");
  head.textContent = result.caption;
  const showing = Object.assign(document.createElement("p"), {className: "small showing"});
  showing.textContent = items.length
    ? `showing ${result.offset + 1}-${result.offset + items.length} of ${of}` : `none of ${of}`;
  host.append(head, showing);
  if (!items.length) return;
  const list = document.createElement("ol");
  list.className = "instances"; list.start = result.offset + 1;
  for (const item of items) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button"; b.className = "instance";
    b.textContent = `${item.size} ${result.unit}` + (item.key ? ": " + hintCounts(item.key) : "");
    b.addEventListener("click", () => showPuzzle(chosen, item.url));
    li.append(b); list.append(li);
  }
  host.append(list);
  const nav = document.createElement("div");
  nav.className = "row";
  const page = (label, offset, enabled) => {
    const b = document.createElement("button"); b.type = "button"; b.textContent = label;
    b.disabled = !enabled; b.addEventListener("click", () => onPage(offset)); nav.append(b);
  };
  page("◀ previous", Math.max(0, result.offset - PER_PAGE), result.offset > 0);
  page("next ▶", result.offset + PER_PAGE, BigInt(total) > BigInt(result.offset + items.length));
  host.append(nav);
}

async function showPuzzle(host, url, solutionSvg) {
  const info = await attempt(() => api("/api/puzzle", {source: url}));
  if (!info) return;
  host.replaceChildren();
  const pic = document.createElement("div"); pic.className = "picture";
  picture(pic, solutionSvg || info.svg);
  const ex = document.createElement("div"); ex.className = "row export";
  exports(ex, info, info.svg, false);
  host.append(pic, ex);
  return info;
}

// ---- views -----------------------------------------------------------------------------
// Solve is the studio's own; each genre's design view is built from its studio part's
// "view" data (GET /api/genres): sections of fields, an editor and buttons, and counts.

function mount(template, navId) {
  const view = $("view");
  view.replaceChildren($(template).content.cloneNode(true));
  for (const a of document.querySelectorAll("nav a")) a.removeAttribute("aria-current");
  const nav = $(navId);
  if (nav) nav.setAttribute("aria-current", "page");
}

function num(id) { const v = $(id).value.trim(); return v === "" ? null : Number(v); }

// Load a board into the editor and show its size in the view's inputs.
function loadBoard(editor, board) {
  editor.load(board);
  $("rows").value = board.rows; $("cols").value = board.cols;
}

// Solve: open or draw a board, see its count, one solution and where solutions differ.
function solveView(params) {
  mount("t-solve", "nav-solve");
  for (const g of GENRES) {
    $("genre").append(new Option(g.name, g.name));
    $("draw-genre").append(new Option(g.name, g.name));
  }
  let editor = null, debounce = null;
  const showOptions = () => {
    const genre = genreNamed(editor ? editor.kind : $("genre").value) || GENRES[0];
    const host = $("options"), fields = genre.solve_fields || [];
    if (host.dataset.genre === genre.name) return;
    host.dataset.genre = genre.name;
    host.replaceChildren(...fields.map(field));
    for (const f of fields) $(f.id).addEventListener("change", () => editor && editor.onChange());
  };
  const options = () => Object.fromEntries(
    [...$("options").querySelectorAll("input")].map(i => [i.id, i.checked]));
  const solve = async body => {
    const result = await attempt(() => runJob("solve", {...body, ...options()}));
    if (!result) return;
    $("count").textContent = result.count;
    $("verdict").textContent = result.count === "0" ? "no solution" : result.unique ? "unique solution" : "solutions";
    $("differences").textContent = result.differences || "";
    picture($("solution"), result.solution_svg || result.svg);
    exports($("export"), result, result.solution_svg, true);
  };
  const makeEditor = (genre, rows, cols) => {
    $("rows").value = rows; $("cols").value = cols; $("draw-genre").value = genre;
    editor = new Editor($("editor"), $("tools"), $("keys"), genreNamed(genre).editor, rows, cols, () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => solve({genre: editor.kind, board: editor.board()}), 250);
    }, genre);
    showOptions();
  };
  const open = async text => {
    clearTimeout(debounce);
    const info = await attempt(() => api("/api/puzzle", {source: text, genre: $("genre").value}));
    if (!info) return;
    makeEditor(info.genre, info.rows, info.cols);
    loadBoard(editor, info.board);
    await solve({source: text, genre: info.genre});
  };
  $("open").addEventListener("click", () => open($("source").value));
  $("genre").addEventListener("change", showOptions);
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (!f) return;
    if (f.size > 1 << 20) return say("the file is larger than 1 MB");
    $("source").value = await f.text();
    open($("source").value);
  });
  $("new").addEventListener("click", () => {
    makeEditor($("draw-genre").value, num("rows"), num("cols"));
    editor.onChange();
  });
  $("source").placeholder = GENRES[0].examples.at(-1);
  makeEditor(GENRES[0].name, 5, 5);
  if (params.get("p")) { $("source").value = params.get("p"); open(params.get("p")); }
  else solve({genre: editor.kind, board: editor.board()});  // a blank board has a count too
}

// A field of a view: {id, label, type: number | checkbox | select, min, max, value,
// placeholder, options: [[value, label]]}.
function field(spec) {
  const label = document.createElement("label");
  let input;
  if (spec.type === "select") {
    input = document.createElement("select");
    for (const [value, text] of spec.options) input.append(new Option(text, value));
  } else {
    input = document.createElement("input");
    input.type = spec.type;
    for (const k of ["min", "max", "value", "placeholder"]) if (spec[k] !== undefined) input[k] = spec[k];
  }
  input.id = spec.id;
  if (spec.type === "checkbox") label.append(input, ` ${spec.label}`);
  else label.append(`${spec.label} `, input);
  return label;
}

function fieldValue(id) {
  const el = $(id);
  return el.type === "checkbox" ? el.checked : el.type === "number" ? num(id) : el.value;
}

// A task's parameter from the view: "field:ID", "board" (the editor's board),
// "layer:NAME" (a layer's rows, # marked) or "layer-unless-full:NAME:MARK" (null if all set).
function paramValue(source, editor) {
  const [kind, name, mark] = source.split(":");
  if (kind === "field") return fieldValue(name);
  if (kind === "board") return editor.board();
  if (kind === "layer") return editor.rowsText(editor[name], "#");
  if (kind === "layer-unless-full")
    return editor[name].every(row => row.every(Boolean)) ? null : editor.rowsText(editor[name], mark);
  throw new Error(`unknown parameter source ${source}`);
}

function countsTable(host, counts) {
  const table = document.createElement("table");
  table.className = "counts";
  for (const [id, label] of counts) {
    const row = table.insertRow();
    row.append(Object.assign(document.createElement("th"), {textContent: label}));
    Object.assign(row.insertCell(), {id, textContent: "–"});
  }
  host.append(table, Object.assign(document.createElement("table"), {id: "by-size", className: "counts"}));
}

function showListing(result, onPage) {
  for (const [id, n] of Object.entries(result.counts || {})) if ($(id)) $(id).textContent = n;
  const table = $("by-size");
  table.replaceChildren();
  if (result.by_size) {
    table.insertRow().append(...[result.size_label, "sets"].map(t => Object.assign(document.createElement("th"), {textContent: t})));
    for (const [k, n] of result.by_size) { const row = table.insertRow(); row.insertCell().textContent = k; row.insertCell().textContent = n; }
  }
  browser($("browser"), $("chosen"), result, onPage);
  if (result.random && result.random.length) {
    const b = document.createElement("button");
    b.type = "button"; b.id = "random"; b.textContent = "a random good instance";
    b.addEventListener("click", () => showPuzzle($("chosen"), result.random[0].url));
    $("browser").append(b);
  }
}

// A genre's design view, from its studio part's "view".
function designView(genre, params) {
  mount("t-design", `nav-${genre.name}`);
  const spec = genre.view, left = $("design-left");
  let editor = null, last = null, offset = 0;
  const buttons = {};
  for (const section of spec.sections) {
    if (section.heading) left.append(Object.assign(document.createElement("h2"), {textContent: section.heading}));
    const row = Object.assign(document.createElement("div"), {className: "row"});
    row.append(...(section.fields || []).map(field));
    left.append(row);
    for (const b of section.buttons || []) {
      const el = Object.assign(document.createElement("button"), {type: "button", id: b.id, textContent: b.label});
      if (b.primary) el.className = "primary";
      buttons[b.id] = b; row.append(el);
    }
    if (section.editor) {
      const tools = Object.assign(document.createElement("div"), {id: "tools", className: "row tools"});
      const host = Object.assign(document.createElement("div"), {id: "editor", className: "editor"});
      const keys = Object.assign(document.createElement("p"), {id: "keys", className: "hint"});
      left.append(tools, host, keys);
      editor = new Editor(host, tools, keys, section.editor, num("rows"), num("cols"), null, genre.name);
    }
  }
  countsTable($("design-counts"), spec.counts);
  const runTask = async (b, resetOffset) => {
    if (resetOffset) offset = 0;
    const body = {genre: genre.name};
    for (const [k, source] of Object.entries(b.params || {})) body[k] = paramValue(source, editor);
    if (b.show === "listing") Object.assign(body, {offset, limit: PER_PAGE});
    const result = await attempt(() => runJob(`${genre.name}.${b.task}`, body));
    if (!result) return;
    if (b.show === "listing") showListing(result, o => { offset = o; runTask(b, false); });
    else { last = result; generated($("chosen"), result); }
  };
  const actions = {
    new: () => editor.reset(num("rows"), num("cols")),
    fill: b => { editor[b.layer] = editor[b.layer].map(row => row.map(() => true)); editor.render(); },
    "use-generated": () => {
      if (!last) return say("generate a board first");
      loadBoard(editor, last.board);
      for (const [layer, rows] of Object.entries(last.layers || {}))
        rows.split("/").forEach((line, r) => [...line].forEach((ch, c) => { editor[layer][r][c] = ch === "#"; }));
      editor.render();
    },
  };
  for (const [id, b] of Object.entries(buttons))
    $(id).addEventListener("click", () => (b.task ? runTask(b, true) : actions[b.action](b)));
  for (const [key, q] of Object.entries(spec.query || {})) {
    const value = params.get(key);
    if (!value) continue;
    const then = () => runTask(buttons[q.then], true);
    if (q.load.startsWith("layer:")) {
      editor.loadRows(value, q.load.slice(6), "#");
      $("rows").value = editor.rows; $("cols").value = editor.cols; then();
    } else if (q.load === "size") {
      const [r, c] = value.split("x"); $("rows").value = r; $("cols").value = c; then();
    } else if (q.load === "puzzle") {
      attempt(() => api("/api/puzzle", {source: value, genre: genre.name}))
        .then(info => { if (info) { loadBoard(editor, info.board); then(); } });
    }
  }
}

function generated(host, result) {
  host.replaceChildren();
  const h = document.createElement("h2"); h.textContent = `Generated: ${result.caption}`;
  const board = document.createElement("div"); board.className = "picture";
  const answer = document.createElement("div"); answer.className = "picture";
  picture(board, result.svg); picture(answer, result.solution_svg);
  const ex = document.createElement("div"); ex.className = "row export";
  exports(ex, result, result.svg, false);
  const pics = document.createElement("div"); pics.className = "row"; pics.append(board, answer);
  host.append(h, pics, ex);
}

function route() {
  say("");
  stopJob();
  // "#" (a cell inside a loop) starts the fragment when a link holds it unencoded
  const params = new URLSearchParams((location.search + location.hash).replace(/#/g, "%23"));
  const m = location.pathname.match(/^\/design\/([a-z0-9_]+)$/);
  const genre = m && genreNamed(m[1]);
  if (genre && genre.view) designView(genre, params);
  else solveView(params);
}

// The genres from the server, a design link for each, then the view the address names.
async function start() {
  const data = await attempt(() => api("/api/genres"));
  if (!data) return;
  GENRES = data.genres;
  const nav = document.querySelector("nav");
  for (const g of GENRES) {
    if (!g.view) continue;
    const a = Object.assign(document.createElement("a"), {href: `/design/${g.name}`, id: `nav-${g.name}`,
                                                         textContent: g.view.title});
    a.dataset.nav = ""; nav.append(a);
  }
  route();
}

document.addEventListener("click", event => {
  const a = event.target.closest("a[data-nav]");
  if (!a || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  history.pushState(null, "", a.getAttribute("href"));
  route();
});
window.addEventListener("popstate", route);
window.addEventListener("pagehide", () => {
  if (job.id) fetch(`/api/jobs/${job.id}/stop`, {method: "POST", keepalive: true,
    headers: {"Content-Type": "application/json"}, body: "{}"});
});
$("stop").addEventListener("click", async () => { await stopJob(); say("stopped"); });
start();
