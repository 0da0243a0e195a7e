// `npm start`: serve the production build, building it first on a fresh checkout.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../dist/server/server.js', import.meta.url));
if (!existsSync(serverEntry)) {
  console.log('No production build yet: building it first (npm run build).');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= 'production';

// The site's memory settings, the same as the Docker image's (Dockerfile; BENCHMARKS.md, "Resident
// memory at 23,000 units"): the web thread's old generation bounded at 1 GB, which makes V8 collect
// at about 1.6 times what is live instead of up to 4 times (the store's worker has the same bound),
// and glibc's allocator with two arenas and its thresholds fixed, so that freed buffers go back to
// the system instead of staying in the process. An operator's own choice in the environment wins.
const NODE_FLAGS = ['--max-old-space-size=1024'];
const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' };
const chosenFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const flagsToAdd = NODE_FLAGS.filter((flag) => !chosenFlags.some((chosen) => chosen.startsWith(flag.split('=')[0])));
if (flagsToAdd.length > 0 || Object.keys(MALLOC_SETTINGS).some((name) => process.env[name] === undefined)) {
  // V8 sizes its heap and glibc reads its settings only when a process starts, so this one is
  // replaced by one started with them: the same process id, so SIGTERM still reaches the server's
  // own handler directly.
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flagsToAdd, serverEntry], { ...MALLOC_SETTINGS, ...process.env });
}
// Imported rather than spawned, so SIGTERM reaches the server's own handler directly.
await import(serverEntry);
