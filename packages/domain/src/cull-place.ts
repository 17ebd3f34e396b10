/**
 * Where a record is: its grid reference and coordinates kept in step when a command is decided. A grid
 * reference that is not one is refused, and a valid one is written as on a map ('SK 1234 5678'). Commands
 * only: events already in the log are never judged again.
 */
import type { CullChanges, CullFields } from '@cull-log/contracts';
import { gridReferenceFor, parseGridReference } from './grid-reference';

export type Placed<T> = { ok: true; value: T } | { ok: false; field: 'grid_ref'; message: string };

/**
 * A new record's fields: a reference given without coordinates places it (the centre of the square), and
 * coordinates given without a reference get their 8-figure one (none off the National Grid).
 */
export function placeFields(fields: CullFields): Placed<CullFields> {
  const located = fields.latitude !== undefined && fields.longitude !== undefined;
  if (fields.grid_ref !== undefined) {
    const parsed = parseGridReference(fields.grid_ref);
    if (!parsed.ok) return { ok: false, field: 'grid_ref', message: parsed.message };
    const placed = { ...fields, grid_ref: parsed.reference };
    return {
      ok: true,
      value: located ? placed : { ...placed, latitude: parsed.latitude, longitude: parsed.longitude },
    };
  }
  if (!located) return { ok: true, value: fields };
  const reference = gridReferenceFor(fields.latitude!, fields.longitude!);
  return { ok: true, value: reference === undefined ? fields : { ...fields, grid_ref: reference } };
}

/**
 * An amendment's changes to `current`: a new reference without new coordinates moves the coordinates to it;
 * new coordinates without a new reference move the reference to them (or clear it off the grid). Sent
 * together, both are kept as sent.
 */
export function placeChanges(current: CullFields, changes: CullChanges): Placed<CullChanges> {
  const coordinatesChanged = changes.latitude !== undefined || changes.longitude !== undefined;
  if (typeof changes.grid_ref === 'string') {
    const parsed = parseGridReference(changes.grid_ref);
    if (!parsed.ok) return { ok: false, field: 'grid_ref', message: parsed.message };
    const placed = { ...changes, grid_ref: parsed.reference };
    return {
      ok: true,
      value: coordinatesChanged
        ? placed
        : { ...placed, latitude: parsed.latitude, longitude: parsed.longitude },
    };
  }
  if (!coordinatesChanged || changes.grid_ref !== undefined) return { ok: true, value: changes };
  const latitude = changes.latitude === undefined ? current.latitude : changes.latitude;
  const longitude = changes.longitude === undefined ? current.longitude : changes.longitude;
  // Coordinates cleared: the reference still says where the record is.
  if (latitude == null || longitude == null) return { ok: true, value: changes };
  return { ok: true, value: { ...changes, grid_ref: gridReferenceFor(latitude, longitude) ?? null } };
}
