#!/usr/bin/env node
// `peanut-host`: runs a VPN host (src/server/hostAgent/main.ts; docs/hosts.md) from its bundle,
// dist/server/host.cjs, built first when missing or older than its sources (scripts/build.js).
'use strict';
const path = require('node:path');
require(path.join(__dirname, '..', 'scripts', 'build.js')).build(['server'], { ifStale: true });
require(path.join(__dirname, '..', 'dist', 'server', 'host.cjs'));
