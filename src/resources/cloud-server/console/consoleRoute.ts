/** Where a server's web console lives in the portal (issue 19); other screens link here. */
export const CONSOLE_PAGE_PATH = ':id/console';

export const consolePath = (id: number | string) => `/cloud-server/${id}/console`;
