/** Dates are shown DD-MM-YYYY in Vietnam's time (UTC+7, no daylight saving). */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;

export function formatDate(value: string | Date): string {
  return dayjs(value).utcOffset(VIETNAM_UTC_OFFSET_MINUTES).format('DD-MM-YYYY');
}

export function formatDateTime(value: string | Date): string {
  return dayjs(value).utcOffset(VIETNAM_UTC_OFFSET_MINUTES).format('DD-MM-YYYY HH:mm');
}
