import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { RICH_TEXT_TAGS } from '../../../../shared/page-templates';
import { richTextToPlain, richTextUrls, sanitizeRichText } from './sanitize';

// Known XSS payloads (OWASP filter evasion cheat sheet, PortSwigger's XSS cheat sheet, html5sec.org),
// each tried as a page body. None may leave an executable trace: no tag outside the allow-list, no
// attribute besides a link's href/title/target/rel, no script-capable URL in an href.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script src=//xss.example/a.js></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<script/xss src="https://xss.example/a.js"></script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<a href="https://example.com" onclick="alert(1)">link</a>',
  '<a href="https://example.com" onmouseover=alert(1)>link</a>',
  '<a href="https://example.com" style="position:fixed;inset:0">overlay</a>',
  '<p onclick="alert(1)">text</p>',
  '<p style="background:url(javascript:alert(1))">text</p>',
  '<strong onmouseover="alert(1)">bold</strong>',
  '<h2 onfocus=alert(1) autofocus tabindex=1>heading</h2>',
  '<blockquote cite="javascript:alert(1)">quote</blockquote>',
  '<style>body{display:none}</style>',
  '<style>@import "https://xss.example/x.css";</style>',
  '<link rel="stylesheet" href="https://xss.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus></select>',
  '<textarea onfocus=alert(1) autofocus></textarea>',
  '<keygen onfocus=alert(1) autofocus>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<div style="width:expression(alert(1))">x</div>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p>ok</p><script>document.cookie</script>',
  '"><script>alert(1)</script>',
  '\'><img src=x onerror=alert(1)>',
  '<a href="https://example.com"><img src=x onerror=alert(1)></a>',
  '<ul><li onclick=alert(1)>item</li></ul>',
  '<em><svg/onload=alert(1)></em>',
  '<a href="https://example.com" formaction="javascript:alert(1)">x</a>',
  '<a href="https://example.com" target="_top" rel="opener">x</a>',
  '<p>\u0000<script>alert(1)</script></p>',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<p><a href="http://example.com/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a></p>',
];

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const LINK_ATTRIBUTES = new Set(['href', 'title', 'target', 'rel']);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#|[^:]*$)/i;

/** What a browser builds from the output: every element and attribute, as the DOM has them. */
function problemsIn(html: string): string[] {
  const window = new Window();
  const doc = window.document;
  const holder = doc.createElement('div');
  holder.innerHTML = html;
  const problems: string[] = [];
  for (const el of Array.from(holder.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED.has(tag)) problems.push(`tag <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (tag !== 'a' || !LINK_ATTRIBUTES.has(attr.name)) problems.push(`attribute ${attr.name} on <${tag}>`);
      // The URL as the browser would resolve it: entities decoded, tabs and newlines dropped.
      if (attr.name === 'href' && !SAFE_HREF.test((attr.value ?? '').replace(/[\t\n\r]/g, '').trim())) problems.push(`href ${attr.value ?? ''}`);
      if (attr.name === 'target' && attr.value !== '_blank') problems.push(`target ${attr.value}`);
    }
  }
  void window.happyDOM.close();
  return problems;
}

describe('sanitizeRichText', () => {
  it('has at least 50 known payloads to try', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(PAYLOADS.map((p, i) => [i, p] as const))('payload %i leaves nothing executable', (_i, payload) => {
    const out = sanitizeRichText(payload);
    expect(problemsIn(out), out).toEqual([]);
    expect(out).not.toMatch(/<\s*\/?\s*(script|style|iframe|object|embed|svg|math|img|base|meta|link|form|input)\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    // Script and style bodies go with their tags.
    expect(out).not.toMatch(/alert\(1\)<\/script|document\.cookie|display:none/);
  });

  it('also survives every payload wrapped inside allowed markup', () => {
    for (const payload of PAYLOADS) {
      const out = sanitizeRichText(`<p><strong>${payload}</strong></p><ul><li>${payload}</li></ul>`);
      expect(problemsIn(out), out).toEqual([]);
    }
  });

  it('keeps every allowed tag and safe link', () => {
    const html =
      '<h2>Our story</h2><h3>Since 1999</h3><p>We <strong>make</strong> things <em>by hand</em>.</p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Lovely shop</blockquote>' +
      '<p><a href="/products">Shop</a> <a href="mailto:hi@example.com">Mail</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<a href="https://example.com">Out</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">Out</a>');
  });

  it('maps b, i and h1 to the allowed tags and drops other tags but keeps their text', () => {
    expect(sanitizeRichText('<b>B</b><i>I</i><h1>T</h1>')).toBe('<strong>B</strong><em>I</em><h2>T</h2>');
    expect(sanitizeRichText('<div><span class="x">Hello</span></div>')).toBe('Hello');
    expect(sanitizeRichText('<a href="javascript:alert(1)">Text stays</a>')).toBe('Text stays');
    expect(sanitizeRichText('<a>No href</a>')).toBe('No href');
  });

  it('removes script and style blocks with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });
});

describe('richTextToPlain and richTextUrls', () => {
  it('gives the text of a body for descriptions', () => {
    expect(richTextToPlain('<h2>Hi &amp; welcome</h2><p>We sell <em>pots</em>.</p><script>x</script>')).toBe('Hi & welcome We sell pots.');
  });

  it('lists the links of a body', () => {
    expect(richTextUrls('<p><a href="/files/a.pdf">A</a><img src="/files/b.png"></p>')).toEqual(['/files/a.pdf', '/files/b.png']);
  });
});
