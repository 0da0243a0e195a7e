// npm run bench:ab -- A_CHECKOUT B_CHECKOUT
// Two builds of the site side by side (each checkout built with `npm run build`, its own
// node_modules), measured interleaved in one run: for each request, the CPU time its server
// process spent (utime + stime from /proc/<pid>/stat) per request, beside requests per second,
// over several rounds in alternating order; medians with [min–max], and the load average printed
// before and after, since the machine is shared.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const TICK_MS = 1000 / 100; // USER_HZ
const ROUNDS = 5;
const REQUESTS = 400;
const CONCURRENCY = 8;

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

async function start(label, root) {
  const folder = mkdtempSync(path.join(os.tmpdir(), `ab-${label}-`));
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'dist/server/server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      MAIL_DIR: path.join(folder, 'mail'),
      LOG_LEVEL: 'info',
      SEARCH_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const listening = output
        .split('\n')
        .map((line) => (line.includes('"listening"') ? JSON.parse(line) : null))
        .find(Boolean);
      if (listening) resolve(listening.port);
    });
    child.once('exit', () => reject(new Error(`${label} exited before listening`)));
  });
  child.stdout.resume();
  const framework = readdirSync(path.join(root, 'dist/client/assets')).find((file) => /^framework-.*\.js$/.test(file));
  return { label, child, port, framework, folder };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const get = (port, pathname) =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', reject);
  });

async function measure(server, pathname, requests) {
  const before = cpuMs(server.child.pid);
  const started = process.hrtime.bigint();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent++ < requests) await get(server.port, pathname);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { cpu: (cpuMs(server.child.pid) - before) / requests, rps: requests / seconds };
}

const [rootA, rootB] = process.argv.slice(2).map((root) => path.resolve(root));
if (!rootA || !rootB) throw new Error('usage: npm run bench:ab -- A_CHECKOUT B_CHECKOUT');
const servers = [await start('A', rootA), await start('B', rootB)];
const requestsOf = (server) => [
  ['framework chunk (br)', `/assets/${server.framework}`],
  ['/?utm_source=x', '/?utm_source=x&utm_medium=y'],
  ['/', '/'],
  ['/sitemap.xml', '/sitemap.xml'],
  ['/inventory?brand=denago (kept)', '/inventory?brand=denago'],
];
console.log(
  `load average before: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const server of servers) for (const [, pathname] of requestsOf(server)) await measure(server, pathname, 50);
const results = new Map();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const server of round % 2 ? [...servers].reverse() : servers) {
    for (const [name, pathname] of requestsOf(server)) {
      const entry = results.get(name) ?? { A: [], B: [] };
      entry[server.label].push(await measure(server, pathname, REQUESTS));
      results.set(name, entry);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figure = (samples, key, digits) => {
  const values = samples.map((sample) => sample[key]);
  return `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
};
console.log('| request | CPU ms/request A | CPU ms/request B | B/A | requests/s A | requests/s B |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, { A, B }] of results) {
  const ratio = median(B.map((sample) => sample.cpu)) / median(A.map((sample) => sample.cpu));
  console.log(`| ${name} | ${figure(A, 'cpu', 3)} | ${figure(B, 'cpu', 3)} | ${ratio.toFixed(2)} | ${figure(A, 'rps', 0)} | ${figure(B, 'rps', 0)} |`);
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const server of servers) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(server.folder, { recursive: true, force: true });
}
agent.destroy();
