/** Dates are shown DD-MM-YYYY in Vietnam's time (UTC+7, no daylight saving). */
import { formatInVietnam } from './vietnamTime';

export function formatDate(value: string | Date): string {
  return formatInVietnam(value, 'DD-MM-YYYY');
}

export function formatDateTime(value: string | Date): string {
  return formatInVietnam(value, 'DD-MM-YYYY HH:mm');
}
