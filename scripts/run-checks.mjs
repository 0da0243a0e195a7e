// npm run test:checks (the start of npm test): the type check, the lint, the format check and the
// build followed by the bundle budget, each an npm script, run side by side. Each is one
// single-threaded process, so on CI's two cores they finish in about half the time they take in
// turn. Each lane's output is printed whole when it ends, so lines never interleave; the command
// fails if any lane failed, after all have ended.
import { spawn } from 'node:child_process';

/** Each lane's scripts run in order (the bundle budget reads the build); the lanes run at once. */
const LANES = [['typecheck'], ['lint'], ['format:check'], ['build', 'check:bundle']];

function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code, signal) => resolve({ code: code ?? 1, output: signal ? `${output}stopped by ${signal}\n` : output }));
  });
}

async function runLane(scripts) {
  for (const script of scripts) {
    const started = performance.now();
    const { code, output } = await runScript(script);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\n> npm run ${script} (${code === 0 ? 'passed' : `failed with exit code ${code}`} in ${seconds} s)\n${output}`);
    if (code !== 0) return false;
  }
  return true;
}

const results = await Promise.all(LANES.map(runLane));
process.exitCode = results.every(Boolean) ? 0 : 1;
