import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../../shared/html-escape';
import { injectHead, jsonForScript } from './html';

describe('SEO head tags', () => {
  it('escapes text so a product name cannot open a tag', () => {
    expect(escapeHtml(`"Mugs" & <b>'bowls'</b>`)).toBe('&quot;Mugs&quot; &amp; &lt;b&gt;&#39;bowls&#39;&lt;/b&gt;');
  });

  it('keeps JSON-LD from closing its script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('replaces the built title with the page tags', () => {
    const html = injectHead('<head><title>Shopfront</title></head>', {
      title: 'Mug | Demo', description: 'A mug', canonical: 'http://demo.localhost/p/mug', type: 'product', siteName: 'Demo', image: 'http://x/i.svg', jsonLd: { '@type': 'Product' }, noindex: true,
    });
    expect(html).toContain('<title>Mug | Demo</title>');
    expect(html).not.toContain('<title>Shopfront</title>');
    expect(html).toContain('<link rel="canonical" href="http://demo.localhost/p/mug" />');
    expect(html).toContain('<meta property="og:image" content="http://x/i.svg" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
  });
});
