import type { Ground, Outing } from '@cull-log/contracts';
import { formatUkDate, localIsoDate } from '../../lib/format';

const pad2 = (value: number) => String(value).padStart(2, '0');

/** "06:10" today, "24/11/2026 06:10" on another day: when an outing started, in the device's time. */
export function outingTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const clock = `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  return localIsoDate(at) === localIsoDate(now) ? clock : `${formatUkDate(at)} ${clock}`;
}

/** The name of an outing's ground, from the user's grounds. */
export function groundName(
  groundId: string | null | undefined,
  grounds: readonly Ground[] | undefined,
): string {
  return grounds?.find((ground) => ground.id === groundId)?.name ?? 'a ground';
}

/** "2 h 30 min" between an outing's start and end (or now, while it is under way). */
export function outingLength(outing: Outing, now = new Date()): string {
  const end = outing.ended_at === null ? now.getTime() : Date.parse(outing.ended_at);
  const minutes = Math.max(0, Math.round((end - Date.parse(outing.started_at)) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${pad2(minutes % 60)} min`;
}
