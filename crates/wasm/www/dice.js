// The dice panel: roll any notation with a seed, draw its exact distribution as an SVG bar chart,
// and give the exact odds of a contest. Every number comes from pbp-wasm (`roll` and `odds`, the
// same answers as `pbp roll --json` and `pbp odds --json`); this file only draws them.

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
/** The most bars the chart draws; wider ranges are grouped into bins of several totals. */
const MAX_BARS = 80;
/** The chart stops where the chance of a higher total falls below this (the rest is summed). */
const TAIL = 0.001;

let api = null;
/** The distribution on the chart, to mark a rolled total on it. */
let charted = null;
/** The rolled totals marked on it. */
let chartedRolls = [];

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== "") node.textContent = text;
  return node;
}

function svgEl(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== "") node.textContent = text;
  return node;
}

const percent = (p, digits = 2) => `${(p * 100).toFixed(digits)}%`;

function showError(error) {
  const box = $("dice-error");
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}

function clearError() {
  $("dice-error").hidden = true;
}

/** Runs `work`, showing its error (the CLI's message, with a caret under a bad character). */
function attempt(work) {
  try {
    const result = work();
    clearError();
    return result;
  } catch (error) {
    showError(error);
    return undefined;
  }
}

function readSeed() {
  const text = $("dice-seed").value.trim();
  if (text === "") {
    const words = crypto.getRandomValues(new Uint32Array(2));
    return (BigInt(words[0]) << 32n) | BigInt(words[1]);
  }
  if (/^\d+$/.test(text) && BigInt(text) < 2n ** 64n) return BigInt(text);
  throw new Error("the seed must be a whole number from 0 to 18446744073709551615");
}

function readCount() {
  const text = $("dice-count").value.trim();
  if (text === "") return 1;
  if (/^\d+$/.test(text) && Number(text) >= 1) return Number(text);
  throw new Error("the count must be a whole number of at least 1");
}

// --- Rolling ----------------------------------------------------------------------------------

/** One die: its faces as an explosion chain (10 → 10 → 3), its value when modifiers change it. */
function renderDie(die, pool) {
  const raw = die.faces.reduce((sum, face) => sum + face, 0);
  const chip = el("span", { class: "die" });
  if (pool) chip.classList.add(die.kept ? "kept" : "dropped");
  if (die.faces.length > 1) chip.classList.add("exploded");
  chip.textContent = die.faces.join(" → ");
  if (die.value !== raw) chip.append(el("small", {}, ` = ${die.value}`));
  const state = pool ? (die.kept ? "kept" : "not kept") : "";
  chip.title = [die.faces.length > 1 ? (die.faces.length === 2 ? "exploded once" : `exploded ${die.faces.length - 1} times`) : "", state]
    .filter(Boolean).join(", ");
  return chip;
}

function renderRoll(result, index, count) {
  const item = el("li", { class: "roll" });
  const head = el("span", { class: "roll-total" });
  if (result.coin !== undefined) {
    head.textContent = `${result.expr} = ${result.coin}`;
  } else if (result.success !== undefined) {
    head.textContent = `${result.expr} = ${result.success ? "success" : "failure"}`;
  } else {
    head.textContent = `${result.expr} = ${result.total}`;
  }
  head.dataset.total = String(result.total);
  item.append(head);
  if (count > 1) item.append(el("span", { class: "roll-index" }, `roll ${index + 1}`));
  const pool = result.second_highest !== undefined;
  const dice = el("span", { class: "dice-list" });
  for (const die of result.dice) dice.append(renderDie(die, pool));
  item.append(dice);
  return item;
}

function doRoll() {
  const expr = $("dice-expr").value;
  const answer = attempt(() => {
    const seed = readSeed();
    const count = readCount();
    return { seed, count, rolls: api.roll(expr, seed, count) };
  });
  if (answer === undefined) {
    $("dice-seed-used").textContent = "";
    $("dice-rolls").replaceChildren();
    return;
  }
  const { seed, count, rolls } = answer;
  $("dice-seed-used").textContent = `seed ${seed}${count > 1 ? `, ${count} rolls` : ""}`;
  const list = $("dice-rolls");
  list.replaceChildren(...rolls.map((r, i) => renderRoll(r, i, count)));
  list.hidden = false;
  const same = charted && rolls.length > 0 && charted.expr === rolls[0].expr;
  if (same) drawChart(charted, rolls.map((r) => r.total));
}

// --- The distribution -------------------------------------------------------------------------

/** Totals up to where a higher total is rarer than TAIL, grouped into at most MAX_BARS bins. */
function bins(dist) {
  const rows = [];
  let above = dist.table.reduce((sum, row) => sum + row.chance, 0);
  let hidden = 0;
  for (const row of dist.table) {
    if (rows.length === 0 || above >= TAIL) rows.push(row);
    else hidden += row.chance;
    above -= row.chance;
  }
  const first = rows[0].total;
  const last = rows[rows.length - 1].total;
  const width = Math.max(1, Math.ceil((last - first + 1) / MAX_BARS));
  const grouped = [];
  for (let low = first; low <= last; low += width) {
    grouped.push({ low, high: Math.min(low + width - 1, last), chance: 0 });
  }
  for (const row of rows) grouped[Math.floor((row.total - first) / width)].chance += row.chance;
  return { grouped, hidden, width };
}

function drawChart(dist, rolled = []) {
  chartedRolls = rolled;
  const { grouped, hidden, width } = bins(dist);
  // Drawn at the figure's own width, so that its text keeps a readable size on a phone.
  const figure = $("dice-chart");
  figure.hidden = false;
  const W = Math.round(Math.max(300, Math.min(640, figure.clientWidth || 640)));
  const H = Math.round(Math.max(190, W * 0.38));
  const left = 8;
  const right = 8;
  const top = 22;
  const bottom = 34;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const peak = Math.max(...grouped.map((b) => b.chance));
  const step = plotW / grouped.length;
  const low = grouped[0].low;
  const high = grouped[grouped.length - 1].high;
  const x = (total) => left + ((total - low + 0.5) / (high - low + 1)) * plotW;

  const svg = svgEl("svg", {
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    class: "chart",
    "aria-label": `Distribution of ${dist.expr}: mean ${dist.mean.toFixed(2)}, median ${dist.percentiles["50"]}`,
  });
  // The middle half of the rolls (25th to 75th percentile) is shaded.
  const q1 = dist.percentiles["25"];
  const q3 = dist.percentiles["75"];
  if (q1 >= low && q3 <= high) {
    const from = x(q1) - (0.5 * plotW) / (high - low + 1);
    const to = x(q3) + (0.5 * plotW) / (high - low + 1);
    svg.append(svgEl("rect", { x: from, y: top, width: to - from, height: plotH, class: "iqr" }));
  }
  grouped.forEach((bin, i) => {
    const h = peak > 0 ? (bin.chance / peak) * plotH : 0;
    const hit = rolled.some((t) => t >= bin.low && t <= bin.high);
    const bar = svgEl("rect", {
      x: left + i * step + step * 0.1,
      y: top + plotH - h,
      width: step * 0.8,
      height: Math.max(h, 0.5),
      class: hit ? "bar rolled" : "bar",
      "data-low": bin.low,
      "data-high": bin.high,
    });
    const label = bin.low === bin.high ? `${bin.low}` : `${bin.low} to ${bin.high}`;
    bar.append(svgEl("title", {}, `${label}: ${percent(bin.chance, 4)}`));
    svg.append(bar);
  });
  // Axis labels: a handful of totals under the bars.
  const labels = Math.min(grouped.length, Math.floor(W / 60));
  for (let k = 0; k < labels; k += 1) {
    const i = Math.round((k * (grouped.length - 1)) / Math.max(labels - 1, 1));
    svg.append(svgEl("text", {
      x: left + (i + 0.5) * step, y: H - bottom + 16, class: "axis", "text-anchor": "middle",
    }, String(grouped[i].low)));
  }
  svg.append(svgEl("line", {
    x1: left, x2: W - right, y1: top + plotH, y2: top + plotH, class: "baseline",
  }));
  // The mean as a line across the bars.
  if (dist.mean >= low && dist.mean <= high + 1) {
    const mx = x(dist.mean);
    svg.append(svgEl("line", { x1: mx, x2: mx, y1: top - 4, y2: top + plotH, class: "mean" }));
    svg.append(svgEl("text", {
      x: mx, y: top - 8, class: "mean-label", "text-anchor": mx > W / 2 ? "end" : "start",
    }, `mean ${dist.mean.toFixed(2)}`));
  }
  svg.append(svgEl("text", { x: W - right, y: H - 4, class: "axis", "text-anchor": "end" },
    `total${width > 1 ? ` (bars of ${width})` : ""}${hidden > 0 ? ` · higher: ${percent(hidden, 3)}` : ""}`));
  figure.replaceChildren(svg);
}

function renderStats(dist) {
  $("dice-mean").textContent = dist.mean.toFixed(4);
  $("dice-range").textContent = `${dist.min} to ${dist.max}`;
  const list = $("dice-percentiles");
  list.replaceChildren();
  for (const [p, total] of Object.entries(dist.percentiles).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const item = el("li");
    item.append(el("span", { class: "p" }, `${p}%`), el("span", { class: "v" }, String(total)));
    list.append(item);
  }
  // The table, down to a chance of 0.01% of a higher total, as `pbp odds` prints it.
  const body = $("dice-table-body");
  body.replaceChildren();
  let atLeast = dist.table.reduce((sum, row) => sum + row.chance, 0);
  let hidden = 0;
  for (const row of dist.table) {
    if (atLeast >= 1e-4) {
      const tr = el("tr");
      tr.append(el("td", {}, String(row.total)), el("td", {}, percent(row.chance, 4)),
        el("td", {}, percent(atLeast, 4)));
      body.append(tr);
    } else {
      hidden += row.chance;
    }
    atLeast -= row.chance;
  }
  if (hidden > 0) {
    const tr = el("tr");
    tr.append(el("td", {}, "higher"), el("td", {}, percent(hidden, 4)), el("td"));
    body.append(tr);
  }
  $("dice-stats").hidden = false;
}

function doOdds() {
  const dist = attempt(() => api.odds($("dice-expr").value));
  if (dist === undefined) return;
  if (dist.win !== undefined) {
    renderContest(dist);
    return;
  }
  charted = dist;
  $("dice-dist-hint").hidden = true;
  $("dice-dist-title").textContent = `Exact distribution of ${dist.expr}`;
  drawChart(dist);
  renderStats(dist);
}

// --- Contests ---------------------------------------------------------------------------------

function renderContest(odds) {
  const box = $("contest-result");
  box.replaceChildren();
  const rule = odds.comparison === "first-must-exceed"
    ? "the first side must exceed; ties go to the second"
    : "higher total, then higher second die; a full tie is rerolled";
  box.append(el("p", { class: "contest-title" }, `${odds.first} vs ${odds.second}`),
    el("p", { class: "hint" }, rule));
  const bar = el("div", { class: "contest-bar", role: "img",
    "aria-label": `win ${percent(odds.win)}, lose ${percent(odds.lose)}` });
  const win = el("span", { class: "win" });
  win.style.width = `${odds.win * 100}%`;
  const lose = el("span", { class: "lose" });
  lose.style.width = `${odds.lose * 100}%`;
  bar.append(win, lose);
  box.append(bar);
  const numbers = el("dl", { class: "contest-numbers" });
  numbers.append(el("dt", {}, "win"), el("dd", { id: "contest-win" }, percent(odds.win, 4)),
    el("dt", {}, "lose"), el("dd", { id: "contest-lose" }, percent(odds.lose, 4)));
  if (odds.comparison !== "first-must-exceed") {
    numbers.append(el("dt", {}, "push"), el("dd", {}, `${percent(odds.push, 4)} of rounds (rerolled)`));
  }
  box.append(numbers);
  box.hidden = false;
}

function doContest() {
  const first = $("dice-expr").value;
  const second = $("contest-expr").value;
  const odds = attempt(() => api.odds(`${first} vs ${second}`, $("contest-compare").value));
  if (odds !== undefined) renderContest(odds);
}

/** Wires the panel to pbp-wasm's `roll` and `odds` (after the module is initialised). */
export function setupDice(wasm) {
  api = wasm;
  $("dice-roll").addEventListener("click", doRoll);
  $("dice-odds").addEventListener("click", doOdds);
  $("contest-odds").addEventListener("click", doContest);
  $("dice-expr").addEventListener("keydown", (e) => {
    if (e.key === "Enter") doRoll();
  });
  $("contest-expr").addEventListener("keydown", (e) => {
    if (e.key === "Enter") doContest();
  });
  $("dice-error").addEventListener("click", clearError);
  // The chart is drawn at its figure's width: draw it again when the page is resized.
  let pending = 0;
  window.addEventListener("resize", () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (charted) drawChart(charted, chartedRolls);
    }, 150);
  });
}
