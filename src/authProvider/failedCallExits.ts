/**
 * Spec §8 sends a call the server failed (HTTP 500) to /500. react-admin would go there from
 * `checkError`, but it then answers the failed call to its caller as a success (`{ data: {} }`):
 * a ticket reply the server failed on was reported sent and its draft cleared (Back then showed
 * an empty box), a create went on to a record without an id. So `checkError` leaves the failure
 * to the caller, which keeps what was typed, and opens /500 through the portal's router,
 * registered here by the layout. (A 401 still leaves through react-admin's sign-out: the portal
 * is gone at once, and a draft outlives it, being kept per account.)
 */
import { SERVER_ERROR_PATH } from './sessionRules';

let navigateTo: ((path: string) => void) | undefined;

/** The layout's router; answers the function that forgets it again. */
export function registerServerErrorNavigation(navigate: (path: string) => void): () => void {
  navigateTo = navigate;
  return () => {
    if (navigateTo === navigate) navigateTo = undefined;
  };
}

/** Opens /500; answers false when no portal is there to open it in. */
export function openServerErrorPage(): boolean {
  navigateTo?.(SERVER_ERROR_PATH);
  return navigateTo !== undefined;
}
