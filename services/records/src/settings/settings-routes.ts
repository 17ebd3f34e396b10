import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SEASON_START,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  PutPlansRequest,
  SeasonKey,
  TEAM_MESSAGES,
  UpdateSettingsRequest,
  type PlanAllocation,
  type PlansResponse,
  type Settings,
} from '@cull-log/contracts';
import { plansDecider, seasonOfKey, settingsDecider, type MemberAllocation } from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { plansStreamId, settingsStreamId } from '../kit/stream-ids';
import { refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { requireRole, scopeOf, teamParamOf, type Membership, type Scope } from '../teams/team-scope';
import type { TeamsReadModel } from '../teams/teams-read-model';

// The streams are the user's own by their ids: there is nothing of another user's to find, so never answered.
const notFound = () => new HttpError(404, 'not_found', 'Not found');

/** The season in the path, `2026-27`, or 400. */
function seasonOf(season: string) {
  const parsed = SeasonKey.safeParse(season);
  if (!parsed.success) throw refused('season', MANAGEMENT_MESSAGES.season);
  return parsed.data;
}

/** GET/PATCH /settings and GET/PUT /plans/:season. */
export function settingsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel } = deps;
    const settings = streamCommands(deps, {
      decider: settingsDecider,
      prefix: 'settings.',
      streamOf: (command) => command.streamId,
      notFound,
    });
    const plansOfSeason = streamCommands(deps, {
      decider: plansDecider,
      prefix: 'plans.',
      streamOf: (command) => command.streamId,
      notFound,
    });

    const seasonStartOf = async (userId: string) =>
      (await readModel.seasonStart(userId)) ?? DEFAULT_SEASON_START;

    const plansResponse = (scope: Scope, season: string) => plansResponseOf(readModel, scope, season);

    app.get('/settings', async (request): Promise<Settings> => ({
      season_start: await seasonStartOf(request.identity.uid),
    }));

    app.patch('/settings', async (request, reply) => {
      const body = UpdateSettingsRequest.parse(request.body);
      const userId = request.identity.uid;
      const outcome = await settings.run({
        type: 'ChangeSettings',
        streamId: settingsStreamId(userId),
        seasonStart: body.season_start,
        meta: settings.metaOf(request),
      });
      request.log.info({ position: outcome.position }, 'settings changed');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send({ season_start: outcome.state.seasonStart } satisfies Settings);
    });

    app.get<{ Params: { season: string } }>('/plans/:season', async (request) => {
      const season = seasonOf(request.params.season);
      return plansResponse(await scopeOf(readModel, request.identity.uid, teamParamOf(request)), season);
    });

    app.put<{ Params: { season: string } }>('/plans/:season', async (request, reply) => {
      const scope = await scopeOf(readModel, request.identity.uid, teamParamOf(request));
      requireRole(scope, ['manager']);
      const season = seasonOf(request.params.season);
      const body = PutPlansRequest.parse(request.body);
      const plans = body.plans.map((plan) => ({ ...plan, ground_id: plan.ground_id?.toLowerCase() ?? null }));
      const ownerId = scope.ownerId;
      const before = await readModel.plans(ownerId, season);
      const planned = new Set(before?.plans.map((plan) => plan.ground_id));
      const groundUnknown = scope.membership
        ? TEAM_MESSAGES.groundNotTeams
        : MANAGEMENT_MESSAGES.groundUnknown;
      // Each plan's ground must be the owner's; an archived one only where the season's plans already had it.
      for (const [index, plan] of plans.entries()) {
        if (plan.ground_id === null) continue;
        const ground = await readModel.getGround(ownerId, plan.ground_id);
        const field = `plans.${index}.ground_id`;
        if (ground === undefined) throw refused(field, groundUnknown);
        if (ground.archived && !planned.has(ground.id))
          throw refused(field, MANAGEMENT_MESSAGES.groundArchived);
      }
      let allocations: MemberAllocation[] | undefined;
      if (body.allocations !== undefined) {
        if (scope.membership === undefined) throw refused('allocations', TEAM_MESSAGES.allocationsForTeams);
        allocations = await allocationsByMember(
          readModel,
          scope,
          body.allocations,
          before?.allocations ?? [],
        );
      }
      const meta = { ...plansOfSeason.metaOf(request), userId: ownerId };
      const outcome = await plansOfSeason.run({
        type: 'SetPlans',
        streamId: plansStreamId(ownerId, season),
        season,
        plans,
        ...(allocations !== undefined && { allocations }),
        meta,
      });
      request.log.info({ position: outcome.position }, 'plans set');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(await plansResponse(scope, season));
    });
  };
}

type PlansReadModel = StreamRoutesOptions<unknown>['readModel'];

/** A season's plans of the scope (the caller's own, or a team's with each member's share as their role sees them). */
export async function plansResponseOf(
  readModel: PlansReadModel,
  scope: Scope,
  season: string,
): Promise<PlansResponse> {
  const dates = seasonOfKey(season, (await readModel.seasonStart(scope.ownerId)) ?? DEFAULT_SEASON_START);
  const stored = await readModel.plans(scope.ownerId, season);
  return {
    season: dates.label,
    from: dates.from,
    to: dates.to,
    plans: stored?.plans ?? [],
    ...(scope.membership !== undefined && {
      allocations: await allocationsByUid(readModel, scope.membership, stored?.allocations ?? []),
    }),
    updated_at: stored?.updated_at ?? null,
  };
}

/**
 * A team plan's allocations as the body names members (by uid), checked and named by member id: each uid a current
 * member's, each ground one of the team's (an archived one only where the season's shares already had it).
 */
async function allocationsByMember(
  readModel: PlansReadModel,
  scope: Scope & { membership: Membership },
  allocations: readonly PlanAllocation[],
  before: readonly MemberAllocation[],
): Promise<MemberAllocation[]> {
  const { teamId, team } = scope.membership;
  const memberOf = new Map(
    (await readModel.memberLinks(teamId))
      .filter((link) => team.members[link.memberId] !== undefined)
      .map((link) => [link.userId, link.memberId]),
  );
  const allocated = new Set(before.map((allocation) => allocation.ground_id));
  const checked: MemberAllocation[] = [];
  for (const [index, { uid, ground_id: groundIdAsSent, ...target }] of allocations.entries()) {
    const memberId = memberOf.get(uid);
    if (memberId === undefined) throw refused(`allocations.${index}.uid`, TEAM_MESSAGES.allocationMember);
    const groundId = groundIdAsSent.toLowerCase();
    const ground = await readModel.getGround(scope.ownerId, groundId);
    const field = `allocations.${index}.ground_id`;
    if (ground === undefined) throw refused(field, TEAM_MESSAGES.groundNotTeams);
    if (ground.archived && !allocated.has(ground.id))
      throw refused(field, MANAGEMENT_MESSAGES.groundArchived);
    checked.push({ member_id: memberId, ground_id: groundId, ...target });
  }
  return checked;
}

/**
 * A team plan's allocations named by uid for the API, as the caller's role may see them; a share of a member no longer
 * linked (erased) is left out.
 */
async function allocationsByUid(
  readModel: Pick<TeamsReadModel, 'memberLinks'>,
  membership: Membership,
  allocations: readonly MemberAllocation[],
): Promise<PlanAllocation[]> {
  const uidOf = new Map(
    (await readModel.memberLinks(membership.teamId)).map((link) => [link.memberId, link.userId]),
  );
  // A guest sees only their own share, as they see only their own records and figures, and no other member.
  const shown =
    membership.role === 'guest'
      ? allocations.filter((share) => share.member_id === membership.memberId)
      : allocations;
  return shown.flatMap(({ member_id: memberId, ...share }) => {
    const uid = uidOf.get(memberId);
    return uid === undefined ? [] : [{ uid, ...share }];
  });
}
