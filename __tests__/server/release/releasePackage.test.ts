/**
 * The release package (docs/deploying.md "Installing a release"): `npm pack` makes a tarball of
 * the built server, host, CLI and SPA, the migrations, README, LICENSE, CHANGELOG and the deploy
 * files, without sources or tests; unpacked elsewhere, `npm install --omit=dev` installs no
 * build tool (webpack, TypeScript, esbuild, tsx) nor the SPA's libraries (React, antd), and
 * `npm start` serves the service with no build step; SIGTERM to npm stops it with exit 0.
 * Uses the build `npm test` makes first, and the npm registry (or npm's cache) for the install.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { version } from '../../../package.json';
import {
  freePort,
  killCommand,
  portRefused,
  runCommand,
  waitForOk,
  type CommandProcess,
} from '../../support/commandProcess';
import { makeTempDir, removeDir } from '../../support/helpers';

const ROOT = path.resolve(__dirname, '../../..');

describe('the release package', () => {
  let dir: string;
  let server: CommandProcess | undefined;
  beforeAll(() => {
    dir = makeTempDir('release');
  });
  afterAll(async () => {
    await killCommand(server);
    removeDir(dir);
  });

  it('installs with production dependencies only and starts without building', async () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString(),
    ) as { filename: string; files: { path: string }[] }[];
    const files = packed.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/server/server.cjs',
        'dist/server/host.cjs',
        'dist/server/migrations/meta/_journal.json',
        'dist/web/index.html',
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'deploy/systemd/peanut-vpn.service',
      ]),
    );
    expect(files.filter((file) => /^(src|__tests__|bench)\//.test(file))).toEqual([]);

    execFileSync('tar', ['xzf', path.join(dir, packed.filename), '-C', dir]);
    const release = path.join(dir, 'package');
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: release,
      stdio: 'ignore',
    });
    for (const tool of ['webpack', 'typescript', 'esbuild', 'tsx', 'react', 'antd', 'jest']) {
      expect([tool, fs.existsSync(path.join(release, 'node_modules', tool))]).toEqual([
        tool,
        false,
      ]);
    }
    expect(
      execFileSync(process.execPath, ['bin/peanut.js', '--version'], { cwd: release })
        .toString()
        .trim(),
    ).toBe(version);

    const port = await freePort();
    server = runCommand(['npm', 'start'], release, {
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      PROVISIONER: 'simulated',
    });
    await waitForOk(`http://127.0.0.1:${port}/readyz`, server, 120_000);
    expect(server.output()).not.toContain('Built');
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', version });
    const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(await home.text()).toContain('<div id="root">');
    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.seconds).toBeLessThan(10);
    expect(await portRefused(port)).toBe(true);
    // npm's install of the production dependencies takes a while on a busy machine.
  }, 600_000);
});
