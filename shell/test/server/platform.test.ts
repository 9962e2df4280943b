import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_NAMES, PORTALS, portalDir, portalExposes, ROUTES, SHELL } from '@courseport/contracts/platform';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const repo = (relative: string) => path.join(ROOT, relative);

describe('the platform description', () => {
  it('gives every app its own port', () => {
    const ports = [SHELL.port, ...PORTAL_NAMES.map((name) => PORTALS[name].port)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("names only pages the portals have: each route's module is a file of its portal's src/pages", () => {
    for (const name of PORTAL_NAMES) {
      for (const file of Object.values(portalExposes(name))) {
        expect(existsSync(repo(`${portalDir(name)}/${file}`)), `${name}: ${file}`).toBe(true);
      }
    }
  });

  it('has no two routes with the same path', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
