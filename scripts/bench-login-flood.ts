/**
 * How long a correct sign-in takes while 50 clients keep sending wrong passwords for the same
 * account, over real HTTP: once with the wrong-password limits raised out of reach (how the
 * sandbox behaved before it had them), once with them as configured. The flood comes from
 * 127.0.0.1, the customer from 127.0.0.2 (Linux routes all of 127/8 to the loopback interface).
 *
 *   npx tsx scripts/bench-login-flood.ts
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../server/platform/rateLimits';
import { DEMO_PASSWORD } from '../server/sandbox/seed';

const FLOODERS = 50;
/** Each flooding client stops after this many requests, so a run always ends. */
const REQUESTS_PER_FLOODER = 20;
const RUNS = 3;
const EMAIL = 'demo@example.vn';

const basic = (password: string) =>
  `Basic ${Buffer.from(`${EMAIL}:${password}`).toString('base64')}`;

const ATTACKER_ADDRESS = '127.0.0.1';
const CUSTOMER_ADDRESS = '127.0.0.2';

/** One sign-in on its own connection: answers the seconds it took and the status. */
function signInSeconds(
  port: number,
  password: string,
  localAddress: string,
): Promise<[number, number]> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/auth/token',
        localAddress,
        agent: false,
        headers: { authorization: basic(password) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve([(performance.now() - started) / 1000, response.statusCode ?? 0]),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Resolves once the server holds at least `count` open connections (or after two seconds). */
async function connectionsOpen(server: import('node:http').Server, count: number) {
  const deadline = performance.now() + 2000;
  while (performance.now() < deadline) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((_error, connections) => resolve(connections)),
    );
    if (open >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(label: string, rateLimits: Partial<RateLimitSettings>) {
  const timings: number[] = [];
  const statuses = new Map<number, number>();
  for (let run = 0; run < RUNS; run++) {
    // A fresh app per run: the limits' counters start empty, as after the window has passed.
    const app = await buildApp({ dbFile: ':memory:', rateLimits });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    try {
      await signInSeconds(port, DEMO_PASSWORD, CUSTOMER_ADDRESS); // warm-up
      const [alone] = await signInSeconds(port, DEMO_PASSWORD, CUSTOMER_ADDRESS);
      let stop = false;
      const flood = Array.from({ length: FLOODERS }, async () => {
        for (let i = 0; i < REQUESTS_PER_FLOODER && !stop; i++) {
          const [, status] = await signInSeconds(port, 'wrong-password', ATTACKER_ADDRESS);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      });
      // The flood's first wave reaches the server before the customer signs in.
      await connectionsOpen(app.server, FLOODERS);
      const [duringFlood, status] = await signInSeconds(port, DEMO_PASSWORD, CUSTOMER_ADDRESS);
      stop = true;
      await Promise.all(flood);
      if (status !== 200) throw new Error(`the correct sign-in answered ${status}`);
      timings.push(duringFlood);
      if (run === 0) console.log(`${label}: alone ${alone.toFixed(3)} s`);
    } finally {
      await app.close();
    }
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)] ?? NaN;
  const answers = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  console.log(
    `${label}: correct sign-in during the flood, median of ${RUNS}: ${median.toFixed(3)} s ` +
      `(runs: ${timings.map((t) => t.toFixed(3)).join(', ')}; flood answers: ${answers})`,
  );
}

await measure('without limits', {
  loginFailuresPerEmail: 1_000_000,
  loginFailuresPerAddress: 1_000_000,
});
await measure(
  `with limits (${DEFAULT_RATE_LIMITS.loginFailuresPerEmail} per e-mail and address, ` +
    `${DEFAULT_RATE_LIMITS.loginFailuresPerAddress} per address)`,
  {},
);
