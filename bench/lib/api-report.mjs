/** Tables and the `docs/performance.md` section for `pnpm bench:api`. */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';

const START = '<!-- bench:api:start -->';
const END = '<!-- bench:api:end -->';

/** @returns {{ cpu: string, cores: number, memory: string, os: string, node: string }} */
export function machine() {
  let osName = `${os.type()} ${os.release()}`;
  try {
    const release = execFileSync('cat', ['/etc/os-release'], { encoding: 'utf8' });
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(release)?.[1];
    if (pretty) osName = `${pretty} (${os.type()} ${os.release()})`;
  } catch {}
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: osName,
    node: process.version,
  };
}

/**
 * @typedef {{ store: string, courses: number, label: string, rps: number, p50: number, p99: number,
 *   ratio: number | null, requests: number, errors: number, bad: number, statuses: Record<string, number>,
 *   target: string, met: boolean | null }} Row
 */

const num = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n >= 10 ? `${Math.round(n)} ms` : `${Number(n.toFixed(1))} ms`);

/** @param {Row[]} rows */
export function markdownTable(rows) {
  const lines = [
    '| Store | Courses | Request | Req/s | p50 | p99 | vs bare Koa | Requests (non-2xx/304, errors) | Target | Met |',
    '|---|---:|---|---:|---:|---:|---:|---|---|---|',
  ];
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([code, count]) => `${num(count)} × ${code}`)
      .join(', ');
    lines.push(
      `| ${r.store} | ${num(r.courses)} | ${r.label} | ${num(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${
        r.ratio === null ? '—' : `${Math.round(r.ratio * 100)} %`
      } | ${statuses || '0'} (${r.bad}, ${r.errors}) | ${r.target} | ${r.met === null ? '—' : r.met ? 'met' : '**not met**'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Replaces what is between the bench:api markers, and only that.
 * @param {string} file
 * @param {string} section
 */
export async function writeSection(file, section) {
  const text = await readFile(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} markers`);
  await writeFile(file, `${text.slice(0, start + START.length)}\n${section.trim()}\n${text.slice(end)}`);
}
