# syntax=docker/dockerfile:1
# One image for every role: the api (default command) and the workers
# (`npm run worker -- --queues <q> --concurrency N`), as docker-compose.yml runs them.

# Node 24 LTS (supported until April 2028), major and minor pinned; both stages use the same base.
# The repository itself also runs on Node 20.10+ (package.json engines) for development.
ARG NODE_IMAGE=node:24.15-bookworm-slim

# ---- build: all dependencies, then the compiled server and the web bundle ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY contracts/package.json contracts/
COPY queue/package.json queue/
COPY storage/package.json storage/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
RUN npm ci --loglevel=error
COPY . .
RUN npm run build

# ---- runtime: production dependencies, the compiled server and the built web only ----
FROM ${NODE_IMAGE} AS runtime
# A fixed glibc mmap threshold: large inference buffers go back to the system when freed, so a
# worker's memory stays flat over thousands of jobs (docs/benchmarks.md, Background removal).
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY contracts/package.json contracts/
COPY queue/package.json queue/
COPY storage/package.json storage/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
# Prebuilt binaries for other operating systems and for GPUs are dropped (about 0.8 GB): the
# image runs on CPU. For a CUDA host, keep node_modules/@node-llama-cpp/*cuda*.
RUN npm ci --omit=dev --loglevel=error && npm cache clean --force \
 && rm -rf node_modules/onnxruntime-node/bin/napi-v*/darwin node_modules/onnxruntime-node/bin/napi-v*/win32 \
           node_modules/@node-llama-cpp/*-cuda* node_modules/@node-llama-cpp/*-vulkan* \
           node_modules/@node-llama-cpp/mac-* node_modules/@node-llama-cpp/win-*
# The compiled server (each workspace's dist/, from `npm run build`) beside its package.json; no
# TypeScript loader in production: every command is plain node on dist/ (docs/operating.md).
COPY --from=build /app/core/dist core/dist
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/queue/dist queue/dist
COPY --from=build /app/storage/dist storage/dist
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/worker/dist worker/dist
COPY worker/models worker/models
COPY migrations migrations
COPY scripts scripts
COPY --from=build /app/web/dist web/dist
# Runs as the image's unprivileged `node` user (uid 1000); only /data is writable by it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--conditions=compiled", "--enable-source-maps", "api/dist/bundle/main.js"]
