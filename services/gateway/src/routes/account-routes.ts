import type { KeyObject } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type {
  FastifyPluginAsync,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ZipFile } from 'yazl';
import {
  ACCOUNT_EXPORT_FILE,
  ERASURE_MESSAGES,
  EraseAccountRequest,
  REAUTHENTICATION_WINDOW_SECONDS,
  type AccountErasedResponse,
} from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { eraseAccount, type AccountErasureDeps, type ServiceName } from '../accounts/account-erasure';
import type { AccountStore } from '../accounts/account-store';
import type { ErasureJournal } from '../erasures/erasure-journal';
import type { BudgetCounter } from '../budgets/budget-counter';
import { callService, readAll } from '../proxy/service-call';
import type { StoredSession } from '../sessions/session-store';
import type { Upstream } from '../proxy/upstream';
import { sessionOf } from './session-of';
import { viewOf } from './session-routes';
import { summaryOf } from './token-routes';

/**
 * The files a service adds to the user's download, each its `GET` route answering for the signed-in user only.
 * This is the seam for what a user will keep next (grounds, plans, settings; photos are listed and fetched after these): the service that keeps
 * it adds a route under `/account` and a line here, and it is in every download from then on.
 */
export const SERVICE_EXPORT_FILES: readonly { service: ServiceName; file: string; path: string }[] = [
  { service: 'records', file: 'records.json', path: '/account/records.json' },
  { service: 'records', file: 'records.csv', path: '/account/records.csv' },
  { service: 'records', file: 'events.jsonl', path: '/account/events.jsonl' },
  { service: 'records', file: 'grounds.json', path: '/account/grounds.json' },
  { service: 'records', file: 'outings.json', path: '/account/outings.json' },
  { service: 'records', file: 'counts.json', path: '/account/counts.json' },
  { service: 'records', file: 'settings.json', path: '/account/settings.json' },
  { service: 'records', file: 'plans.json', path: '/account/plans.json' },
  { service: 'records', file: 'imports.json', path: '/account/imports.json' },
  { service: 'exports', file: 'declarations.json', path: '/account/declarations.json' },
];

/** A photo in the user's download, as the records service lists them (`GET /account/photos.json`). */
interface AccountPhoto {
  record_id: string;
  id: string;
  content_type: string;
}

const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export { ERASING_SERVICES } from '../accounts/account-erasure';

const README = `Your Cull Log data

profile.json       who you are to Cull Log: your user id, name and e-mail address, and when you last used your account
sessions.json      the devices signed in as you when you downloaded this
tokens.json        your personal access tokens: their names, scopes, teams and dates (their secrets are never kept)
records.json       every record you keep, as it stands (JSON)
records.csv        the same records as the CSV export, one row each, ending with its Record ID (its folder in photos/)
events.jsonl       every change ever made to your records, grounds, outings, counts, settings and plans, and your joining of teams, oldest first, one JSON event a line
grounds.json       your grounds, with their boundaries and notes (JSON)
outings.json       your outings, with their grounds, times, people out, deer seen and numbers of culls (JSON)
counts.json        your counts of deer on your grounds, with a dung count's density worked out (JSON)
settings.json      your settings: the day your stalking season starts, and the deer-management values saved for each ground (JSON)
plans.json         your cull plans, season by season (JSON)
imports.json       the spreadsheets you imported: each file's name, how it was read, when, and the records it wrote (JSON)
declarations.json  your trained-hunter declarations: each number, when it was issued, the dealer and the records it declared (JSON)
photos/            every photo on your records as kept (turned upright, no metadata), a folder per record

Your dashboard figures, larder book and CSV exports are worked out from these records; Cull Log keeps nothing else
of yours. A team you are in keeps its own name, grounds and members, shared by all of them, so they are not in here.
`;

/**
 * Whether the session's user signed in again recently enough to erase their account: within the window, by the
 * provider's `auth_time` (or the development sign-in's own clock).
 */
export function isRecentlyReauthenticated(session: StoredSession, now: Date): boolean {
  if (session.reauthenticatedAt === null) return false;
  return now.getTime() - session.reauthenticatedAt.getTime() <= REAUTHENTICATION_WINDOW_SECONDS * 1000;
}

export interface AccountRoutesOptions {
  upstreams: Record<ServiceName, Upstream>;
  /** The gateway's private key, which signs the identity it sends each service. */
  identityKey: KeyObject;
  now: () => Date;
  readLimit: onRequestAsyncHookHandler;
  writeLimit: onRequestAsyncHookHandler;
  /** The cap on a user's downloads in progress, shared with the CSV export. */
  exportSlot: preHandlerAsyncHookHandler;
  /** The shared request budgets, which count by user id: forgotten with the account. */
  budgets?: BudgetCounter;
  /** Each account's last use: in the download, and forgotten with the account. */
  accounts?: AccountStore;
  /** Where each erasure is kept, to be made again after a restore. */
  erasureJournal?: ErasureJournal;
}

/**
 * The user's data rights: `GET /api/account/export` streams a zip of everything kept about them, and
 * `DELETE /api/account` ends every session and access token of theirs, then erases it from every service. Registered
 * inside `/api`, so there is always a signed-in user, and each service is asked with that user's signed identity.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const { upstreams, identityKey, now, readLimit, writeLimit, exportSlot } = options;
  const erasure: AccountErasureDeps = {
    upstreams,
    identityKey,
    now,
    tokens: app.tokens,
    sessions: app.sessions.manager,
    ...(options.accounts === undefined ? {} : { accounts: options.accounts }),
    ...(options.budgets === undefined ? {} : { budgets: options.budgets }),
    ...(options.erasureJournal === undefined ? {} : { journal: options.erasureJournal }),
  };

  // `/api` hands bodies to the services unread; the erasure reads its own small JSON body (the confirmation).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 },
    app.getDefaultJsonParser('error', 'error'),
  );
  const ask = (request: FastifyRequest, service: ServiceName, method: 'GET', path: string) =>
    callService({
      upstream: upstreams[service],
      method,
      path,
      identity: request.user,
      identityKey,
      now,
      requestId: request.id,
    });

  app.get('/api/account/export', { onRequest: readLimit, preHandler: exportSlot }, async (request, reply) => {
    const current = sessionOf(request);
    const exportedAt = now();
    const sessions = (await app.sessions.manager.listFor(request.user.uid)).map((session) =>
      viewOf(session, current.idHash),
    );
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    const zip = new ZipFile();
    const entry = { mtime: exportedAt };
    zip.addBuffer(Buffer.from(README), 'README.txt', entry);
    const account = await options.accounts?.find(request.user.uid);
    const profile = {
      ...request.user,
      last_used_at: account?.lastUsedAt.toISOString() ?? null,
      inactivity_notice_due_at: account?.noticeDueAt?.toISOString() ?? null,
      exported_at: exportedAt.toISOString(),
    };
    zip.addBuffer(json(profile), 'profile.json', entry);
    zip.addBuffer(json(sessions), 'sessions.json', entry);
    zip.addBuffer(json((await app.tokens.listFor(request.user.uid)).map(summaryOf)), 'tokens.json', entry);

    // The first service answers before the zip starts, so a service that is away is a clean 503.
    const [first, ...rest] = SERVICE_EXPORT_FILES;
    const firstBody = first && (await ask(request, first.service, 'GET', first.path));
    const addFile = async (file: string, body: Readable | Buffer) => {
      if (Buffer.isBuffer(body)) return zip.addBuffer(body, file, entry);
      zip.addReadStream(body, file, entry);
      // One service answer open at a time: the next is asked for once this one has gone into the zip.
      await finished(body);
    };
    void (async () => {
      if (first && firstBody) await addFile(first.file, firstBody);
      for (const { service, file, path } of rest)
        await addFile(file, await ask(request, service, 'GET', path));
      // Then the photos, each asked of the records service's own photo route, one at a time.
      const photos = JSON.parse(
        (await readAll(await ask(request, 'records', 'GET', '/account/photos.json'))).toString(),
      ) as AccountPhoto[];
      for (const photo of photos) {
        const path = `/culls/${encodeURIComponent(photo.record_id)}/photos/${encodeURIComponent(photo.id)}`;
        const name = `photos/${photo.record_id}/${photo.id}.${PHOTO_EXTENSIONS[photo.content_type] ?? 'bin'}`;
        await addFile(name, await ask(request, 'records', 'GET', path));
      }
      zip.end();
    })().catch((error: unknown) => {
      request.log.warn({ err: error }, 'account export cut short');
      // A download cut off, rather than a zip that looks whole and is not.
      (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
    });

    request.log.info('account export started');
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILE}"`)
      .send(zip.outputStream);
  });

  app.delete(
    '/api/account',
    { onRequest: writeLimit },
    async (request, reply): Promise<AccountErasedResponse> => {
      const session = sessionOf(request);
      // The word the user typed, checked here too, so nothing but a confirmed request erases anything.
      EraseAccountRequest.parse(request.body ?? {});
      if (!isRecentlyReauthenticated(session, now())) {
        throw new HttpError(403, 'reauthentication_required', ERASURE_MESSAGES.reauthenticationRequired);
      }
      // An erasure a service could not finish is tried again by signing in again (or by the retention job, for an
      // account unused for two years); each step can run twice.
      const { events } = await eraseAccount(erasure, request.user, {
        requestId: request.id,
        log: request.log,
        signOutEverywhere: (uid) => app.sessions.signOutEverywhere(uid, reply),
      });
      return { erased: true, events };
    },
  );
};
