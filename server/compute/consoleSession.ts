/**
 * The web console's WebSocket (issue 19): `GET /api/v1/console/ws?ticket=…` (consoleTickets.ts).
 * The socket is accepted, then the ticket is redeemed (once, within its minute, by the sandbox
 * clock); a refused ticket or a server that is not running closes it at once with a code the
 * portal explains (CONSOLE_CLOSE). Otherwise the socket carries the simulated serial console
 * (consoleShell.ts): text frames both ways.
 *
 * When the server stops. The sandbox simulates tasks from timestamps (servers.ts): nothing
 * announces that a power-off or a deletion has begun. So each session looks at its server on
 * every input and once a second (one indexed read, the same settle every API read does) and hangs
 * up as soon as the server is no longer running, whoever stopped it (portal, API, another tab).
 * The same look hangs up when the session or API token that asked for the ticket is gone
 * (signed out, revoked, ended by a password change or reset): a console outlives no sign-out.
 *
 * Why accept then close, rather than answer the upgrade with 401: a browser's WebSocket reports
 * neither the status nor the body of a refused upgrade, only a close with code 1006; a close code
 * of our own lets the portal tell "ticket refused" from "server not running" from a lost network.
 * The ticket is the only credential (no cookie is involved), so a page on another origin cannot
 * open a console it has no ticket for.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { CONSOLE_SESSIONS_PER_ACCOUNT } from '../../src/domain/constants';
import { imageById } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { verifyAgainstDecoy } from '../platform/secrets';
import { credentialHeld } from '../auth/guards';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../auth/sessions';
import { isRootPassword } from './consoleRootPasswords';
import { ConsoleShell, consoleCanRun, type ConsoleMachine } from './consoleShell';
import { CONSOLE_SOCKET_PATH, redeemConsoleTicket } from './consoleTickets';
import { serverIps, serverState, settleServers, type ServerRow } from './servers';

/** The close codes of the console socket (4000–4999 are the application's own). */
export const CONSOLE_CLOSE = {
  /** The ticket is unknown, used already or older than a minute. */
  ticketRefused: 4001,
  /** The server is not running, or stopped or was deleted during the session. */
  serverNotRunning: 4002,
  /** The session ended: too many wrong passwords, or no input for IDLE_MINUTES. */
  sessionEnded: 4003,
  /** The account already has CONSOLE_SESSIONS_PER_ACCOUNT sessions open. */
  tooManySessions: 4004,
  /** The session or API token that asked for the ticket was signed out or revoked. */
  signedOut: 4005,
} as const;

export { CONSOLE_SESSIONS_PER_ACCOUNT };

/** A session nobody types into is closed after this long (real time). */
export const IDLE_MINUTES = 15;

export interface ConsoleSocketOptions {
  db: Db;
  now: () => Date;
  /** The sign-in sessions' ages (default DEFAULT_SESSION_POLICY): a console ends with its session. */
  sessionPolicy?: SessionPolicy;
  /** How often an open session looks at its server (default once a second). */
  checkEveryMs?: number;
  /** Open sessions per account (default CONSOLE_SESSIONS_PER_ACCOUNT). */
  sessionsPerAccount?: number;
}

/** Registers the WebSocket plugin and the console's route; call before the app is ready. */
export async function registerConsoleSocket(
  app: FastifyInstance,
  {
    db,
    now,
    sessionPolicy = DEFAULT_SESSION_POLICY,
    checkEveryMs = 1000,
    sessionsPerAccount = CONSOLE_SESSIONS_PER_ACCOUNT,
  }: ConsoleSocketOptions,
): Promise<void> {
  // What one frame may carry: a generous paste, not a file.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const socketsOf = new Map<number, Set<WebSocket>>();
  const sessions: SessionCount = {
    // A socket that is closing counts no more: its customer has already seen it close.
    mayOpen: (userId) =>
      [...(socketsOf.get(userId) ?? [])].filter((open) => open.readyState === open.OPEN).length <
      sessionsPerAccount,
    opened: (userId, socket) =>
      socketsOf.set(userId, (socketsOf.get(userId) ?? new Set()).add(socket)),
    closed: (userId, socket) => {
      const sockets = socketsOf.get(userId);
      sockets?.delete(socket);
      if (sockets?.size === 0) socketsOf.delete(userId);
    },
  };
  app.get(CONSOLE_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const { ticket } = request.query as { ticket?: unknown };
    openSession(socket, typeof ticket === 'string' ? ticket : '', {
      db,
      now,
      sessionPolicy,
      checkEveryMs,
      sessions,
    });
  });
}

/** The open sessions of each account, for CONSOLE_SESSIONS_PER_ACCOUNT. */
interface SessionCount {
  mayOpen: (userId: number) => boolean;
  opened: (userId: number, socket: WebSocket) => void;
  closed: (userId: number, socket: WebSocket) => void;
}

function openSession(
  socket: WebSocket,
  ticket: string,
  options: Pick<Required<ConsoleSocketOptions>, 'db' | 'now' | 'sessionPolicy' | 'checkEveryMs'> & {
    sessions: SessionCount;
  },
): void {
  const { db, now, sessionPolicy, checkEveryMs, sessions } = options;
  socket.on('error', () => socket.terminate());
  const redeemed =
    ticket.length > 0 && ticket.length <= 200 && redeemConsoleTicket(db, ticket, now());
  if (!redeemed) {
    socket.close(CONSOLE_CLOSE.ticketRefused, 'ticket refused');
    return;
  }
  const { userId, serverId, credentialHash } = redeemed;
  const running = (): ServerRow | undefined => {
    if (!db.open) return undefined;
    const at = now();
    settleServers(db, at);
    const row = db
      .prepare('SELECT * FROM servers WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
      .get(serverId, userId) as ServerRow | undefined;
    return row && consoleCanRun(serverState(row, at)) ? row : undefined;
  };
  const row = running();
  if (!row) {
    socket.close(CONSOLE_CLOSE.serverNotRunning, 'server not running');
    return;
  }
  if (!sessions.mayOpen(userId)) {
    socket.close(CONSOLE_CLOSE.tooManySessions, 'too many console sessions');
    return;
  }
  sessions.opened(userId, socket);

  let closed = false;
  const hangUp = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    clearInterval(watch);
    clearTimeout(idle);
    socket.close(code, reason);
  };
  /** Hangs up when the server no longer runs or whoever opened the console has signed out. */
  const stopIfNotRunning = (): boolean => {
    if (db.open && !credentialHeld(db, credentialHash, now(), sessionPolicy)) {
      hangUp(CONSOLE_CLOSE.signedOut, 'signed out');
      return true;
    }
    if (running()) return false;
    send('\r\n[  OK  ] Reached target Power-Off.\r\nreboot: Power down\r\n');
    hangUp(CONSOLE_CLOSE.serverNotRunning, 'server stopped');
    return true;
  };
  const send = (text: string) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(text);
  };
  const restartIdle = () =>
    setTimeout(() => hangUp(CONSOLE_CLOSE.sessionEnded, 'idle'), IDLE_MINUTES * 60_000);

  const watch = setInterval(stopIfNotRunning, checkEveryMs);
  let idle = restartIdle();
  socket.on('close', () => {
    closed = true;
    clearInterval(watch);
    clearTimeout(idle);
    sessions.closed(userId, socket);
  });

  const shell = new ConsoleShell(machineOf(db, row, now()), {
    write: send,
    now,
    checkPassword: (user, password) =>
      user === 'root' ? isRootPassword(db, serverId, password) : verifyAgainstDecoy(password),
    end: () => hangUp(CONSOLE_CLOSE.sessionEnded, 'too many failed logins'),
  });
  socket.on('message', (data, isBinary) => {
    if (closed || stopIfNotRunning()) return;
    clearTimeout(idle);
    idle = restartIdle();
    const text = isBinary || !Buffer.isBuffer(data) ? Buffer.from(data as Buffer) : data;
    shell.input(text.toString('utf8'));
  });
  shell.start();
}

function machineOf(db: Db, row: ServerRow, now: Date): ConsoleMachine {
  const image = imageById(db, row.image_id);
  const ips = serverIps(db, row.id, now);
  return {
    id: row.id,
    name: row.name,
    imageName: image.name,
    distro: image.distro,
    ipv4: ips.filter((ip) => ip.version === 'ipv4').map((ip) => ip.address),
    ipv6: ips.filter((ip) => ip.version === 'ipv6').map((ip) => ip.address),
    cpu: row.cpu,
    ram: row.ram,
    bootedAt: new Date(row.created_at),
  };
}
