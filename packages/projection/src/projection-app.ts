import type { EventBus, Subscription } from '@cull-log/bus';
import { buildServiceApp, type ServiceAppOptions } from '@cull-log/service-kit';
import type { ProjectionStore } from './projection-store';
import { startProjection } from './start-projection';

export interface ProjectionAppOptions {
  /** The service's name, as buildServiceApp takes it. */
  name: string;
  logger: ServiceAppOptions['logger'];
  store: ProjectionStore;
  /** When given, the app consumes it with the durable consumer `durableName` from ready until close. */
  bus?: EventBus;
  durableName: string;
  /** Called after each event is committed (wakes requests waiting for a position in this process). */
  onApplied?: (position: number) => void;
}

/**
 * The service app of a projection, before its own routes: ready once its store answers, and keeping the
 * store up to date with the bus while it runs.
 */
export function buildProjectionApp({
  name,
  logger,
  store,
  bus,
  durableName,
  onApplied,
}: ProjectionAppOptions): ReturnType<typeof buildServiceApp> {
  const app = buildServiceApp({
    name,
    logger,
    readiness: async () => {
      await store.position();
    },
  });
  if (bus !== undefined) {
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await startProjection({ durableName, bus, store, logger: app.log, onApplied });
    });
    app.addHook('onClose', async () => {
      await subscription?.stop();
    });
  }
  return app;
}
