# syntax=docker/dockerfile:1
# The donation store: one image, the role chosen by ROLE or the first argument (docs/operations.md
# "Container image and compose"): all (default), web, worker, migrate.
#   docker build -t donation-store .
#   docker run --env-file .env -p 8080:8080 donation-store            # ROLE=all
#   docker run --env-file .env donation-store migrate                  # pre-deploy step, then exits
# Node 20 or 22 (the engines field allows both): docker build --build-arg NODE_MAJOR=22 .

ARG NODE_MAJOR=20

# --- build: every dependency (Vite, esbuild, TypeScript), then the web app and the server bundle.
FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /app
# The manifests first: the install layer is reused until a lockfile or a package.json changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only: the server's and the shared package's (not the web app's, which
# is served as built files, nor any build or test tool).
FROM node:${NODE_MAJOR}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @store/server --workspace @store/shared --no-audit --no-fund \
  && rm -rf /root/.npm

# --- the image: the bundle, the migrations, the built web app, the site file; runs as `node`.
FROM node:${NODE_MAJOR}-bookworm-slim
# DEPLOYMENT=production fails closed: no start without Braintree, SMTP, a session secret and a
# trusted TLS proxy, unless ALLOW_* says so (docs/operations.md "Production fails closed").
ENV NODE_ENV=production \
    DEPLOYMENT=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
# node_modules at the root and any a workspace keeps of its own, with the manifests npm reads.
COPY --from=deps /app ./
COPY packages/shared/src packages/shared/src
# src/ stays for `npm run admin` (administrators' command line, run with tsx): docker exec ... npm run admin -- list
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY config config
# DATA_DIR: the e-mail outbox (.eml files without SMTP_URL), the first administrator's password and,
# with ROLE=all and no DATABASE_URL, the PGlite files. A volume in compose.yml.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Every role but migrate (which exits) answers /healthz/ready on PORT: web and all with the whole
# site, worker with /healthz/* only. Node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "apps/server/dist/main.js"]
