/**
 * `npm test`: lint and typecheck, then the unit layer (Vitest) and the end-to-end layer (build,
 * budgets, Playwright) side by side.
 *
 * Why side by side: Vitest keeps both cores busy, while the journeys mostly wait (on the sandbox's
 * simulated builds, on support's reply) and use about half a core. Run one after the other they
 * took 5 + 7 minutes on the 2-core CI machine; together they take about as long as the longer
 * one. Every test is written to pass on a machine kept busy by something else (README, "Test
 * it"), and here that something else is the other layer.
 *
 * Each layer's output is kept whole and printed when it ends, so the two never interleave; a
 * layer that fails fails the run, and both always finish.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const FIRST: Step[] = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck' },
];

const SIDE_BY_SIDE: Step[] = [
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'e2e', command: 'npm run test:e2e' },
];

/** Runs the step with its output shown as it comes. */
function runShown(step: Step): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code) =>
      resolve({ name: step.name, code: code ?? 1, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** Runs the step with its output kept, and prints it whole when the step ends. */
function runKept(step: Step): Promise<Outcome> {
  const started = Date.now();
  const output: Buffer[] = [];
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `\n===== ${step.name} (${step.command}): ${seconds.toFixed(0)} s =====\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ name: step.name, code: code ?? 1, seconds });
    });
  });
}

const report = (outcomes: Outcome[]) =>
  outcomes
    .map(
      ({ name, code, seconds }) =>
        `${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}, ${seconds.toFixed(0)} s`,
    )
    .join('\n');

const outcomes: Outcome[] = [];
for (const step of FIRST) {
  const outcome = await runShown(step);
  outcomes.push(outcome);
  if (outcome.code !== 0) {
    console.error(`\n${report(outcomes)}`);
    process.exit(outcome.code);
  }
}
console.log(`\nRunning side by side: ${SIDE_BY_SIDE.map((step) => step.command).join(' and ')}…`);
const heartbeat = setInterval(
  () => console.log(`…still running (${new Date().toISOString()})`),
  60_000,
);
outcomes.push(...(await Promise.all(SIDE_BY_SIDE.map(runKept))));
clearInterval(heartbeat);
console.log(`\n${report(outcomes)}`);
process.exit(outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
