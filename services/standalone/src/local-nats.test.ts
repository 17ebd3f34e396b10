import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNatsServer } from './local-nats';

describe('findNatsServer', () => {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-find-nats-'));
  const binary = join(folder, 'nats-server');
  writeFileSync(binary, '#!/bin/sh\n');
  chmodSync(binary, 0o755);
  const notExecutable = join(folder, 'not-executable');
  writeFileSync(notExecutable, '');

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds nats-server on PATH', () => {
    expect(findNatsServer(undefined, `/nowhere:${folder}`)).toBe(binary);
  });

  it('uses the configured binary when it can run, and nothing else', () => {
    expect(findNatsServer(binary, '')).toBe(binary);
    expect(findNatsServer(notExecutable, folder)).toBeUndefined();
  });
});
