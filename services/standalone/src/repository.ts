import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_SERVICES, type ServiceName } from '@cull-log/service-kit';

/** The repository root, from `src/` (tsx, vitest) and from `dist/` (the build) alike: both sit three levels down. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built web client the gateway serves. */
export const REPOSITORY_WEB_DIST = join(REPOSITORY_ROOT, 'web', 'dist');

/** Every service, the gateway last so the services it routes to are already on their way up. */
export const SERVICE_NAMES: readonly ServiceName[] = [...BACKEND_SERVICES, 'gateway'];

/** The built entry point of a service (`npm run build -w services/<name>`). */
export function serviceEntry(name: ServiceName): string {
  return join(REPOSITORY_ROOT, 'services', name, 'dist', 'main.js');
}
