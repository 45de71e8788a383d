// UK wall-clock time (Europe/London) and the UTC instants the server keeps (issue 28: a discount code's
// start and end are entered and shown as UK times, stored UTC). Pure, with no Zod: any area may use it.
// Summer time: the clocks go forward at 01:00 UTC on the last Sunday of March (01:00-01:59 never happens
// that day) and back at 01:00 UTC on the last Sunday of October (01:00-01:59 happens twice).

const LONDON = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The London wall time of an instant, read as if it were UTC (ms): its difference from `ms` is the offset. */
function londonWallMs(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** London's offset from UTC at an instant, in ms: 0 in winter (GMT), 3,600,000 in summer (BST). */
export const londonOffsetMs = (ms: number) => londonWallMs(ms) - Math.floor(ms / 1000) * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-03-29T09:30": what an <input type="datetime-local"> shows for an instant, in London time. */
export function londonInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const wall = new Date(londonWallMs(ms));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The UTC instant (ISO, "…Z") of a London wall time typed as "YYYY-MM-DDTHH:mm"; null when it is not a
 * real date and time. A time the clocks skip (spring) is read as the same moment an hour on (01:30 is
 * 02:30 BST); a time that happens twice (autumn) is the first of the two (BST).
 */
export function londonInputToIso(value: string): string | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (year < 1000 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The instants whose London time is this wall time: at most one per offset London uses either side.
  const offsets = [...new Set([londonOffsetMs(wall - 86_400_000), londonOffsetMs(wall + 86_400_000), londonOffsetMs(wall)])].sort((a, b) => b - a);
  const matches = offsets.map((o) => wall - o).filter((t) => londonWallMs(t) === wall);
  // None: a skipped hour; the offset before the change puts it just after it.
  const instant = matches.length ? Math.min(...matches) : wall - londonOffsetMs(wall - 86_400_000);
  return new Date(instant).toISOString();
}

/** "GMT" or "BST": which UK time a London wall time typed as "YYYY-MM-DDTHH:mm" falls in (null if not a time). */
export function londonZoneName(value: string): 'GMT' | 'BST' | null {
  const iso = londonInputToIso(value);
  return iso === null ? null : londonOffsetMs(Date.parse(iso)) === 0 ? 'GMT' : 'BST';
}
