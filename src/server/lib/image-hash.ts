import { inflateSync } from 'node:zlib';

/**
 * A perceptual hash of an uploaded image (docs/decisions/031): a difference hash of its
 * brightness, computed here from decoded pixels with no image library. The image is reduced to a
 * grid of HASH_COLS + 1 by HASH_ROWS cells (each the average brightness of its area), its contrast
 * stretched; each pair of neighbours gives two bits: the left one clearly brighter, the right one
 * clearly brighter (neither when they are within DEAD_ZONE). A re-encoded, resized or slightly
 * cropped copy keeps almost every bit; a different picture differs in many.
 *
 * Decoding: PNG fully (zlib, the five filters, every colour type and bit depth, not interlaced);
 * JPEG through the DC coefficient of each 8x8 luma block (the block's average brightness, times
 * its quantiser), which is all an average over a cell needs, for baseline and progressive files.
 * An image this cannot decode gets no hash (null): the upload is kept, only the comparison is lost.
 */

const HASH_COLS = 16;
const HASH_ROWS = 8;
/** Two neighbours this close (on the 0..255 scale after the contrast stretch) count as equal. */
const DEAD_ZONE = 20;
/** Bits in a hash: two per pair of neighbours. */
export const HASH_BITS = 2 * HASH_COLS * HASH_ROWS;
/**
 * The largest distance that still counts as the same image, and the fewest set bits a hash needs
 * to be compared at all (a blank or flat picture says nothing). Measured in docs/decisions/031.
 */
export const SAME_IMAGE_MAX_DISTANCE = 20;
export const MIN_SET_BITS = 8;

type TGray = { width: number; height: number; pixels: Float64Array };

/** The hash as HASH_BITS / 4 hex digits, or null when the image cannot be decoded. */
export function imageHash(data: Buffer): string | null {
  let gray: TGray | null = null;
  try {
    if (data[0] === 0x89 && data[1] === 0x50) gray = decodePngGray(data);
    else if (data[0] === 0xff && data[1] === 0xd8) gray = decodeJpegDcGray(data);
  } catch {
    gray = null;
  }
  if (!gray || gray.width < 2 || gray.height < 2) return null;
  return differenceHash(gray);
}

/** Whether a hash carries enough detail to be compared (see MIN_SET_BITS). */
export function isComparable(hash: string): boolean {
  return setBits(hash) >= MIN_SET_BITS;
}

function setBits(hash: string): number {
  let count = 0;
  for (const digit of hash) {
    let x = parseInt(digit, 16);
    while (x) {
      count += x & 1;
      x >>= 1;
    }
  }
  return count;
}

/** Bits that differ between two hashes of the same length. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 1) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

function differenceHash(gray: TGray): string {
  const cols = HASH_COLS + 1;
  const cells = new Float64Array(cols * HASH_ROWS);
  for (let row = 0; row < HASH_ROWS; row += 1) {
    const y0 = Math.floor((row * gray.height) / HASH_ROWS);
    const y1 = Math.max(y0 + 1, Math.floor(((row + 1) * gray.height) / HASH_ROWS));
    for (let col = 0; col < cols; col += 1) {
      const x0 = Math.floor((col * gray.width) / cols);
      const x1 = Math.max(x0 + 1, Math.floor(((col + 1) * gray.width) / cols));
      let sum = 0;
      for (let y = y0; y < y1; y += 1) {
        for (let x = x0; x < x1; x += 1) sum += gray.pixels[y * gray.width + x]!;
      }
      cells[row * cols + col] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  // Contrast stretched to 0..255 over the cells, so the dead zone means the same in a dark photo.
  let low = Infinity;
  let high = -Infinity;
  for (const value of cells) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const scale = high - low > 1 ? 255 / (high - low) : 0;
  for (let i = 0; i < cells.length; i += 1) cells[i] = (cells[i]! - low) * scale;
  // Two bits a pair: brighter (by more than the dead zone), darker; neither when about equal.
  const bits: number[] = [];
  for (let row = 0; row < HASH_ROWS; row += 1) {
    for (let col = 0; col < HASH_COLS; col += 1) {
      const left = cells[row * cols + col]!;
      const right = cells[row * cols + col + 1]!;
      bits.push(left > right + DEAD_ZONE ? 1 : 0, right > left + DEAD_ZONE ? 1 : 0);
    }
  }
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) hex += ((bits[i]! << 3) | (bits[i + 1]! << 2) | (bits[i + 2]! << 1) | bits[i + 3]!).toString(16);
  return hex;
}

// ---------------------------------------------------------------- PNG

const MAX_PIXELS = 40_000_000;

function decodePngGray(data: Buffer): TGray | null {
  let offset = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colorType = 0;
  let interlace = 0;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  while (offset + 8 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8]!;
      colorType = body[9]!;
      interlace = body[12]!;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
  }
  if (!width || !height || width * height > MAX_PIXELS || interlace !== 0) return null;
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels || (colorType === 3 && !palette)) return null;
  const bitsPerPixel = channels * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < (stride + 1) * height) return null;

  const pixels = new Float64Array(width * height);
  let previous: Buffer = Buffer.alloc(stride);
  const max = (1 << depth) - 1;
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    // Unfiltered in place: `raw` is this function's own buffer.
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i += 1) {
      const a = i >= bpp ? line[i - bpp]! : 0;
      const b = previous[i]!;
      const c = i >= bpp ? previous[i - bpp]! : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = (line[i]! + add) & 0xff;
    }
    previous = line;
    const sample = (index: number): number => {
      if (depth === 8) return line[index]!;
      if (depth === 16) return line[index * 2]!;
      const bit = index * depth;
      return ((line[bit >> 3]! >> (8 - depth - (bit & 7))) & max) * (255 / max);
    };
    const rawSample = (index: number): number => {
      if (depth === 8) return line[index]!;
      const bit = index * depth;
      return (line[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
    };
    if (depth === 8 && colorType !== 3) {
      // The common screenshot (8-bit RGB or RGBA): no per-sample calls.
      const row = y * width;
      for (let x = 0, i = 0; x < width; x += 1, i += channels) {
        const r = line[i]!;
        const g = channels >= 3 ? line[i + 1]! : r;
        const b = channels >= 3 ? line[i + 2]! : r;
        const alpha = channels === 4 ? line[i + 3]! : channels === 2 ? line[i + 1]! : 255;
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        pixels[row + x] = alpha === 255 ? luma : (luma * alpha + 255 * (255 - alpha)) / 255;
      }
      continue;
    }
    for (let x = 0; x < width; x += 1) {
      let r: number;
      let g: number;
      let b: number;
      let alpha = 255;
      if (colorType === 3) {
        const index = rawSample(x);
        r = palette![index * 3] ?? 0;
        g = palette![index * 3 + 1] ?? 0;
        b = palette![index * 3 + 2] ?? 0;
        if (transparency && index < transparency.length) alpha = transparency[index]!;
      } else {
        const base = x * channels;
        r = sample(base);
        g = channels >= 3 ? sample(base + 1) : r;
        b = channels >= 3 ? sample(base + 2) : r;
        if (channels === 2) alpha = sample(base + 1);
        if (channels === 4) alpha = sample(base + 3);
      }
      // Transparent areas count as white, as a screenshot viewer shows them.
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      pixels[y * width + x] = (luma * alpha + 255 * (255 - alpha)) / 255;
    }
  }
  return { width, height, pixels };
}

// ---------------------------------------------------------------- JPEG (DC coefficients only)

type THuffman = { maxCode: Int32Array; valPtr: Int32Array; minCode: Int32Array; values: Uint8Array };
type TComponent = { id: number; h: number; v: number; tq: number; blocksW: number; blocksH: number; dc: Float64Array; filled: boolean };

function buildHuffman(counts: Uint8Array, values: Uint8Array): THuffman {
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(17);
  const minCode = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    valPtr[length] = k;
    minCode[length] = code;
    code += counts[length - 1]!;
    k += counts[length - 1]!;
    maxCode[length] = counts[length - 1] ? code - 1 : -1;
    code <<= 1;
  }
  return { maxCode, valPtr, minCode, values };
}

function decodeJpegDcGray(data: Buffer): TGray | null {
  const quant: Int32Array[] = [];
  const dcTables: THuffman[] = [];
  const acTables: THuffman[] = [];
  let components: TComponent[] = [];
  let width = 0;
  let height = 0;
  let hMax = 1;
  let vMax = 1;
  let progressive = false;
  let restartInterval = 0;
  let offset = 2;

  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    const body = data.subarray(offset + 4, offset + 2 + length);
    offset += 2 + length;
    if (marker === 0xdb) {
      let p = 0;
      while (p < body.length) {
        const precision = body[p]! >> 4;
        const id = body[p]! & 15;
        const table = new Int32Array(64);
        for (let i = 0; i < 64; i += 1) table[i] = precision ? body.readUInt16BE(p + 1 + i * 2) : body[p + 1 + i]!;
        quant[id] = table;
        p += 1 + (precision ? 128 : 64);
      }
    } else if (marker === 0xc4) {
      let p = 0;
      while (p < body.length) {
        const tableClass = body[p]! >> 4;
        const id = body[p]! & 15;
        const counts = new Uint8Array(body.subarray(p + 1, p + 17));
        const total = counts.reduce((sum, n) => sum + n, 0);
        const values = new Uint8Array(body.subarray(p + 17, p + 17 + total));
        (tableClass === 0 ? dcTables : acTables)[id] = buildHuffman(counts, values);
        p += 17 + total;
      }
    } else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      progressive = marker === 0xc2;
      height = body.readUInt16BE(1);
      width = body.readUInt16BE(3);
      const count = body[5]!;
      components = [];
      for (let i = 0; i < count; i += 1) {
        const id = body[6 + i * 3]!;
        const sampling = body[7 + i * 3]!;
        components.push({
          id,
          h: sampling >> 4,
          v: sampling & 15,
          tq: body[8 + i * 3]!,
          blocksW: 0,
          blocksH: 0,
          dc: new Float64Array(0),
          filled: false,
        });
      }
      hMax = Math.max(...components.map((c) => c.h));
      vMax = Math.max(...components.map((c) => c.v));
      if (!width || !height || width * height > MAX_PIXELS) return null;
      const mcusX = Math.ceil(width / (8 * hMax));
      const mcusY = Math.ceil(height / (8 * vMax));
      for (const component of components) {
        component.blocksW = mcusX * component.h;
        component.blocksH = mcusY * component.v;
        component.dc = new Float64Array(component.blocksW * component.blocksH);
      }
    } else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return null; // lossless, hierarchical or arithmetic-coded: not decoded
    } else if (marker === 0xdd) {
      restartInterval = body.readUInt16BE(0);
    } else if (marker === 0xda) {
      const luma = components[0];
      if (!luma) return null;
      const count = body[0]!;
      const scan: { component: TComponent; dc: THuffman | undefined; ac: THuffman | undefined }[] = [];
      for (let i = 0; i < count; i += 1) {
        const component = components.find((c) => c.id === body[1 + i * 2]);
        if (!component) return null;
        const tables = body[2 + i * 2]!;
        scan.push({ component, dc: dcTables[tables >> 4], ac: acTables[tables & 15] });
      }
      const ss = body[1 + count * 2]!;
      const se = body[2 + count * 2]!;
      const ah = body[3 + count * 2]! >> 4;
      const al = body[3 + count * 2]! & 15;
      const wantsLuma = scan.some((s) => s.component === luma) && ss === 0 && ah === 0 && !luma.filled;
      const end = wantsLuma ? decodeScan(data, offset, scan, { progressive, se, al, restartInterval, width, height, hMax, vMax }) : -1;
      if (wantsLuma) {
        if (end < 0) return null;
        luma.filled = true;
        break;
      }
      // Skip the scan's entropy-coded data: to the next marker that is not a restart or stuffing.
      while (
        offset + 1 < data.length &&
        !(data[offset] === 0xff && data[offset + 1] !== 0 && (data[offset + 1]! < 0xd0 || data[offset + 1]! > 0xd7))
      ) {
        offset += 1;
      }
    } else if (marker === 0xd9) break;
  }

  const luma = components[0];
  if (!luma?.filled) return null;
  const q0 = quant[luma.tq]?.[0] ?? 1;
  // The luma plane's own size in blocks (the MCU grid may pad it).
  const lumaW = Math.ceil(Math.ceil((width * luma.h) / hMax) / 8);
  const lumaH = Math.ceil(Math.ceil((height * luma.v) / vMax) / 8);
  const pixels = new Float64Array(lumaW * lumaH);
  for (let y = 0; y < lumaH; y += 1) {
    for (let x = 0; x < lumaW; x += 1) pixels[y * lumaW + x] = (luma.dc[y * luma.blocksW + x]! * q0) / 8 + 128;
  }
  return { width: lumaW, height: lumaH, pixels };
}

type TScanOptions = {
  progressive: boolean;
  se: number;
  al: number;
  restartInterval: number;
  width: number;
  height: number;
  hMax: number;
  vMax: number;
};

/** Decodes one scan's DC values into its components (AC values read and dropped); the offset after it, or -1. */
function decodeScan(
  data: Buffer,
  start: number,
  scan: { component: TComponent; dc: THuffman | undefined; ac: THuffman | undefined }[],
  options: TScanOptions,
): number {
  let offset = start;
  let bitBuffer = 0;
  let bitCount = 0;
  let hitMarker = false;
  const readBit = (): number => {
    if (bitCount === 0) {
      if (hitMarker || offset >= data.length) {
        bitBuffer = 0;
      } else {
        let byte = data[offset]!;
        if (byte === 0xff) {
          const next = data[offset + 1];
          if (next === 0) offset += 1;
          else {
            hitMarker = true;
            byte = 0;
            offset -= 1;
          }
        }
        offset += 1;
        bitBuffer = byte;
      }
      bitCount = 8;
    }
    bitCount -= 1;
    return (bitBuffer >> bitCount) & 1;
  };
  const decodeHuffman = (table: THuffman): number => {
    let code = 0;
    for (let length = 1; length <= 16; length += 1) {
      code = (code << 1) | readBit();
      if (code <= table.maxCode[length]!) return table.values[table.valPtr[length]! + code - table.minCode[length]!]!;
    }
    throw new Error('bad huffman code');
  };
  const receiveExtend = (size: number): number => {
    if (size === 0) return 0;
    let value = 0;
    for (let i = 0; i < size; i += 1) value = (value << 1) | readBit();
    return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
  };
  const predictors = new Float64Array(scan.length);
  const decodeBlock = (index: number, component: TComponent, blockX: number, blockY: number) => {
    const entry = scan[index]!;
    if (!entry.dc) throw new Error('missing table');
    const diff = receiveExtend(decodeHuffman(entry.dc));
    predictors[index] = predictors[index]! + diff;
    if (blockX < component.blocksW && blockY < component.blocksH) {
      component.dc[blockY * component.blocksW + blockX] = predictors[index]! * (1 << options.al);
    }
    if (!options.progressive && options.se > 0) {
      if (!entry.ac) throw new Error('missing table');
      for (let k = 1; k <= 63;) {
        const rs = decodeHuffman(entry.ac);
        const run = rs >> 4;
        const size = rs & 15;
        if (size === 0) {
          if (run !== 15) break;
          k += 16;
          continue;
        }
        k += run;
        for (let i = 0; i < size; i += 1) readBit();
        k += 1;
      }
    }
  };
  const restart = () => {
    // The rest of the byte is padding; the RSTn marker follows (the reader may have stopped at it).
    bitCount = 0;
    predictors.fill(0);
    if (data[offset] === 0xff && data[offset + 1]! >= 0xd0 && data[offset + 1]! <= 0xd7) offset += 2;
    hitMarker = false;
  };

  if (scan.length === 1) {
    const component = scan[0]!.component;
    const w = Math.ceil(Math.ceil((options.width * component.h) / options.hMax) / 8);
    const h = Math.ceil(Math.ceil((options.height * component.v) / options.vMax) / 8);
    let n = 0;
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        if (options.restartInterval && n > 0 && n % options.restartInterval === 0) restart();
        decodeBlock(0, component, x, y);
        n += 1;
      }
    }
  } else {
    const mcusX = Math.ceil(options.width / (8 * options.hMax));
    const mcusY = Math.ceil(options.height / (8 * options.vMax));
    let n = 0;
    for (let my = 0; my < mcusY; my += 1) {
      for (let mx = 0; mx < mcusX; mx += 1) {
        if (options.restartInterval && n > 0 && n % options.restartInterval === 0) restart();
        scan.forEach((entry, index) => {
          for (let v = 0; v < entry.component.v; v += 1) {
            for (let h = 0; h < entry.component.h; h += 1) {
              decodeBlock(index, entry.component, mx * entry.component.h + h, my * entry.component.v + v);
            }
          }
        });
        n += 1;
      }
    }
  }
  return offset;
}
