#!/usr/bin/env node
// `peanut-host`: runs a VPN host (src/server/hostAgent/main.ts; docs/hosts.md), the
// TypeScript sources loaded through tsx as `npm start` does.
'use strict';
const path = require('node:path');
require('tsx/cjs');
require(path.join(__dirname, '..', 'src', 'server', 'hostAgent', 'main.ts'));
