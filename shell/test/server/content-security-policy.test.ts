import { describe, expect, it } from 'vitest';
import { shellContentSecurityPolicy } from '../../server/content-security-policy.mjs';

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values] as const;
    }),
  );

describe("the shell page's Content-Security-Policy", () => {
  const policy = directives(
    shellContentSecurityPolicy({ api: '', remotes: ['http://localhost:3001', 'http://localhost:3002'] }),
  );

  it("lets the player load YouTube's IFrame API script and the player script it loads, nothing else of YouTube's, nothing inline", () => {
    // Paths, not the host (#30): `iframe_api` exactly, and the widget script under `/s/player/`.
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'http://localhost:3001',
      'http://localhost:3002',
      'https://www.youtube.com/iframe_api',
      'https://www.youtube.com/s/player/',
    ]);
    expect(policy.get('script-src')).not.toContain('https://www.youtube.com');
  });

  it("frames only YouTube's privacy-enhanced embed, and is framed by nobody", () => {
    expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('plays hosted video through hls.js (a blob: MediaSource) and from the API, no other host', () => {
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    const separate = directives(
      shellContentSecurityPolicy({ api: 'https://api.example', media: ['https://api.example'], remotes: [] }),
    );
    expect(separate.get('media-src')).toEqual(["'self'", 'blob:', 'https://api.example']);
  });

  it("adds Clerk's hosts beside YouTube's when the deployment uses Clerk", () => {
    const withClerk = directives(shellContentSecurityPolicy({ api: '', remotes: [], clerk: true }));
    expect(withClerk.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://www.youtube.com/iframe_api', 'https://*.clerk.com']),
    );
  });
});
