import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath, resolveTool, VideoToolsMissingError, videoTools } from '../src/video/binaries.js';
import { VideoProcessError } from '../src/video/ffmpeg-process.js';
import { NOT_A_VIDEO, probeVideo, VIDEO_UNREADABLE, VideoRejectedError } from '../src/video/probe.js';
import { measureTranscodeSpeed } from '../src/video/speed.js';
import { planLadder, SEGMENT_SECONDS, transcodeToHls } from '../src/video/transcode.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * The video pipeline's foundation (#33), on the ffmpeg this machine has (Debian's on the PATH in CI):
 * test clips are made by ffmpeg itself (test pattern and tone), nothing binary is checked in. What an
 * upload is (probe), what it becomes (the HLS ladder, poster, duration, progress), and hostile inputs
 * refused without reading anything but the file, within time and memory limits.
 */

const run = promisify(execFile);
let dir: string;
let clips: Record<
  'small' | 'hd' | 'noMoov' | 'cutFaststart' | 'png' | 'random' | 'hls' | 'concat' | 'huge' | 'audio',
  string
>;
let server: Server;
let requests = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-video-'));
  const at = (name: string) => path.join(dir, name);
  server = createServer((_req, res) => {
    requests += 1;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  clips = {
    small: at('small.mp4'),
    hd: at('hd.mp4'),
    noMoov: at('no-moov.mp4'),
    cutFaststart: at('cut-faststart.mp4'),
    png: at('picture.mp4'),
    random: at('random.mp4'),
    hls: at('playlist.mp4'),
    concat: at('list.mp4'),
    huge: at('huge.mpg'),
    audio: at('tone.mp4'),
  };
  await Promise.all([
    ffmpeg(...testClip('320x180', 3), clips.small),
    ffmpeg(...testClip('1280x720', 9), clips.hd),
    ffmpeg(...testClip('320x180', 10), '-movflags', '+faststart', at('faststart.mp4')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=f=440:d=2', '-c:a', 'aac', clips.audio),
    // MPEG-1 sequence headers carry the size in 12 + 12 bits: patched below to claim 4095 × 4095.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=1', '-c:v', 'mpeg1video', '-f', 'mpeg', at('tiny.mpg')),
  ]);
  // Truncated: a file cut in half loses its index (moov at the end) …
  const small = await readFile(clips.small);
  await writeFile(clips.noMoov, small.subarray(0, Math.floor(small.length / 2)));
  // … or, with the index first (faststart), keeps it and declares 10 s it no longer holds.
  const faststart = await readFile(at('faststart.mp4'));
  await writeFile(clips.cutFaststart, faststart.subarray(0, Math.floor(faststart.length * 0.4)));
  // Not video: a PNG renamed .mp4, random bytes, an HLS playlist naming a URL, a concat list naming files.
  await writeFile(
    clips.png,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer(),
  );
  await writeFile(clips.random, Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 251)));
  await writeFile(
    clips.hls,
    `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nhttp://127.0.0.1:${port}/seg.ts\n#EXT-X-ENDLIST\n`,
  );
  await writeFile(clips.concat, `ffconcat version 1.0\nfile '${clips.small}'\nfile '/etc/passwd'\n`);
  const mpeg = Buffer.from(await readFile(at('tiny.mpg')));
  for (
    let i = mpeg.indexOf(Buffer.from([0, 0, 1, 0xb3]));
    i >= 0;
    i = mpeg.indexOf(Buffer.from([0, 0, 1, 0xb3]), i + 4)
  ) {
    mpeg[i + 4] = 0xff;
    mpeg[i + 5] = 0xff;
    mpeg[i + 6] = ((mpeg[i + 6] as number) & 0x0f) | 0xf0;
  }
  await writeFile(clips.huge, mpeg);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const outDir = async (name: string) => {
  const out = path.join(dir, name);
  await mkdir(out);
  return out;
};

describe('where ffmpeg comes from', () => {
  it('is the PATH first, the npm package without one, and FFMPEG_PATH when set', async () => {
    // CI installs Debian's (.ci/run); a machine without one uses the npm package's.
    expect(resolveTool('ffmpeg').source).toBe(process.env.CI || onPath('ffmpeg', process.env.PATH) ? 'path' : 'npm');
    const shipped = resolveTool('ffmpeg', { PATH: '' });
    expect(shipped.source).toBe('npm');
    const probe = resolveTool('ffprobe', { PATH: '' });
    expect(probe.source).toBe('npm');
    // The binaries shipped in the packages run here (linux-x64).
    expect((await run(shipped.path, ['-version'])).stdout).toMatch(/^ffmpeg version/);
    expect((await run(probe.path, ['-version'])).stdout).toMatch(/^ffprobe version/);
    expect(resolveTool('ffmpeg', { FFMPEG_PATH: shipped.path, PATH: '' })).toEqual({
      path: shipped.path,
      source: 'env',
    });
    expect(() => resolveTool('ffmpeg', { FFMPEG_PATH: '/nonexistent/ffmpeg' })).toThrow(VideoToolsMissingError);
  });
});

describe('the ladder', () => {
  it('never upscales and follows the shorter side', () => {
    const names = (w: number, h: number) => planLadder(w, h).map((r) => `${r.name} ${r.width}x${r.height}`);
    expect(names(1280, 720)).toEqual(['240p 426x240', '360p 640x360', '480p 854x480', '720p 1280x720']);
    expect(names(3840, 2160)).toHaveLength(5);
    expect(names(1080, 1920).at(-1)).toBe('1080p 1080x1920');
    expect(names(320, 180)).toEqual(['180p 320x180']);
  });
});

describe('probe', () => {
  it('accepts a clip and says what it is', async () => {
    const probe = await probeVideo(clips.hd);
    expect(probe).toMatchObject({ width: 1280, height: 720, rotation: 0, videoCodec: 'h264', audioCodec: 'aac' });
    expect(probe.duration).toBeCloseTo(9, 0);
    expect(probe.frameRate).toBe(25);
  });

  it.each([
    ['a PNG renamed .mp4', 'png', NOT_A_VIDEO],
    ['random bytes', 'random', NOT_A_VIDEO],
    ['audio only', 'audio', NOT_A_VIDEO],
    ['a file cut in half (no index)', 'noMoov', VIDEO_UNREADABLE],
  ] as const)('refuses %s', async (_, clip, message) => {
    await expect(probeVideo(clips[clip])).rejects.toMatchObject({ status: 415, message });
  });

  it('refuses an HLS playlist naming a URL without fetching it, and a concat list without reading its files', async () => {
    await expect(probeVideo(clips.hls)).rejects.toMatchObject({ status: 415, message: NOT_A_VIDEO });
    await expect(probeVideo(clips.concat)).rejects.toMatchObject({ status: 415, message: NOT_A_VIDEO });
    await expect(transcodeToHls(clips.concat, await outDir('concat'))).rejects.toBeInstanceOf(VideoRejectedError);
    expect(requests).toBe(0);
  });

  it('refuses a huge declared resolution (a tiny MPEG-1 file claiming 4095 × 4095) and a video too long', async () => {
    await expect(probeVideo(clips.huge)).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/too large \(4095 × \d+ pixels\)/),
    });
    await expect(probeVideo(clips.small, { maxDurationS: 2 })).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/too long/),
    });
  });
});

describe('transcoding', () => {
  it('makes the HLS ladder of a 720p clip: 240p to 720p, 4 s segments, a master playlist, a poster, the duration, progress 0 → 100', async () => {
    const out = await outDir('hd');
    const progress: number[] = [];
    const video = await transcodeToHls(clips.hd, out, { preset: 'ultrafast', onProgress: (p) => progress.push(p) });

    expect(video.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p', 426, 240],
      ['360p', 640, 360],
      ['480p', 854, 480],
      ['720p', 1280, 720],
    ]);
    expect(video.duration).toBeCloseTo(9, 1);
    for (const r of video.renditions) {
      // Every segment but the last is SEGMENT_SECONDS long; key frames forced at the same times everywhere.
      expect(r.segments.slice(0, -1)).toEqual([SEGMENT_SECONDS, SEGMENT_SECONDS]);
      expect(r.segments.at(-1)).toBeCloseTo(1, 1);
      expect(r.bandwidth).toBeGreaterThan(r.videoKbps * 100);
      const media = await readFile(path.join(out, r.playlist), 'utf8');
      expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
      expect(media).toContain('#EXT-X-ENDLIST');
    }
    const master = await readFile(path.join(out, video.master), 'utf8');
    expect(master.match(/#EXT-X-STREAM-INF:.*RESOLUTION=1280x720.*CODECS="avc1\.4d401f,mp4a\.40\.2"/)).not.toBeNull();
    expect(master.match(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=/g)).toHaveLength(4);
    expect(master).not.toMatch(/1080/);

    // ffprobe reads the master playlist as a player would: four programs, H.264 + AAC each.
    const { stdout } = await run(videoTools().ffprobe.path, [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'json',
      path.join(out, video.master),
    ]);
    const streams = (JSON.parse(stdout) as { streams: Array<{ codec_name: string; width?: number; height?: number }> })
      .streams;
    expect(streams.filter((s) => s.codec_name === 'h264').map((s) => s.height)).toEqual(
      expect.arrayContaining([240, 360, 480, 720]),
    );
    expect(streams.some((s) => s.codec_name === 'aac')).toBe(true);

    const poster = await sharp(path.join(out, video.poster.jpeg)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 1280, 720]);
    expect((await sharp(path.join(out, video.poster.webp)).metadata()).format).toBe('webp');

    // Every file listed, with its content type, as it is on disk.
    expect(video.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['master.m3u8', '720p/index.m3u8', '240p/seg_000.ts', 'poster.jpg']),
    );
    for (const file of video.files) expect((await stat(path.join(out, file.path))).size).toBe(file.bytes);
    expect(video.files.find((f) => f.path === '360p/seg_001.ts')?.contentType).toBe('video/mp2t');
    expect(video.files.find((f) => f.path === 'master.m3u8')?.contentType).toBe('application/vnd.apple.mpegurl');

    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  }, 60_000);

  it('gives a source below 240p one rendition at its own size, with the shipped ffmpeg 4.1 as with the PATH one', async () => {
    const npmTools = { ffmpeg: resolveTool('ffmpeg', { PATH: '' }), ffprobe: resolveTool('ffprobe', { PATH: '' }) };
    const video = await transcodeToHls(clips.small, await outDir('small'), { preset: 'ultrafast', tools: npmTools });
    expect(video.renditions.map((r) => [r.name, r.width, r.height])).toEqual([['180p', 320, 180]]);
    expect(video.duration).toBeCloseTo(3, 1);
  }, 30_000);

  it('turns a rotated phone recording upright: its displayed size sets the ladder and the poster', async () => {
    // Debian's ffmpeg 5.1 cannot set a display matrix on a copy; the shipped 4.1 writes the `rotate` tag as one.
    const shipped = resolveTool('ffmpeg', { PATH: '' }).path;
    const rotated = path.join(dir, 'rotated.mov');
    await run(shipped, [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      clips.small,
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
      rotated,
    ]);
    const probe = await probeVideo(rotated);
    expect([90, 270]).toContain(probe.rotation);
    expect([probe.width, probe.height, probe.displayWidth, probe.displayHeight]).toEqual([320, 180, 180, 320]);
    const out = await outDir('rotated');
    const video = await transcodeToHls(rotated, out, { preset: 'ultrafast' });
    expect(video.renditions.map((r) => [r.name, r.width, r.height])).toEqual([['180p', 180, 320]]);
    const poster = await sharp(path.join(out, video.poster.jpeg)).metadata();
    expect([poster.width, poster.height]).toEqual([180, 320]);
  }, 30_000);

  it('refuses a file that declares more than it holds (cut, index first)', async () => {
    expect((await probeVideo(clips.cutFaststart)).duration).toBeCloseTo(10, 0);
    await expect(
      transcodeToHls(clips.cutFaststart, await outDir('cut'), { preset: 'ultrafast' }),
    ).rejects.toMatchObject({
      status: 415,
      message: VIDEO_UNREADABLE,
    });
  }, 30_000);

  it('kills the process group of a transcode that passes its time limit', async () => {
    let pid = 0;
    const started = Date.now();
    const failure = await transcodeToHls(clips.hd, await outDir('slow'), {
      preset: 'veryslow',
      timeoutMs: 400,
      onSpawn: (p) => {
        pid = p;
      },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VideoProcessError);
    expect((failure as VideoProcessError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  }, 30_000);

  it('stops a transcode past its memory limit as out of memory, not as a bad upload', async () => {
    const failure = await transcodeToHls(clips.hd, await outDir('memory'), {
      preset: 'ultrafast',
      memoryBytes: 400 * 1024 * 1024,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VideoProcessError);
    expect((failure as VideoProcessError).kind).toBe('memory');
  }, 30_000);

  it('stops ffmpeg when a file passes its size limit', async () => {
    const failure = await transcodeToHls(clips.hd, await outDir('fsize'), {
      preset: 'ultrafast',
      maxFileBytes: 16 * 1024,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VideoProcessError);
    expect((failure as VideoProcessError).kind).toBe('output-too-large');
  }, 30_000);

  it('measures its own speed for the bench (seconds of video per second of work)', async () => {
    const speed = await measureTranscodeSpeed({ seconds: 2, width: 320, height: 180, preset: 'ultrafast' });
    expect(speed.videoSeconds).toBeCloseTo(2, 1);
    expect(speed.speed).toBeGreaterThan(0);
    expect(speed.renditions).toEqual(['180p']);
  }, 30_000);
});
