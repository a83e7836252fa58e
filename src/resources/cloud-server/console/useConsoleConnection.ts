/**
 * The web console's connection (issue 19): asks the API for a one-time ticket, opens the
 * WebSocket the ticket names and joins it to the terminal both ways. A new connection always asks
 * a new ticket (a ticket opens one session only). The sandbox closes the socket with its own codes
 * (server/compute/consoleSession.ts), which tell the customer why.
 */
import { CONSOLE_SESSIONS_PER_ACCOUNT } from '../../../domain/constants';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { buildUrl, errorMessage } from '../../../api/client';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider';
import type { ConsoleTerminal } from './consoleTerminal';

export type ConsoleState =
  | { phase: 'connecting' }
  | { phase: 'connected' }
  | { phase: 'closed'; messageKey: string; messageArgs?: Record<string, unknown> }
  | { phase: 'error'; message: string };

/** The sandbox's close codes, and what they mean to the customer. */
const CLOSE_MESSAGES: Record<number, string> = {
  4001: 'servers.console.ticket_refused',
  4002: 'servers.console.server_stopped',
  4003: 'servers.console.session_ended',
  4004: 'servers.console.too_many_sessions',
  4005: 'servers.console.signed_out',
};
const TICKET_REFUSED = 4001;
const CLOSE_ARGS = { count: CONSOLE_SESSIONS_PER_ACCOUNT };

/**
 * The socket's address: the ticket's path on the API's origin (the contract gives a path), in
 * `wss:` when the API is served over https. Nothing is taken from the page's own address but
 * the API base the portal is configured with.
 */
export function consoleSocketUrl(ticketUrl: string, apiBase: string): string {
  const url = new URL(ticketUrl, apiBase);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function useConsoleConnection(serverId: number, terminal: ConsoleTerminal | undefined) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  // Read when a message is needed: a change of language must not reconnect the console.
  const translateRef = useRef(translate);
  useEffect(() => {
    translateRef.current = translate;
  }, [translate]);
  const [state, setState] = useState<ConsoleState>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const socketRef = useRef<WebSocket | undefined>(undefined);

  useEffect(() => {
    if (!terminal) return undefined;
    let cancelled = false;
    let socket: WebSocket | undefined;
    dataProvider.createConsoleTicket(serverId).then(
      (ticket) => {
        if (cancelled) return;
        socket = new WebSocket(consoleSocketUrl(ticket.url, buildUrl('')));
        socketRef.current = socket;
        socket.onopen = () => {
          if (cancelled) return;
          setState({ phase: 'connected' });
          terminal.focus();
        };
        socket.onmessage = (event) => terminal.write(String(event.data));
        socket.onclose = (event) => {
          if (cancelled) return;
          const key = CLOSE_MESSAGES[event.code] ?? 'servers.console.connection_lost';
          setState(
            event.code === TICKET_REFUSED
              ? { phase: 'error', message: translateRef.current(key) }
              : { phase: 'closed', messageKey: key, messageArgs: CLOSE_ARGS },
          );
        };
      },
      (error: unknown) => {
        if (!cancelled)
          setState({ phase: 'error', message: errorMessage(error, translateRef.current) });
      },
    );
    return () => {
      cancelled = true;
      socketRef.current = undefined;
      socket?.close(1000);
    };
  }, [dataProvider, serverId, terminal, attempt]);

  useEffect(() => {
    terminal?.onInput((data) => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) socket.send(data);
    });
  }, [terminal]);

  const reconnect = () => {
    terminal?.clear();
    setState({ phase: 'connecting' });
    setAttempt((count) => count + 1);
  };
  return { state, reconnect };
}
