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
// Imported rather than spawned, so SIGTERM reaches the server's own handler directly.
await import(serverEntry);
