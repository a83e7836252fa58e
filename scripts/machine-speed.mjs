/**
 * How fast one core of this machine is, as a figure a CI log can be read against: the
 * milliseconds one scrypt hash at the sandbox's password cost (server/platform/secrets.ts) takes.
 * The README's "How long it takes" gives the times measured at each speed. Plain Node, so it runs
 * before `npm ci` (and so repeats the cost instead of importing it).
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
