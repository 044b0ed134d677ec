// The studio's grid editor: draws a board as SVG and edits it by mouse, touch or keyboard.
// What it edits comes from the genre's studio part as data (GET /api/genres, "editor"):
//   layout "cells" (board.cells) or "rooms" (board.rooms and board.icons, rooms drawn by walls);
//   blank: an empty cell's value; tools: [name, label] buttons; keys: the help line;
//   cycle: the values a "cycle" tool steps through; number: a number tool with its input;
//   typed: [pattern, action] for keys typed on a cell (action "digit", "number", "key",
//   "upper", "lower" or {set: value}); glyphs: how a value is drawn; dark: values drawn dark;
//   layers: cell flags beside the values with their initial value, layer_tools: tool -> layer;
//   outline: the layer whose outline is drawn (a loop).
"use strict";

const CELL = 36, PAD = 8, NEAR = 7;
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
  constructor(host, tools, keys, spec, rows, cols, onChange, genre) {
    this.host = host; this.toolsHost = tools; this.spec = spec; this.kind = genre;
    this.onChange = onChange; this.blank = spec.blank ?? null;
    this.walls = spec.layout === "rooms"; this.layers = spec.layers || {};
    this.tool = spec.tools[0][0]; this.number = 1; this.typed = ""; this.typedAt = 0;
    keys.textContent = spec.keys || "";
    this.reset(rows, cols);
    this.drawTools();
  }

  reset(rows, cols) {
    this.rows = rows; this.cols = cols; this.cursor = [0, 0];
    this.cells = grid(rows, cols, this.blank);
    this.hwall = grid(rows, cols, false);  // wall below a cell
    this.vwall = grid(rows, cols, false);  // wall right of a cell
    for (const [layer, initial] of Object.entries(this.layers)) this[layer] = grid(rows, cols, initial);
    this.render();
  }

  drawTools() {
    const host = this.toolsHost;
    host.replaceChildren();
    for (const [name, label] of this.spec.tools) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.tool = name;
      b.setAttribute("aria-pressed", String(name === this.tool));
      b.addEventListener("click", () => {
        this.tool = name;
        for (const x of host.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
      });
      host.append(b);
    }
    if (this.spec.number) {
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
    if (this.walls) {
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
  // A tool (or a key's value) applied to cell (r, c): layer tools toggle their layer; "cycle"
  // steps through spec.cycle; "number" places the tool's number; "erase" clears the cell;
  // any other value is set, and clicking a cell holding it clears it.
  apply(r, c, key) {
    const v = this.cells[r][c], which = key ?? this.tool, layer = (this.spec.layer_tools || {})[which];
    if (layer) this[layer][r][c] = !this[layer][r][c];
    else if (which === "erase") {
      this.cells[r][c] = this.blank;
      for (const [name, initial] of Object.entries(this.layers)) if (!initial) this[name][r][c] = false;
    } else if (key === undefined && which === "cycle") {
      const order = this.spec.cycle;
      this.cells[r][c] = order[(order.indexOf(v) + 1) % order.length];
    } else if (key === undefined && which === "number") {
      this.cells[r][c] = v === this.number ? this.blank : this.number;
    } else if (key !== undefined) this.cells[r][c] = key;
    else this.cells[r][c] = v === which ? this.blank : which;
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
    if (this.walls) {
      const fx = x - c * CELL, fy = y - r * CELL;
      if (fx < NEAR && c > 0) return this.toggleWall(r, c, 0, -1);
      if (fx > CELL - NEAR && c + 1 < this.cols) return this.toggleWall(r, c, 0, 1);
      if (fy < NEAR && r > 0) return this.toggleWall(r, c, -1, 0);
      if (fy > CELL - NEAR && r + 1 < this.rows) return this.toggleWall(r, c, 1, 0);
    }
    this.apply(r, c);
  }

  key(event) {
    const [r, c] = this.cursor, k = event.key;
    if (MOVES[k]) {
      const [dr, dc] = MOVES[k];
      if (event.shiftKey && this.walls) this.toggleWall(r, c, dr, dc);
      else { this.cursor = [Math.min(this.rows - 1, Math.max(0, r + dr)), Math.min(this.cols - 1, Math.max(0, c + dc))]; this.render(); }
    } else if (k === "Backspace" || k === "Delete" || k === ".") {
      this.apply(r, c, "erase");
    } else if (this.typedKey(r, c, k)) {
      // a typed key of the genre's own (it may be Space, e.g. a loop's inside)
    } else if (k === " " || k === "Enter") {
      this.apply(r, c);
    } else {
      return;
    }
    event.preventDefault();
  }

  typedKey(r, c, k) {
    for (const [pattern, action] of this.spec.typed || []) {
      if (!new RegExp(pattern).test(k)) continue;
      if (action === "digit") this.apply(r, c, Number(k));
      else if (action === "upper") this.apply(r, c, k.toUpperCase());
      else if (action === "lower") this.apply(r, c, k.toLowerCase());
      else if (action === "key") this.apply(r, c, k);
      else if (action === "number") {
        const now = Date.now();
        this.typed = (now - this.typedAt < 1000 ? this.typed : "") + k; this.typedAt = now;
        const n = parseInt(this.typed, 10);
        this.apply(r, c, n > 0 ? n : this.blank);
      } else this.apply(r, c, action.set);
      return true;
    }
    return false;
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
    const x = PAD + c * CELL, y = PAD + r * CELL, v = this.cells[r][c], spec = this.spec;
    const dark = (this.black && this.black[r][c]) || (v !== null && v !== this.blank && (spec.dark || "").includes(v));
    const fill = this.inside && this.inside[r][c] ? "#c8e6c9" : dark ? "#333" : "white";
    svg.append(svgEl("rect", {x, y, width: CELL, height: CELL, fill, "data-cell": `${r},${c}`}));
    if (this.cand && this.cand[r][c]) {
      svg.append(svgEl("circle", {cx: x + CELL / 2, cy: y + CELL / 2, r: 3, fill: "#555"}));
    } else if (v !== null && v !== this.blank) {
      const glyph = (spec.glyphs || {})[v] ?? String(v);
      svg.append(svgEl("text", {x: x + CELL / 2, y: y + CELL * 0.68, "text-anchor": "middle",
        "font-size": CELL * 0.5, "font-family": "sans-serif", fill: dark ? "#fff" : "#000"}, glyph));
    }
  }

  drawLines(svg) {
    const W = this.cols * CELL, H = this.rows * CELL, outline = this.spec.outline;
    const line = (x1, y1, x2, y2, stroke, width) => svg.append(svgEl("line",
      {x1: PAD + x1, y1: PAD + y1, x2: PAD + x2, y2: PAD + y2, stroke, "stroke-width": width,
       "stroke-linecap": "round"}));
    for (let r = 0; r <= this.rows; r++) line(0, r * CELL, W, r * CELL, "#bbb", 1);
    for (let c = 0; c <= this.cols; c++) line(c * CELL, 0, c * CELL, H, "#bbb", 1);
    if (this.walls) {
      for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) {
        if (this.hwall[r][c] && r + 1 < this.rows) line(c * CELL, (r + 1) * CELL, (c + 1) * CELL, (r + 1) * CELL, "#000", 3);
        if (this.vwall[r][c] && c + 1 < this.cols) line((c + 1) * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL, "#000", 3);
      }
      svg.append(svgEl("rect", {x: PAD, y: PAD, width: W, height: H, fill: "none", stroke: "#000", "stroke-width": 3}));
    }
    if (outline) {
      const inside = (r, c) => r >= 0 && c >= 0 && r < this.rows && c < this.cols && this[outline][r][c];
      for (let r = 0; r <= this.rows; r++) for (let c = 0; c < this.cols; c++)
        if (inside(r - 1, c) !== inside(r, c)) line(c * CELL, r * CELL, (c + 1) * CELL, r * CELL, "#2e7d32", 4);
      for (let r = 0; r < this.rows; r++) for (let c = 0; c <= this.cols; c++)
        if (inside(r, c - 1) !== inside(r, c)) line(c * CELL, r * CELL, c * CELL, (r + 1) * CELL, "#2e7d32", 4);
    }
  }
}

window.Editor = Editor;
