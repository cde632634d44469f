# syntax=docker/dockerfile:1
# Peanut VPN's image (docs/containers.md): the release `npm pack` makes (issue 28) on a Node base,
# its production dependencies and nothing else (no sources, tests or development dependencies).
#   docker build -t peanut-vpn .                    # on the official node:22-bookworm-slim
#   podman build --format docker --build-arg BASE=localhost/peanut-base:<key> .   # the tests
# One image runs the service (the default command, as the non-root user `peanut`) and a VPN host
# (`node dist/server/host.cjs`, as root with NET_ADMIN and SYS_ADMIN: docs/containers.md).

# Any Debian bookworm image with node and npm in PATH. Node 22 is not tested here (the tests
# build on a local base with this machine's Node 20: scripts/container-base.sh).
ARG BASE=node:22-bookworm-slim

# ---- build: the development dependencies, the build and the release package ----
FROM ${BASE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# npm's download cache survives between builds (BuildKit and buildah cache mounts). Behind a
# proxy that intercepts TLS, give its CA bundle as a build secret: --secret id=npm_ca,src=<file>.
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && npm ci --no-audit --no-fund --prefer-offline
COPY . .
RUN npm run build \
 && npm pack --silent --pack-destination /tmp >/dev/null \
 && mkdir /release \
 && tar xzf /tmp/peanut-vpn-*.tgz -C /release --strip-components=1 \
 && npm prune --omit=dev --no-audit --no-fund \
 && cp -a node_modules /release/

# ---- runtime: the release on the base ----
FROM ${BASE}
# The release's version (a test keeps it equal to package.json's).
ARG VERSION=1.0.0
LABEL org.opencontainers.image.title="Peanut VPN" \
      org.opencontainers.image.description="Self-hostable service that rents short-lived WireGuard VPN servers, paid with prepaid peanuts." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0"
# tini as PID 1 (forwards SIGTERM to node, reaps wireguard-go's children); what the netns
# provisioner runs. A base that has them already (the tests' local base) skips the download.
RUN dpkg -s tini wireguard-go wireguard-tools iproute2 nftables >/dev/null 2>&1 \
 || (apt-get update \
     && apt-get install -y --no-install-recommends tini wireguard-go wireguard-tools iproute2 nftables \
     && rm -rf /var/lib/apt/lists/*)
RUN groupadd --system --gid 10001 peanut \
 && useradd --system --uid 10001 --gid peanut --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin peanut \
 && mkdir -p /data \
 && chown peanut:peanut /data \
 && chmod 0700 /data
COPY --from=build /release /app
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
VOLUME /data
EXPOSE 8080
USER peanut
# The service's /healthz on PORT, or a host's on HOST_HEALTH_PORT (deploy/containers/healthcheck.js).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "/app/deploy/containers/healthcheck.js"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/server.cjs"]
