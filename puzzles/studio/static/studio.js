// The studio page: views, the JSON API, jobs with progress and Stop, results and exports.
"use strict";

const PAGE = sessionStorage.getItem("zalg-page") || (() => {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, "0")).join("");
  sessionStorage.setItem("zalg-page", id);
  return id;
})();
const GENRES = ["slitherlink", "numberlink", "nagareru", "nurimeizu"];
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

function exports(host, info, svgText) {
  host.replaceChildren();
  const url = document.createElement("input");
  Object.assign(url, {value: info.url, readOnly: true, className: "url-field", title: "puzz.link URL"});
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
    button("SVG", () => download(`${info.genre}.svg`, svgText || info.svg, "image/svg+xml")),
    solve);
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

function browser(host, chosen, result, total, onPage, caption) {
  host.replaceChildren();
  const items = result.instances || [];
  const head = document.createElement("h2");
  head.textContent = caption;
  host.append(head);
  if (!items.length) { host.append(Object.assign(document.createElement("p"), {textContent: "none"})); return; }
  const list = document.createElement("ol");
  list.className = "instances"; list.start = result.offset + 1;
  for (const item of items) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button"; b.className = "instance";
    b.textContent = item.key
      ? `${item.size} hints: ` + hintCounts(item.key)
      : `${item.size} ${caption.includes("icon") ? "icons" : caption.includes("Instances") ? "pairs" : "clues"}`;
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
  exports(ex, info, info.svg);
  host.append(pic, ex);
  return info;
}

// ---- views -----------------------------------------------------------------------------

function mount(template) {
  const view = $("view");
  view.replaceChildren($(template).content.cloneNode(true));
  for (const a of document.querySelectorAll("nav a")) a.removeAttribute("aria-current");
  const nav = $(template === "t-solve" ? "nav-solve" : `nav-${template.slice(2)}`);
  if (nav) nav.setAttribute("aria-current", "page");
}

function num(id) { const v = $(id).value.trim(); return v === "" ? null : Number(v); }

function editorFor(kind, rowsId, colsId, onChange) {
  return new Editor($("editor"), $("tools"), $("keys"), kind, num(rowsId), num(colsId), onChange);
}

// Load a board into the editor and show its size in the view's inputs.
function loadBoard(editor, board) {
  editor.load(board);
  $("rows").value = board.rows; $("cols").value = board.cols;
}

// Solve: open or draw a board, see its count, one solution and where solutions differ.
function solveView(params) {
  mount("t-solve");
  for (const g of GENRES) {
    $("genre").append(new Option(g, g));
    $("draw-genre").append(new Option(g, g));
  }
  let editor = null, debounce = null;
  const showCover = () => {
    const g = editor ? editor.kind : $("genre").value;
    for (const el of document.querySelectorAll(".numberlink-only")) el.hidden = g !== "numberlink";
  };
  const solve = async body => {
    const result = await attempt(() => runJob("solve", {...body, cover: $("cover").checked}));
    if (!result) return;
    $("count").textContent = result.count;
    $("verdict").textContent = result.count === "0" ? "no solution" : result.unique ? "unique solution" : "solutions";
    $("differences").textContent = result.differences || "";
    picture($("solution"), result.solution_svg || result.svg);
    exports($("export"), result, result.solution_svg);
  };
  const makeEditor = (genre, rows, cols) => {
    $("rows").value = rows; $("cols").value = cols; $("draw-genre").value = genre;
    editor = editorFor(genre, "rows", "cols", () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => solve({genre: editor.kind, board: editor.board()}), 250);
    });
    showCover();
  };
  const open = async text => {
    const info = await attempt(() => api("/api/puzzle", {source: text, genre: $("genre").value}));
    if (!info) return;
    makeEditor(info.genre, info.rows, info.cols);
    loadBoard(editor, info.board);
    await solve({source: text, genre: info.genre});
  };
  $("open").addEventListener("click", () => open($("source").value));
  $("genre").addEventListener("change", showCover);
  $("cover").addEventListener("change", () => editor && editor.onChange());
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
  makeEditor("slitherlink", 5, 5);
  if (params.get("p")) { $("source").value = params.get("p"); open(params.get("p")); }
}

// Slitherlink: a loop -> good, minimal and minimum hint sets, ranked.
function slitherlinkView(params) {
  mount("t-slitherlink");
  let editor = editorFor("loop", "rows", "cols"), offset = 0;
  const compute = async () => {
    const loop = editor.rowsText(editor.inside, "#");
    const all = editor.cand.every(row => row.every(Boolean));
    const body = {loop, offset, limit: PER_PAGE, candidates: all ? null : editor.rowsText(editor.cand, "x")};
    const result = await attempt(() => runJob("slitherlink.design", body));
    if (!result) return;
    for (const k of ["good", "minimal", "minimum"]) $(k).textContent = result[k];
    const size = result.minimum_size === null ? "" : ` with ${result.minimum_size} hints`;
    browser($("browser"), $("chosen"), result, result.minimum, o => { offset = o; compute(); },
            `Minimum hint sets${size}, hardest first (4s, 0s, 3s, 1s, 2s)`);
  };
  $("new").addEventListener("click", () => { editor.reset(num("rows"), num("cols")); });
  $("all-candidates").addEventListener("click", () => {
    editor.cand = editor.cand.map(row => row.map(() => true)); editor.render();
  });
  $("compute").addEventListener("click", () => { offset = 0; compute(); });
  if (params.get("loop")) {
    editor.loadRows(params.get("loop"), "inside", "#");
    $("rows").value = editor.rows; $("cols").value = editor.cols;
    compute();
  }
}

// Numberlink: every good instance of a grid, by size; a random good instance.
function numberlinkView(params) {
  mount("t-numberlink");
  let offset = 0, seed = 0;
  const compute = async () => {
    const body = {rows: num("rows"), cols: num("cols"), max_pairs: num("max-pairs"),
                  minimum: $("only-minimum").checked, offset, limit: PER_PAGE, seed};
    const result = await attempt(() => runJob("numberlink.instances", body));
    if (!result) return;
    $("good").textContent = result.good; $("minimum").textContent = result.minimum;
    const table = $("by-size");
    table.replaceChildren();
    table.insertRow().append(...["pairs", "instances"].map(t => Object.assign(document.createElement("th"), {textContent: t})));
    for (const [k, n] of result.by_size) { const row = table.insertRow(); row.insertCell().textContent = k; row.insertCell().textContent = n; }
    const shown = $("only-minimum").checked ? result.minimum : result.good;
    browser($("browser"), $("chosen"), result, shown, o => { offset = o; compute(); }, "Instances");
    if (result.random.length) {
      const b = document.createElement("button");
      b.type = "button"; b.id = "random"; b.textContent = "a random good instance";
      b.addEventListener("click", () => showPuzzle($("chosen"), result.random[0].url).then(() => { seed += 1; }));
      $("browser").append(b);
    }
  };
  $("compute").addEventListener("click", () => { offset = 0; compute(); });
  $("generate").addEventListener("click", async () => {
    const body = {rows: num("g-rows"), cols: num("g-cols"), pairs: num("g-pairs"), seed: num("g-seed")};
    const result = await attempt(() => runJob("numberlink.generate", body));
    if (result) generated($("chosen"), result, `${result.pairs} pairs, seed ${result.seed}`);
  });
  if (params.get("size")) {
    const [r, c] = params.get("size").split("x");
    $("rows").value = r; $("cols").value = c; compute();
  }
}

function generated(host, result, caption) {
  host.replaceChildren();
  const h = document.createElement("h2"); h.textContent = `Generated: ${caption}`;
  const board = document.createElement("div"); board.className = "picture";
  const answer = document.createElement("div"); answer.className = "picture";
  picture(board, result.svg); picture(answer, result.solution_svg);
  const ex = document.createElement("div"); ex.className = "row export";
  exports(ex, result, result.svg);
  const pics = document.createElement("div"); pics.className = "row"; pics.append(board, answer);
  host.append(h, pics, ex);
}

// Nagareru: interesting instances from the knobs; minimal clue sets of a drawn board.
function nagareruView(params) {
  mount("t-nagareru");
  let editor = editorFor("nagareru", "rows", "cols"), offset = 0, last = null;
  $("new").addEventListener("click", () => editor.reset(num("rows"), num("cols")));
  $("generate").addEventListener("click", async () => {
    const body = {rows: num("g-rows"), cols: num("g-cols"), white: num("g-white"), spread: num("g-spread"),
                  min_length: num("g-min"), max_length: num("g-max"), seed: num("g-seed")};
    const result = await attempt(() => runJob("nagareru.generate", body));
    if (!result) return;
    last = result;
    generated($("chosen"), result, `${result.arrows} arrows, ${result.fans} fans, seed ${result.seed}`);
  });
  $("use-generated").addEventListener("click", () => { if (last) loadBoard(editor, last.board); else say("generate a board first"); });
  const compute = async () => {
    const result = await attempt(() => runJob("nagareru.reduce", {genre: "nagareru", board: editor.board(), offset, limit: PER_PAGE}));
    if (!result) return;
    $("minimal").textContent = result.minimal; $("minimum").textContent = result.minimum;
    browser($("browser"), $("chosen"), result, result.minimum, o => { offset = o; compute(); }, "Minimum clue sets");
  };
  $("compute").addEventListener("click", () => { offset = 0; compute(); });
  if (params.get("p")) attempt(() => api("/api/puzzle", {source: params.get("p"), genre: "nagareru"}))
    .then(info => { if (info) { loadBoard(editor, info.board); compute(); } });
}

// Nurimeizu: a drawn maze and its colouring -> icon sets; unique mazes generated.
function nurimeizuView(params) {
  mount("t-nurimeizu");
  let editor = editorFor("maze", "rows", "cols"), offset = 0, last = null;
  $("new").addEventListener("click", () => editor.reset(num("rows"), num("cols")));
  $("use-generated").addEventListener("click", () => {
    if (!last) return say("generate a maze first");
    loadBoard(editor, last.board);
    last.black.split("/").forEach((line, r) => [...line].forEach((ch, c) => { editor.black[r][c] = ch === "#"; }));
    editor.render();
  });
  const compute = async () => {
    const body = {genre: "nurimeizu", board: editor.board(), black: editor.rowsText(editor.black, "#"), offset, limit: PER_PAGE};
    const result = await attempt(() => runJob("nurimeizu.icons", body));
    if (!result) return;
    for (const k of ["good", "minimal", "minimum"]) $(k).textContent = result[k];
    const size = result.minimum_size === null ? "" : ` with ${result.minimum_size} icons`;
    browser($("browser"), $("chosen"), result, result.minimum, o => { offset = o; compute(); }, `Minimum icon sets${size}`);
  };
  $("compute").addEventListener("click", () => { offset = 0; compute(); });
  $("generate").addEventListener("click", async () => {
    const body = {rows: num("g-rows"), cols: num("g-cols"), largest_room: num("g-room"), seed: num("g-seed")};
    const result = await attempt(() => runJob("nurimeizu.generate", body));
    if (result) last = result;
    if (result) generated($("chosen"), result, `${result.rooms} rooms, seed ${result.seed}`);
  });
}

const VIEWS = {slitherlink: slitherlinkView, numberlink: numberlinkView, nagareru: nagareruView, nurimeizu: nurimeizuView};

function route() {
  say("");
  stopJob();
  // "#" (a cell inside a loop) starts the fragment when a link holds it unencoded
  const params = new URLSearchParams((location.search + location.hash).replace(/#/g, "%23"));
  const m = location.pathname.match(/^\/design\/([a-z]+)$/);
  if (m && VIEWS[m[1]]) VIEWS[m[1]](params);
  else solveView(params);
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
route();
