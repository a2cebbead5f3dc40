// The map or field: the renderer's SVG drawn inline (so its tooltips show), with pan and zoom
// (buttons, the wheel, dragging, pinching), the tooltip of what is under the pointer or finger in
// a line under the map, a click naming a place (its tooltip's name or its label) to the page, and
// a PNG of the map. Nothing here knows a game: places are read from the SVG's titles and labels.

const SVG_NS = "http://www.w3.org/2000/svg";
const MAX_ZOOM = 8;

/** Parses an SVG document and keeps only drawing: no scripts, handlers or outside references. */
function sanitize(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length > 0) return null;
  for (const bad of [...root.querySelectorAll("script, foreignObject, iframe, image, use")]) {
    bad.remove();
  }
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on") || name === "href" || name === "xlink:href") {
        node.removeAttribute(attr.name);
      }
    }
  }
  return document.importNode(root, true);
}

/** The name of a place in a tooltip or label: `A1: Phoenix province` is `A1`, `#3 Pang Tong` is
 *  `Pang Tong`. */
function placeName(text) {
  return text.split(/[:,(]/)[0].replace(/^#\d+\s+/, "").trim();
}

export class MapView {
  /** `box` holds the SVG, `tip` shows tooltips; `onPick(names)` hears a click on a place. */
  constructor(box, tip, onPick) {
    this.box = box;
    this.tip = tip;
    this.onPick = onPick;
    this.svg = null;
    this.base = null;
    this.zoom = 1;
    this.center = null;
    this.pointers = new Map();
    this.moved = false;
    this.source = "";
  }

  /** Draws `text` (an SVG document), keeping the zoom and centre when the map's frame is the same. */
  show(text, label) {
    this.source = text;
    const svg = sanitize(text);
    if (svg === null) {
      this.box.replaceChildren(document.createTextNode("(the map could not be drawn)"));
      this.svg = null;
      return;
    }
    const box = (svg.getAttribute("viewBox") || `0 0 ${svg.getAttribute("width") || 100} ${svg.getAttribute("height") || 100}`)
      .split(/[\s,]+/).map(Number);
    const same = this.base && this.base.every((v, i) => v === box[i]);
    this.base = box;
    if (!same) {
      this.zoom = 1;
      this.center = [box[0] + box[2] / 2, box[1] + box[3] / 2];
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.box.replaceChildren(svg);
    this.svg = svg;
    this.listen(svg);
    this.apply();
  }

  apply() {
    if (!this.svg) return;
    const [x0, y0, w0, h0] = this.base;
    const w = w0 / this.zoom;
    const h = h0 / this.zoom;
    // Keep the view inside the map.
    const cx = Math.min(Math.max(this.center[0], x0 + w / 2), x0 + w0 - w / 2);
    const cy = Math.min(Math.max(this.center[1], y0 + h / 2), y0 + h0 - h / 2);
    this.center = [cx, cy];
    this.svg.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
    this.svg.style.touchAction = this.zoom > 1 ? "none" : "pan-y";
    this.box.dataset.zoom = String(this.zoom);
  }

  /** Zooms by `factor` around the SVG point `at` (the centre when left out). */
  zoomBy(factor, at) {
    const next = Math.min(Math.max(this.zoom * factor, 1), MAX_ZOOM);
    if (at && this.center) {
      const k = this.zoom / next;
      this.center = [at[0] + (this.center[0] - at[0]) * k, at[1] + (this.center[1] - at[1]) * k];
    }
    this.zoom = next;
    this.apply();
  }

  reset() {
    this.zoom = 1;
    if (this.base) this.center = [this.base[0] + this.base[2] / 2, this.base[1] + this.base[3] / 2];
    this.apply();
  }

  /** The SVG point under a client (screen) point. */
  point(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  listen(svg) {
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.25 : 0.8, this.point(e.clientX, e.clientY));
    }, { passive: false });
    svg.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      this.moved = false;
      this.pinch = null;
    });
    svg.addEventListener("pointermove", (e) => {
      if (!this.pointers.has(e.pointerId)) {
        if (e.pointerType === "mouse") this.showTip(e.target);
        return;
      }
      const before = this.pointers.get(e.pointerId);
      if (this.pointers.size === 2) {
        const other = [...this.pointers.entries()].find(([id]) => id !== e.pointerId)[1];
        const d0 = Math.hypot(before[0] - other[0], before[1] - other[1]);
        const d1 = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
        if (d0 > 0) {
          const mid = this.point((e.clientX + other[0]) / 2, (e.clientY + other[1]) / 2);
          this.zoomBy(d1 / d0, mid);
        }
        this.moved = true;
      } else if (this.zoom > 1) {
        const dx = e.clientX - before[0];
        const dy = e.clientY - before[1];
        if (Math.abs(dx) + Math.abs(dy) > 2) this.moved = true;
        const scale = this.base[2] / this.zoom / this.svg.clientWidth;
        this.center = [this.center[0] - dx * scale, this.center[1] - dy * scale];
        this.apply();
      }
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    });
    const up = (e) => {
      this.pointers.delete(e.pointerId);
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", (e) => {
      up(e);
    });
    svg.addEventListener("click", (e) => {
      if (this.moved) return;
      this.showTip(e.target);
      const names = this.placesAt(e.target, e.clientX, e.clientY);
      if (names.length > 0) this.onPick(names);
    });
  }

  /** The tooltip (SVG `<title>`) of `node` or its nearest ancestor that has one. */
  titleOf(node) {
    for (let n = node; n && n !== this.svg.parentNode; n = n.parentNode) {
      const title = [...(n.children || [])].find((c) => c.tagName === "title");
      if (title && n !== this.svg) return title.textContent;
    }
    return null;
  }

  showTip(node) {
    const title = this.titleOf(node);
    if (title) this.tip.textContent = title;
  }

  /** The names a click may mean: the tooltip's place, the label clicked, or the nearest label. */
  placesAt(node, clientX, clientY) {
    const names = [];
    const title = this.titleOf(node);
    if (title) names.push(placeName(title));
    if (node.tagName === "text") names.push(placeName(node.textContent));
    const group = node.closest ? node.closest("g") : null;
    if (group && group !== this.svg) {
      for (const t of group.querySelectorAll("text")) names.push(placeName(t.textContent));
    }
    if (names.length === 0) {
      const at = this.point(clientX, clientY);
      let best = null;
      for (const t of this.svg.querySelectorAll("text")) {
        const b = t.getBBox();
        const d = Math.hypot(b.x + b.width / 2 - at[0], b.y + b.height / 2 - at[1]);
        if (d < 40 && (best === null || d < best.d)) best = { d, t };
      }
      if (best) names.push(placeName(best.t.textContent));
    }
    // A place has a name: a bare number (a count of troops, a score) names none.
    return [...new Set(names.filter((n) => /\p{L}/u.test(n)))];
  }

  /** The smallest label's size on screen, in CSS pixels. */
  smallestLabel() {
    if (!this.svg) return 0;
    const scale = this.svg.getScreenCTM()?.a ?? 1;
    let least = Infinity;
    for (const t of this.svg.querySelectorAll("text")) {
      if (!t.textContent.trim()) continue;
      const size = parseFloat(getComputedStyle(t).fontSize);
      least = Math.min(least, size * scale);
    }
    return least;
  }

  /** The map as a PNG (`scale` times its size), for forums that take no SVG. */
  async png(scale = 2) {
    const doc = new DOMParser().parseFromString(this.source, "image/svg+xml").documentElement;
    const [, , w, h] = (doc.getAttribute("viewBox") || "0 0 800 600").split(/[\s,]+/).map(Number);
    doc.setAttribute("width", String(w));
    doc.setAttribute("height", String(h));
    if (!doc.getAttribute("xmlns")) doc.setAttribute("xmlns", SVG_NS);
    const text = new XMLSerializer().serializeToString(doc);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  }
}
