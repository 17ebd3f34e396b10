import type { CullFields, RecordCullRequest } from '../cull';
import type { GroundBoundary } from '../grounds';

/**
 * A ground's boundary for tests that read an area or a density: a square of 0.02° of longitude by 0.02° of latitude in
 * southern England (about 1.4 × 2.2 km), its corners as longitude, latitude, the ring closed.
 */
export const SAMPLE_GROUND_BOUNDARY: GroundBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [-1, 51],
      [-0.98, 51],
      [-0.98, 51.02],
      [-1, 51.02],
      [-1, 51],
    ],
  ],
};

/** A valid cull with only the required fields (a roe doe at Home Wood); `overrides` set what a test cares about. */
export function sampleCullFields(overrides: Partial<CullFields> = {}): CullFields {
  return {
    date: '2026-11-03',
    time: '06:00',
    location_name: 'Home Wood',
    species: 'Roe Deer',
    sex: 'Female',
    age_estimate: 'Adult',
    condition: 'Good',
    shot_placement: 'Heart/Lung',
    antlers_present: false,
    ...overrides,
  };
}

/** A valid body for POST /culls, built from `sampleCullFields`. */
export function sampleRecordRequest(overrides: Partial<RecordCullRequest> = {}): RecordCullRequest {
  return { ...sampleCullFields(), ...overrides };
}

export { EVENT_LOG_V1, eventLogV1Events, type StoredEventRow } from './event-log-v1';
export { eventLogWithManagementEvents, type ManagementPlacement } from './management-events';
export { TEAM_LOG_V1 } from './team-log-v1';
export { TEAM_GROUND_LOG_V1 } from './team-ground-log-v1';
export { TEAM_RETENTION_LOG_V1 } from './team-retention-log-v1';
export { TEAM_PLANS_LOG_V1 } from './team-plans-log-v1';
export { DEER_MANAGEMENT_LOG_V1 } from './deer-management-log-v1';
export { DEER_VALUES_LOG_V1 } from './deer-values-log-v1';
export { OUTING_SIGHTINGS_LOG_V2 } from './outing-sightings-log-v2';
