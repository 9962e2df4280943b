import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A real (small) PNG thumbnail for tests, written byte by byte: a diagonal gradient in a hue from
 * `seed` with soft circles and a play mark. `padTo`: the file is made exactly that many bytes with
 * a private ancillary chunk (`paDd`), which decoders skip: a large upload that is still an image.
 */
export function thumbnailPng(seed: number, width = 640, height = 360, padTo?: number): Buffer {
  const hue = (seed * 47) % 360;
  const from = hslToRgb(hue, 0.7, 0.45);
  const to = hslToRgb((hue + 40) % 360, 0.75, 0.62);
  const circles = [
    { x: width * 0.82, y: height * 0.2, r: height * 0.38 },
    { x: width * 0.12, y: height * 0.95, r: height * 0.45 },
  ];
  const play = { x: width / 2, y: height / 2, r: height * 0.16 };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let rgb = [0, 1, 2].map((i) => (from[i] as number) + ((to[i] as number) - (from[i] as number)) * t);
      const inCircle = circles.some((c) => (x - c.x) ** 2 + (y - c.y) ** 2 < c.r ** 2);
      if (inCircle) rgb = rgb.map((v) => v + (255 - v) * 0.12);
      const dx = x - play.x;
      const dy = y - play.y;
      if (dx * dx + dy * dy < play.r ** 2) {
        const inTriangle = dx > -play.r * 0.35 && Math.abs(dy) < (play.r * 0.45 - dx) * 0.58 && dx < play.r * 0.5;
        rgb = inTriangle ? rgb : rgb.map((v) => v + (255 - v) * 0.85);
      }
      row[1 + x * 3] = rgb[0] as number;
      row[2 + x * 3] = rgb[1] as number;
      row[3 + x * 3] = rgb[2] as number;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  ]);
  const end = chunk('IEND', Buffer.alloc(0));
  const room = padTo === undefined ? -1 : padTo - head.length - end.length - 12;
  if (padTo !== undefined && room < 0) throw new Error(`a ${width}×${height} PNG is larger than ${padTo} bytes`);
  return Buffer.concat([head, ...(room >= 0 ? [chunk('paDd', Buffer.alloc(room))] : []), end]);
}
