/**
 * `npm start`'s choice of provisioner: `PROVISIONER` forces one, and a forced `netns`
 * on a host without what it needs refuses to start, naming what is missing; unset, `netns` runs
 * when the host has root, wireguard-go, wg, ip and nft, else `simulated`, and the log says which
 * and why. Runs `src/server/server.ts` as `npm start` does, on loopback.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chooseProvisioner } from '../../../src/server/provisioners';
import { netnsAvailability } from '../../../src/server/provisioners/netnsSystem';
import { makeTempDir, removeDir } from '../../support/helpers';
import { netnsSkipReason, sweep, testNetnsEnv } from '../../support/netnsHelpers';
import { builtProgram } from '../../support/builtServer';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Starts the server with `env` (port 0) until it logs its provisioner or exits; its output and
 * exit code (null when it was still running and got stopped).
 */
async function startOnce(
  env: Record<string, string>,
): Promise<{ output: string; code: number | null }> {
  const dataDir = makeTempDir('netns-start');
  const child = spawn(process.execPath, [builtProgram('server')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"VPN provisioner"')) child.kill('SIGTERM');
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ output, code: signal ? null : code });
      });
    });
  } finally {
    removeDir(dataDir);
  }
}

describe("npm start's provisioner", () => {
  it('refuses a forced netns without its tools, naming what is missing', async () => {
    const { output, code } = await startOnce({ PROVISIONER: 'netns', PATH: '/nonexistent' });
    expect(code).toBe(1);
    const root = process.getuid?.() === 0 ? '' : 'root, ';
    expect(output).toContain(
      `PROVISIONER=netns needs ${root}wireguard-go, wg, ip, nft: missing here (use PROVISIONER=simulated)`,
    );
  }, 90_000);

  it('picks simulated by itself when the tools are missing, and says why', async () => {
    const { output } = await startOnce({ PROVISIONER: '', PATH: '/nonexistent' });
    expect(output).toMatch(
      /"provisioner":"simulated","reason":"automatic: netns needs [^"]*wireguard-go, wg, ip, nft"/,
    );
  }, 90_000);

  it('a forced PROVISIONER wins', () => {
    expect(chooseProvisioner({ PROVISIONER: 'simulated' })).toEqual({
      provisioner: 'simulated',
      reason: 'PROVISIONER=simulated',
    });
  });

  const skip = netnsSkipReason();
  (skip ? it.skip : it)(
    'picks netns by itself as root with the tools, and says why',
    async () => {
      expect(netnsAvailability()).toEqual({ available: true, missing: [] });
      const { env, settings } = testNetnsEnv('pnd', 53401, '10.204.0.0/24', '127.0.0.1');
      try {
        const { output } = await startOnce({ ...env, PROVISIONER: '' });
        expect(output).toContain(
          '"provisioner":"netns","reason":"automatic: root and wireguard-go, wg, ip, nft are present"',
        );
      } finally {
        await sweep(settings);
      }
    },
    90_000,
  );
});
