// node scripts/complete-lockfile.cjs package-lock.json — run after any `npm install` that rewrites
// the lock file. The registry this project installs from serves only the Linux builds of native
// packages (Tailwind's engine @tailwindcss/oxide-*, ESLint's resolver @unrs/resolver-binding-*), so
// npm leaves the other platforms' optional packages out of the lock file, and `npm ci` then refuses
// it ("Missing: ... from lock file"). This records every missing platform build a package lists in
// its optionalDependencies as an optional, platform-bound entry, which npm ci skips on this platform.
const fs = require('fs');
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

/** "resolver-binding-linux-arm-musleabihf" → { os: 'linux', cpu: 'arm', libc: 'musl' }; null for a name that names no platform. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  if (!cpu && !os) return null;
  const libc = parts.some((part) => part.startsWith('musl')) ? 'musl' : parts.some((part) => part.startsWith('gnu')) ? 'glibc' : undefined;
  return { os, cpu: cpu ?? (parts.includes('wasi') ? 'wasm32' : undefined), libc };
}

for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[`${key}/${target}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    lock.packages[target] = {
      version,
      ...(platform.cpu ? { cpu: [platform.cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      license: entry.license ?? 'MIT',
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
    };
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
