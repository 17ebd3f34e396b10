import type { PhotoContentType } from '@cull-log/contracts';

/**
 * What a file is by its first bytes, whatever its name or the content type it was sent with: a photo format kept,
 * another kind of image (named, to tell the user what they sent), or nothing recognised.
 */
export type PhotoSignature =
  { kind: 'photo'; contentType: PhotoContentType } | { kind: 'other'; name: string } | { kind: 'unknown' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** ISO base media brands (the `ftyp` box) of HEIF files: HEIC from phones, and AVIF. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** Other images people send, by their first bytes, with the words the refusal names them by. */
const OTHER_IMAGES: readonly { signature: readonly number[]; name: string }[] = [
  { signature: ascii('GIF87a'), name: 'a GIF' },
  { signature: ascii('GIF89a'), name: 'a GIF' },
  { signature: [0x49, 0x49, 0x2a, 0x00], name: 'a TIFF image' },
  { signature: [0x4d, 0x4d, 0x00, 0x2a], name: 'a TIFF image' },
  { signature: [0x49, 0x49, 0x2b, 0x00], name: 'a TIFF image' },
  { signature: [0x4d, 0x4d, 0x00, 0x2b], name: 'a TIFF image' },
  { signature: ascii('BM'), name: 'a BMP image' },
  { signature: ascii('%PDF-'), name: 'a PDF document' },
];

/** How far into a text file an SVG's root element is looked for (past an XML declaration, comments, a doctype). */
const SVG_LOOKAHEAD_BYTES = 4096;

function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, SVG_LOOKAHEAD_BYTES))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

/** The file's kind by its signature, read before any decoder sees it. */
export function photoSignature(bytes: Uint8Array): PhotoSignature {
  if (startsWith(bytes, JPEG)) return { kind: 'photo', contentType: 'image/jpeg' };
  if (startsWith(bytes, PNG)) return { kind: 'photo', contentType: 'image/png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { kind: 'photo', contentType: 'image/webp' };
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = Buffer.from(bytes.subarray(8, 12)).toString('latin1');
    if (HEIC_BRANDS.has(brand)) return { kind: 'other', name: 'a HEIC image' };
    if (AVIF_BRANDS.has(brand)) return { kind: 'other', name: 'an AVIF image' };
  }
  const other = OTHER_IMAGES.find(({ signature }) => startsWith(bytes, signature));
  if (other !== undefined) return { kind: 'other', name: other.name };
  if (isSvg(bytes)) return { kind: 'other', name: 'an SVG drawing' };
  return { kind: 'unknown' };
}
