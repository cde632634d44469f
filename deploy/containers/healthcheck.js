#!/usr/bin/env node
// The image's HEALTHCHECK (Dockerfile, docs/containers.md): GET /healthz of the process in the
// container, exit 0 on 200, else 1. A VPN host (HOST_HEALTH_PORT set) answers on
// HOST_HEALTH_ADDRESS (default 127.0.0.1); the service on PORT (default 8080) of HOST (loopback
// when HOST listens on every address).
'use strict';
const env = process.env;
const bracket = (host) => (host.includes(':') ? `[${host}]` : host);
const wildcard = (host) => !host || host === '0.0.0.0' || host === '::';
const url = env.HOST_HEALTH_PORT
  ? `http://${bracket(env.HOST_HEALTH_ADDRESS || '127.0.0.1')}:${env.HOST_HEALTH_PORT}/healthz`
  : `http://${wildcard(env.HOST) ? '127.0.0.1' : bracket(env.HOST)}:${env.PORT || '8080'}/healthz`;
fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
