/**
 * Writes the tenant page's app icons (public/tenant-icon-192.png, -512.png) from the same drawing
 * as public/tenant-icon.svg: a blue square, a white lightning bolt and a white water drop. No image
 * library: the shapes are filled by their own equations (4×4 samples a pixel for smooth edges) and
 * written as an RGBA PNG with node:zlib. Full-bleed, the shapes inside the middle 80 %: usable as
 * "maskable" icons too. Run: `npx tsx scripts/tenantIcons.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const BRAND = [0x1f, 0x6f, 0xeb];
const WHITE = [0xff, 0xff, 0xff];

/** The bolt, in a 512 grid (the SVG's coordinates). */
const BOLT: [number, number][] = [[262, 96], [142, 282], [226, 282], [198, 416], [330, 222], [246, 222], [274, 96]];
/** The drop: a circle and the triangle above it meeting it at its tangents. */
const DROP = { cx: 356, cy: 352, r: 62, tipY: 232 };

function inPolygon(x: number, y: number, points: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inDrop(x: number, y: number): boolean {
  const { cx, cy, r, tipY } = DROP;
  if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return true;
  if (y < tipY || y > cy) return false;
  // Tangent points of the lines from the tip to the circle.
  const d = cy - tipY;
  const half = Math.asin(r / d);
  const halfWidthAt = (y - tipY) * Math.tan(half);
  const tangentY = tipY + Math.sqrt(d * d - r * r) * Math.cos(half);
  return y <= tangentY ? Math.abs(x - cx) <= halfWidthAt : false;
}

const white = (x: number, y: number) => inPolygon(x, y, BOLT) || inDrop(x, y);

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function iconPng(size: number): Buffer {
  const samples = 4;
  const scale = 512 / size;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    raw[row] = 0; // no filter
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          if (white((px + (sx + 0.5) / samples) * scale, (py + (sy + 0.5) / samples) * scale)) hits++;
        }
      }
      const share = hits / (samples * samples);
      const at = row + 1 + px * 4;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(BRAND[c] * (1 - share) + WHITE[c] * share);
      raw[at + 3] = 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const publicDir = join(import.meta.dirname, '..', 'public');
  for (const size of [192, 512]) writeFileSync(join(publicDir, `tenant-icon-${size}.png`), iconPng(size));
}
