import {
  AmendCountRequest,
  CullSuggestionQuery,
  DEER_MANAGEMENT_MESSAGES,
  RecordCountRequest,
  SeasonKey,
  seasonLabelOf,
  type Count,
  type CountItem,
  type DungCount,
} from '@cull-log/contracts';
import {
  groundAreaKm2,
  groundDensities,
  deerValuesToSave,
  groundSuggestion,
  planTargetsOf,
  plansWithSuggestion,
  toCount,
  type DeerValues,
} from '@cull-log/domain';
import { apiError, json, type FakeApi, type FakeRequest, type ManagementState } from './fake-api';

/** A count as the fake server keeps it: what was recorded, its dung count's plots unworked. */
export interface HeldCount {
  id: string;
  ground_id: string;
  date: string;
  method: Count['method'];
  items: CountItem[];
  notes: string | null;
  dung: DungCount | null;
  version: number;
  created_at: string;
  updated_at: string;
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

const refusedOn = (field: string, message: string) =>
  apiError(400, 'validation_failed', message, { [field]: message });

/** A query's values as the server's query parser gives them: a name given twice is a list. */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * Answers /api/counts, /api/grounds/:id/density and /api/plans/:season/suggestion as the records service does, with
 * the domain's own arithmetic (a dung count's density, each species' density, the suggested cull and its acceptance
 * into the plans, saving its values in `saved` by ground): bodies and queries checked with the contracts, refusals
 * answered on their field.
 */
export function serveCounts(
  api: FakeApi,
  state: ManagementState,
  counts: HeldCount[] = [],
  saved: Record<string, DeerValues> = {},
): HeldCount[] {
  let counter = 0;
  const now = () => new Date(Date.UTC(2026, 0, 1, 0, 0, counter++)).toISOString();
  const areaOf = (groundId: string) =>
    groundAreaKm2(state.grounds.find((ground) => ground.id === groundId)?.boundary);
  const answer = (held: HeldCount): Count =>
    toCount(
      {
        status: 'active',
        version: held.version,
        ownerId: 'user-1',
        groundId: held.ground_id,
        date: held.date,
        method: held.method,
        items: held.items,
        notes: held.notes,
        dung: held.dung,
        createdAt: held.created_at,
        updatedAt: held.updated_at,
      },
      held.id,
      areaOf(held.ground_id),
    )!;
  const newestFirst = (groundId: string) =>
    counts
      .filter((count) => count.ground_id === groundId)
      .sort((a, b) => b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at));

  api.on('GET /api/counts', ({ url }) => {
    const ground = url.searchParams.get('ground') ?? '';
    return json({ items: newestFirst(ground).map(answer) });
  });
  api.on('POST /api/counts', ({ body }) => {
    const parsed = RecordCountRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    const { id, ground_id, date, method, items, notes, dung } = parsed.data;
    if (!state.grounds.some((ground) => ground.id === ground_id))
      return refusedOn('ground_id', 'Choose one of your grounds');
    const at = now();
    const held: HeldCount = {
      id: id ?? `30000000-0000-4000-8000-${String(counts.length + 1).padStart(12, '0')}`,
      ground_id,
      date,
      method,
      items: items ?? [],
      notes: notes ?? null,
      dung: dung ?? null,
      version: 1,
      created_at: at,
      updated_at: at,
    };
    counts.push(held);
    return json(answer(held), 201);
  });
  api.onPattern('PATCH', /^\/api\/counts\/([^/]+)$/, ({ body }: FakeRequest, [id]) => {
    const held = counts.find((count) => count.id === id);
    if (!held) return apiError(404, 'not_found', DEER_MANAGEMENT_MESSAGES.countNotFound);
    const parsed = AmendCountRequest.safeParse(body);
    if (!parsed.success) return refused(parsed.error);
    const { expected_version, ...changes } = parsed.data;
    if (expected_version !== undefined && expected_version !== held.version)
      return apiError(409, 'conflict', 'The count was changed elsewhere: open it again');
    Object.assign(held, changes, { version: held.version + 1, updated_at: now() });
    return json(answer(held));
  });
  api.onPattern('DELETE', /^\/api\/counts\/([^/]+)$/, (_request, [id]) => {
    const index = counts.findIndex((count) => count.id === id);
    if (index < 0) return apiError(404, 'not_found', DEER_MANAGEMENT_MESSAGES.countNotFound);
    counts.splice(index, 1);
    return new Response(null, { status: 204 });
  });

  api.onPattern('GET', /^\/api\/grounds\/([^/]+)\/density$/, (_request, [id = '']) => {
    const area = areaOf(id);
    if (area === undefined) return refusedOn('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary);
    return json({ area_km2: area, species: groundDensities(newestFirst(id).map(answer), area) });
  });

  const suggestion = (url: URL, season: string) => {
    const query = CullSuggestionQuery.safeParse(queryOf(url));
    if (!query.success) return { refusal: refused(query.error) };
    const { ground, ...asked } = query.data;
    const area = areaOf(ground);
    if (area === undefined) return { refusal: refusedOn('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary) };
    const answered = groundSuggestion(
      groundDensities(newestFirst(ground).map(answer), area),
      area,
      asked,
      seasonLabelOf(SeasonKey.parse(season)),
      saved[ground],
    );
    if ('ok' in answered) return { refusal: refusedOn(answered.field, answered.message) };
    return { ground, answered, asked };
  };
  api.onPattern('GET', /^\/api\/plans\/([^/]+)\/suggestion$/, ({ url }, [season = '']) => {
    const result = suggestion(url, season);
    return result.refusal ?? json(result.answered);
  });
  api.onPattern('POST', /^\/api\/plans\/([^/]+)\/suggestion$/, ({ url }, [season = '']) => {
    const result = suggestion(url, season);
    if (result.refusal) return result.refusal;
    state.plans[season] = plansWithSuggestion(
      state.plans[season] ?? [],
      result.ground,
      planTargetsOf(result.answered.rows),
    );
    saved[result.ground] = deerValuesToSave(
      result.answered.working.map((each) => each.species),
      result.asked,
      saved[result.ground],
    );
    state.position += 1;
    return json(
      {
        season: seasonLabelOf(SeasonKey.parse(season)),
        from: '',
        to: '',
        plans: state.plans[season],
        updated_at: now(),
      },
      200,
      { 'x-event-position': String(state.position) },
    );
  });
  return counts;
}
