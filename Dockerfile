# syntax=docker/dockerfile:1
#
# Haat in one image: the PWA (dist/) and the API (dist-server/, plain JavaScript) on one port, as `npm start`
# runs them. docs/deploy.md says how to build it, run its release step and run several instances of it.
#
#   docker build --build-arg MEDIA_PUBLIC_URL=https://media.shop.example.com \
#                --build-arg VITE_API_KEY=<the API_KEY the servers run with> -t haat:<release> .
#   docker run --rm --env-file haat.env haat:<release> npm run db:migrate       # the release step
#   docker run -d --env-file haat.env -p 8080:8080 --stop-timeout 30 haat:<release>

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, the PWA into dist/ and the server into dist-server/
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# .npmrc turns install scripts off: every native package ships prebuilt binaries
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# What the PWA is built with (vite.config.ts, src/lib/env.ts). MEDIA_PUBLIC_URL must be the value the servers
# run with, VITE_API_KEY their API_KEY, VITE_SHOP their SHOP; left out, the demo's values. HAAT_BUILD_ID names
# the build in the shoppers' saved data (default: the time of the build).
ARG MEDIA_PUBLIC_URL=""
ARG VITE_API_KEY=""
ARG VITE_SHOP=""
ARG VITE_BANGLA_DIGITS=""
ARG HAAT_BUILD_ID=""
# an empty variable would be built in as a value: only what was given is passed on
RUN [ -n "$MEDIA_PUBLIC_URL" ] || unset MEDIA_PUBLIC_URL; \
    [ -n "$VITE_API_KEY" ] || unset VITE_API_KEY; \
    [ -n "$VITE_SHOP" ] || unset VITE_SHOP; \
    [ -n "$VITE_BANGLA_DIGITS" ] || unset VITE_BANGLA_DIGITS; \
    [ -n "$HAAT_BUILD_ID" ] || unset HAAT_BUILD_ID; \
    npm run build \
    && (cd dist/assets && find . -type f | sort) > dist-assets.txt

# ---- the release shoppers may still be on: empty, unless the build is given the image that runs now,
#   docker build --build-context previous=docker-image://haat:<release running now> …
# whose own hashed assets then go into this image too (docs/deploy.md, "Releases without downtime")
FROM ${NODE_IMAGE} AS previous
RUN mkdir -p /app/dist/assets && touch /app/dist-assets.txt

FROM ${NODE_IMAGE} AS previous-assets
COPY --from=previous /app/dist/assets/ /previous/
COPY --from=previous /app/dist-assets.txt /previous.txt
# that release's own files only, not the ones it kept from the release before it
RUN mkdir /kept && cd /previous && xargs -r -d '\n' -a /previous.txt cp --parents -t /kept --

# ---- the image that runs
FROM ${NODE_IMAGE}
# MALLOC_ARENA_MAX: glibc's memory arenas, one per thread by default, keep freed memory the process never
# gives back; two arenas hold the server's resident memory 20-40 MB lower at 100,000 products
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The release step's `npm run db:migrate` (and `npm run db:seed`) runs server/db/cli.ts with tsx, a runtime
# dependency: the TypeScript of the server and of the parts of src/ it imports.
COPY tsconfig.json ./
COPY server/ ./server/
COPY src/contract/ ./src/contract/
COPY src/lib/ ./src/lib/
COPY --from=previous-assets /kept/ ./dist/assets/
COPY --from=build /app/dist/ ./dist/
COPY --from=build /app/dist-server/ ./dist-server/
COPY --from=build /app/dist-assets.txt ./
# the embedded database and media folder of a single instance (several instances use PostgreSQL and a bucket)
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# liveness: the process answers (the first start of an empty database migrates, seeds and renders images)
HEALTHCHECK --interval=15s --timeout=3s --start-period=5m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the memory settings of `npm start` (README, "PostgreSQL and scaling out"); SIGTERM drains, then exits 0
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "--wasm-lazy-compilation", "--wasm-tiering-budget=180000000", "--v8-pool-size=1", "dist-server/main.mjs"]
