import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// docs/deploy.md quotes the Caddyfile the deployment tests run (decision 057): the two stay one text.
const root = path.resolve(import.meta.dirname, '../../..');

describe('the deployment guide', () => {
  it('quotes deploy/Caddyfile exactly', () => {
    const guide = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    const quoted = /<!-- deploy\/Caddyfile: begin[^\n]*-->\n```caddy\n([\s\S]*?)```\n<!-- deploy\/Caddyfile: end -->/.exec(guide);
    expect(quoted, 'the guide has the marked Caddyfile block').not.toBeNull();
    expect(quoted![1]).toBe(readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8'));
  });
});
