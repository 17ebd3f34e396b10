import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildServiceApp, createLogger, internalAuth } from '@cull-log/service-kit';
import { TEST_KEYS } from '@cull-log/service-kit/testing';
import { buildApp, type GatewayDeps } from '../app';
import type { AccountStore } from '../accounts/account-store';
import { openSqliteAccountStore } from '../accounts/sqlite-account-store';
import type { GatewayConfig } from '../config';
import { openSqliteSessionStore } from '../sessions/sqlite-session-store';
import type { SessionStore } from '../sessions/session-store';
import { openSqliteTokenStore } from '../tokens/sqlite-token-store';
import type { TokenStore } from '../tokens/token-store';

/** The key pair of the gateways in tests: they sign with its private key, the fake services check with its public. */
export const INTERNAL_KEYS = TEST_KEYS;
export const SESSION_SECRET = 'session-secret-for-tests-0123456789abcdef';
export const DEV_ORIGIN = 'http://localhost:3000';
export const silentLogger = createLogger({ name: 'gateway-test', level: 'silent' });

/** A clock the test moves by hand. */
export function fakeClock(start = new Date('2025-06-01T08:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds: number) {
      current += milliseconds;
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A stand-in for one service: verifies the signed identity exactly as the real services do, and answers
 * with what it saw, so tests can check what the gateway sent.
 */
/** A team the fake records service says the caller is not in. */
export const NOT_MY_TEAM = '0b6f7c1e-9999-4222-8333-944445555666';

export async function startFakeService(name: string, publicKey = INTERNAL_KEYS.publicKey, now?: () => Date) {
  const app = buildServiceApp({ name, logger: silentLogger });
  await app.register(internalAuth, { publicKey, audience: name, ...(now === undefined ? {} : { now }) });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    // An upload (multipart) is read by its route, so checked against the signed digest there, as the real ones do.
    await request.bodyIntact();
    // The records service's answer to "what is this caller in this team": a viewer of every team but NOT_MY_TEAM.
    const access = /^\/teams\/([^/]+)\/access$/.exec(request.url);
    if (access !== null && name === 'records') {
      if (access[1] === NOT_MY_TEAM)
        return reply.code(404).send({ error: { code: 'not_found', message: 'No such team' } });
      return { team_id: access[1], role: 'viewer', member_id: `member-of-${request.identity.uid}` };
    }
    // The records service's figures of a season's deer management, for the season report: of the season asked for,
    // else one of its own choosing.
    if (name === 'records' && request.url.startsWith('/reports/deer-management')) {
      const season = new URL(request.url, 'http://records').searchParams.get('season') ?? '2030-31';
      return { season, grounds: [], asked_by: request.identity.uid };
    }
    if (request.url.startsWith('/exports/culls.csv')) {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="culls.csv"');
      return reply.send(Readable.from(['"Date","Species"\n', '"01/06/2025","Roe Deer"\n']));
    }
    if (request.url.endsWith('.pdf') || request.url === '/declarations') {
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', 'attachment; filename="declaration-7.pdf"');
      reply.header('x-declaration-number', '7');
      return reply.send(Buffer.from(`%PDF-1.3 ${name} ${request.method} ${request.url}`));
    }
    // A photo: bytes the browser may keep for this user, or, asked with ?cache=public, for anyone (never passed on).
    if (request.method === 'GET' && /^\/culls\/[^/]+\/photos\//.test(request.url)) {
      const shared = request.url.includes('cache=public');
      reply.header('content-type', 'image/jpeg');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', shared ? 'public, max-age=60' : 'private, max-age=31536000, immutable');
      return reply.send(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    }
    if (request.method !== 'GET') reply.header('x-event-position', '42');
    reply.header('x-secret-upstream-header', 'must not reach the browser');
    return {
      service: name,
      method: request.method,
      url: request.url,
      identity: request.identity,
      contentType: request.headers['content-type'] ?? null,
      body: request.body ?? null,
      cookie: request.headers.cookie ?? null,
      requestId: request.headers['x-request-id'] ?? null,
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('fake service has no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

export function devConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    authMode: 'dev',
    publicUrl: DEV_ORIGIN,
    sessionSecret: SESSION_SECRET,
    production: false,
    ...overrides,
  };
}

export interface TestGateway {
  app: FastifyInstance;
  sessions: SessionStore;
  tokens: TokenStore;
  accounts: AccountStore;
  close: () => Promise<void>;
}

/**
 * A gateway over a fresh SQLite file of sessions, tokens and accounts (or the stores given, to share them between two gateways
 * as replicas do); services default to a port nothing listens on.
 */
export async function buildTestGateway(deps: Partial<GatewayDeps> = {}): Promise<TestGateway> {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const sessions = deps.sessions ?? openSqliteSessionStore({ file: join(directory, 'sessions.sqlite') });
  const tokens = deps.tokens ?? openSqliteTokenStore({ file: join(directory, 'sessions.sqlite') });
  const accounts = deps.accounts ?? openSqliteAccountStore({ file: join(directory, 'sessions.sqlite') });
  const nowhere = 'http://127.0.0.1:9';
  const app = await buildApp({
    config: devConfig(),
    upstreams: { records: nowhere, stats: nowhere, exports: nowhere },
    internalAuthPrivateKey: INTERNAL_KEYS.privateKey,
    logger: silentLogger,
    ...deps,
    sessions,
    tokens,
    accounts,
  });
  return {
    app,
    sessions,
    tokens,
    accounts,
    async close() {
      await app.close();
      // A store handed in belongs to the test that made it.
      if (deps.sessions === undefined) await sessions.close();
      if (deps.tokens === undefined) await tokens.close();
      if (deps.accounts === undefined) await accounts.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Signs in through the development route and answers the `name=value` cookie pair. */
export async function devSignIn(
  app: FastifyInstance,
  user = { name: 'Ada Stalker', email: 'ada@example.org' },
  cookie?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/dev/login',
    headers: { origin: DEV_ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
    payload: user,
  });
  if (response.statusCode !== 200) throw new Error(`dev sign-in answered ${response.statusCode}`);
  return sessionCookieOf(response.headers['set-cookie']);
}

export function sessionCookieOf(setCookie: string | string[] | undefined, name = 'cull_session'): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  const found = cookies.find((cookie) => cookie.startsWith(`${name}=`));
  if (found === undefined) throw new Error(`no ${name} cookie was set`);
  return found.split(';')[0] as string;
}

/** Signs in again through the development route (before an erasure) and answers the new `name=value` cookie pair. */
export async function devReauthenticate(app: FastifyInstance, cookie: string, email = 'ada@example.org') {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/dev/reauthenticate',
    headers: { origin: DEV_ORIGIN, cookie },
    payload: { email },
  });
  if (response.statusCode !== 204) throw new Error(`signing in again answered ${response.statusCode}`);
  return sessionCookieOf(response.headers['set-cookie']);
}
