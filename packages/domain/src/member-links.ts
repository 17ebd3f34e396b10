import { TEAM_EVENT_TYPES, type CommandMeta, type MemberLinked } from '@cull-log/contracts';
import { eventEnvelope, type Decider } from './decider';

/** A user's links to the teams they joined: team id → the member id the team knows them by. */
export interface MemberLinksState {
  version: number;
  links: Readonly<Record<string, string>>;
}

const initialState: MemberLinksState = { version: 0, links: {} };

/** Link the user to a team under `memberId`, unless they are linked to it already (then their member id stays). */
export interface LinkMember {
  type: 'LinkMember';
  streamId: string;
  teamId: string;
  memberId: string;
  /** The name the team shows for them. */
  name: string;
  meta: CommandMeta;
}

function decide(command: LinkMember, state: MemberLinksState) {
  if (state.links[command.teamId] !== undefined) return { ok: true as const, events: [] };
  const event: MemberLinked = {
    ...eventEnvelope(command.meta, command.streamId, state.version),
    type: TEAM_EVENT_TYPES.memberLinked,
    data: { team_id: command.teamId, member_id: command.memberId, name: command.name },
  };
  return { ok: true as const, events: [event] };
}

function evolve(state: MemberLinksState, event: MemberLinked): MemberLinksState {
  return { version: event.version, links: { ...state.links, [event.data.team_id]: event.data.member_id } };
}

/**
 * A user's own stream of team links, one a team, each made once: the only place a member id is tied to a person, so
 * erasing the user's streams unties every team's history from them.
 */
export const memberLinksDecider: Decider<LinkMember, MemberLinked, MemberLinksState> = {
  decide,
  evolve,
  initialState,
};
