// Reads a NumPy .npy file (format versions 1-3) into rows of numbers, as np.load does for the
// checker's command line. Little- and big-endian floats (float16/32/64) and integers; C or
// Fortran order. Anything else throws a DiagnoseError naming the problem.

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
  if (shape.length !== 2) {
    const hint = shape.length === 3 ? ": a leading batch axis? pass one sequence, e.g. table[0]" : "";
    throw new DiagnoseError(
      `a table has 2 axes (positions, width), got shape (${shape.join(", ")}${shape.length === 1 ? "," : ""})${hint}`,
    );
  }
  const [n, d] = shape;
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
    for (let j = 0; j < d; j++) row[j] = read(fortran ? j * n + r : r * d + j);
    rows.push(row);
  }
  return { rows, dtype: dtype.startsWith("float") ? dtype : "float64", shape };
}
