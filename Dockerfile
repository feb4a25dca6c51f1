# Berth as one container image: the compiled server, which also serves the built portal.
#   docker build -t berth .
# deploy/README.md says how to run it on Kubernetes. apps/server/test/container-image.test.ts rebuilds the
# runtime stage's file layout from this file and starts the server from it.

# Build: every workspace's dependencies, dev ones included (TypeScript, Vite, GraphQL codegen), then what
# `npm start` builds: GraphQL types, the server, @berth/cron and @berth/rules (tsc), the portal (Vite).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/portal/package.json apps/portal/
COPY packages/cron/package.json packages/cron/
COPY packages/rules/package.json packages/rules/
COPY packages/schema/package.json packages/schema/
RUN npm ci --no-audit --no-fund
COPY . .
# The portal's build settings are fixed in its bundle at build time (README: Error reporting, Session
# analytics, Feature flags): pass them with --build-arg. An ARG given no value stays unset, so the portal's
# defaults hold.
ARG VITE_OIDC_AUTHORITY
ARG VITE_OIDC_CLIENT_ID
ARG VITE_API_AUDIENCE
ARG VITE_FLAGS_CLIENT_KEY
ARG VITE_SENTRY_DSN
ARG VITE_SENTRY_ENVIRONMENT
ARG VITE_SENTRY_RELEASE
ARG VITE_SENTRY_HOSTS
ARG POSTHOG_KEY
ARG POSTHOG_HOST
ARG CLI_CLIENT_ID
RUN npm run build

# Runtime: production dependencies of the server's workspace only (its workspace packages @berth/cron,
# @berth/rules and @berth/schema are linked by npm), then the build's outputs the server loads: its compiled
# code with the SQL migrations beside it, the compiled code of @berth/cron and @berth/rules (the
# `berth-compiled` export condition), and the portal.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/cron/package.json packages/cron/
COPY packages/rules/package.json packages/rules/
# The GraphQL schema files are read at start (require.resolve('@berth/schema/platform.graphql')).
COPY packages/schema packages/schema
# `data` is PGlite's default folder (DATA_DIR, used without DATABASE_URL): writable by the server's user.
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
  && npm cache clean --force \
  && mkdir data && chown 1000:1000 data
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/packages/cron/dist packages/cron/dist
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/apps/portal/dist apps/portal/dist
# The image's `node` user, by number so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs after its build. Node is PID 1 and handles SIGTERM itself: in-flight requests finish.
CMD ["node", "--conditions=berth-compiled", "--enable-source-maps", "apps/server/dist/main.js"]
