import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

// Leaflet's stylesheet as shipped, and ours as written.
const leafletCss = readFileSync(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.css'), 'utf8');
const ourCss = readFileSync(join(import.meta.dirname, 'map.css'), 'utf8');

const COLOURS = ['color', 'background', 'background-color'];
const THEMED = /^(popup|bar)$/;

/** Class-like parts (classes, attributes, pseudo-classes) and element names of a selector: enough to compare ours. */
function specificity(selector: string): [number, number] {
  const classes = (selector.match(/\.[\w-]+|\[[^\]]+\]|:(?!:)[\w-]+/g) ?? []).length;
  const elements = (selector.match(/(^|[\s>+~])[a-z]+/g) ?? []).length;
  return [classes, elements];
}

const beats = (ours: string, theirs: string) => {
  const [ourClasses, ourElements] = specificity(ours);
  const [theirClasses, theirElements] = specificity(theirs);
  return ourClasses > theirClasses || (ourClasses === theirClasses && ourElements > theirElements);
};

/** The last compound of a selector without its state (`a.leaflet-disabled`, `.leaflet-popup-tip`). */
const subject = (selector: string) => selector.trim().split(/\s+/).at(-1)!;

function colourRules(css: string) {
  const found: { selector: string; property: string; value: string }[] = [];
  postcss.parse(css).walkRules((rule: Rule) => {
    if (rule.parent?.type !== 'root') return;
    for (const selector of rule.selectors) {
      rule.walkDecls((declaration) => {
        // Transparent shows what is under it, themed already.
        if (COLOURS.includes(declaration.prop) && !/^(transparent|none)$/.test(declaration.value))
          found.push({ selector, property: declaration.prop, value: declaration.value });
      });
    }
  });
  return found;
}

const kind = (property: string) => (property === 'color' ? 'color' : 'background');

describe("Leaflet's popups and buttons in the app's theme", () => {
  const theirs = colourRules(leafletCss).filter(({ selector }) =>
    selector.split(/[\s.:>]+/).some((part) => THEMED.test(part.replace(/^leaflet-/, '').split('-')[0]!)),
  );
  const ours = colourRules(ourCss);

  it('finds the fixed colours Leaflet gives its popups and buttons', () => {
    expect(theirs.map(({ selector }) => selector)).toEqual(
      expect.arrayContaining(['.leaflet-popup-content-wrapper', '.leaflet-popup-tip', '.leaflet-bar a']),
    );
  });

  it.each(theirs.map((rule) => [`${rule.property} of ${rule.selector}`, rule] as const))(
    'overrides the %s with a theme colour, whichever stylesheet comes last',
    (_, rule) => {
      const override = ours.find(
        (candidate) =>
          kind(candidate.property) === kind(rule.property) &&
          subject(candidate.selector).replace(/:(hover|focus(-visible)?)/g, '') ===
            subject(rule.selector).replace(/:(hover|focus(-visible)?)/g, '') &&
          (subject(candidate.selector).includes(':focus') || !subject(rule.selector).includes(':focus')) &&
          beats(candidate.selector, rule.selector),
      );
      expect(override, `nothing in ui/map.css overrides ${rule.selector} { ${rule.property} }`).toBeDefined();
      expect(override!.value).toMatch(/^var\(--(color-[\w-]+|shadow)\)$/);
    },
  );
});
