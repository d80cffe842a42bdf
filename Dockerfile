# syntax=docker/dockerfile:1
# The portal's container (docs/deploy.md, The container): its build stage runs scripts/release.sh, the
# same release CI proves with scripts/release-check.sh; the runtime holds dist/ and production packages.

# Compilers for better-sqlite3 when its prebuilt binary cannot be downloaded.
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN bash scripts/release.sh

# The production packages, compiled here so the runtime image carries no compiler.
FROM toolchain AS production-dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  PORTAL_DATA_DIR=/app/.data
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The operator's commands: npm run store:backup, outbox:failed, google:check (docs/deploy.md).
COPY --from=build /app/scripts ./scripts
# The image's own unprivileged user (uid 1000) owns only the data folder.
RUN mkdir -p "$PORTAL_DATA_DIR" && chown node:node "$PORTAL_DATA_DIR"
USER node
EXPOSE 8080
# Liveness only; the load balancer's readiness check is GET /api/ready (Caddyfile).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run start:prod` runs, without npm in between, so SIGTERM reaches the portal itself.
CMD ["node", "dist/server/server/main.js"]
