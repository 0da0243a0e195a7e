// Preloaded into the production server by test/integration/unhandled-errors.test.ts
// (NODE_OPTIONS=--import=…). On SIGUSR2 the running server fails the way a bug would, with nothing
// to handle it: UNHANDLED=rejection rejects a promise nobody awaits, UNHANDLED=exception throws.
process.on('SIGUSR2', () => {
  if (process.env.UNHANDLED === 'exception') throw new Error('boom');
  void Promise.reject(new Error('boom'));
});
