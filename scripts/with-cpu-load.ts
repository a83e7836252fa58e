/**
 * Runs a command while every CPU core is kept busy, to prove tests do not depend on a fast or
 * idle machine: `tsx scripts/with-cpu-load.ts npm run test:unit`. The busy loops run in worker
 * threads of this process and stop when the command ends (or after LOAD_MAX_MINUTES, default 30).
 * LOAD_THREADS sets how many busy threads (default: one per core).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-cpu-load.ts <command> [args...]');
  process.exit(2);
}

const threads = Number(process.env.LOAD_THREADS ?? availableParallelism());
const maxMinutes = Number(process.env.LOAD_MAX_MINUTES ?? 30);
const busyLoop = `
  const { workerData } = require('node:worker_threads');
  let x = 0;
  while (Date.now() < workerData.until) x = (x * 31 + 7) % 1000003;
`;
const until = Date.now() + maxMinutes * 60 * 1000;
const workers = Array.from(
  { length: threads },
  () => new Worker(busyLoop, { eval: true, workerData: { until } }),
);
console.error(
  `with-cpu-load: ${threads} busy thread(s) while running: ${command} ${args.join(' ')}`,
);

const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
child.on('exit', async (code, signal) => {
  await Promise.all(workers.map((worker) => worker.terminate()));
  process.exit(code ?? (signal ? 1 : 0));
});
