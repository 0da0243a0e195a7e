// node scripts/complete-lockfile.cjs package-lock.json — run after any `npm install` that rewrites
// the lock file. The registry this project installs from serves only the Linux builds of
// Tailwind's native engine (@tailwindcss/oxide-*), so npm leaves the other platforms' optional
// packages out of the lock file, and `npm ci` then refuses it ("Missing: ... from lock file").
// This records them as optional, platform-bound entries, which npm ci skips on this platform.
const fs = require('fs');
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const platforms = {
  'android-arm64': ['android', 'arm64'], 'darwin-arm64': ['darwin', 'arm64'], 'darwin-x64': ['darwin', 'x64'],
  'freebsd-x64': ['freebsd', 'x64'], 'linux-arm-gnueabihf': ['linux', 'arm'], 'wasm32-wasi': [null, 'wasm32'],
  'win32-arm64-msvc': ['win32', 'arm64'], 'win32-x64-msvc': ['win32', 'x64'],
};
for (const [suffix, [os, cpu]] of Object.entries(platforms)) {
  const key = `node_modules/@tailwindcss/oxide-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = { version: lock.packages['node_modules/@tailwindcss/oxide'].version, cpu: [cpu], dev: true, license: 'MIT', optional: true, ...(os ? { os: [os] } : {}), engines: { node: '>= 20' } };
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
