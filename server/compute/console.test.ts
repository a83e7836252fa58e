import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { apiAs, buyServer, signIn, testApp, type Api } from '../testing';
import { CONSOLE_CLOSE, CONSOLE_SESSIONS_PER_ACCOUNT } from './consoleSession';
import { MAX_LOGIN_FAILURES } from './consoleShell';
import { CONSOLE_TICKETS_PER_15MIN } from '../platform/rateLimits';

const SECOND = 1000;
const MINUTES_10_IN_DAYS = 10 / (24 * 60);
const ROOT_PASSWORD = 'ManhMe@2025';

let app: FastifyInstance;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];
let api: Api;

afterEach(async () => {
  await app?.close();
});

async function start() {
  ({ app, clock } = await testApp());
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
}

/** A running server of the demo account whose root password is ROOT_PASSWORD. */
async function runningServer(): Promise<number> {
  const id = await buyServer(api);
  clock.advance(20 * SECOND);
  const reset = await api.post(`/cloud/servers/${id}/reset_password`, { password: ROOT_PASSWORD });
  expect(reset.statusCode).toBe(202);
  clock.advance(5 * SECOND);
  expect((await api.get(`/cloud/servers/${id}`)).json().status).toBe('active');
  return id;
}

const ticketFor = (id: number, as: Api = api) => as.post(`/cloud/servers/${id}/console`);

/** A console socket with everything it received so far, and ways to wait for more. */
async function openConsole(url: string) {
  let text = '';
  let closed: { code: number; reason: string } | undefined;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());
  const socket: WebSocket = await app.injectWS(
    url,
    {},
    {
      onInit: (ws: WebSocket) => {
        ws.on('message', (data) => {
          text += String(data);
          notify();
        });
        ws.on('close', (code, reason) => {
          closed = { code, reason: String(reason) };
          notify();
        });
      },
    },
  );
  const until = <T>(check: () => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found === undefined) return;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`waited for ${what}; the console shows:\n${text}`));
      }, 10 * SECOND);
      waiters.add(attempt);
      attempt();
    });
  return {
    type: (keys: string) => socket.send(keys),
    /** Waits until the output (after `from`) matches, and answers where the match ends. */
    sees: (pattern: RegExp, from = 0) =>
      until(() => {
        const match = pattern.exec(text.slice(from));
        return match ? from + match.index + match[0].length : undefined;
      }, String(pattern)),
    closes: () => until(() => closed, 'the socket to close'),
    hangUp: () => socket.close(),
    output: () => text,
  };
}

describe('console tickets', () => {
  it('issues a one-minute ticket for a running server of the caller', async () => {
    await start();
    const id = await runningServer();
    const answer = await ticketFor(id);
    expect(answer.statusCode).toBe(201);
    const { ticket, url, expires_at: expiresAt } = answer.json();
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`/api/v1/console/ws?ticket=${ticket}`);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(60 * SECOND);
    // Two tickets are two different secrets.
    expect((await ticketFor(id)).json().ticket).not.toBe(ticket);
  });

  it("answers 404 for another account's server, as every server call does", async () => {
    await start();
    const id = await runningServer();
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    const answer = await ticketFor(id, other);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe((await other.get(`/cloud/servers/${id}`)).json().message);
  });

  it('refuses a server that is not running, saying what it is doing', async () => {
    await start();
    const id = await runningServer();
    expect(
      (await api.post(`/cloud/servers/${id}/action`, { action: 'power_off' })).statusCode,
    ).toBe(202);
    const stopping = await ticketFor(id);
    expect(stopping.statusCode).toBe(400);
    expect(stopping.json().message).toBe(
      'Chỉ mở được console khi máy chủ đang chạy (máy chủ đang tắt máy).',
    );
    clock.advance(5 * SECOND);
    const stopped = await api.post(`/cloud/servers/${id}/console`, undefined);
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().message).toBe(
      'Chỉ mở được console khi máy chủ đang chạy (máy chủ đã tắt).',
    );
    const english = await app.inject({
      method: 'POST',
      url: `/api/v1/cloud/servers/${id}/console`,
      headers: { ...(await authHeaders()), 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'The console opens only while the server is running (the server is shut off).',
    );
  });

  it('opens one session per ticket: a ticket used twice is refused', async () => {
    await start();
    const id = await runningServer();
    const { url } = (await ticketFor(id)).json();
    const first = await openConsole(url);
    await first.sees(/login: $/);
    const second = await openConsole(url);
    expect((await second.closes()).code).toBe(CONSOLE_CLOSE.ticketRefused);
    expect(second.output()).toBe('');
  });

  it(`keeps at most ${CONSOLE_SESSIONS_PER_ACCOUNT} sessions of one account open at once`, async () => {
    await start();
    const id = await runningServer();
    const open = [];
    for (let count = 0; count < CONSOLE_SESSIONS_PER_ACCOUNT; count += 1) {
      const session = await openConsole((await ticketFor(id)).json().url);
      await session.sees(/login: $/);
      open.push(session);
    }
    const refused = await openConsole((await ticketFor(id)).json().url);
    expect((await refused.closes()).code).toBe(CONSOLE_CLOSE.tooManySessions);
    expect(refused.output()).toBe('');

    // Another account is not counted with it; and a closed session makes room again.
    const other = apiAs(app, await signIn(app, 'trial@example.vn'));
    expect((await ticketFor(id, other)).statusCode).toBe(404);
    open[0]?.hangUp();
    await open[0]?.closes();
    const again = await openConsole((await ticketFor(id)).json().url);
    await again.sees(/login: $/);
  });

  it('refuses a ticket older than a minute, by the sandbox clock', async () => {
    await start();
    const id = await runningServer();
    const { url } = (await ticketFor(id)).json();
    clock.advance(61 * SECOND);
    const late = await openConsole(url);
    expect((await late.closes()).code).toBe(CONSOLE_CLOSE.ticketRefused);
  });

  it(`allows ${CONSOLE_TICKETS_PER_15MIN} tickets per account in 15 minutes`, async () => {
    await start();
    const id = await runningServer();
    for (let count = 0; count < CONSOLE_TICKETS_PER_15MIN; count += 1) {
      expect((await ticketFor(id)).statusCode).toBe(201);
    }
    const refused = await ticketFor(id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers a plain request to the socket’s address without opening anything', async () => {
    await start();
    const id = await runningServer();
    const { url } = (await ticketFor(id)).json();
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    // The ticket is still good for the WebSocket.
    const console = await openConsole(url);
    await console.sees(/login: $/);
  });

  it('refuses an unknown ticket and one for a server that stopped since', async () => {
    await start();
    const id = await runningServer();
    const made = await openConsole('/api/v1/console/ws?ticket=made-up');
    expect((await made.closes()).code).toBe(CONSOLE_CLOSE.ticketRefused);

    const { url } = (await ticketFor(id)).json();
    await api.post(`/cloud/servers/${id}/action`, { action: 'power_off' });
    const stopped = await openConsole(url);
    expect((await stopped.closes()).code).toBe(CONSOLE_CLOSE.serverNotRunning);
  });
});

async function authHeaders() {
  return { authorization: `Token ${await signIn(app, 'demo@example.vn')}` };
}

describe('a console session', () => {
  it("signs in with the server's root password, runs commands and hangs up when the server stops", async () => {
    await start();
    const id = await runningServer();
    const server = (await api.get(`/cloud/servers/${id}`)).json();
    const console = await openConsole((await ticketFor(id)).json().url);

    let at = await console.sees(/Reached target Multi-User System/);
    at = await console.sees(new RegExp(`${server.name} login: $`), at);

    // A wrong password first: refused, and the prompt comes back.
    console.type('root\r');
    at = await console.sees(/Password: $/, at);
    console.type('wrong-Password1\r');
    at = await console.sees(new RegExp(`Login incorrect\\r\\n${server.name} login: $`), at);

    console.type('root\r');
    at = await console.sees(/Password: $/, at);
    console.type(`${ROOT_PASSWORD}\r`);
    at = await console.sees(new RegExp(`root@${server.name}:~# $`), at);
    // The password was never echoed.
    expect(console.output()).not.toContain(ROOT_PASSWORD);

    console.type('hostname\r');
    at = await console.sees(new RegExp(`hostname\\r\\n${server.name}\\r\\nroot@`), at);
    console.type('ip a\r');
    at = await console.sees(new RegExp(`inet ${server.ipv4[0].replaceAll('.', '\\.')}/24`), at);
    console.type('uname -a\r');
    at = await console.sees(/Linux \S+ 5\.15\.0-105-generic .*GNU\/Linux/, at);
    console.type('rm -rf /\r');
    at = await console.sees(/-bash: rm: command not found/, at);
    console.type('exit\r');
    at = await console.sees(new RegExp(`logout[\\s\\S]*${server.name} login: $`), at);

    // Powering the server off (from anywhere) ends the session.
    await api.post(`/cloud/servers/${id}/action`, { action: 'power_off' });
    const closed = await console.closes();
    expect(closed.code).toBe(CONSOLE_CLOSE.serverNotRunning);
    expect(console.output().slice(at)).toContain('reboot: Power down');
  });

  it('hangs up when the sign-in that asked for the ticket signs out', async () => {
    await start();
    const id = await runningServer();
    const session = await signIn(app, 'demo@example.vn');
    const console = await openConsole((await ticketFor(id, apiAs(app, session))).json().url);
    await console.sees(/login: $/);

    const signedOut = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/token',
      headers: { authorization: `Token ${session}` },
    });
    expect(signedOut.statusCode).toBe(204);
    expect((await console.closes()).code).toBe(CONSOLE_CLOSE.signedOut);
    // Another sign-in's console is not touched by it.
    const other = await openConsole((await ticketFor(id)).json().url);
    await other.sees(/login: $/);
    other.type('root\r');
    await other.sees(/Password: $/);
  });

  it('hangs up when the sign-in that asked for the ticket reaches its maximum age', async () => {
    ({ app, clock } = await testApp({ sessions: { idleDays: 1, maxDays: MINUTES_10_IN_DAYS } }));
    api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const id = await runningServer();
    const session = await signIn(app, 'demo@example.vn');
    const console = await openConsole((await ticketFor(id, apiAs(app, session))).json().url);
    await console.sees(/login: $/);

    clock.advance(11 * 60 * SECOND);
    expect((await console.closes()).code).toBe(CONSOLE_CLOSE.signedOut);
  });

  it('takes a pasted line and a backspace as a terminal would', async () => {
    await start();
    const id = await runningServer();
    const console = await openConsole((await ticketFor(id)).json().url);
    const at = await console.sees(/login: $/);
    // Typed ahead in one frame, with two backspaces, while the password is still being checked.
    console.type(`rooot\x7f\x7ft\r${ROOT_PASSWORD}\rwhoami\r`);
    await console.sees(/root@\S+:~# whoami\r\nroot\r\n/, at);
  });

  it(`hangs up after ${MAX_LOGIN_FAILURES} wrong passwords`, async () => {
    await start();
    const id = await runningServer();
    const console = await openConsole((await ticketFor(id)).json().url);
    await console.sees(/login: $/);
    console.type('root\rwrong-Password1\r'.repeat(MAX_LOGIN_FAILURES));
    expect((await console.closes()).code).toBe(CONSOLE_CLOSE.sessionEnded);
    expect(console.output()).toContain('Maximum number of tries exceeded');
  });

  it('signs in root only', async () => {
    await start();
    const id = await runningServer();
    const console = await openConsole((await ticketFor(id)).json().url);
    await console.sees(/login: $/);
    console.type(`admin\r${ROOT_PASSWORD}\r`);
    await console.sees(/Login incorrect/);
  });
});
