import type { Readable } from 'node:stream';

/**
 * The whole of a request's body, or undefined once more than `limit` bytes have come. The stream is then let go
 * (no longer listened to) but not destroyed, so the connection can still carry the 413.
 */
export function readWholeBody(body: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        stop();
        // Whatever else comes is read and dropped.
        body.resume();
        resolve(undefined);
        return;
      }
      chunks.push(bytes);
    }
    function onEnd() {
      stop();
      resolve(Buffer.concat(chunks, size));
    }
    function onError(error: Error) {
      stop();
      reject(error);
    }
    body.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
