# Payroll calculation service: see docs/deployment.md. tools/docker-steps-check.ts runs these same steps
# without Docker (build stage commands, runtime layout, CMD and HEALTHCHECK) to prove them.

# Build stage: install every dependency (the SQLite driver compiles here when no prebuilt binary
# matches, hence the C toolchain); `npm ci` runs `prepare`, which bundles dist/main.js, dist/admin.js
# and dist/load-cache-warm.js with esbuild and warms the load cache from masters/ and rules/ (copied for
# that). Then `npm prune --omit=dev` leaves package.json's dependencies: what dist/ loads at run time (the
# store drivers, ioredis, swagger-ui-dist) and the libraries esbuild inlined, kept so that an audit of the
# image sees them (README, "Dependencies"); that is all the runtime stage copies.
# The swagger-ui-dist telemetry script (@scarf/scarf) stays off through package.json's scarfSettings,
# which scarf itself reads (npm 10 ignores package.json's allowScripts, npm 11 only advises with it).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY engine ./engine
COPY server ./server
COPY tools ./tools
COPY masters ./masters
COPY rules ./rules
RUN npm ci && npm prune --omit=dev

# Runtime stage: no toolchain, no sources; node runs the bundle directly as PID 1. It installs its own
# SIGTERM/SIGINT handlers (drain, then exit 0), so `docker stop` drains instead of waiting to SIGKILL.
# Accounts: docker compose exec payroll node dist/admin.js account create --name NAME --plan free|standard
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    PAYROLL_DB=/data/payroll.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY masters ./masters
COPY rules ./rules
# the start-up cache of the checked masters and rules (engine/loading/load-cache.ts), written while /app is still
# writable: the server, as user node, reads it and so parses no YAML at start; then one start of the
# server itself (dist/code-cache-warm.js) leaves in it the proof that this bundle checked this set, so a
# container's start skips those checks (docs/deployment.md, "The start-up cache")
RUN node dist/load-cache-warm.js && node dist/code-cache-warm.js
RUN mkdir -p /data dist/compile-cache && chown node:node /data dist/compile-cache
USER node
# Node's compile cache of the bundle is per user: the runtime user's own start writes it
# (docs/deployment.md, "The compile cache of the server bundle")
RUN node dist/code-cache-warm.js
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
