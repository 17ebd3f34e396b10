/** A trigram index stores every run of this many characters (code points); a shorter search cannot use it. */
export const TRIGRAM_LENGTH = 3;

/** The distinct runs of three characters (code points, as SQLite's trigram tokenizer counts them) in `text`. */
export function trigramsOf(text: string): string[] {
  const characters = [...text];
  const trigrams = new Set<string>();
  for (let start = 0; start + TRIGRAM_LENGTH <= characters.length; start += 1) {
    trigrams.add(characters.slice(start, start + TRIGRAM_LENGTH).join(''));
  }
  return [...trigrams];
}

/** Whether a search of `term` can be answered by a trigram index. */
export function usesTrigrams(term: string): boolean {
  return [...term].length >= TRIGRAM_LENGTH;
}

/**
 * A substring search as one FTS5 phrase: with the trigram tokenizer a phrase matches exactly where the text
 * holds the term. Quoting (a quote doubled) keeps FTS5's query syntax out of what a person typed.
 */
export function trigramPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
