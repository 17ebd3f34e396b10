import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import postcss, { type Rule } from 'postcss';

// The stylesheets as written: the tests do not load styles into the page.
const SRC = join(import.meta.dirname, '..');
const ENTRY = join(import.meta.dirname, 'styles.css');

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => join(folder, name));
}

/** The files styles.css imports, in its order: the order of the cascade. */
function importedFiles(): string[] {
  const files: string[] = [];
  postcss.parse(readFileSync(ENTRY, 'utf8')).walkAtRules('import', (rule) => {
    files.push(resolve(dirname(ENTRY), rule.params.replace(/^['"]|['"]$/g, '')));
  });
  return files;
}

const files = importedFiles();
const css = files.map((file) => readFileSync(file, 'utf8')).join('\n');
const name = (file: string) => relative(SRC, file);

const SIDES = ['top', 'right', 'bottom', 'left'];
const SHORTHANDS: Record<string, string[]> = {
  margin: SIDES.map((side) => `margin-${side}`),
  'margin-inline': ['margin-left', 'margin-right'],
  'margin-block': ['margin-top', 'margin-bottom'],
  padding: SIDES.map((side) => `padding-${side}`),
  'padding-inline': ['padding-left', 'padding-right'],
  'padding-block': ['padding-top', 'padding-bottom'],
  inset: SIDES,
  border: SIDES.flatMap((side) => ['width', 'style', 'color'].map((part) => `border-${side}-${part}`)),
  ...Object.fromEntries(
    SIDES.map((side) => [
      `border-${side}`,
      ['width', 'style', 'color'].map((part) => `border-${side}-${part}`),
    ]),
  ),
  ...Object.fromEntries(
    ['width', 'style', 'color'].map((part) => [
      `border-${part}`,
      SIDES.map((side) => `border-${side}-${part}`),
    ]),
  ),
  'border-radius': ['top-left', 'top-right', 'bottom-right', 'bottom-left'].map((c) => `border-${c}-radius`),
  background: ['color', 'image', 'position', 'size', 'repeat', 'attachment', 'origin', 'clip'].map(
    (part) => `background-${part}`,
  ),
  font: ['font-style', 'font-variant', 'font-weight', 'font-size', 'line-height', 'font-family'],
  gap: ['row-gap', 'column-gap'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  overflow: ['overflow-x', 'overflow-y'],
  outline: ['outline-color', 'outline-style', 'outline-width'],
  'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
  'place-items': ['align-items', 'justify-items'],
  'grid-template': ['grid-template-columns', 'grid-template-rows', 'grid-template-areas'],
  transition: ['property', 'duration', 'timing-function', 'delay'].map((part) => `transition-${part}`),
  animation: [
    'name',
    'duration',
    'timing-function',
    'delay',
    'iteration-count',
    'direction',
    'fill-mode',
  ].map((part) => `animation-${part}`),
};

/** The longhand properties a declaration sets: two declarations compete when these meet. */
function longhands(property: string): string[] {
  return SHORTHANDS[property] ?? [property];
}

/** Where a rule applies: its @media (and other at-rules) with the ems a media query counts in as pixels. */
function context(rule: Rule): string {
  const atRules: string[] = [];
  for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    const params = parent.params
      .replace(/\s+/g, ' ')
      .replace(/(\d*\.?\d+)em\b/g, (_, ems: string) => `${Number(ems) * 16}px`);
    atRules.unshift(`@${parent.name} ${params}`);
  }
  return atRules.join(' ');
}

interface Definition {
  where: string;
  properties: Set<string>;
}

describe('the stylesheet', () => {
  it('is one list of imports in cascade order, naming every stylesheet in src once', () => {
    const entry = postcss.parse(readFileSync(ENTRY, 'utf8'));
    expect(entry.nodes.filter((node) => node.type !== 'comment' && node.type !== 'atrule')).toEqual([]);
    expect(files.map(name).sort()).toEqual(
      filesUnder(SRC, /\.css$/)
        .filter((file) => file !== ENTRY)
        .map(name)
        .sort(),
    );
  });

  it('comes whole with the first download: no module but main.tsx imports a stylesheet', () => {
    // A screen loaded on demand that brought its own stylesheet would make the browser work out every style again.
    const importers = filesUnder(SRC, /\.tsx?$/)
      .filter((file) => /^import\s+['"][^'"]+\.css['"]/m.test(readFileSync(file, 'utf8')))
      .map(name);
    expect(importers).toEqual(['main.tsx']);
    expect(readFileSync(join(SRC, 'main.tsx'), 'utf8')).toMatch(/^import '\.\/app\/styles\.css';$/m);
  });

  it('keeps a focused field clear of the sticky Save bar on a phone', () => {
    expect(css).toMatch(/@media \(max-width: 600px\) \{[^@]*html \{\s*scroll-padding-bottom: [1-9]/);
  });

  it('defines no selector twice where the same media apply', () => {
    // A selector may share a rule with others and have one of its own, but not two rules of its own, and no property
    // given it twice: the later would win only by coming later, as rules appended to one long file used to.
    const rules = new Map<string, string>();
    const definitions = new Map<string, Definition[]>();
    const twice: string[] = [];
    for (const file of files) {
      postcss.parse(readFileSync(file, 'utf8')).walkRules((rule) => {
        if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name))
          return;
        const where = `${name(file)}:${rule.source?.start?.line}`;
        const selectors = rule.selectors.map((selector) => selector.replace(/\s+/g, ' '));
        const list = `${context(rule)} ${[...selectors].sort().join(', ')}`;
        const first = rules.get(list);
        if (first) twice.push(`${list}: ${first} and ${where}`);
        else rules.set(list, where);
        const properties = new Set(
          rule.nodes.flatMap((node) => (node.type === 'decl' ? longhands(node.prop.toLowerCase()) : [])),
        );
        for (const selector of selectors) {
          const key = `${context(rule)} ${selector}`;
          for (const other of definitions.get(key) ?? []) {
            const both = [...properties].filter((property) => other.properties.has(property));
            if (both.length > 0) twice.push(`${key} { ${both.join(', ')} }: ${other.where} and ${where}`);
          }
          definitions.set(key, [...(definitions.get(key) ?? []), { where, properties }]);
        }
      });
    }
    expect(twice).toEqual([]);
  });
});
