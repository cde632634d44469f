/**
 * `npm run bench`, part 2: provisioning real WireGuard servers with the `netns` provisioner
 *. For N = 1, 10 and 50 VPNs created at once through the API (an in-process app on
 * PGlite in a temporary directory, default lifecycle settings), prints the create-to-Running
 * p50 and p95, the time to tear them all down (delete to Deleted), and the memory of a running
 * VPN (RSS of its wireguard-go). Goals: p50 <= 1 s at N = 1, p95 <= 3 s at N = 50.
 *
 * Needs root, wireguard-go, wg, ip and nft: elsewhere it prints why it is skipped. Sends no
 * traffic; its namespaces, interfaces, rules (prefix `pnz`, ports 54000-54099, addresses
 * 10.209.0.0/22) and data directory are removed afterwards, even after a failure.
 *
 * Environment: BENCH_PROVISION_COUNTS (default `1,10,50`), LOG_LEVEL (default warn).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { TEST_SERVER_ENV } from '../__tests__/support/helpers';
import { openDatabase } from '../src/server/db';
import { removeHostRules } from '../src/server/provisioners/netnsHost';
import { createNetnsProvisioner } from '../src/server/provisioners/netns';
import { netnsAvailability, residentBytes } from '../src/server/provisioners/netnsSystem';
import { api, createBody, createVpn, signUpUser } from '../__tests__/support/vpnHelpers';
import { inArray } from 'drizzle-orm';
import { vpns } from '../src/server/db/schema';

/** The `p`-th percentile (0-100) of `values`, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One round's figures. */
interface Round {
  count: number;
  p50Ms: number;
  p95Ms: number;
  teardownMs: number;
  rssMiB: number;
}

async function main(): Promise<void> {
  const { available, missing } = netnsAvailability();
  if (!available) {
    process.stdout.write(`\nProvisioning benchmark skipped: needs ${missing.join(', ')}.\n`);
    return;
  }
  const counts = (process.env.BENCH_PROVISION_COUNTS ?? '1,10,50').split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 100)) {
    throw new Error('BENCH_PROVISION_COUNTS must be whole numbers from 1 to 100');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-netns-'));
  const config = loadConfig({
    ...TEST_SERVER_ENV,
    DATA_DIR: dataDir,
    WEB_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000000000',
    VPN_QUOTA: '1000',
    METER_INTERVAL_S: '3600',
    PROVISIONER: 'netns',
    NETNS_PREFIX: 'pnz',
    WG_PORTS: '54000-54099',
    WG_ADDRESSES: '10.209.0.0/22',
    WG_ENDPOINT_HOST: '127.0.0.1',
  });
  const database = await openDatabase(config);
  const provisioner = createNetnsProvisioner({ db: database.db, settings: config.netns });
  const rounds: Round[] = [];
  try {
    await database.migrate();
    const app = await buildApp(config, { database, provisioner });
    try {
      const user = await signUpUser(app, 'benchnetns');
      const body = createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 0.1 });
      for (const count of counts) {
        const created = new Map<string, number>();
        const running = new Map<string, number>();
        await Promise.all(
          Array.from({ length: count }, async () => {
            const started = performance.now();
            created.set(await createVpn(app, user, body), started);
          }),
        );
        // The instants of Running and Deleted are the lifecycle's own (the rows' runningAt and
        // updatedAt), read every 50 ms with one query, so watching does not slow what it measures.
        const ids = [...created.keys()];
        const rowsNow = () =>
          database.db
            .select({ vpnId: vpns.vpnId, state: vpns.state, runningAt: vpns.runningAt })
            .from(vpns)
            .where(inArray(vpns.vpnId, ids));
        const epochOffset = Date.now() - performance.now();
        for (;;) {
          const rows = await rowsNow();
          if (rows.some((row) => row.state === 'Failed')) throw new Error('a VPN failed');
          for (const row of rows) {
            if (row.runningAt) running.set(row.vpnId, row.runningAt.getTime() - epochOffset);
          }
          if (running.size === count) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const times = ids.map((vpnId) => (running.get(vpnId) ?? 0) - (created.get(vpnId) ?? 0));

        let rss = 0;
        for (const vpnId of created.keys()) {
          for (const pid of await provisioner.daemonPids(vpnId)) rss += residentBytes(pid) ?? 0;
        }

        const deleting = performance.now();
        await Promise.all(
          [...created.keys()].map((vpnId) => api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)),
        );
        let deletedAt = 0;
        for (;;) {
          const rows = await database.db
            .select({ state: vpns.state, updatedAt: vpns.updatedAt })
            .from(vpns)
            .where(inArray(vpns.vpnId, ids));
          if (rows.every((row) => row.state === 'Deleted')) {
            deletedAt = Math.max(...rows.map((row) => row.updatedAt.getTime())) - epochOffset;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        rounds.push({
          count,
          p50Ms: Math.round(percentile(times, 50)),
          p95Ms: Math.round(percentile(times, 95)),
          teardownMs: Math.round(deletedAt - deleting),
          rssMiB: Math.round((rss / count / 1024 / 1024) * 10) / 10,
        });
      }
    } finally {
      await app.close();
    }
  } finally {
    // Whatever is left of ours goes (nothing when all went well), then the table.
    await provisioner.reconcile?.({ running: [], inProgress: [] }).catch(() => undefined);
    await removeHostRules(config.netns);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nnetns provisioning through the API on PGlite, Node ${process.version}, ${os.cpus().length} CPUs\n\n`,
  );
  process.stdout.write(
    '| VPNs at once | create to Running p50 ms | p95 ms | delete all to Deleted ms | wireguard-go RSS per VPN MiB |\n',
  );
  process.stdout.write('| ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of rounds) {
    process.stdout.write(
      `| ${r.count} | ${r.p50Ms} | ${r.p95Ms} | ${r.teardownMs} | ${r.rssMiB} |\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
