/**
 * The shared schemas the app checks the server's answers with. Loaded with the first answer, not with the first page,
 * and only these: the rest of the contracts (the event log's, the services' commands) are the servers' own, and
 * building every schema at once held the page in one long task.
 */
export {
  ApiError,
  CreateTokenResponse,
  Cull,
  CullView,
  EndOtherSessionsResponse,
  Ground,
  InviteCreated,
  InviteOffer,
  LarderResponse,
  ListCullsResponse,
  ListGroundsResponse,
  ListOutingsResponse,
  ListTeamsResponse,
  ListTokensResponse,
  MapCullsResponse,
  MapPointsResponse,
  Me,
  PlacesResponse,
  PlanProgressResponse,
  PlansResponse,
  SessionsResponse,
  Settings,
  StatsResponse,
  Team,
  TeamInvitesResponse,
  TeamMembersResponse,
  TeamPermitsResponse,
} from '@cull-log/contracts';
