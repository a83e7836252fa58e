/**
 * The third-party live-chat widget (spec §1): after sign-in the visitor's name and e-mail are
 * handed to it and its script is added to the page once. Without a script URL nothing happens.
 */
import { useEffect } from 'react';

export interface LiveChatVisitor {
  name: string;
  email: string;
}

declare global {
  interface Window {
    LiveChatVisitor?: LiveChatVisitor;
  }
}

const SCRIPT_MARKER = 'data-portal-live-chat';

/** Returns true when it added the script, false when there is no URL or it is already there. */
export function loadLiveChat(scriptUrl: string, visitor: LiveChatVisitor): boolean {
  if (!scriptUrl) return false;
  window.LiveChatVisitor = { name: visitor.name, email: visitor.email };
  // The DOM is the record of what was loaded: re-renders, StrictMode's double effects and
  // remounts of the layout all find the script and stop here.
  if (document.head.querySelector(`script[${SCRIPT_MARKER}]`)) return false;
  const script = document.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.setAttribute(SCRIPT_MARKER, '');
  document.head.appendChild(script);
  return true;
}

export function useLiveChat(scriptUrl: string, visitor: LiveChatVisitor | undefined): void {
  const name = visitor?.name;
  const email = visitor?.email;
  useEffect(() => {
    if (!scriptUrl || email === undefined) return;
    loadLiveChat(scriptUrl, { name: name ?? '', email });
  }, [scriptUrl, name, email]);
}
