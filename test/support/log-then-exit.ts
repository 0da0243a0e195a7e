import { pbkdf2 } from 'node:crypto';
import { createLogger } from '../../src/logging/logger.server';

// Run by test/integration/log-lines-at-exit.test.ts with UV_THREADPOOL_SIZE=1: two lines through the
// site's logger, then the process exits at once, as the server does after 'stopped' or when its
// store died. The thread pool's only thread is busy meanwhile (about a second of key stretching),
// as it can be with photos, compression and password hashing under way.
const logger = createLogger({ LOG_LEVEL: 'info' });
pbkdf2('password', 'salt', 2_000_000, 64, 'sha512', () => undefined);
logger.info('first');
logger.error('last words');
process.exit(1);
