/**
 * How fast one core of this machine is, as a figure a CI log can be read against: the
 * milliseconds one scrypt hash at the sandbox's password cost (N=16384) takes. The same suite
 * took 733–760 s on the CI machine when a hash took about 25 ms, and 1,271–1,633 s when it took
 * 48–77 ms (README, "How long it takes"). Plain Node, so it runs before `npm ci`.
 */
import console from 'node:console';
import { scryptSync } from 'node:crypto';
import process from 'node:process';

const HASHES = 10;
const started = process.hrtime.bigint();
for (let hash = 0; hash < HASHES; hash += 1) {
  scryptSync(`probe-${hash}`, 'machine-speed', 64, { N: 16384, r: 8, p: 1 });
}
const milliseconds = Number(process.hrtime.bigint() - started) / 1e6 / HASHES;
console.log(`Machine speed: one scrypt hash (N=16384) took ${milliseconds.toFixed(0)} ms.`);
