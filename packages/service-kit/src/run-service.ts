import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface RunServiceOptions {
  app: FastifyInstance;
  port: number;
  host?: string;
  logger: FastifyBaseLogger;
  /** Closes what the app does not own (stores, buses), after the app has stopped taking requests. */
  onClose?: () => Promise<void> | void;
  /** A shutdown that takes longer than this exits with status 1 rather than hanging the deployment. */
  shutdownTimeoutMs?: number;
}

export interface RunningService {
  /** The address the service listens on, e.g. `http://localhost:3001`. */
  url: string;
  /** Stops the app and runs `onClose`, as a signal would, without exiting the process. */
  close: () => Promise<void>;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

interface Registered {
  close: () => Promise<void>;
  logger: FastifyBaseLogger;
  shutdownTimeoutMs: number;
}

/**
 * Services running in this process. One signal handler serves them all, so the standalone process (every
 * service in one) exits only once each has closed.
 */
const running = new Set<Registered>();
let shuttingDown = false;

function onSignal(signal: NodeJS.Signals): void {
  const services = [...running];
  const logger = services[0]?.logger;
  if (shuttingDown) {
    logger?.warn({ signal }, 'second signal, exiting at once');
    process.exit(1);
  }
  shuttingDown = true;
  logger?.info({ signal }, 'shutting down');
  const timeoutMs = Math.max(0, ...services.map((service) => service.shutdownTimeoutMs));
  setTimeout(() => {
    logger?.error({ shutdownTimeoutMs: timeoutMs }, 'shutdown took too long, exiting');
    process.exit(1);
  }, timeoutMs).unref();
  void Promise.allSettled(services.map((service) => service.close())).then((results) => {
    const failures = results.filter((result) => result.status === 'rejected');
    for (const failure of failures) logger?.error({ err: failure.reason }, 'shutdown failed');
    if (failures.length === 0) logger?.info('stopped');
    process.exit(failures.length === 0 ? 0 : 1);
  });
}

function register(service: Registered): void {
  if (running.size === 0) for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
  running.add(service);
}

function unregister(service: Registered): void {
  running.delete(service);
  // While a signal-driven shutdown runs, the handler stays so a second signal still exits at once.
  if (running.size === 0 && !shuttingDown) {
    for (const signal of SHUTDOWN_SIGNALS) process.off(signal, onSignal);
  }
}

/**
 * Listens and logs the URL. The first SIGINT/SIGTERM closes the app (requests in flight finish), then runs
 * `onClose`, then exits 0 (1 when closing fails or overruns); a second signal exits at once with 1.
 */
export async function runService({
  app,
  port,
  host = '127.0.0.1',
  logger,
  onClose,
  shutdownTimeoutMs = 10_000,
}: RunServiceOptions): Promise<RunningService> {
  let closing: Promise<void> | undefined;
  const service: Registered = {
    logger,
    shutdownTimeoutMs,
    close: () => {
      closing ??= (async () => {
        try {
          await app.close();
          await onClose?.();
        } finally {
          unregister(service);
        }
      })();
      return closing;
    },
  };
  register(service);
  try {
    await app.listen({ port, host });
  } catch (error) {
    unregister(service);
    throw error;
  }
  const url = listeningUrl(app, host);
  logger.info({ url }, `listening on ${url}`);
  return { url, close: service.close };
}

function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return String(address);
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : address.address;
  const bracketed = shownHost.includes(':') ? `[${shownHost}]` : shownHost;
  return `http://${bracketed}:${address.port}`;
}
