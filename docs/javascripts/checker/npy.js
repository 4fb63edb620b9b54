// Reads a NumPy .npy file (format versions 1-3) into rows of numbers, as np.load does for the
// checker's command line, and a .npz archive (np.savez, stored, or np.savez_compressed,
// deflated) holding one array. Little- and big-endian floats (float16/32/64) and integers; C
// or Fortran order; one row (d,), PyTorch's buffer (max_len, 1, d) and a batch of one (1, L, d)
// are read as pe.diagnose reads them. Anything else throws a DiagnoseError naming the problem.

import { DiagnoseError } from "./diagnose.js";

const KINDS = {
  f2: ["float16", 2],
  f4: ["float32", 4],
  f8: ["float64", 8],
  i1: ["int8", 1],
  i2: ["int16", 2],
  i4: ["int32", 4],
  i8: ["int64", 8],
  u1: ["uint8", 1],
  u2: ["uint16", 2],
  u4: ["uint32", 4],
  u8: ["uint64", 8],
};

function half(bits) {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

/** {rows, dtype, shape} from the bytes of a .npy file. */
export function readNpy(buffer) {
  const bytes = new Uint8Array(buffer);
  const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
  if (bytes.length < 10 || magic.some((b, k) => bytes[k] !== b))
    throw new DiagnoseError("not a valid .npy file (no NumPy array header)");
  const view = new DataView(buffer);
  const major = bytes[6];
  const headerLen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = new TextDecoder(major === 3 ? "utf-8" : "latin1").decode(
    bytes.subarray(major === 1 ? 10 : 12, start),
  );
  const descr = /'descr':\s*'([<>|=])([a-zA-Z]\d+)'/.exec(header);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header);
  const fortran = /'fortran_order':\s*True/.test(header);
  if (!descr || !shapeText) throw new DiagnoseError("not a valid .npy file (unreadable header)");
  const kind = KINDS[descr[2]];
  if (!kind) throw new DiagnoseError(`the table must hold real numbers, got dtype '${descr[1]}${descr[2]}'`);
  const [dtype, size] = kind;
  const little = descr[1] !== ">";
  const shape = shapeText[1]
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length)
    .map(Number);
  // As pe.diagnose._validated: one row, (max_len, 1, d) and (1, L, d) are one table.
  let table = shape;
  if (shape.length === 1) table = [1, shape[0]];
  else if (shape.length === 3 && shape[1] === 1) table = [shape[0], shape[2]];
  else if (shape.length === 3 && shape[0] === 1) table = [shape[1], shape[2]];
  const shown = `(${shape.join(", ")}${shape.length === 1 ? "," : ""})`;
  if (table.length !== 2) {
    const hint = shape.length === 3 ? ": a batch of several sequences? pass one sequence, e.g. table[0]" : "";
    throw new DiagnoseError(`a table has 2 axes (positions, width), got shape ${shown}${hint}`);
  }
  const [n, d] = table;
  if (d === 0) throw new DiagnoseError(`the table has a width of 0 (shape ${shown})`);
  if (n === 0) throw new DiagnoseError(`the table has no rows (shape ${shown})`);
  if (start + n * d * size > bytes.length) throw new DiagnoseError("not a valid .npy file (truncated data)");
  const read = (k) => {
    const at = start + k * size;
    switch (dtype) {
      case "float16":
        return half(view.getUint16(at, little));
      case "float32":
        return view.getFloat32(at, little);
      case "float64":
        return view.getFloat64(at, little);
      case "int8":
        return view.getInt8(at);
      case "uint8":
        return view.getUint8(at);
      case "int16":
        return view.getInt16(at, little);
      case "uint16":
        return view.getUint16(at, little);
      case "int32":
        return view.getInt32(at, little);
      case "uint32":
        return view.getUint32(at, little);
      case "int64":
        return Number(view.getBigInt64(at, little));
      default:
        return Number(view.getBigUint64(at, little));
    }
  };
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = new Array(d);
    // Fortran order of a 3-D array with an axis of 1 is the 2-D table's Fortran order too.
    for (let j = 0; j < d; j++) row[j] = read(fortran ? j * n + r : r * d + j);
    rows.push(row);
  }
  return { rows, dtype: dtype.startsWith("float") ? dtype : "float64", shape };
}

/** {rows, dtype, shape} of the one array in the bytes of a .npz file (a zip of NAME.npy). */
export async function readNpz(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  const bad = () => new DiagnoseError("not a valid .npz file (not a zip archive of .npy arrays, or a damaged one)");
  let end = -1; // the end of central directory record, within the last 64 KiB
  for (let k = bytes.length - 22; k >= Math.max(0, bytes.length - 65557); k--)
    if (view.getUint32(k, true) === 0x06054b50) {
      end = k;
      break;
    }
  if (end < 0) throw bad();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let e = 0; e < count; e++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw bad();
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      size: view.getUint32(at + 20, true),
      offset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const names = entries.map((x) => x.name.replace(/\.npy$/, ""));
  if (entries.length !== 1)
    throw new DiagnoseError(
      `the file holds ${entries.length} arrays (${names.join(", ") || "none"}); this page checks ` +
        "an .npz holding one: save that array alone (np.save), or run the command with --key NAME",
    );
  const { method, size, offset } = entries[0];
  if (offset + 30 > bytes.length || view.getUint32(offset, true) !== 0x04034b50) throw bad();
  const data = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
  let npy;
  if (method === 0) npy = bytes.slice(data, data + size);
  else if (method === 8) {
    try {
      const stream = new Blob([bytes.subarray(data, data + size)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      npy = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch {
      throw bad();
    }
  } else throw bad();
  return readNpy(npy.buffer.slice(npy.byteOffset, npy.byteOffset + npy.byteLength));
}
