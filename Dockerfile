# syntax=docker/dockerfile:1
# Node 26 is the current LTS line; package.json pins the same major for every npm script.
ARG NODE_IMAGE=node:26-slim

# Build stage: all dependencies, then the client and server bundles.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the build output only, as an unprivileged user.
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX: the web thread, the store's worker and the thread pool each got glibc arenas of
# their own that kept freed memory; two arenas measured 433-484 MB resident at 23,000 units
# against 503-527 MB (BENCHMARKS.md, "The catalog API and memory at 23,000 units").
# MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_ are glibc's own starting values, fixed: left
# dynamic, the first large buffer freed raises them (up to 32 MB), after which the site's large
# buffers (a catalog page's JSON, compression's windows) are carved from the arenas and kept there
# once freed instead of going back to the system. scripts/start.mjs sets the same for `npm start`
# (BENCHMARKS.md, "Resident memory at 23,000 units after a realistic run").
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/var/data \
    MAIL_DIR=/app/var/mail \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
# The workspace's manifest only: its code is bundled into dist/server.
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The shipped catalog, for `node dist/server/catalog-import.js` (the default file).
COPY --from=build /app/seeds/catalog.json ./seeds/catalog.json
# Personal data (inquiries, e-mails): only the node user may open these folders. var/data/photos
# is made here so that a volume mounted on it (docker-compose.yml) starts out as the node user's.
RUN mkdir -p var/data/photos var/mail var/backups && chown -R node:node var && chmod 0700 var/data var/data/photos var/mail var/backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node receives SIGTERM directly (not through npm or a shell) and shuts down cleanly,
# within its 8 s grace period (Docker waits 10 s by default before SIGKILL). The old generation is
# bounded at 1 GB (the store's worker has the same bound; a 23,000-unit site holds 40-70 MB live):
# with V8's default for a large machine (4 GB) it let garbage grow to up to four times what is live
# before collecting, at 1 GB about 1.6 times (scripts/start.mjs starts `npm start` the same way).
CMD ["node", "--max-old-space-size=1024", "dist/server/server.js"]
