import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type PortalName, ROUTES, SHELL } from '@courseport/contracts/platform';
import type { Page } from 'playwright-core';
import { PATHS as ADMIN_PATHS } from '../../admin-mfe/src/features/layout/components/paths';
import { PATHS as EDUCATOR_PATHS } from '../../educator-mfe/src/lib/paths';
import { seriousViolations } from './axe';
import { SCREENSHOTS } from './screenshots';

// The screen gallery (issue #30): every route of the platform registry, as each role, at desktop and
// phone width, checked for what a user would trip over, with a screenshot of each.

export type Role = 'visitor' | 'student' | 'educator' | 'admin';

export const GALLERY_DIR = path.join(SCREENSHOTS, 'gallery');

/** A route of the registry, its parameters filled in: one page of the gallery. */
export interface GalleryRoute {
  /** The pattern as the registry (or the educator portal's `PATHS`) spells it, e.g. `/course/:id`. */
  pattern: string;
  /** Its parameters filled: the address to open. */
  url: string;
  /** The file-name part of its screenshots: `course-id`. */
  slug: string;
  /** The portal that renders it, or the shell. */
  owner: PortalName | 'shell';
  /** The shell lets only this role in (anyone else is sent home). */
  guard?: 'educator';
  /** false: the page draws its own navigation, without the shell's bar. */
  navBar?: false;
}

/**
 * The sub-routes of a portal that owns a whole subtree (`/educator/*`, `/admin/*`), from the portal's own list
 * of paths: a path that takes parameters is a function, and its parameter names are read off it, so
 * `editCourse: (courseId) => …` becomes `/educator/courses/:courseId/edit`.
 */
const SUB_ROUTES: Partial<Record<PortalName, Record<string, string | ((...args: string[]) => string)>>> = {
  educator: EDUCATOR_PATHS,
  admin: ADMIN_PATHS,
};

function subRoutePatterns(owner: PortalName): string[] {
  const paths = SUB_ROUTES[owner];
  if (!paths) throw new Error(`The gallery does not know ${owner}'s sub-routes: add its paths to SUB_ROUTES`);
  return Object.values(paths).map((entry) => {
    if (typeof entry === 'string') return entry;
    const names = parameterNames(entry);
    return decodeURIComponent(entry(...names.map((name) => `:${name}`)));
  });
}

function parameterNames(fn: (...args: string[]) => string): string[] {
  const list = /^\s*(?:function\s*\w*)?\s*\(?([^)=]*)\)?\s*=>?/.exec(fn.toString())?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The registry's patterns, each with its owner: the shell's pages, then every portal's routes in order. */
export function registryPatterns(): Array<Omit<GalleryRoute, 'url' | 'slug'>> {
  const patterns: Array<Omit<GalleryRoute, 'url' | 'slug'>> = SHELL.pages.map((page) => ({
    pattern: page.path,
    owner: 'shell' as const,
  }));
  for (const route of ROUTES) {
    const guard = {
      ...(route.guard ? { guard: route.guard } : {}),
      ...(route.navBar === false ? { navBar: false as const } : {}),
    };
    if (route.path.endsWith('/*')) {
      for (const pattern of subRoutePatterns(route.remote)) patterns.push({ pattern, owner: route.remote, ...guard });
    } else {
      patterns.push({ pattern: route.path, owner: route.remote, ...guard });
    }
  }
  return patterns;
}

/** `/course/:id` → `course-id`; `/` → `home`. */
export const slugOf = (pattern: string) =>
  pattern
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'home';

export interface ParameterValues {
  /** For one pattern: `'/course/:id': { id }`. */
  byRoute: Record<string, Record<string, string>>;
  /** For every route of one portal: the educator's `courseId` is a course of their own. */
  byOwner: Partial<Record<PortalName | 'shell', Record<string, string>>>;
  /** For the name anywhere else: `courseId`. */
  byName: Record<string, string>;
}

/**
 * Fills each `:name` of the pattern, from the most particular value there is. A parameter with none
 * throws, naming it: a new route with a new parameter needs a real value to be shown with.
 */
export function fillPattern(pattern: string, owner: PortalName | 'shell', values: ParameterValues): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values.byRoute[pattern]?.[name] ?? values.byOwner[owner]?.[name] ?? values.byName[name];
    if (value === undefined) {
      throw new Error(`The gallery has no value for :${name} in ${pattern}: give it one in the gallery's parameters`);
    }
    return encodeURIComponent(value);
  });
}

export interface Finding {
  where: string;
  problems: string[];
}

/** Every page with a problem, for the summary at the end. */
export const findings: Finding[] = [];

export interface InspectOptions {
  /** A page on its way elsewhere: axe only (no width or reach check, no screenshot). */
  axeOnly?: boolean;
  /** false: the screen only (a state, or home where a refused role lands), not the whole page. */
  fullPage?: boolean;
}

/**
 * Checks what the page shows now and saves its screenshot as
 * `e2e/screenshots/gallery/<role>-<slug>-<width>.png`. Returns the problems found: serious or critical
 * axe violations, the page scrolling sideways, and every button or link that cannot be brought into
 * view by scrolling the page up and down (see `outOfReach`).
 */
export async function inspectPage(
  page: Page,
  shot: { role: Role; slug: string; width: number },
  options: InspectOptions = {},
): Promise<string[]> {
  const problems = (await seriousViolations(page)).map((v) => `axe: ${v}`);
  if (options.axeOnly) return problems;
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wider > 0) problems.push(`scrolls sideways: the page is ${wider}px wider than the screen`);
  const reach = await page.evaluate(outOfReach);
  problems.push(...groupByObstacle(reach.problems));
  await mkdir(GALLERY_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(GALLERY_DIR, `${shot.role}-${shot.slug}-${shot.width}.png`),
    // With a modal dialog open, the dialog is the picture: the page behind it is shown on its own.
    fullPage: !reach.modal && options.fullPage !== false,
    animations: 'disabled',
  });
  return problems;
}

/** The page's buttons and links out of reach, grouped by what hides them (see `outOfReach`). */
export async function reachProblems(page: Page): Promise<string[]> {
  return groupByObstacle((await page.evaluate(outOfReach)).problems);
}

/**
 * One line per obstacle, naming the elements it keeps out of reach (the first eight): a table's
 * twenty hidden actions read as one problem, not twenty.
 */
function groupByObstacle(items: Array<{ element: string; obstacle: string }>): string[] {
  const byObstacle = new Map<string, string[]>();
  for (const { element, obstacle } of items) byObstacle.set(obstacle, [...(byObstacle.get(obstacle) ?? []), element]);
  return [...byObstacle].map(([obstacle, elements]) => {
    const shown = elements.slice(0, 8).join(', ');
    const more = elements.length > 8 ? `, and ${elements.length - 8} more` : '';
    return `out of reach, ${obstacle}: ${elements.length === 1 ? '' : `${elements.length} elements: `}${shown}${more}`;
  });
}

/** A plain list of the findings, written next to the screenshots (`findings.txt`) and printed. */
export async function writeSummary(): Promise<string> {
  const text =
    findings.length === 0
      ? 'Screen gallery: no findings.\n'
      : `Screen gallery: ${findings.length} screen(s) with findings\n\n${findings
          .map((f) => `${f.where}\n${f.problems.map((p) => `  - ${p}`).join('\n')}`)
          .join('\n\n')}\n`;
  await mkdir(GALLERY_DIR, { recursive: true });
  await writeFile(path.join(GALLERY_DIR, 'findings.txt'), text);
  return text;
}

/**
 * Runs in the page. Every button and link a user could see — `button`, `a[href]`, `[role=button]`,
 * `[role=link]`, leaving out those in a closed menu, a collapsed panel, a hidden or inert part,
 * visually hidden ones (1 px or less), and, while a modal dialog is open, everything outside it —
 * must be reachable by scrolling the page (or a scroller) up and down alone:
 * - sideways, it must be whole: inside the screen's width and inside every ancestor that clips
 *   (overflow other than visible) as they stand. Needing a scroller moved sideways counts as out of
 *   reach: the actions beyond a wide table's visible width are what this catches;
 * - up and down, it must show at least in part within every ancestor that clips without scrolling
 *   (a clamped title is fine), and lie on the page (a fixed one: on the screen).
 * One that only shows when focused (the skip link) is judged focused, as a keyboard user meets it.
 * Reads the layout only: nothing is scrolled. Each problem names the element by tag, class,
 * accessible name, and what hides it.
 */
function outOfReach(): { modal: boolean; problems: Array<{ element: string; obstacle: string }> } {
  const TOLERANCE = 2;
  const screenWidth = document.documentElement.clientWidth;
  const screenHeight = window.innerHeight;

  const label = (el: Element): string => {
    const byIds = el
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const text =
      el.getAttribute('aria-label') ||
      byIds ||
      el.textContent ||
      el.getAttribute('title') ||
      el.querySelector('img[alt]')?.getAttribute('alt') ||
      '';
    const name = text.replace(/\s+/g, ' ').trim();
    return name.length > 60 ? `${name.slice(0, 57)}…` : name;
  };
  const describe = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
    return `${tag}${role ? `[role=${role}]` : ''}${el.id ? `#${el.id}` : cls ? `.${cls}` : ''}`;
  };
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';

  interface Clipper {
    el: HTMLElement;
    box: { left: number; right: number; top: number; bottom: number };
    x: boolean;
    y: boolean;
    scrollsX: boolean;
    scrollsY: boolean;
  }
  /** The ancestors that clip the element, innermost first (the page's own scrolling left out). */
  const clippersOf = (el: Element): Clipper[] => {
    const list: Clipper[] = [];
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      const x = style.overflowX !== 'visible';
      const y = style.overflowY !== 'visible';
      if (!x && !y) continue;
      const r = a.getBoundingClientRect();
      const left = r.left + a.clientLeft;
      const top = r.top + a.clientTop;
      list.push({
        el: a,
        box: { left, right: left + a.clientWidth, top, bottom: top + a.clientHeight },
        x,
        y,
        scrollsX: scrolls(style.overflowX),
        scrollsY: scrolls(style.overflowY),
      });
    }
    return list;
  };
  const isFixed = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) if (getComputedStyle(a).position === 'fixed') return true;
    return false;
  };
  const px = (n: number) => Math.round(n);

  /** What keeps the element out of reach, or null. */
  const obstacle = (el: HTMLElement, clippers: Clipper[]): string | null => {
    const r = el.getBoundingClientRect();
    for (const c of clippers) {
      if (!c.x) continue;
      if (r.left >= c.box.left - TOLERANCE && r.right <= c.box.right + TOLERANCE) continue;
      if (c.scrollsX) return `only seen by scrolling ${describe(c.el)} sideways`;
      const outside = r.right <= c.box.left || r.left >= c.box.right;
      return `${outside ? 'hidden' : 'cut off'} sideways by ${describe(c.el)}|x ${px(r.left)}–${px(r.right)}, its box ${px(c.box.left)}–${px(c.box.right)}`;
    }
    if (r.left < -TOLERANCE || r.right > screenWidth + TOLERANCE) {
      return `beyond the screen's ${r.left < 0 ? 'left' : 'right'} edge|x ${px(r.left)}–${px(r.right)} of ${screenWidth}px`;
    }
    for (const c of clippers) {
      if (!c.y || c.scrollsY) continue;
      if (r.bottom > c.box.top && r.top < c.box.bottom) continue;
      return `hidden by ${describe(c.el)}, outside its box|y ${px(r.top)}–${px(r.bottom)}, its box ${px(c.box.top)}–${px(c.box.bottom)}`;
    }
    if (isFixed(el)) {
      // A fixed panel that scrolls (a long dialog) brings its own controls into view.
      const scrolledInto = clippers.some((c) => c.scrollsY && c.el.scrollHeight > c.el.clientHeight);
      if ((r.bottom <= 0 || r.top >= screenHeight) && !scrolledInto)
        return `fixed outside the screen|y ${px(r.top)}–${px(r.bottom)}`;
    } else if (r.bottom + window.scrollY <= 0) {
      return `above the top of the page|y ${px(r.top + window.scrollY)}`;
    }
    return null;
  };

  const modal = Array.from(document.querySelectorAll('[aria-modal="true"], dialog[open]'))
    .filter((d) => d.checkVisibility())
    .pop();
  const problems: Array<{ element: string; obstacle: string }> = [];
  for (const el of Array.from(
    (modal ?? document).querySelectorAll<HTMLElement>('button, a[href], [role=button], [role=link]'),
  )) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (el.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    const clippers = clippersOf(el);
    // A collapsed panel: an ancestor that clips with no room at all.
    if (clippers.some((c) => c.el.clientWidth === 0 || c.el.clientHeight === 0)) continue;
    let problem = obstacle(el, clippers);
    if (problem && document.activeElement !== el && el.tabIndex >= 0) {
      el.focus({ preventScroll: true });
      for (const animation of el.getAnimations()) animation.finish();
      if (!obstacle(el, clippersOf(el))) problem = null;
      el.blur();
    }
    if (problem) {
      const [obstacle = problem, where] = problem.split('|');
      problems.push({ element: `<${describe(el)}> "${label(el)}"${where ? ` (${where})` : ''}`, obstacle });
    }
  }
  return { modal: modal !== undefined, problems };
}
