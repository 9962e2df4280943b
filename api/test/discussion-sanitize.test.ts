import { sanitizeDiscussion } from '@courseport/contracts/sanitize-description';
import { describe, expect, it } from 'vitest';

// #35: what the Q&A's formatting editor (Tiptap: bold, italic, code, lists, code blocks, links)
// sends is kept by the discussion allow-list as it is; what no editor sends (scripts, handlers,
// javascript: links, frames, images, styles, headings) goes. A pure sanitizer test: no store.
const REL = 'rel="noopener noreferrer nofollow"';

describe('Discussion sanitizer (#35): the formatting editor’s tags', () => {
  it('keeps every tag the editor produces', () => {
    const editor = [
      '<p><strong>Bold</strong>, <em>italic</em>, <s>struck</s>, <u>under</u> and <code>npm test</code></p>',
      '<ul><li><p>one</p></li><li><p>two</p></li></ul>',
      '<ol><li><p>first</p></li></ol>',
      '<pre><code>const a = 1;\nconsole.log(a &lt; 2);</code></pre>',
      '<blockquote><p>quoted</p></blockquote>',
      '<p>line<br />break</p>',
    ].join('');
    expect(sanitizeDiscussion(editor)).toBe(editor);
    // A line break as the editor writes it is the same break.
    expect(sanitizeDiscussion('<p>a<br>b</p>')).toBe('<p>a<br />b</p>');
  });

  it('keeps a link with its address, opening in a new tab without opener, referrer or endorsement', () => {
    expect(sanitizeDiscussion('<p><a href="https://example.com/docs" title="Docs">docs</a></p>')).toBe(
      `<p><a href="https://example.com/docs" title="Docs" ${REL} target="_blank">docs</a></p>`,
    );
    // Whatever rel or target the link said, it gets ours.
    expect(sanitizeDiscussion('<a href="mailto:me@example.com" rel="opener" target="_self">mail</a>')).toBe(
      `<a href="mailto:me@example.com" ${REL} target="_blank">mail</a>`,
    );
    // The editor's class on a code block (a language) goes: no tag keeps attributes but a link.
    expect(sanitizeDiscussion('<pre><code class="language-js">x</code></pre>')).toBe('<pre><code>x</code></pre>');
  });

  it('strips scripts, handlers, frames, images, styles and headings', () => {
    const out = sanitizeDiscussion(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(2)>' +
        '<iframe src="https://evil.example"></iframe><svg onload=alert(3)></svg><style>p{}</style></p>' +
        '<h1>Big</h1><code onmouseover="x()">c</code><a href="https://ok.example" onclick="x()">ok</a>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|onload|onmouseover|style|<img|<iframe|<svg|<h1|alert/i);
    expect(out).toContain('<p>Hi</p>');
    expect(out).toContain('Big');
    expect(out).toContain('<code>c</code>');
    expect(out).toContain(`<a href="https://ok.example" ${REL} target="_blank">ok</a>`);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('drops the address of a link to %j, keeping its text', (href) => {
    const out = sanitizeDiscussion(`<p><a href="${href}">click</a></p>`);
    expect(out).not.toMatch(/javascript|vbscript|data:|href=/i);
    expect(out).toContain('click');
  });
});
