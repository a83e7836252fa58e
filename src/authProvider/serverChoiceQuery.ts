import { intervalInQuery } from '../domain/billingCycle';
import type { PendingServerChoice } from './sessionStore';

/**
 * The configuration a link to a server offer chose (`?cpu&ram&disk&interval`, or
 * `billingcycle=annually`, spec §3 and §9), as the register page keeps it; null without all
 * three of cpu, ram and disk. Not in sessionRules.ts: the login page does not need it.
 */
export function serverChoiceFromQuery(search: URLSearchParams): PendingServerChoice | null {
  const cpu = search.get('cpu');
  const ram = search.get('ram');
  const disk = search.get('disk');
  if (!cpu || !ram || !disk) return null;
  const interval = intervalInQuery(search);
  return interval ? { cpu, ram, disk, interval } : { cpu, ram, disk };
}
