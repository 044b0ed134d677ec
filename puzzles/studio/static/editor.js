// The studio's grid editor: draws a board as SVG and edits it by mouse, touch or keyboard.
// Kinds: slitherlink, numberlink, nagareru, nurimeizu (boards to solve), loop (a
// Slitherlink loop and its candidate cells), maze (a Nurimeizu board and its black cells).
"use strict";

const CELL = 36, PAD = 8, NEAR = 7;

const TOOLS = {
  slitherlink: [["cycle", "click: blank → 0 → 1 → 2 → 3 → ? → blank"]],
  numberlink: [["number", "click: place the number, again: clear"], ["erase", "erase"]],
  nagareru: [["u", "↑"], ["d", "↓"], ["l", "←"], ["r", "→"], ["N", "■ black"],
             ["U", "■↑"], ["D", "■↓"], ["L", "■←"], ["R", "■→"], ["erase", "erase"]],
  nurimeizu: [["S", "S"], ["G", "G"], ["o", "○ circle"], ["t", "△ triangle"], ["erase", "erase icon"]],
  maze: [["black", "■ black cell"], ["S", "S"], ["G", "G"], ["erase", "erase"]],
  loop: [["inside", "inside the loop"], ["candidate", "candidate cell"]],
};

const KEYS = {
  slitherlink: "Arrows move; 0-4 or ? set the hint; Backspace clears.",
  numberlink: "Arrows move; type a number; Backspace clears.",
  nagareru: "Arrows move; u d l r white arrow; U D L R black arrow; b black; Backspace clears.",
  nurimeizu: "Arrows move; Shift+arrow toggles a wall; s g o t place S, G, circle, triangle; Backspace clears. Click near a cell side to toggle its wall.",
  maze: "Arrows move; Shift+arrow toggles a wall; b toggles black; s g place S and G; Backspace clears. Click near a cell side to toggle its wall.",
  loop: "Arrows move; Space toggles inside; c toggles candidate.",
};

const ARROW = {u: "↑", d: "↓", l: "←", r: "→", U: "↑", D: "↓", L: "←", R: "→"};
const MOVES = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

function grid(rows, cols, value) {
  return Array.from({length: rows}, () => Array.from({length: cols}, () => value));
}

function svgEl(name, attrs, text) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

class Editor {
  constructor(host, tools, keys, kind, rows, cols, onChange) {
    this.host = host; this.toolsHost = tools; this.kind = kind; this.onChange = onChange;
    this.tool = TOOLS[kind][0][0]; this.number = 1; this.typed = ""; this.typedAt = 0;
    keys.textContent = KEYS[kind];
    this.reset(rows, cols);
    this.drawTools();
  }

  reset(rows, cols) {
    this.rows = rows; this.cols = cols; this.cursor = [0, 0];
    const blank = {nagareru: ".", nurimeizu: ".", maze: "."}[this.kind] ?? null;
    this.cells = grid(rows, cols, blank);
    this.hwall = grid(rows, cols, false);  // wall below a cell
    this.vwall = grid(rows, cols, false);  // wall right of a cell
    this.black = grid(rows, cols, false);
    this.inside = grid(rows, cols, false);
    this.cand = grid(rows, cols, true);
    this.render();
  }

  drawTools() {
    const host = this.toolsHost;
    host.replaceChildren();
    for (const [name, label] of TOOLS[this.kind]) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.tool = name;
      b.setAttribute("aria-pressed", String(name === this.tool));
      b.addEventListener("click", () => {
        this.tool = name;
        for (const x of host.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
      });
      host.append(b);
    }
    if (this.kind === "numberlink") {
      const label = document.createElement("label");
      label.textContent = "number ";
      const input = document.createElement("input");
      Object.assign(input, {type: "number", min: 1, max: 999, value: this.number, id: "tool-number"});
      input.addEventListener("input", () => { this.number = Math.max(1, parseInt(input.value, 10) || 1); });
      label.append(input); host.append(label);
    }
  }

  // ---- the board as the API takes it, and back
  board() {
    const b = {rows: this.rows, cols: this.cols};
    if (this.kind === "nurimeizu" || this.kind === "maze") {
      b.rooms = this.roomNumbers();
      b.icons = this.cells.map(row => row.map(v => v ?? "."));
    } else {
      b.cells = this.cells.map(row => row.slice());
    }
    return b;
  }

  load(board) {
    this.reset(board.rows, board.cols);
    if (board.rooms) {
      for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) {
        this.cells[r][c] = board.icons[r][c] ?? ".";
        this.hwall[r][c] = r + 1 < this.rows && board.rooms[r][c] !== board.rooms[r + 1][c];
        this.vwall[r][c] = c + 1 < this.cols && board.rooms[r][c] !== board.rooms[r][c + 1];
      }
    } else if (board.cells) {
      this.cells = board.cells.map(row => row.slice());
    }
    this.render();
  }

  roomNumbers() {
    const rooms = grid(this.rows, this.cols, -1);
    let next = 0;
    for (let r0 = 0; r0 < this.rows; r0++) for (let c0 = 0; c0 < this.cols; c0++) {
      if (rooms[r0][c0] >= 0) continue;
      const stack = [[r0, c0]]; rooms[r0][c0] = next;
      while (stack.length) {
        const [r, c] = stack.pop();
        const open = [[r - 1, c, r > 0 && !this.hwall[r - 1][c]], [r + 1, c, !this.hwall[r][c]],
                      [r, c - 1, c > 0 && !this.vwall[r][c - 1]], [r, c + 1, !this.vwall[r][c]]];
        for (const [rr, cc, ok] of open) {
          if (ok && rr >= 0 && rr < this.rows && cc >= 0 && cc < this.cols && rooms[rr][cc] < 0) {
            rooms[rr][cc] = next; stack.push([rr, cc]);
          }
        }
      }
      next++;
    }
    return rooms;
  }

  rowsText(flags, mark) {
    return flags.map(row => row.map(v => (v ? mark : ".")).join("")).join("/");
  }

  loadRows(text, target, mark) {
    const lines = text.split("/");
    this.reset(lines.length, lines[0].length);
    lines.forEach((line, r) => [...line].forEach((ch, c) => { this[target][r][c] = ch === mark; }));
    this.render();
  }

  // ---- editing
  apply(r, c, key) {
    const k = this.kind, v = this.cells[r][c];
    if (k === "slitherlink") {
      const order = [null, 0, 1, 2, 3, "?"];
      this.cells[r][c] = key !== undefined ? key : order[(order.indexOf(v) + 1) % order.length];
    } else if (k === "numberlink") {
      this.cells[r][c] = key !== undefined ? key : (this.tool === "erase" || v === this.number ? null : this.number);
    } else if (k === "nagareru") {
      const t = key !== undefined ? key : this.tool === "erase" ? "." : this.tool;
      this.cells[r][c] = key === undefined && v === t ? "." : t;
    } else if (k === "loop") {
      const which = key ?? this.tool;
      if (which === "inside") this.inside[r][c] = !this.inside[r][c];
      else this.cand[r][c] = !this.cand[r][c];
    } else {
      const t = key ?? this.tool;
      if (t === "black") this.black[r][c] = !this.black[r][c];
      else if (t === "erase") { this.cells[r][c] = "."; this.black[r][c] = false; }
      else this.cells[r][c] = v === t ? "." : t;
    }
    this.changed();
  }

  toggleWall(r, c, dr, dc) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= this.rows || cc >= this.cols) return;
    if (dr) { const top = Math.min(r, rr); this.hwall[top][c] = !this.hwall[top][c]; }
    else { const left = Math.min(c, cc); this.vwall[r][left] = !this.vwall[r][left]; }
    this.changed();
  }

  changed() { this.render(); if (this.onChange) this.onChange(); }

  click(event) {
    const svg = this.svg, box = svg.getBoundingClientRect();
    const scale = (this.cols * CELL + 2 * PAD) / box.width;
    const x = (event.clientX - box.left) * scale - PAD, y = (event.clientY - box.top) * scale - PAD;
    const c = Math.floor(x / CELL), r = Math.floor(y / CELL);
    if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return;
    this.cursor = [r, c];
    if (this.kind === "nurimeizu" || this.kind === "maze") {
      const fx = x - c * CELL, fy = y - r * CELL;
      if (fx < NEAR && c > 0) return this.toggleWall(r, c, 0, -1);
      if (fx > CELL - NEAR && c + 1 < this.cols) return this.toggleWall(r, c, 0, 1);
      if (fy < NEAR && r > 0) return this.toggleWall(r, c, -1, 0);
      if (fy > CELL - NEAR && r + 1 < this.rows) return this.toggleWall(r, c, 1, 0);
    }
    this.apply(r, c);
  }

  key(event) {
    const [r, c] = this.cursor, k = event.key, kind = this.kind;
    if (MOVES[k]) {
      const [dr, dc] = MOVES[k];
      if (event.shiftKey && (kind === "nurimeizu" || kind === "maze")) this.toggleWall(r, c, dr, dc);
      else { this.cursor = [Math.min(this.rows - 1, Math.max(0, r + dr)), Math.min(this.cols - 1, Math.max(0, c + dc))]; this.render(); }
    } else if (k === "Backspace" || k === "Delete" || k === ".") {
      const blank = {slitherlink: null, numberlink: null, nagareru: "."}[kind];
      if (kind === "loop") { this.inside[r][c] = false; this.changed(); }
      else if (blank !== undefined) this.apply(r, c, blank);
      else this.apply(r, c, "erase");
    } else if (k === " " || k === "Enter") {
      this.apply(r, c);
    } else if (!this.typedKey(r, c, k)) {
      return;
    }
    event.preventDefault();
  }

  typedKey(r, c, k) {
    const kind = this.kind;
    if (kind === "slitherlink" && /^[0-4?]$/.test(k)) this.apply(r, c, k === "?" ? "?" : Number(k));
    else if (kind === "numberlink" && /^[0-9]$/.test(k)) {
      const now = Date.now();
      this.typed = (now - this.typedAt < 1000 ? this.typed : "") + k; this.typedAt = now;
      const n = parseInt(this.typed, 10);
      this.apply(r, c, n > 0 ? n : null);
    } else if (kind === "nagareru" && /^[udlrUDLR]$/.test(k)) this.apply(r, c, k);
    else if (kind === "nagareru" && /^[bBnN]$/.test(k)) this.apply(r, c, "N");
    else if ((kind === "nurimeizu" || kind === "maze") && /^[sSgG]$/.test(k)) this.apply(r, c, k.toUpperCase());
    else if (kind === "nurimeizu" && /^[oOtT]$/.test(k)) this.apply(r, c, k.toLowerCase());
    else if (kind === "maze" && /^[bB]$/.test(k)) this.apply(r, c, "black");
    else if (kind === "loop" && /^[cC]$/.test(k)) this.apply(r, c, "candidate");
    else return false;
    return true;
  }

  // ---- drawing
  render() {
    const W = this.cols * CELL + 2 * PAD, H = this.rows * CELL + 2 * PAD;
    const svg = svgEl("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
                              "aria-label": `${this.rows} by ${this.cols} board`});
    svg.append(svgEl("rect", {x: 0, y: 0, width: W, height: H, fill: "white"}));
    for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) this.drawCell(svg, r, c);
    this.drawLines(svg);
    const [r, c] = this.cursor;
    svg.append(svgEl("rect", {x: PAD + c * CELL + 2, y: PAD + r * CELL + 2, width: CELL - 4,
                              height: CELL - 4, fill: "none", stroke: "#1a73e8", "stroke-width": 2,
                              class: "cursor", "stroke-dasharray": "4 2"}));
    svg.addEventListener("click", e => this.click(e));
    this.svg = svg;
    if (!this.host.hasAttribute("tabindex")) {  // one listener; it serves the newest editor
      this.host.setAttribute("tabindex", "0");
      this.host.setAttribute("role", "application");
      this.host.setAttribute("aria-label", "board editor: arrows move, keys set the cell");
      this.host.addEventListener("keydown", e => this.host.editor.key(e));
    }
    this.host.editor = this;
    this.host.replaceChildren(svg);
  }

  drawCell(svg, r, c) {
    const x = PAD + c * CELL, y = PAD + r * CELL, v = this.cells[r][c], k = this.kind;
    const fill = (k === "loop" && this.inside[r][c]) ? "#c8e6c9"
      : (k === "maze" && this.black[r][c]) || (k === "nagareru" && "NUDLR".includes(v)) ? "#333"
      : "white";
    svg.append(svgEl("rect", {x, y, width: CELL, height: CELL, fill, "data-cell": `${r},${c}`}));
    const text = (s, color) => svg.append(svgEl("text", {x: x + CELL / 2, y: y + CELL * 0.68,
      "text-anchor": "middle", "font-size": CELL * 0.5, "font-family": "sans-serif", fill: color || "#000"}, s));
    if (k === "loop" && this.cand[r][c]) {
      svg.append(svgEl("circle", {cx: x + CELL / 2, cy: y + CELL / 2, r: 3, fill: "#555"}));
    } else if ((k === "slitherlink" || k === "numberlink") && v !== null) {
      text(String(v));
    } else if (k === "nagareru" && v !== "." && v !== "N") {
      text(ARROW[v], "UDLR".includes(v) ? "#fff" : "#000");
    } else if ((k === "nurimeizu" || k === "maze") && v !== ".") {
      const color = k === "maze" && this.black[r][c] ? "#fff" : "#000";
      text({S: "S", G: "G", o: "○", t: "△"}[v] || v, color);
    }
  }

  drawLines(svg) {
    const k = this.kind, W = this.cols * CELL, H = this.rows * CELL;
    const line = (x1, y1, x2, y2, stroke, width) => svg.append(svgEl("line",
      {x1: PAD + x1, y1: PAD + y1, x2: PAD + x2, y2: PAD + y2, stroke, "stroke-width": width,
       "stroke-linecap": "round"}));
    for (let r = 0; r <= this.rows; r++) line(0, r * CELL, W, r * CELL, "#bbb", 1);
    for (let c = 0; c <= this.cols; c++) line(c * CELL, 0, c * CELL, H, "#bbb", 1);
    if (k === "nurimeizu" || k === "maze") {
      for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) {
        if (this.hwall[r][c] && r + 1 < this.rows) line(c * CELL, (r + 1) * CELL, (c + 1) * CELL, (r + 1) * CELL, "#000", 3);
        if (this.vwall[r][c] && c + 1 < this.cols) line((c + 1) * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL, "#000", 3);
      }
      svg.append(svgEl("rect", {x: PAD, y: PAD, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3}));
    }
    if (k === "loop") {
      const inside = (r, c) => r >= 0 && c >= 0 && r < this.rows && c < this.cols && this.inside[r][c];
      for (let r = 0; r <= this.rows; r++) for (let c = 0; c < this.cols; c++)
        if (inside(r - 1, c) !== inside(r, c)) line(c * CELL, r * CELL, (c + 1) * CELL, r * CELL, "#2e7d32", 4);
      for (let r = 0; r < this.rows; r++) for (let c = 0; c <= this.cols; c++)
        if (inside(r, c - 1) !== inside(r, c)) line(c * CELL, r * CELL, c * CELL, (r + 1) * CELL, "#2e7d32", 4);
    }
  }
}

window.Editor = Editor;
