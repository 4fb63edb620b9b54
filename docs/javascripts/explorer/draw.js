// Canvas helpers: device-pixel-ratio aware sizing, colours read from CSS, a diverging
// colour table, axes with ticks, and line plots that stay faithful when there are more
// positions than pixels (per-pixel min/max envelope instead of an aliased polyline).

/** Size a canvas to cssW x cssH CSS pixels at the device pixel ratio; returns its context. */
export function setupCanvas(canvas, cssW, cssH) {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const w = Math.max(1, Math.round(cssW * dpr)), h = Math.max(1, Math.round(cssH * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  if (canvas.style.height !== `${cssH}px`) canvas.style.height = `${cssH}px`; // no needless style recalc
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, cssW, cssH);
  return ctx;
}

let probe = null;
/** Any CSS colour string as [r, g, b, a] bytes (via a 1x1 canvas). */
export function rgba(color) {
  if (!probe) {
    const c = document.createElement("canvas");
    c.width = c.height = 1;
    probe = c.getContext("2d", { willReadFrequently: true });
  }
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = "#000";
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  return Array.from(probe.getImageData(0, 0, 1, 1).data);
}

/** 256 packed RGBA colours for values -1 .. 1: neg -> mid (at 0) -> pos, linear in sRGB. */
export function divergingLut(neg, mid, pos) {
  const a = rgba(neg), m = rgba(mid), b = rgba(pos);
  const lut = new Uint32Array(256);
  const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
  for (let k = 0; k < 256; k++) {
    const t = k / 127.5 - 1; // value this entry stands for
    const [from, to, f] = t < 0 ? [m, a, -t] : [m, b, t];
    const ch = [0, 1, 2].map((q) => Math.round(from[q] + (to[q] - from[q]) * f));
    lut[k] = little
      ? ((255 << 24) | (ch[2] << 16) | (ch[1] << 8) | ch[0]) >>> 0
      : ((ch[0] << 24) | (ch[1] << 16) | (ch[2] << 8) | 255) >>> 0;
  }
  return lut;
}

/** About `count` round tick values covering [lo, hi]. */
export function niceTicks(lo, hi, count = 5, integer = false) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw) || 10 * mag;
  if (integer) step = Math.max(1, step); // positions, dimensions and pairs are whole numbers
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
  return out;
}

export const fmtTick = (t) => {
  const a = Math.abs(t);
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) return t.toExponential(0).replace("e+", "e");
  return String(Number(t.toPrecision(4)));
};

/** Maps data coordinates into a plot box {l, t, w, h} (CSS pixels). */
export function scales(box, [x0, x1], [y0, y1], yLog = false) {
  const ly0 = yLog ? Math.log10(y0) : y0, ly1 = yLog ? Math.log10(y1) : y1;
  const sx = x1 > x0 ? box.w / (x1 - x0) : 0;
  return {
    x: (x) => box.l + (x1 > x0 ? (x - x0) * sx : box.w / 2),
    y: (y) => box.t + box.h - (((yLog ? Math.log10(y) : y) - ly0) / (ly1 - ly0)) * box.h,
    xInv: (px) => x0 + (px - box.l) / (sx || 1),
  };
}

/** Axes, grid lines, tick labels and axis titles. */
export function frame(ctx, box, sc, { xTicks, yTicks, xLabel, yLabel, colors, font, yFmt = fmtTick }) {
  ctx.save();
  ctx.font = `11px ${font}`;
  ctx.lineWidth = 1;
  ctx.strokeStyle = colors.grid;
  ctx.fillStyle = colors.fg;
  ctx.beginPath();
  for (const t of yTicks) {
    const y = Math.round(sc.y(t)) + 0.5;
    ctx.moveTo(box.l, y);
    ctx.lineTo(box.l + box.w, y);
  }
  ctx.stroke();
  ctx.strokeStyle = colors.axis;
  ctx.beginPath();
  ctx.moveTo(box.l + 0.5, box.t);
  ctx.lineTo(box.l + 0.5, box.t + box.h + 0.5);
  ctx.lineTo(box.l + box.w, box.t + box.h + 0.5);
  ctx.stroke();
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const t of yTicks) ctx.fillText(yFmt(t), box.l - 4, sc.y(t));
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  let lastRight = -Infinity;
  for (const t of xTicks) {
    const label = fmtTick(t), x = sc.x(t), half = ctx.measureText(label).width / 2;
    if (x - half < lastRight + 4) continue; // skip labels that would overlap
    ctx.fillText(label, x, box.t + box.h + 4);
    lastRight = x + half;
  }
  if (xLabel) {
    ctx.textAlign = "right";
    ctx.textBaseline = "top";
    ctx.fillText(xLabel, box.l + box.w, box.t + box.h + 18);
  }
  if (yLabel) {
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText(yLabel, box.l - 30 < 0 ? 2 : box.l - 30, box.t - 6);
  }
  ctx.restore();
}

/**
 * Plot values[p] at x = p (p = 0 .. n-1). With at least 2 px per step: the polyline through
 * the samples, the continuous curve `cont(x)` underneath (if given) and dots when they fit.
 * With fewer: for each pixel column, a vertical stroke from the smallest to the largest
 * sample in it, so fast oscillations show as a filled band rather than a false slow wave.
 */
export function samples(ctx, box, sc, values, color, { cont = null, x0 = 0, width = 1.5 } = {}) {
  const n = values.length;
  const pxPerStep = n > 1 ? box.w / (n - 1) : box.w;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  if (pxPerStep >= 2 || n < 2) {
    if (cont && n > 1) {
      ctx.globalAlpha = 0.45;
      ctx.lineWidth = 1;
      ctx.beginPath();
      const steps = Math.ceil(box.w);
      for (let q = 0; q <= steps; q++) {
        const x = x0 + ((n - 1) * q) / steps;
        const px = sc.x(x), py = sc.y(cont(x));
        if (q === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.lineWidth = width;
    }
    ctx.beginPath();
    for (let p = 0; p < n; p++) {
      const px = sc.x(x0 + p), py = sc.y(values[p]);
      if (p === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
    if (pxPerStep >= 6 || n === 1) {
      ctx.beginPath();
      for (let p = 0; p < n; p++) {
        const px = sc.x(x0 + p), py = sc.y(values[p]);
        ctx.moveTo(px + 2.5, py);
        ctx.arc(px, py, 2.5, 0, 2 * Math.PI);
      }
      ctx.fill();
    }
  } else {
    ctx.lineWidth = 1;
    ctx.beginPath();
    const cols = Math.max(1, Math.floor(box.w));
    let p = 0;
    for (let c = 0; c < cols; c++) {
      const end = Math.min(n, Math.floor(((c + 1) / cols) * n));
      let lo = Infinity, hi = -Infinity;
      for (; p < end; p++) {
        const v = values[p];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (lo > hi) continue;
      const px = box.l + c + 0.5;
      ctx.moveTo(px, sc.y(hi) - 0.5);
      ctx.lineTo(px, sc.y(lo) + 0.5);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** Fit a marker (dom.js) to the plot box's height. */
export function markerSpan(mark, box) {
  mark.style.top = `${box.t}px`;
  mark.style.height = `${box.h}px`;
}

/** Move a marker to x (CSS px) and label it; the label flips left near the right edge. */
export function placeMarker(mark, x, label, width) {
  mark.style.transform = `translateX(${Math.round(x) - 1}px)`;
  mark.classList.toggle("pe-x-flip", x > width - 90);
  if (mark.firstChild.textContent !== label) mark.firstChild.textContent = label;
}
