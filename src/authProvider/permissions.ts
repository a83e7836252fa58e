/** Which parts of the portal a user may open (spec §6). */
import type { UserInfo } from './sessionStore';

const AGENCY_RESOURCES = ['agency'];

export function canAccessResource(user: UserInfo | null, resource: string | undefined): boolean {
  if (!user) return false;
  if (resource && AGENCY_RESOURCES.includes(resource)) return user.is_agency;
  return true;
}
