/**
 * Runs npm scripts at the same time and fails when any of them fails: `npm test` starts with
 * `tsx scripts/run-together.ts lint typecheck`. Each script runs on one core (ESLint, Prettier and
 * tsc do), so on a two-core machine the pair takes as long as the longer one, not the sum. Each
 * script's output is printed whole when it ends, never interleaved with the other's.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: tsx scripts/run-together.ts <npm script> [<npm script>...]');
  process.exit(2);
}

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      process.stdout.write(`\n> npm run ${script}\n`);
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(
        `${passed ? '✓' : '✗'} npm run ${script}${passed ? '' : ` failed (${signal ?? `exit ${code}`})`}\n`,
      );
      resolve(passed);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
