/**
 * The allowed range of each number on the create-server form, from the shared limits
 * (SERVER_LIMITS, MAX_IPS_PER_SERVER), and how the form words it: the i18n key of the help text
 * beside the field and its arguments, so the form never repeats a limit as a literal.
 */
import { MAX_IPS_PER_SERVER } from './constants';
import { SERVER_LIMITS } from './serverRules';

export type ServerNumberField = 'cpu' | 'ram' | 'disk' | 'extraIpv4';

export interface NumberRange {
  min: number;
  max: number;
}

/**
 * The range of `field`. The primary IPv4 and an IPv6 count towards the server's limit of
 * addresses, so the extra IPv4 addresses allowed depend on the IPv6 choice.
 */
export function serverFieldRange(
  field: ServerNumberField,
  options: { ipv6: boolean },
): NumberRange {
  if (field === 'extraIpv4') {
    return { min: 0, max: MAX_IPS_PER_SERVER - 1 - (options.ipv6 ? 1 : 0) };
  }
  return { ...SERVER_LIMITS[field] };
}

/** The help text beside a field: its i18n key (servers.guide.range_*) and its arguments. */
export interface RangeDescription {
  key: string;
  args: NumberRange & { total?: number };
}

export function describeServerFieldRange(
  field: ServerNumberField,
  options: { ipv6: boolean },
): RangeDescription {
  const range = serverFieldRange(field, options);
  if (field === 'extraIpv4') {
    return { key: 'servers.guide.range_ips', args: { ...range, total: MAX_IPS_PER_SERVER } };
  }
  return { key: `servers.guide.range_${field}`, args: range };
}

/** Whether `value` is a whole number within `range`. */
export function isInRange(value: unknown, range: NumberRange): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max
  );
}

/**
 * A number from a link corrected into `range`: a number outside it is brought to the nearest
 * end (rounded when it has a fraction); text that is no number at all gives `fallback`.
 */
export function correctIntoRange(raw: string, range: NumberRange, fallback: number): number {
  const trimmed = raw.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}
