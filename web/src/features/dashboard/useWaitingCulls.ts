import { londonDate, monthKey } from '@cull-log/domain';
import { useMemo } from 'react';
import { useOutbox } from '../../api/outbox/outbox-context';

/** New records made on this device and not yet sent, as the dashboard counts them beside the server's figures. */
export interface WaitingCulls {
  total: number;
  thisMonth: number;
  /** By month (YYYY-MM) of the record's date. */
  byMonth: Record<string, number>;
}

const NONE: WaitingCulls = { total: 0, thisMonth: 0, byMonth: {} };

/**
 * The records waiting in this device's outbox to be sent, which the server's figures cannot yet hold. A team's
 * dashboard (`teamGroundIds`) counts only those on the team's grounds, as the server will; until its grounds are
 * known, none.
 */
export function useWaitingCulls(teamId: string | undefined, teamGroundIds: readonly string[] | undefined) {
  const items = useOutbox()?.items;
  return useMemo((): WaitingCulls => {
    if (items === undefined || items.length === 0) return NONE;
    if (teamId !== undefined && teamGroundIds === undefined) return NONE;
    const onTeamGrounds = new Set(teamGroundIds);
    const thisMonth = monthKey(londonDate(new Date()));
    const waiting: WaitingCulls = { total: 0, thisMonth: 0, byMonth: {} };
    for (const item of items) {
      if (item.state !== 'waiting' || item.command.kind !== 'create') continue;
      const { date, ground_id: groundId } = item.command.body;
      if (teamId !== undefined && (groundId == null || !onTeamGrounds.has(groundId))) continue;
      const month = monthKey(date);
      waiting.total += 1;
      waiting.byMonth[month] = (waiting.byMonth[month] ?? 0) + 1;
      if (month === thisMonth) waiting.thisMonth += 1;
    }
    return waiting.total === 0 ? NONE : waiting;
  }, [items, teamId, teamGroundIds]);
}
