/**
 * The toolbar and store icons, drawn at build time from the shapes of the web app's favicon
 * (web/public/favicon.svg: a green rounded square with a two-leaf sprout), because Chrome wants
 * PNGs there and a few lines beat committing binaries or adding an image library.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const GREEN: Rgba = [0x1f, 0x5f, 0x4a, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const MINT: Rgba = [0xcf, 0xe7, 0xdc, 255];

/** The favicon's 32-unit drawing, as a colour at a point (null outside the square). */
function colourAt(x: number, y: number): Rgba | null {
  if (!insideRoundedSquare(x, y, 32, 8)) return null;
  if (insideLeaf(x, y, [16, 19], [9.6, 13], 1.75)) return MINT;
  if (insideLeaf(x, y, [16, 16], [24, 8.5], 2.2)) return WHITE;
  // The stem: a round-capped line from (16, 14) to (16, 25), 2.4 wide.
  if (Math.hypot(x - 16, y - Math.min(Math.max(y, 14), 25)) <= 1.2) return WHITE;
  return GREEN;
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** A leaf as an ellipse from `from` to `to`, `halfWidth` across. */
function insideLeaf(x: number, y: number, from: [number, number], to: [number, number], halfWidth: number): boolean {
  const [cx, cy] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const halfLength = Math.hypot(dx, dy) / 2;
  const [ux, uy] = [dx / (2 * halfLength), dy / (2 * halfLength)];
  const along = (x - cx) * ux + (y - cy) * uy;
  const across = -(x - cx) * uy + (y - cy) * ux;
  return (along / halfLength) ** 2 + (across / halfWidth) ** 2 <= 1;
}

/**
 * An RGBA PNG of the icon, `size` pixels square, anti-aliased by 4x4 supersampling; `margin` pixels
 * of transparency on every side (the store icon: 96 px of drawing in a 128 px square).
 */
export function renderIcon(size: number, margin = 0): Buffer {
  const drawn = size - 2 * margin;
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(
            ((px - margin + (sx + 0.5) / samples) * 32) / drawn,
            ((py - margin + (sy + 0.5) / samples) * 32) / drawn,
          );
          if (!colour) continue;
          for (let c = 0; c < 3; c++) sum[c]! += colour[c]! * colour[3];
          sum[3]! += colour[3];
        }
      }
      const alpha = sum[3]!;
      for (let c = 0; c < 3; c++) row[1 + px * 4 + c] = alpha ? Math.round(sum[c]! / alpha) : 0;
      row[1 + px * 4 + 3] = Math.round(alpha / (samples * samples));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
