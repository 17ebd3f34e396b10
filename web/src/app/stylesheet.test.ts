import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The stylesheet as written: the tests do not load styles into the page.
const css = readFileSync(join(import.meta.dirname, 'app.css'), 'utf8');

describe('the stylesheet', () => {
  it('keeps a focused field clear of the sticky Save bar on a phone', () => {
    expect(css).toMatch(/@media \(max-width: 600px\) \{[^@]*html \{\s*scroll-padding-bottom: [1-9]/);
  });
});
