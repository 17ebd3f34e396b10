import {
  AmendGroundRequest,
  AmendOutingRequest,
  CreateGroundRequest,
  DEFAULT_SEASON_START,
  MANAGEMENT_MESSAGES,
  PutPlansRequest,
  StartOutingRequest,
  UpdateSettingsRequest,
  type CullView,
  type Ground,
  type Me,
  type Outing,
  type Plan,
  type PlanProgressRow,
  type Settings,
} from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Handler = (request: FakeRequest) => Answer;
type PatternHandler = (request: FakeRequest, groups: string[]) => Answer;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Replaces fetch (the only thing mocked in these tests) with handlers keyed 'METHOD /path'.
 * Every call is recorded; unknown routes answer 404 like the gateway does.
 */
export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const patterns: { method: string; path: RegExp; handler: PatternHandler }[] = [];
  const calls: FakeRequest[] = [];
  // With no signal every request fails as the browser's fetch does, before any handler answers.
  let offline = false;
  let sessionGivenByTest = false;
  handlers.set('GET /auth/options', () => json({ google: true, dev: false }));
  handlers.set('GET /auth/session', () => json({ user: null }));
  handlers.set('GET /api/me', () => apiError(401, 'not_authenticated', 'User must be authenticated'));

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    calls.push(request);
    if (offline) throw new TypeError('Failed to fetch');
    const route = `${method} ${url.pathname}`;
    const handler = handlers.get(route);
    if (route === 'POST /auth/dev/login' && handler) {
      // As the server does, a development sign-in it accepts signs the user in: the session answer names them after,
      // unless the test gives that answer itself.
      const answer = await handler(request);
      if (answer.ok && !sessionGivenByTest) {
        const user = (await answer.clone().json()) as Me;
        handlers.set('GET /auth/session', () => json({ user }));
      }
      return answer;
    }
    if (handler) return handler(request);
    for (const pattern of patterns) {
      const match = pattern.method === method ? pattern.path.exec(url.pathname) : null;
      if (match) return pattern.handler(request, match.slice(1).map(decodeURIComponent));
    }
    return apiError(404, 'not_found', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    on(route: string, handler: Handler) {
      if (route === 'GET /auth/session') sessionGivenByTest = true;
      handlers.set(route, handler);
      return this;
    },
    /** Answers every path the pattern matches (its groups given to the handler) when no exact route does. */
    onPattern(method: string, path: RegExp, handler: PatternHandler) {
      patterns.push({ method, path, handler });
      return this;
    },
    signedInAs(user: Me = USER) {
      handlers.set('GET /auth/session', () => json({ user }));
      handlers.set('GET /api/me', () => json(user));
      return this;
    },
    /** Every request fails for want of network until `online()` (the browser's own `navigator.onLine` unchanged). */
    offline() {
      offline = true;
      return this;
    },
    online() {
      offline = false;
      return this;
    },
    callsTo(route: string): FakeRequest[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.url.pathname === path);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

export const USER: Me = { uid: 'user-1', display_name: 'Ann Stalker', email: 'ann@example.com' };

let counter = 0;

/** A record as the API answers it (with no warnings unless the test gives some). */
export function makeCull(overrides: Partial<CullView> = {}): CullView {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ...sampleCullFields({ date: '2025-03-07', time: '06:30' }),
    created_by: USER.uid,
    created_at: '2025-03-07T07:00:00.000Z',
    updated_at: '2025-03-07T07:00:00.000Z',
    version: 1,
    warnings: [],
    ...overrides,
  };
}

/** A promise settled from outside, to hold a request open while a test looks at the waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const GROUND_TIME = '2026-04-01T08:00:00.000Z';

/** A ground as GET /api/grounds answers it. */
export function makeGround(overrides: Partial<Ground> = {}): Ground {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Ground ${counter}`,
    notes: null,
    boundary: null,
    centre: null,
    archived: false,
    version: 1,
    created_at: GROUND_TIME,
    updated_at: GROUND_TIME,
    ...overrides,
  };
}

/** An outing as GET /api/outings answers it; under way unless it has an end. */
export function makeOuting(overrides: Partial<Outing> & Pick<Outing, 'ground_id'>): Outing {
  counter += 1;
  return {
    id: `20000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    started_at: GROUND_TIME,
    ended_at: null,
    notes: null,
    hunters: 1,
    sightings: null,
    cull_count: 0,
    version: 1,
    created_at: GROUND_TIME,
    updated_at: GROUND_TIME,
    ...overrides,
  };
}

/** What the fake server holds of one user's grounds, outings, setting and plans. */
export interface ManagementState {
  grounds: Ground[];
  outings: Outing[];
  settings: Settings;
  plans: Record<string, Plan[]>;
  progress: Record<string, PlanProgressRow[]>;
  /** The season's culls on each ground, by season, as plan progress answers them beside its rows. */
  groundCulls: Record<string, { ground_id: string; culls: number }[]>;
  /** The event position the last write answered with. */
  position: number;
}

const refused = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  apiError(
    400,
    'validation_failed',
    error.issues[0]?.message ?? 'Invalid request',
    Object.fromEntries(
      error.issues.map((issue) => [issue.path.map(String).join('.') || 'body', issue.message]),
    ),
  );

/**
 * Answers /api/grounds, /api/outings, /api/settings and /api/plans/:season as the server does, from `state`
 * (which the test can look at afterwards): bodies checked with the contracts, a taken name refused with a 400.
 */
export function serveManagement(api: FakeApi, initial: Partial<ManagementState> = {}): ManagementState {
  const state: ManagementState = {
    grounds: [],
    outings: [],
    settings: { season_start: DEFAULT_SEASON_START },
    plans: {},
    progress: {},
    groundCulls: {},
    position: 1000,
    ...initial,
  };
  const now = () => new Date().toISOString();
  const byName = () => [...state.grounds].sort((a, b) => a.name.localeCompare(b.name));
  const nameTaken = (name: string, except?: string) =>
    state.grounds.some((ground) => ground.id !== except && ground.name.toLowerCase() === name.toLowerCase());
  const open = () => state.outings.find((outing) => outing.ended_at === null) ?? null;

  api.on('GET /api/grounds', () => json({ items: byName() }));
  api.on('POST /api/grounds', ({ body }) => {
    const parsed = CreateGroundRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    if (nameTaken(parsed.data.name))
      return apiError(400, 'validation_failed', MANAGEMENT_MESSAGES.groundNameTaken, {
        name: MANAGEMENT_MESSAGES.groundNameTaken,
      });
    const { id, notes, boundary, centre, name } = parsed.data;
    const ground = makeGround({
      ...(id && { id }),
      name,
      notes: notes ?? null,
      boundary: boundary ?? null,
      centre: centre ?? null,
    });
    state.grounds.push(ground);
    return json(ground, 201);
  });
  for (const method of ['GET', 'PATCH'] as const) {
    api.onPattern(method, /^\/api\/grounds\/([^/]+)$/, ({ body }, [id]) => {
      const index = state.grounds.findIndex((ground) => ground.id === id);
      const ground = state.grounds[index];
      if (!ground) return apiError(404, 'not_found', 'Ground not found');
      if (method === 'GET') return json(ground);
      const parsed = AmendGroundRequest.safeParse(body);
      if (!parsed.success) return refused(parsed.error);
      const { expected_version: _version, ...changes } = parsed.data;
      if (changes.name !== undefined && nameTaken(changes.name, ground.id))
        return apiError(400, 'validation_failed', MANAGEMENT_MESSAGES.groundNameTaken, {
          name: MANAGEMENT_MESSAGES.groundNameTaken,
        });
      const next: Ground = {
        ...ground,
        ...changes,
        version: ground.version + 1,
        updated_at: now(),
      } as Ground;
      state.grounds[index] = next;
      return json(next);
    });
  }

  api.on('GET /api/outings', () => json({ items: [...state.outings].reverse(), open: open() }));
  api.on('POST /api/outings', ({ body }) => {
    const parsed = StartOutingRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    if (!state.grounds.some((ground) => ground.id === parsed.data.ground_id))
      return apiError(400, 'validation_failed', MANAGEMENT_MESSAGES.groundUnknown);
    if (parsed.data.ended_at === undefined && open())
      return apiError(400, 'validation_failed', MANAGEMENT_MESSAGES.outingOpen);
    const outing = makeOuting({
      ...(parsed.data.id && { id: parsed.data.id }),
      ground_id: parsed.data.ground_id,
      started_at: parsed.data.started_at ?? now(),
      ended_at: parsed.data.ended_at ?? null,
      ...(parsed.data.hunters !== undefined && { hunters: parsed.data.hunters }),
      ...(parsed.data.sightings !== undefined && { sightings: parsed.data.sightings }),
    });
    state.outings.push(outing);
    return json(outing, 201);
  });
  api.onPattern('PATCH', /^\/api\/outings\/([^/]+)$/, ({ body }, [id]) => {
    const index = state.outings.findIndex((outing) => outing.id === id);
    const outing = state.outings[index];
    if (!outing) return apiError(404, 'not_found', 'Outing not found');
    const parsed = AmendOutingRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    const { expected_version: _version, ...changes } = parsed.data;
    const next = { ...outing, ...changes, version: outing.version + 1, updated_at: now() } as Outing;
    state.outings[index] = next;
    return json(next);
  });

  api.on('GET /api/settings', () => json(state.settings));
  api.on('PATCH /api/settings', ({ body }) => {
    const parsed = UpdateSettingsRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    state.settings = { ...state.settings, ...parsed.data };
    return json(state.settings);
  });

  const seasonDates = (season: string) => {
    const first = Number(season.slice(0, 4));
    const [month, day] = state.settings.season_start.split('-').map(Number) as [number, number];
    const end = new Date(Date.UTC(first + 1, month - 1, day - 1)).toISOString().slice(0, 10);
    return { season: season.replace('-', '/'), from: `${first}-${state.settings.season_start}`, to: end };
  };
  api.onPattern('GET', /^\/api\/plans\/([^/]+)$/, (_request, [season = '']) =>
    json({ ...seasonDates(season), plans: state.plans[season] ?? [], updated_at: null }),
  );
  api.onPattern('PUT', /^\/api\/plans\/([^/]+)$/, ({ body }, [season = '']) => {
    const parsed = PutPlansRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    state.plans[season] = parsed.data.plans;
    state.position += 1;
    return json({ ...seasonDates(season), plans: parsed.data.plans, updated_at: now() }, 200, {
      'x-event-position': String(state.position),
    });
  });
  api.onPattern('GET', /^\/api\/plans\/([^/]+)\/progress$/, (_request, [season = '']) =>
    json({
      ...seasonDates(season),
      rows: state.progress[season] ?? [],
      ground_culls: state.groundCulls[season] ?? [],
      position: 1,
    }),
  );
  return state;
}
