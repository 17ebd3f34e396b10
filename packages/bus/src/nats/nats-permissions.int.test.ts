import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  USER_ERASED_TYPE,
  userErasedSubject,
  type StoredEvent,
  type StoredLogEvent,
  type UserErased,
} from '@cull-log/contracts';
import { AckPolicy, ErrorCode, connect, type NatsConnection, type NatsError } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusLogger } from '../bus-logger';
import type { EventBus } from '../event-bus';
import { startNatsServer, type NatsTestServer } from '../testing/nats-server';
import { sampleCullEvent } from '../testing/sample-events';
import { connectNatsBus, type NatsBusOptions } from './nats-event-bus';

/** The configuration Docker Compose runs NATS with; it includes the users and permissions Kubernetes uses too. */
const DEPLOYED_CONFIG = fileURLToPath(new URL('../../../../deploy/nats/nats-server.conf', import.meta.url));
const DEPLOYED_AUTHORIZATION = fileURLToPath(
  new URL('../../../../deploy/nats/authorization.conf', import.meta.url),
);

type Service = 'records' | 'stats' | 'exports';

/** A password made the way deploy/README.md says. */
const newPassword = () => `n${randomBytes(24).toString('hex')}`;
const passwords: Record<Service, string> = {
  records: newPassword(),
  stats: newPassword(),
  exports: newPassword(),
};
const serverEnv = {
  NATS_RECORDS_PASSWORD: passwords.records,
  NATS_STATS_PASSWORD: passwords.stats,
  NATS_EXPORTS_PASSWORD: passwords.exports,
};

const quietLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(options: Parameters<typeof startNatsServer>[0]): Promise<NatsTestServer> {
  const server = await startNatsServer(options);
  cleanups.push(async () => {
    await server.stop();
    rmSync(server.storeDir, { recursive: true, force: true });
  });
  return server;
}

/** The bus as the service runs it: its own user, and a consumer waits for records to make the stream. */
async function busOf(
  server: NatsTestServer,
  service: Service,
  options: Partial<NatsBusOptions> = {},
): Promise<EventBus> {
  const bus = await connectNatsBus({
    servers: server.url,
    credentials: { user: service, password: passwords[service] },
    manageStream: service === 'records',
    reconnectWaitMs: 100,
    publishTimeoutMs: 2_000,
    logger: quietLogger,
    connectionName: service,
    ...options,
  });
  cleanups.push(() => bus.close());
  return bus;
}

/** A plain client signed in as the service, to try what the bus never would. */
async function clientOf(server: NatsTestServer, service: Service): Promise<NatsConnection> {
  const connection = await connect({
    servers: server.url,
    user: service,
    pass: passwords[service],
    inboxPrefix: `_INBOX.${service}`,
  });
  cleanups.push(() => connection.close());
  return connection;
}

function erasureOf(userId: string): UserErased {
  return {
    id: randomUUID(),
    type: USER_ERASED_TYPE,
    userId,
    occurredAt: new Date().toISOString(),
    meta: { correlationId: randomUUID() },
  };
}

function eventOf(userId: string, position: number): StoredEvent {
  return { ...sampleCullEvent({ userId }), position };
}

async function messagesInStream(server: NatsTestServer): Promise<number> {
  const records = await clientOf(server, 'records');
  return (await (await records.jetstreamManager()).streams.info('CULLS')).state.messages;
}

const refused = { code: ErrorCode.PermissionsViolation };

describe("nats-server with the deployment's users and permissions (deploy/nats)", () => {
  let server: NatsTestServer;
  beforeAll(async () => {
    server = await startNatsServer({ configFile: DEPLOYED_CONFIG, env: serverEnv });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(server.storeDir, { recursive: true, force: true });
  });

  it('refuses a client without credentials, with a wrong password, or with another service’s password', async () => {
    // Each attempt starts only when the one before has been refused: a refusal that came while the test was
    // still awaiting another would reach Node unhandled, and vitest fails the run on it.
    const refusals = [
      () => connect({ servers: server.url }),
      () => connect({ servers: server.url, user: 'records', pass: newPassword() }),
      () => connect({ servers: server.url, user: 'intruder', pass: newPassword() }),
      () =>
        connectNatsBus({
          servers: server.url,
          credentials: { user: 'stats', password: passwords.records },
          logger: quietLogger,
        }),
    ];
    for (const attempt of refusals) {
      await expect(attempt()).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
    }
  });

  it('lets records publish events and erasure notices, which stats and exports consume', async () => {
    const records = await busOf(server, 'records');
    const received: Record<'stats' | 'exports', { events: StoredLogEvent[]; erased: string[] }> = {
      stats: { events: [], erased: [] },
      exports: { events: [], erased: [] },
    };
    for (const service of ['stats', 'exports'] as const) {
      const bus = await busOf(server, service);
      await bus.subscribe({
        durableName: service,
        ackWaitMs: 1_000,
        handler: async (delivery) => {
          received[service].events.push(delivery.event);
          await delivery.ack();
        },
        onUserErased: (erasure) => {
          received[service].erased.push(erasure.userId);
          return Promise.resolve();
        },
      });
    }
    const event = eventOf('ann', 1);

    await records.publish(event);
    await waitFor(() => {
      expect(received.stats.events).toEqual([event]);
      expect(received.exports.events).toEqual([event]);
    });
    await records.eraseUser(erasureOf('ann'));

    await waitFor(() => {
      expect(received.stats.erased).toEqual(['ann']);
      expect(received.exports.erased).toEqual(['ann']);
    });
  });

  it('refuses stats and exports publishing an event, an erasure notice, or purging a user from the stream', async () => {
    const records = await busOf(server, 'records');
    await records.publish(eventOf('bea', 1));
    const before = await messagesInStream(server);

    for (const service of ['stats', 'exports'] as const) {
      const bus = await busOf(server, service);
      await expect(bus.publish(eventOf('bea', 2)), service).rejects.toMatchObject(refused);
      await expect(bus.eraseUser(erasureOf('bea')), service).rejects.toMatchObject(refused);
      const jetstream = (await clientOf(server, service)).jetstream();
      await expect(
        jetstream.publish(userErasedSubject('bea'), JSON.stringify(erasureOf('bea'))),
        service,
      ).rejects.toMatchObject(refused);
    }

    expect(await messagesInStream(server)).toBe(before);
  });

  it('keeps each consumer to its own durable consumer and inbox, and records from reading the stream', async () => {
    const stats = await clientOf(server, 'stats');
    const statsManager = await stats.jetstreamManager();
    await expect(
      statsManager.consumers.add('CULLS', { durable_name: 'exports', ack_policy: AckPolicy.Explicit }),
    ).rejects.toMatchObject(refused);
    await expect(
      statsManager.consumers.add('CULLS', { durable_name: 'spy', ack_policy: AckPolicy.Explicit }),
    ).rejects.toMatchObject(refused);
    await expect(statsManager.streams.delete('CULLS')).rejects.toMatchObject(refused);

    const subscriptionErrors: string[] = [];
    for (const subject of ['culls.v1.>', '_INBOX.records.>', '_INBOX.exports.>', '>']) {
      stats.subscribe(subject, {
        callback: (error: NatsError | null) => {
          if (error?.code === ErrorCode.PermissionsViolation) subscriptionErrors.push(subject);
        },
      });
    }
    await waitFor(() =>
      expect(subscriptionErrors.sort()).toEqual(['>', '_INBOX.exports.>', '_INBOX.records.>', 'culls.v1.>']),
    );

    const recordsManager = await (await clientOf(server, 'records')).jetstreamManager();
    await expect(
      recordsManager.consumers.add('CULLS', { durable_name: 'records', ack_policy: AckPolicy.Explicit }),
    ).rejects.toMatchObject(refused);
  });
});

describe('a consumer that may not make the stream', () => {
  it('waits for records to make it, then consumes', async () => {
    const server = await startServer({ configFile: DEPLOYED_CONFIG, env: serverEnv });
    const statsConnecting = busOf(server, 'stats');
    // Long enough for a bus that would make the stream, or give up, to have done so.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const records = await busOf(server, 'records');
    const stats = await statsConnecting;
    const received: string[] = [];
    await stats.subscribe({
      durableName: 'stats',
      ackWaitMs: 1_000,
      handler: async (delivery) => {
        received.push(delivery.event.id);
        await delivery.ack();
      },
    });
    const event = eventOf('cat', 1);

    await records.publish(event);

    await waitFor(() => expect(received).toEqual([event.id]));
  });
});

/** A CA and, signed by it, a certificate for this machine and one for a client, made with openssl. */
function makeCertificates(
  folder: string,
): Record<'ca' | 'serverCert' | 'serverKey' | 'clientCert' | 'clientKey', string> {
  const file = (name: string) => join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Cull Log test CA',
  );
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  for (const [name, subject, extensions] of [
    ['server', '/CN=127.0.0.1', ['-extfile', file('server.ext')]],
    ['client', '/CN=records', []],
  ] as const) {
    openssl('req', ...newKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject);
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-out',
      file(`${name}.pem`),
      '-days',
      '1',
      ...extensions,
    );
  }
  return {
    ca: file('ca.pem'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    clientCert: file('client.pem'),
    clientKey: file('client.key'),
  };
}

describe('NATS over TLS', () => {
  it('connects with the CA and client certificate given, and is refused without them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-nats-tls-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const certificates = makeCertificates(folder);
    // The deployment's users and permissions, behind TLS that verifies clients (as a Helm chart's `tls` block does).
    copyFileSync(DEPLOYED_AUTHORIZATION, join(folder, 'authorization.conf'));
    writeFileSync(
      join(folder, 'nats-server.conf'),
      [
        'include ./authorization.conf',
        'tls {',
        `  cert_file: "${certificates.serverCert}"`,
        `  key_file: "${certificates.serverKey}"`,
        `  ca_file: "${certificates.ca}"`,
        '  verify: true',
        '}',
      ].join('\n'),
    );
    const server = await startServer({ configFile: join(folder, 'nats-server.conf'), env: serverEnv });
    const tls = {
      caFile: certificates.ca,
      certFile: certificates.clientCert,
      keyFile: certificates.clientKey,
    };

    const records = await busOf(server, 'records', { tls });
    await records.publish(eventOf('dee', 1));
    await expect(records.eraseUser(erasureOf('dee'))).resolves.toBeUndefined();

    // Without the CA the server's certificate is not trusted; without a client certificate the server refuses.
    const signIn = { servers: server.url, user: 'records', pass: passwords.records, timeout: 2_000 };
    await expect(
      connect({ ...signIn, tls: { certFile: certificates.clientCert, keyFile: certificates.clientKey } }),
    ).rejects.toThrow();
    await expect(connect({ ...signIn, tls: { caFile: certificates.ca } })).rejects.toThrow();
  });
});
