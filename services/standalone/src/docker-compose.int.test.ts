import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './repository';

/** Why `docker compose` cannot run here, or undefined when it can (the engine is not needed for `config`). */
function composeUnavailable(): string | undefined {
  const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (version.error !== undefined) return 'the docker client is not installed';
  if (version.status !== 0) return 'the docker client has no compose plugin';
  return undefined;
}

const unavailable = composeUnavailable();
if (unavailable !== undefined) console.log(`Skipping the docker compose check: ${unavailable}.`);

describe.skipIf(unavailable !== undefined)('docker-compose.yml', () => {
  it('is valid for docker compose with the settings of .env.example', () => {
    // The file reads .env, which a checkout does not have: check a copy beside a copy of the example.
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-compose-'));
    try {
      copyFileSync(join(REPOSITORY_ROOT, 'docker-compose.yml'), join(folder, 'docker-compose.yml'));
      copyFileSync(join(REPOSITORY_ROOT, '.env.example'), join(folder, '.env'));
      symlinkSync(join(REPOSITORY_ROOT, 'deploy'), join(folder, 'deploy'));
      const result = spawnSync('docker', ['compose', '--project-directory', folder, 'config', '--quiet'], {
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
