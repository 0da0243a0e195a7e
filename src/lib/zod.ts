import { config, z } from 'zod';

// The zod that modules loaded in the browser import. The site's Content Security Policy forbids
// eval, so zod's compiled (new Function) parsers can never run there, and its probe for them is
// reported as a CSP violation (Chrome's Issues panel; Lighthouse Best Practices). Interpreted
// parsing gives the same results. Set before any schema is built; the server keeps the compiler.
if (typeof window !== 'undefined') config({ jitless: true });

export { z };
