import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The stylesheet as written: the tests do not load styles into the page.
const css = readFileSync(join(import.meta.dirname, '../styles/app.css'), 'utf8');

/** The custom properties of the light theme (`:root`) or of the dark one (the colour-scheme media query). */
function themeColours(theme: 'light' | 'dark'): Record<string, string> {
  const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
  const block =
    theme === 'light' ? css.slice(0, darkStart) : css.slice(darkStart, css.indexOf('\n}\n', darkStart));
  return Object.fromEntries(
    Array.from(block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi), ([, name, value]) => [
      name!,
      value!,
    ]),
  );
}

function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe.each(['light', 'dark'] as const)('the keyboard option of a choice list, %s theme', (theme) => {
  const colours = themeColours(theme);

  it('stands out at least 3:1 from the options beside it', () => {
    expect(contrast(colours['--color-option-focus-bg']!, colours['--color-surface']!)).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('keeps its text readable, at least 4.5:1', () => {
    expect(
      contrast(colours['--color-option-focus-text']!, colours['--color-option-focus-bg']!),
    ).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the stylesheet', () => {
  it('paints the keyboard option of a choice list with those colours', () => {
    expect(css).toMatch(
      /\.select__option\[data-focused\],\s*\.select__option\[data-hovered\] \{\s*background: var\(--color-option-focus-bg\);\s*color: var\(--color-option-focus-text\);/,
    );
  });

  it('keeps a focused field clear of the sticky Save bar on a phone', () => {
    expect(css).toMatch(/@media \(max-width: 600px\) \{[^@]*html \{\s*scroll-padding-bottom: [1-9]/);
  });
});
