import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@cull-log/service-kit';
import { TEST_KEYS } from '@cull-log/service-kit/testing';
import { createGatewayFromEnvironment, type ComposedGateway } from './gateway-from-environment';

const directories: string[] = [];
const gateways: ComposedGateway[] = [];
afterEach(async () => {
  for (const gateway of gateways.splice(0)) {
    await gateway.app.close();
    await gateway.closeDependencies();
  }
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function newDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-compose-'));
  directories.push(dataDir);
  return dataDir;
}

async function compose(settings: Record<string, string>, now?: () => Date, dataDir = newDataDir()) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'gateway-test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const gateway = await createGatewayFromEnvironment(
    { INTERNAL_AUTH_PRIVATE_KEY: TEST_KEYS.privateKey, DATA_DIR: dataDir, WEB_DIST: dataDir, ...settings },
    { logger, ...(now === undefined ? {} : { now }) },
  );
  gateways.push(gateway);
  return { gateway, lines };
}

describe('the gateway from the environment', () => {
  it('warns loudly when DEV_SIGN_IN_HOST lets the development sign-in listen beyond this machine', async () => {
    const { gateway, lines } = await compose({ HOST: '0.0.0.0', DEV_SIGN_IN_HOST: '0.0.0.0' });
    expect(gateway.settings.host).toBe('0.0.0.0');
    const warning = lines.find((line) => String(line.msg).startsWith('DANGER'));
    expect(warning).toMatchObject({ level: 40, host: '0.0.0.0' });
    expect(String(warning?.msg)).toContain('anyone who reaches this address can sign in as any user');
  });

  it('says nothing of the kind on loopback', async () => {
    const { gateway, lines } = await compose({});
    expect(gateway.settings.host).toBe('127.0.0.1');
    expect(lines.some((line) => String(line.msg).startsWith('DANGER'))).toBe(false);
  });

  it('runs the retention job once started, unless RETENTION_JOB=off', async () => {
    const on = await compose({});
    await on.gateway.app.ready();
    await expect
      .poll(() => on.lines.find((line) => line.msg === 'retention run finished'), { timeout: 5_000 })
      .toMatchObject({ accounts: 0, failed: 0 });

    const off = await compose({ RETENTION_JOB: 'off' });
    await off.gateway.app.ready();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(off.lines.some((line) => String(line.msg).startsWith('retention run'))).toBe(false);
    expect(off.gateway.app.retention).toBeDefined();
  });

  it('keeps the erasures in DATA_DIR/erasures, and forgets those older than every backup when it starts', async () => {
    const dataDir = newDataDir();
    const first = await compose({ RETENTION_JOB: 'off' }, () => new Date('2026-10-01T00:00:00Z'), dataDir);
    await first.gateway.erasureJournal.append({
      uid: 'user_old',
      erasedAt: new Date('2026-10-01T00:00:00Z'),
    });
    await first.gateway.erasureJournal.append({
      uid: 'user_new',
      erasedAt: new Date('2026-11-20T00:00:00Z'),
    });
    await first.gateway.app.close();
    await first.gateway.closeDependencies();
    gateways.splice(0);
    expect(readFileSync(join(dataDir, 'erasures', 'erasures.jsonl'), 'utf8')).toContain('user_old');

    // 35 days and a moment after the first: no backup kept as long as the setting says holds that account now.
    const later = new Date('2026-11-05T00:00:01Z');
    const { gateway, lines } = await compose({ RETENTION_JOB: 'off' }, () => later, dataDir);
    expect((await gateway.erasureJournal.list()).map((entry) => entry.uid)).toEqual(['user_new']);
    expect(lines.find((line) => line.msg === 'erasures older than every backup forgotten')).toMatchObject({
      forgotten: 1,
    });
  });

  it('keeps them as long as BACKUP_RETENTION_DAYS says', async () => {
    const dataDir = newDataDir();
    const first = await compose({ RETENTION_JOB: 'off' }, () => new Date('2026-10-01T00:00:00Z'), dataDir);
    await first.gateway.erasureJournal.append({ uid: 'user_1', erasedAt: new Date('2026-10-01T00:00:00Z') });
    await first.gateway.app.close();
    await first.gateway.closeDependencies();
    gateways.splice(0);

    const { gateway } = await compose(
      { RETENTION_JOB: 'off', BACKUP_RETENTION_DAYS: '60' },
      () => new Date('2026-11-20T00:00:00Z'),
      dataDir,
    );
    expect((await gateway.erasureJournal.list()).map((entry) => entry.uid)).toEqual(['user_1']);
  });
});
