#!/usr/bin/env node
// The `peanut` command-line tool: runs src/cli through tsx.
require('tsx/cjs');
require('../src/cli/main.ts');
