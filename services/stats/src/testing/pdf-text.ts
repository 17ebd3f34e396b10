import { execFileSync } from 'node:child_process';

/** The text of a PDF as poppler's pdftotext reads it (Debian `poppler-utils`), laid out as on the page. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
}
