import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// The stylesheet as written, its files in the order styles.css imports them: the tests do not load styles into the page.
const ENTRY = join(import.meta.dirname, 'styles.css');
const css = [...readFileSync(ENTRY, 'utf8').matchAll(/^@import '([^']+)';$/gm)]
  .map(([, path]) => readFileSync(resolve(dirname(ENTRY), path!), 'utf8'))
  .join('\n');

describe('the stylesheet', () => {
  it('keeps a focused field clear of the sticky Save bar on a phone', () => {
    expect(css).toMatch(/@media \(max-width: 600px\) \{[^@]*html \{\s*scroll-padding-bottom: [1-9]/);
  });
});
