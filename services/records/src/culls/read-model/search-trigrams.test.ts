import { describe, expect, it } from 'vitest';
import { trigramPhrase, trigramsOf, usesTrigrams } from './search-trigrams';

describe('search trigrams', () => {
  it('are the distinct runs of three characters, across lines too', () => {
    expect(trigramsOf('wood\n42')).toEqual(['woo', 'ood', 'od\n', 'd\n4', '\n42']);
    expect(trigramsOf('aaaa')).toEqual(['aaa']);
    expect(trigramsOf('ab')).toEqual([]);
  });

  it('count characters, not UTF-16 units, as SQLite does', () => {
    expect(trigramsOf('🦌🦌x')).toEqual(['🦌🦌x']);
    expect(usesTrigrams('🦌🦌')).toBe(false);
    expect(usesTrigrams('roe')).toBe(true);
  });

  it('quote a search as one FTS5 phrase, its quotes doubled', () => {
    expect(trigramPhrase('wood 42')).toBe('"wood 42"');
    expect(trigramPhrase('say "hi" OR NOT')).toBe('"say ""hi"" OR NOT"');
  });
});
