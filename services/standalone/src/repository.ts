import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from `src/` (tsx, vitest) and from `dist/` (the build) alike: both sit three levels down. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built web client the gateway serves. */
export const REPOSITORY_WEB_DIST = join(REPOSITORY_ROOT, 'web', 'dist');

export const SERVICE_NAMES = ['records', 'stats', 'exports', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The built entry point of a service (`npm run build -w services/<name>`). */
export function serviceEntry(name: ServiceName): string {
  return join(REPOSITORY_ROOT, 'services', name, 'dist', 'main.js');
}
