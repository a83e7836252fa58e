/**
 * Vietnam's clock, the one calendar of the product: UTC+7 all year (Vietnam has no daylight
 * saving). Prices prorate by its months, schedules run at its hours and dates are shown in it.
 *
 * The arithmetic is done on dayjs in UTC mode, shifted by the fixed offset, so the computer's own
 * time zone never enters into it.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;

/** The instant as Vietnam's wall clock reads it (year, month, day, weekday, hour). */
function wallClock(instant: ConfigType): Dayjs {
  return dayjs.utc(instant).add(VIETNAM_UTC_OFFSET_MINUTES, 'minute');
}

/** The instant a Vietnam wall-clock reading stands for. */
function instantOf(reading: Dayjs): Date {
  return reading.subtract(VIETNAM_UTC_OFFSET_MINUTES, 'minute').toDate();
}

/**
 * Formats an instant as read in Vietnam, with dayjs's tokens (`DD-MM-YYYY HH:mm`); `locale`
 * names months and weekdays in a loaded dayjs locale (`dddd` → "Thứ Hai" with 'vi').
 */
export function formatInVietnam(instant: ConfigType, pattern: string, locale?: string): string {
  const reading = wallClock(instant);
  return (locale ? reading.locale(locale) : reading).format(pattern);
}

/** Start of the Vietnam month `count` months after the one containing `instant` (0: its own). */
export function vietnamMonthStartAfter(instant: Date, count: number): Date {
  return instantOf(wallClock(instant).startOf('month').add(count, 'month'));
}

/** The next `weekday` (0 Sunday) at `hour`:00 Vietnam time strictly after `now`. */
export function nextWeeklyAt(weekday: number, hour: number, now: Date): Date {
  const today = wallClock(now).startOf('day');
  const days = (weekday - today.day() + 7) % 7;
  const candidate = instantOf(today.add(days, 'day').add(hour, 'hour'));
  return candidate > now ? candidate : instantOf(today.add(days + 7, 'day').add(hour, 'hour'));
}

/**
 * The instant a Vietnam calendar day (`YYYY-MM-DD`) begins, or the day `afterDays` later: a
 * date-range filter "from 20 to 25" covers [start of the 20th, start of the 26th).
 */
export function vietnamDayStart(day: string, afterDays = 0): Date {
  return instantOf(dayjs.utc(day).startOf('day').add(afterDays, 'day'));
}
