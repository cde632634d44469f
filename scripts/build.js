#!/usr/bin/env node
// The release build (docs/deploying.md "Installing a release"):
//   node scripts/build.js             builds everything: the server and the VPN host bundled by
//                                     esbuild into dist/server (migrations copied beside them),
//                                     the `peanut` CLI into dist/cli and the SPA into dist/web
//   node scripts/build.js --if-stale  only the parts missing or older than their sources
//                                     (`npm start` and `npm run host` run this first)
// In a release package (no src/ folder) every part is already built and nothing runs here, so
// esbuild and webpack, development dependencies, are only loaded when a part is really built.
// The SPA is built into a folder of its own and renamed into dist/web when complete, so a server
// serving dist/web meanwhile never sees it half-written.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const serverDir = path.join(root, 'dist', 'server');
const webDir = path.join(root, 'dist', 'web');
const migrationsSource = path.join(root, 'src', 'server', 'db', 'migrations');
/** Per part, the file recording when it was built and from what (paths relative to root). */
const SERVER_MANIFEST = path.join(serverDir, 'manifest.json');
const WEB_MANIFEST = path.join(webDir, 'build.json');
/** The sources of the SPA: the folders it imports from and its build settings. */
const WEB_INPUTS = [
  'src/web',
  'src/sdk',
  'src/core',
  'public',
  'webpack.config.ts',
  'tsconfig.web.json',
  'package.json',
  'scripts/build.js',
];

/** Every file under `entry` (a file or a folder, relative to root); none when it is missing. */
function filesUnder(entry) {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath ?? dirent.path, dirent.name)));
}

/**
 * True when the manifest `file` exists, names a build whose outputs exist, and none of its
 * inputs changed since. A package without sources (a release) is always fresh once built.
 */
function isFresh(file, inputsNow) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (!manifest.outputs.every((output) => fs.existsSync(path.join(root, output)))) return false;
  if (!fs.existsSync(path.join(root, 'src'))) return true;
  const inputs = [...new Set([...manifest.inputs, ...inputsNow])];
  return inputs.every((input) => {
    try {
      return fs.statSync(path.join(root, input)).mtimeMs <= manifest.builtAtMs;
    } catch {
      return false; // a source was removed
    }
  });
}

/** Writes `manifest` to `file` through a temporary file renamed into place. */
function writeManifest(file, manifest) {
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, `${JSON.stringify(manifest)}\n`);
  fs.renameSync(tmp, file);
}

/** Bundles the server and the VPN host (npm packages left outside) and copies the migrations. */
function buildServer() {
  const esbuild = require('esbuild');
  const builtAtMs = Date.now();
  // Source maps of earlier builds (none are made now).
  for (const entry of fs.existsSync(serverDir) ? fs.readdirSync(serverDir) : []) {
    if (entry.endsWith('.map')) fs.rmSync(path.join(serverDir, entry));
  }
  const result = esbuild.buildSync({
    entryPoints: {
      server: path.join(root, 'src', 'server', 'server.ts'),
      host: path.join(root, 'src', 'server', 'hostAgent', 'main.ts'),
      backup: path.join(root, 'src', 'server', 'backupCli.ts'),
    },
    outdir: serverDir,
    outExtension: { '.js': '.cjs' },
    absWorkingDir: root,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'error',
  });
  const migrations = path.join(serverDir, 'migrations');
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(migrationsSource, migrations, { recursive: true });
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    ...filesUnder('src/server/db/migrations'),
    'scripts/build.js',
    'package.json',
  ];
  const outputs = ['server', 'host', 'backup'].map((name) => `dist/server/${name}.cjs`);
  writeManifest(SERVER_MANIFEST, { builtAtMs, inputs, outputs });
}

/** Builds the SPA with webpack (production mode) into a new folder, then swaps it in. */
function buildWeb() {
  const builtAtMs = Date.now();
  const next = `${webDir}.build-${process.pid}`;
  const old = `${webDir}.old-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', next],
    {
      cwd: root,
      // webpack's report on stderr: `npm pack --json` keeps stdout for its JSON.
      stdio: ['ignore', 2, 2],
      env: { ...process.env, NODE_OPTIONS: '--import tsx' },
    },
  );
  const inputs = WEB_INPUTS.flatMap(filesUnder);
  fs.writeFileSync(
    path.join(next, 'build.json'),
    `${JSON.stringify({ builtAtMs, inputs, outputs: ['dist/web/index.html'] })}\n`,
  );
  if (fs.existsSync(webDir)) fs.renameSync(webDir, old);
  fs.renameSync(next, webDir);
  fs.rmSync(old, { recursive: true, force: true });
}

/** Builds (or refreshes) the `peanut` CLI's bundle in dist/cli: bin/peanut.js does it on use. */
function buildCli() {
  execFileSync(process.execPath, [path.join(root, 'bin', 'peanut.js'), '--version'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The lock that makes concurrent builds (two `npm start` at once) take turns. */
const LOCK_FILE = path.join(root, 'dist', 'build.lock');

/** True while process `pid` exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Waits for `ms` milliseconds (synchronously: the build is synchronous too). */
function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding the build lock (a lock whose process is gone is taken over). */
function withLock(work) {
  fs.mkdirSync(path.dirname(LOCK_FILE), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(LOCK_FILE, 'utf8') || 0);
      if (owner && !alive(owner)) fs.rmSync(LOCK_FILE, { force: true });
      else sleep(200);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(LOCK_FILE, { force: true });
  }
}

/**
 * Builds the parts named in `parts` ('server', 'web', 'cli'); with `ifStale`, only those missing
 * or older than their sources. Returns the names of the parts it built.
 */
function build(parts, options) {
  const fresh = () =>
    options.ifStale &&
    (!parts.includes('server') || isFresh(SERVER_MANIFEST, [])) &&
    (!parts.includes('web') || isFresh(WEB_MANIFEST, WEB_INPUTS.flatMap(filesUnder)));
  // A release (no sources) or a fresh build: nothing to lock.
  if (fresh() && !fs.existsSync(path.join(root, 'src'))) return [];
  return withLock(() => buildLocked(parts, options));
}

/** {@link build}, holding the build lock. */
function buildLocked(parts, { ifStale }) {
  const built = [];
  if (parts.includes('server') && !(ifStale && isFresh(SERVER_MANIFEST, []))) {
    buildServer();
    built.push('server');
  }
  if (
    parts.includes('web') &&
    !(ifStale && isFresh(WEB_MANIFEST, WEB_INPUTS.flatMap(filesUnder)))
  ) {
    buildWeb();
    built.push('web');
  }
  if (parts.includes('cli') && fs.existsSync(path.join(root, 'src'))) buildCli();
  return built;
}

module.exports = { build };

if (require.main === module) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const started = Date.now();
  const built = build(named.length > 0 ? named : ['server', 'web', 'cli'], { ifStale });
  if (built.length > 0) {
    process.stderr.write(
      `Built ${built.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
}
