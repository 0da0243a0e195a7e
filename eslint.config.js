// npm run lint (part of npm test). Besides typescript-eslint's and React's hooks rules, the import
// rules hold the folders to one direction, so each answers its own question (README: Where things are):
//   seeds (the dealer's data) ← src (shared code) ← models ← services ← controllers ← server
//   views (React) read src and seeds; controllers and server may render views; nothing else may.
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

const SERVER_ONLY =
  'views run in the browser: import the server-only module from the server side (views/entry-server.tsx, a loader given it through the request context).';

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
            {
              // Server-only code (Express, the database, mail, logging, operator commands, zod schemas,
              // structured data) is named *.server.ts and stays out of the browser's bundle.
              target: './views',
              from: './src/**/*.server.ts',
              message: SERVER_ONLY,
            },
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
    // Tests and the server's own entry may import across folders; the direction binds the product code.
    files: ['**/*.test.{ts,tsx}', 'test/**', 'views/entry-server.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['packages/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
