# The portal in one image: the built PWA and the bundled API, served by one Node process.
# Node 24 is the active LTS line; the process runs as the image's unprivileged `node` user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
# The dependency patches pnpm applies on install (docs/decisions/046-patched-postgres-queue.md).
COPY patches/ patches/
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
# The commit that the start line and /api/health report (.git stays out of the build context):
# `docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) .` (api/build-info.mjs reads it).
ARG GIT_COMMIT=unknown
# The web build's source maps stay in the build stage: the image serves none (and the server
# answers 404 for any .map path besides; api/src/app/static-web.ts).
RUN pnpm build && pnpm --filter @ecu/api deploy --prod --legacy /out && cp -r api/dist /out/dist && cp -r web/dist /out/web \
  && find /out/web -name '*.map' -delete

FROM node:24-bookworm-slim
WORKDIR /app
# pg_dump and pg_restore for `node dist/backup-cli.mjs` and `restore-cli.mjs` on PostgreSQL 15
# (docs/decisions/073-backup-and-restore.md).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data WEB_DIST=/app/web
# Node keeps the compiled code of the modules it loads here, so that a restarted container
# starts about 35-50 ms sooner (docs/decisions/055-compile-cache.md). /tmp: the container's own,
# writable by the `node` user, and empty in a new container, whose first start fills it.
ENV NODE_COMPILE_CACHE=/tmp/node-compile-cache
# glibc's malloc asks the kernel for transparent huge pages (granted where the host's kernel has
# them set to 'madvise' or 'always'): a page fault per 2 MB instead of per 4 KB. The C library
# reads this as the process starts (docs/decisions/058-buffer-pool.md; deploy/node-env.json).
ENV GLIBC_TUNABLES=glibc.malloc.hugetlb=1
COPY --from=build /out /app
# DATA_DIR belongs to the app user; the code stays root's (read-only to the process).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# A forgotten admin password: `docker compose exec app-1 node dist/reset-password-cli.mjs EMAIL`.
# A backup: `node dist/backup-cli.mjs /data/backups/NAME.tar.gz`, and `node dist/restore-cli.mjs FILE`
# into an empty DATA_DIR and database (README.md, Backup and restore).
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The heap's sizes (docs/decisions/054-node-heap-flags.md; deploy/node-args.json lists them): an old
# generation of 96 MB from the start, below which uploads set off a full GC every 50-100 ms, and
# semi-spaces of at most 8 MB, which take about 25 MB off the peak RSS under load. One worker
# thread optimizes PGlite's WebAssembly (docs/decisions/056-start-loop.md): it leaves a core to a
# starting server on PGlite, a faster cold start on node 24 too (docs/benchmarks.md).
CMD ["node", "--enable-source-maps", "--initial-old-space-size=96", "--max-semi-space-size=8", "--wasm-num-compilation-tasks=1", "dist/main.mjs"]
