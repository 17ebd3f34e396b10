import { describe, expect, it } from 'vitest';
import { photoSignature } from './photo-signature';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('a photo file known by its first bytes', () => {
  it('takes JPEG, PNG and WebP whatever follows the signature', () => {
    expect(photoSignature(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toEqual({
      kind: 'photo',
      contentType: 'image/jpeg',
    });
    expect(photoSignature(bytes([0x89], 'PNG\r\n\x1a\n', 'IHDR'))).toEqual({
      kind: 'photo',
      contentType: 'image/png',
    });
    expect(photoSignature(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({
      kind: 'photo',
      contentType: 'image/webp',
    });
  });

  it('names the other images people send', () => {
    const cases: [Buffer, string][] = [
      [bytes('GIF89a', [1, 0]), 'a GIF'],
      [bytes('II*\0', [8, 0, 0, 0]), 'a TIFF image'],
      [bytes('MM\0*', [0, 0, 0, 8]), 'a TIFF image'],
      [bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'), 'a HEIC image'],
      [bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'), 'an AVIF image'],
      [bytes('BM', [0x36, 0, 0, 0]), 'a BMP image'],
      [bytes('%PDF-1.7\n'), 'a PDF document'],
      [
        bytes(
          [0xef, 0xbb, 0xbf], // a byte order mark
          '  <?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg">',
        ),
        'an SVG drawing',
      ],
    ];
    for (const [file, name] of cases) expect(photoSignature(file), name).toEqual({ kind: 'other', name });
  });

  it('knows nothing of text, HTML, an empty file or a truncated signature', () => {
    for (const file of [
      bytes('Not a photo.\n'),
      bytes('<html><body>hello</body></html>'),
      bytes(),
      bytes([0xff, 0xd8]),
      bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
    ])
      expect(photoSignature(file)).toEqual({ kind: 'unknown' });
  });
});
