import { describe, expect, it } from 'vitest';
import { describeBrowser } from './devices';

describe('describeBrowser', () => {
  it('names the browser and system of common user agents', () => {
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
  });

  it('says so when it cannot tell', () => {
    expect(describeBrowser(null)).toBe('Unknown browser');
    expect(describeBrowser('')).toBe('Unknown browser');
    expect(describeBrowser('\u0000\u0000')).toBe('Unknown browser');
  });
});
