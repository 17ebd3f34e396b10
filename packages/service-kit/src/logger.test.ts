import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from './identity';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('writes JSON lines with the name and level, and hides credential headers', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      name: 'records',
      level: 'debug',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    logger.debug(
      {
        req: {
          headers: {
            cookie: 'sid=abc',
            authorization: 'Bearer token',
            [IDENTITY_HEADER]: 'payload.signature',
            accept: 'application/json',
          },
        },
        res: { headers: { 'set-cookie': 'sid=new' } },
      },
      'headers seen',
    );
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ name: 'records', level: 20, msg: 'headers seen' });
    expect(line?.req).toEqual({
      headers: {
        cookie: '[redacted]',
        authorization: '[redacted]',
        [IDENTITY_HEADER]: '[redacted]',
        accept: 'application/json',
      },
    });
    expect(line?.res).toEqual({ headers: { 'set-cookie': '[redacted]' } });
  });

  it('drops lines below its level', () => {
    const lines: string[] = [];
    const logger = createLogger({
      name: 'records',
      level: 'warn',
      destination: { write: (line) => void lines.push(line) },
    });
    logger.info('quiet');
    logger.warn('loud');
    expect(lines).toHaveLength(1);
  });
});
