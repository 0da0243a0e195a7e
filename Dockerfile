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
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/var/data \
    MAIL_DIR=/app/var/mail \
    MALLOC_ARENA_MAX=2
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
# within its 8 s grace period (Docker waits 10 s by default before SIGKILL).
CMD ["node", "dist/server/server.js"]
