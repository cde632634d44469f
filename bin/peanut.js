#!/usr/bin/env node
// The `peanut` command-line tool (src/cli). It runs the CommonJS bundle that esbuild makes of
// src/cli under dist/cli, built on first use and rebuilt whenever one of its sources is newer
// than the build (a compile cache, like tsx's, but one that lets `peanut --help` start as plain
// JavaScript: see bench/cli.ts). npm packages stay outside the bundle; the modules only some
// commands need (identity, tar, prompts, spinner) are dynamic imports, evaluated by those alone.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const cacheDir = path.join(root, 'dist', 'cli');
const manifestFile = path.join(cacheDir, 'manifest.json');
/** Builds older than this are removed by the next build (a running process may still use one). */
const STALE_BUILD_MS = 60_000;

/** The manifest of the current build when none of its sources changed since, else undefined. */
function freshManifest() {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    return undefined;
  }
  if (!fs.existsSync(path.join(cacheDir, manifest.dir, 'main.cjs'))) return undefined;
  const shipsSources = fs.existsSync(path.join(root, 'src', 'cli'));
  const fresh = manifest.inputs.every((input) => {
    try {
      return fs.statSync(path.join(root, input)).mtimeMs <= manifest.builtAtMs;
    } catch {
      return !shipsSources; // a source was removed, unless this is a package without sources
    }
  });
  return fresh ? manifest : undefined;
}

/**
 * Bundles src/cli/main.ts into a new directory of dist/cli and points the manifest at it
 * (renamed into place, so concurrent first runs each get a complete build).
 */
function build() {
  const esbuild = require('esbuild');
  const builtAtMs = Date.now();
  const dir = `build-${builtAtMs}-${process.pid}`;
  const result = esbuild.buildSync({
    entryPoints: [path.join(root, 'src', 'cli', 'main.ts')],
    outfile: path.join(cacheDir, dir, 'main.cjs'),
    absWorkingDir: root,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'error',
  });
  // This file's build settings are an input too.
  const inputs = [...Object.keys(result.metafile.inputs), 'bin/peanut.js'];
  const manifest = { builtAtMs, dir, inputs };
  const tmp = `${manifestFile}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(manifest));
  fs.renameSync(tmp, manifestFile);
  for (const entry of fs.readdirSync(cacheDir)) {
    const built = /^build-(\d+)-/.exec(entry);
    if (built && entry !== dir && builtAtMs - Number(built[1]) > STALE_BUILD_MS) {
      fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
    }
  }
  return manifest;
}

const manifest = freshManifest() ?? build();
require(path.join(cacheDir, manifest.dir, 'main.cjs'));
