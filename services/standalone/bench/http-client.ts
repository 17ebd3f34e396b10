/**
 * Single requests of the benchmark over plain node:http: no Accept-Encoding, so sizes are before compression,
 * and bodies can be counted as they stream rather than held.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  milliseconds: number;
}

export interface HttpCall {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

/** Calls `url` and hands each chunk of the body to `onChunk` as it arrives. */
export function streamRequest(
  url: string,
  call: HttpCall,
  onChunk: (chunk: Buffer) => void,
): Promise<Omit<HttpAnswer, 'body'>> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: call.method ?? 'GET',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...call.headers,
        },
        timeout: call.timeoutMs ?? 60_000,
      },
      (response) => {
        response.on('data', onChunk);
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            milliseconds: performance.now() - started,
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url} did not answer in time`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Calls `url` and answers the whole body. */
export async function httpRequest(url: string, call: HttpCall = {}): Promise<HttpAnswer> {
  const chunks: Buffer[] = [];
  const answer = await streamRequest(url, call, (chunk) => chunks.push(chunk));
  return { ...answer, body: Buffer.concat(chunks) };
}

/** Like httpRequest, but anything other than `expected` is an error naming the answer. */
export async function expectStatus(url: string, expected: number, call: HttpCall = {}): Promise<HttpAnswer> {
  const answer = await httpRequest(url, call);
  if (answer.status !== expected) {
    throw new Error(
      `${call.method ?? 'GET'} ${url} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`,
    );
  }
  return answer;
}
