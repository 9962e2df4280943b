import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';

/** The front ends' sources: no hex colour in their TypeScript outside the token source. */
export const CHECKED = [
  'shared-ui/src',
  'shell/src',
  'storefront-mfe/src',
  'learner-mfe/src',
  'educator-mfe/src',
  'admin-mfe/src',
];

/** The one file allowed to write a colour in hex: the design tokens (docs/ARCHITECTURE.md). */
export const TOKEN_SOURCE = 'shared-ui/src/tokens.ts';

/** A hex colour standing alone: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, not part of a longer word. */
const HEX_COLOUR = /(?<![\w#-])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{4}|[0-9a-f]{3})(?![\w-])/gi;

/** Attributes and properties whose `#…` is an in-page address (`href="#add"`), not a colour. */
const ANCHORS = new Set(['href', 'to', 'hash', 'xlinkHref']);

/**
 * The name of the JSX attribute or object property a literal is the value of, if any.
 * @param {ts.Node} node
 * @returns {string | undefined}
 */
function ownerName(node) {
  let parent = node.parent;
  if (parent && ts.isJsxExpression(parent)) parent = parent.parent;
  if (parent && (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return undefined;
}

/**
 * The hex colours written in one TypeScript file's string literals, template literals and JSX
 * attribute values (comments and JSX text are not code; in-page anchors are not colours).
 * @param {string} fileName
 * @param {string} text
 * @returns {{ line: number; colour: string }[]}
 */
export function hexColoursIn(fileName, text) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {{ line: number; colour: string }[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const owner = ownerName(
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node : node.parent,
      );
      if (!(owner && ANCHORS.has(owner))) {
        for (const match of node.text.matchAll(HEX_COLOUR)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push({ line: line + 1, colour: match[0] });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every `.ts`/`.tsx` file under `dir` (no node_modules).
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...(await sourceFiles(full)));
    } else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * Every hex colour in the front ends' TypeScript under `rootDir` outside `shared-ui/src/tokens.ts`,
 * as readable lines (empty when every colour comes from the tokens).
 * @param {string} rootDir
 * @param {string[]} [targets] folders relative to `rootDir`
 * @returns {Promise<string[]>}
 */
export async function hexColourViolations(rootDir, targets = CHECKED) {
  /** @type {string[]} */
  const problems = [];
  for (const target of targets) {
    const dir = path.join(rootDir, target);
    if (!existsSync(dir)) continue;
    for (const file of (await sourceFiles(dir)).sort()) {
      const relative = path.relative(rootDir, file).split(path.sep).join('/');
      if (relative === TOKEN_SOURCE) continue;
      for (const { line, colour } of hexColoursIn(relative, await readFile(file, 'utf8')))
        problems.push(`${relative}:${line}: ${colour}`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const problems = await hexColourViolations(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} hex colour(s) outside ${TOKEN_SOURCE}: add a token there (pnpm tokens) and write var(--cp-…) (see docs/ARCHITECTURE.md)`,
    );
    process.exit(1);
  }
  console.log(`No hex colours in the front ends' TypeScript outside ${TOKEN_SOURCE}.`);
}
