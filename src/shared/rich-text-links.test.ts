import { describe, expect, it } from 'vitest';
import { checkLinkInput, LINK_MESSAGES, SAFE_RICH_TEXT_LINK } from './rich-text-links';

describe('checkLinkInput (the editor’s link prompt)', () => {
  it('takes same-site paths, https:, mailto: and tel:', () => {
    expect(checkLinkInput(' /pages/contact ')).toEqual({ href: '/pages/contact' });
    expect(checkLinkInput('/')).toEqual({ href: '/' });
    expect(checkLinkInput('https://example.co.uk/a?b=1&c=2')).toEqual({ href: 'https://example.co.uk/a?b=1&c=2' });
    expect(checkLinkInput('mailto:hello@shop.co.uk')).toEqual({ href: 'mailto:hello@shop.co.uk' });
    expect(checkLinkInput('tel:+44 113 496 0000')).toEqual({ href: 'tel:+441134960000' });
  });

  it('reads what people paste: an email address, a phone number, a bare domain', () => {
    expect(checkLinkInput('hello@shop.co.uk')).toEqual({ href: 'mailto:hello@shop.co.uk' });
    expect(checkLinkInput('0113 496 0000')).toEqual({ href: 'tel:01134960000' });
    expect(checkLinkInput('www.example.com/about')).toEqual({ href: 'https://www.example.com/about' });
    expect(checkLinkInput('example.co.uk')).toEqual({ href: 'https://example.co.uk' });
  });

  it('refuses everything else, saying what to use', () => {
    expect(checkLinkInput('  ')).toEqual({ error: LINK_MESSAGES.empty });
    expect(checkLinkInput('http://example.com')).toEqual({ error: LINK_MESSAGES.http });
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil', 'ftp://x.y', 'about', 'mailto:nobody', 'tel:12', 'https://', 'vbscript:x', '/a b'])
      expect(checkLinkInput(bad), bad).toEqual({ error: expect.any(String) });
    expect(checkLinkInput(`/${'a'.repeat(2000)}`)).toEqual({ error: LINK_MESSAGES.tooLong });
  });

  it('takes an email template’s {{variable}} only where asked', () => {
    expect(checkLinkInput('{{ claim_url }}', { templateVariables: true })).toEqual({ href: '{{claim_url}}' });
    expect(checkLinkInput('{{claim_url}}')).toEqual({ error: LINK_MESSAGES.invalid });
  });

  it('only ever answers an href the server keeps', () => {
    for (const input of ['/x', 'https://a.co', 'a@b.co', '01134960000', 'www.a.co']) {
      const result = checkLinkInput(input);
      expect('href' in result && SAFE_RICH_TEXT_LINK.test(result.href), input).toBe(true);
    }
  });
});
