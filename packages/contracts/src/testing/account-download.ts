import yauzl from 'yauzl';

/** Every file of a zip, by name, as text: how the tests read back a user's download. */
export function unzipText(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (openError, archive) => {
      if (openError || archive === undefined) return reject(openError ?? new Error('not a zip'));
      const files = new Map<string, string>();
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || stream === undefined) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
