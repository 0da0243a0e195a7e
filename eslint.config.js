// npm run lint (part of npm test). Besides typescript-eslint's and React's hooks rules, the import
// rules hold the folders to one direction, so each answers its own question (README: Where things are):
//   seeds (the dealer's data) ← src (shared code) ← models ← services ← controllers ← server
//   views (React) read src and seeds; controllers and server may render views; nothing else may.
// Server-only code is named *.server.ts; views and shared src files, which reach the browser, never import it.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What each folder may not import (besides itself and what the table above allows). */
const forbidden = {
  seeds: ['src', 'models', 'services', 'controllers', 'server', 'views', 'scripts', 'test'],
  src: ['models', 'services', 'controllers', 'server', 'views', 'scripts', 'test'],
  models: ['services', 'controllers', 'server', 'views', 'scripts', 'test'],
  services: ['controllers', 'server', 'views', 'scripts', 'test'],
  controllers: ['server', 'scripts', 'test'],
  views: ['models', 'services', 'controllers', 'server', 'scripts', 'test'],
  server: ['scripts', 'test'],
};

/** Server-only code is named *.server.ts (or .tsx): the one marker, wherever the file sits. */
const SERVER_ONLY_FILES = './**/*.server.{ts,tsx}';
const SERVER_ONLY_IN_VIEWS =
  'views run in the browser: import the server-only module from the server side (views/entry-server.tsx, a loader given it through the route context).';
const SERVER_ONLY_IN_SHARED =
  'shared src files reach the browser through the views: only a *.server.ts file may import a *.server.ts module (name this file *.server.ts if only the server uses it).';
const STAFF_IN_PUBLIC_VIEWS = 'public pages may not import the staff area (views/staff/): its code stays out of the public bundle.';

export default tseslint.config(
  { ignores: ['dist/**', 'var/**', 'node_modules/**', 'test-results/**', 'public/**', 'packages/*/dist/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...Object.entries(forbidden).map(([target, from]) => ({
              target: `./${target}`,
              from: from.map((folder) => `./${folder}`),
              message: `${target}/ may not import from ${from.join(', ')} (eslint.config.js: the folders' direction).`,
            })),
            // What the browser's bundle holds is the views and every shared file they reach, so none
            // of them may import a *.server.ts module; a *.server.ts file may (the globs skip it).
            // views/entry-server.tsx is the server's entry: the block below exempts it.
            { target: './views/**/!(*.server).{ts,tsx}', from: SERVER_ONLY_FILES, message: SERVER_ONLY_IN_VIEWS },
            { target: './src/**/!(*.server).{ts,tsx}', from: SERVER_ONLY_FILES, message: SERVER_ONLY_IN_SHARED },
            // The public site's bundle carries none of the staff area (docs/decisions/011-staff-sign-in.md).
            { target: ['./views/*.{ts,tsx}', './views/!(staff)/**/*.{ts,tsx}'], from: './views/staff', message: STAFF_IN_PUBLIC_VIEWS },
          ],
        },
      ],
      // A rest pattern may drop named fields: `const { _id: ignoredId, ...fields } = update`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // React's rules where React runs (Playwright's fixtures call their own `use`).
    files: ['views/**/*.tsx', 'views/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests and the server's own entries may import across folders; the direction binds the product code.
    files: ['**/*.test.{ts,tsx}', 'test/**', 'views/entry-server.tsx', 'views/staff/staff-entry-server.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['packages/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
