import { londonFormatter } from './london-calendar';

/**
 * When a cull happened cannot be later than now: a record is made after the shot. A phone's clock a little ahead of
 * the server's is not the stalker's fault, so a few minutes beyond now are let through.
 */
export const CLOCK_DRIFT_MINUTES = 10;

export const FUTURE_MESSAGES = {
  date: 'This date is in the future: record a cull once it has happened.',
  time: 'This time is later than now: record a cull once it has happened.',
} as const;

const londonMinutes = londonFormatter({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD' and 'HH:MM' on the UK's clock at a moment. */
function londonDateAndTime(moment: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    londonMinutes()
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Which of a record's date and time puts it in the future at `now` (UK time, with CLOCK_DRIFT_MINUTES of grace), and
 * why; undefined when it has happened. A later day is the date's fault; a later time today is the time's.
 */
export function futureCullError(
  date: string,
  time: string,
  now: Date,
): { field: 'date' | 'time'; message: string } | undefined {
  return futureCullCheck(now)(date, time);
}

/**
 * futureCullError for many records at one `now` (an import's rows): the UK's clock is read once, not per record.
 */
export function futureCullCheck(
  now: Date,
): (date: string, time: string) => { field: 'date' | 'time'; message: string } | undefined {
  const latest = londonDateAndTime(new Date(now.getTime() + CLOCK_DRIFT_MINUTES * 60_000));
  const today = londonDateAndTime(now).date;
  return (date, time) => {
    if (date > latest.date && date > today) return { field: 'date', message: FUTURE_MESSAGES.date };
    if (`${date} ${time}` > `${latest.date} ${latest.time}`)
      return { field: 'time', message: FUTURE_MESSAGES.time };
    return undefined;
  };
}
