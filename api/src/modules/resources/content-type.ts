import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a resource file is, judged by its bytes (file-type's magic numbers), never by its name or
 * the type the browser declared: a PDF, an archive (ZIP and the office formats built on it, gzip,
 * tar, 7z), an image (PNG, JPEG, WebP, GIF), or UTF-8 text without NUL bytes whose name is a source
 * or text file's (XML included; served as `text/plain`). Anything else (an executable, an HTML page named
 * `.pdf`, a video) is refused.
 */

/** Binary types accepted, each with the extensions a file of it may have (the first is added when the name has none of them). */
const BINARY_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/gzip': ['gz', 'tgz'],
  'application/x-tar': ['tar'],
  'application/x-7z-compressed': ['7z'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
};

/**
 * Text files taken by extension once their bytes are UTF-8 text: source code, markup meant to be
 * read, data. Not HTML or SVG: a page the browser would run has no business in a course download.
 */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  'txt',
  'md',
  'markdown',
  'rst',
  'adoc',
  'tex',
  'log',
  'csv',
  'tsv',
  'json',
  'jsonl',
  'ipynb',
  'yaml',
  'yml',
  'toml',
  'xml',
  'xsd',
  'xsl',
  'ini',
  'cfg',
  'conf',
  'properties',
  'env',
  'sql',
  'graphql',
  'gql',
  'proto',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'mts',
  'cts',
  'vue',
  'svelte',
  'css',
  'scss',
  'sass',
  'less',
  'py',
  'pyi',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'kts',
  'scala',
  'groovy',
  'gradle',
  'swift',
  'dart',
  'lua',
  'c',
  'h',
  'cc',
  'cpp',
  'cxx',
  'hpp',
  'hh',
  'cs',
  'fs',
  'php',
  'pl',
  'r',
  'jl',
  'ex',
  'exs',
  'erl',
  'hs',
  'clj',
  'elm',
  'ml',
  'nim',
  'zig',
  'sol',
  'sh',
  'bash',
  'zsh',
  'fish',
  'ps1',
  'bat',
  'asm',
  's',
  'v',
  'vhd',
]);
/** Text files known by their whole name. */
const TEXT_NAMES: ReadonlySet<string> = new Set(['dockerfile', 'makefile', 'readme', 'license', 'gemfile', 'procfile']);

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export const UNSUPPORTED_FILE =
  'This file type is not supported: upload a PDF, an archive (ZIP, gzip, tar, 7z), an image (PNG, JPEG, WebP, GIF) or a text or source file (checked by its content, not its name)';

/** The largest file name kept (characters). */
export const MAX_FILE_NAME = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A file name safe to store and send back: no folders, control or direction characters, no leading dots, 200 characters at most. */
export function safeFileName(name: string | null | undefined, fallback = 'file'): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = last.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  if (!clean) clean = fallback;
  return clipName(clean);
}

function clipName(name: string): string {
  if (name.length <= MAX_FILE_NAME) return name;
  const ext = path.extname(name).slice(0, 20);
  return name.slice(0, MAX_FILE_NAME - ext.length) + ext;
}

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

const utf8 = new TextDecoder('utf-8', { fatal: true });
function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

export interface CheckedFile {
  /** The type as served (`text/plain; charset=utf-8` for text). */
  contentType: string;
  /** The name to store: sanitized, with an extension that matches the content. */
  fileName: string;
}

/** The checked type and the stored name of an upload, or null when its content is not accepted. */
export async function checkFile(data: Buffer, originalName: string | null | undefined): Promise<CheckedFile | null> {
  const name = safeFileName(originalName);
  const detected = await fileTypeFromBuffer(data);
  // XML (a pom.xml, a layout) is text like any source file: served as text/plain.
  if (detected && detected.mime !== 'application/xml') {
    const extensions = BINARY_TYPES[detected.mime];
    if (!extensions) return null;
    const fileName = extensions.includes(extensionOf(name)) ? name : clipName(`${name}.${extensions[0]}`);
    return { contentType: detected.mime, fileName };
  }
  if (!isText(data)) return null;
  const known = TEXT_EXTENSIONS.has(extensionOf(name)) || TEXT_NAMES.has(name.toLowerCase());
  return known ? { contentType: TEXT_CONTENT_TYPE, fileName: name } : null;
}
