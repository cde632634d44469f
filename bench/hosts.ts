/**
 * `npm run bench`, part 4: the control plane of VPN hosts. 1,000 VPNs created at once
 * through the API of an in-process service (PGlite in a temporary directory, NATS_URL set)
 * across 4 host processes (`npm run host`'s program, `simulated` provisioner with steps of 0 ms,
 * so what is measured is the service, NATS and the hosts' handling, not a server's start), with
 * a nats-server of its own on a random loopback port. Prints the create-to-Running p50 and p95
 * and the service's CPU seconds per VPN (this process's user + system CPU from the first create
 * to the last Running, divided by the count; it includes the API calls that created them; while
 * waiting it polls one count every 500 ms) and the hosts' CPU seconds per VPN (the 4 host
 * processes' user + system CPU over the same span, from /proc on Linux: their NATS handling and
 * their state file, host-state.json, written on each allocation), with the load average.
 *
 * Needs `/usr/sbin/nats-server` (or NATS_SERVER): elsewhere it prints why it is skipped.
 * Environment: BENCH_HOSTS_VPNS (default 1000), BENCH_HOSTS_CONCURRENCY (lifecycle jobs at once
 * in the service process; default the lifecycle's own, 8), LOG_LEVEL (default warn).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { TEST_SERVER_ENV } from '../__tests__/support/helpers';
import { openDatabase } from '../src/server/db';
import { vpns } from '../src/server/db/schema';
import {
  NATS_SERVER,
  startHost,
  startNats,
  type TestHost,
} from '../__tests__/support/hostsHelpers';
import { createBody, createVpn, signUpUser } from '../__tests__/support/vpnHelpers';

/** The `p`-th percentile (0-100) of `values`, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** User + system CPU seconds of a host process so far (Linux: /proc/<pid>/stat), 0 elsewhere. */
function cpuSecondsOf(host: TestHost): number {
  try {
    const stat = fs.readFileSync(`/proc/${host.child.pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks: USER_HZ is 100
  } catch {
    return 0;
  }
}

const HOSTS = [
  { id: 'bench-paris', region: 'eu-west-3' },
  { id: 'bench-tokyo', region: 'ap-northeast-1' },
  { id: 'bench-ohio', region: 'us-east-2' },
  { id: 'bench-sydney', region: 'ap-southeast-2' },
];

async function main(): Promise<void> {
  if (!fs.existsSync(NATS_SERVER)) {
    process.stdout.write(`\nVPN hosts benchmark skipped: ${NATS_SERVER} is missing.\n`);
    return;
  }
  const count = Number(process.env.BENCH_HOSTS_VPNS ?? 1000);
  if (!Number.isInteger(count) || count < 4 || count > 10_000) {
    throw new Error('BENCH_HOSTS_VPNS must be a whole number from 4 to 10000');
  }
  const concurrency = process.env.BENCH_HOSTS_CONCURRENCY
    ? Number(process.env.BENCH_HOSTS_CONCURRENCY)
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-hosts-'));
  const nats = await startNats(HOSTS.map((host) => host.id));
  const hosts: TestHost[] = [];
  let times: number[] = [];
  let cpuSeconds = 0;
  let hostCpuSeconds = 0;
  const loadBefore = os.loadavg()[0];
  try {
    hosts.push(
      ...(await Promise.all(
        HOSTS.map((host, index) =>
          startHost({
            natsUrl: nats.hostUrl(host.id),
            hostId: host.id,
            regions: [host.region],
            dataDir: path.join(dataDir, host.id),
            endpointHost: `127.0.1.${index + 1}`,
            env: { SIMULATED_STEP_MS: '0', HOST_HEARTBEAT_S: '1' },
          }),
        ),
      )),
    );
    const config = loadConfig({
      ...TEST_SERVER_ENV,
      DATA_DIR: path.join(dataDir, 'service'),
      WEB_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '1000000000',
      VPN_QUOTA: String(count),
      METER_INTERVAL_S: '3600',
      NATS_URL: nats.serviceUrl,
      HOST_CAPACITY: String(count),
    });
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const app = await buildApp(config, {
        database,
        lifecycleTuning: concurrency ? { concurrency } : undefined,
      });
      try {
        const user = await signUpUser(app, 'benchhosts');
        // Wait until every host has been heard (its region is available).
        for (;;) {
          const regions = (await app.inject({ method: 'GET', url: '/v1/regionsDetailed/' })).json<{
            regions: { name: string; available?: boolean }[];
          }>().regions;
          const ready = HOSTS.every(
            (host) => regions.find((region) => region.name === host.region)?.available,
          );
          if (ready) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const created = new Map<string, number>();
        const cpuBefore = process.cpuUsage();
        const hostCpuBefore = hosts.reduce((sum, host) => sum + cpuSecondsOf(host), 0);
        const epochOffset = Date.now() - performance.now();
        await Promise.all(
          Array.from({ length: count }, async (_, index) => {
            const body = createBody(HOSTS[index % HOSTS.length].region, {
              type: 'wireguard',
              maxPeanuts: 0.1,
              deleteAfter: 3600,
            });
            const started = performance.now();
            created.set(await createVpn(app, user, body), started);
          }),
        );
        const ids = [...created.keys()];
        // A cheap count while waiting (this process's CPU is what is measured), the rows once.
        for (;;) {
          const [progress] = await database.db
            .select({
              running: sql<number>`count(*) filter (where ${vpns.runningAt} is not null)::int`,
              failed: sql<number>`count(*) filter (where ${vpns.state} = 'Failed')::int`,
            })
            .from(vpns)
            .where(eq(vpns.userSub, user.sub));
          if (progress.failed > 0) throw new Error(`${progress.failed} VPNs failed`);
          if (progress.running === count) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        const cpu = process.cpuUsage(cpuBefore);
        hostCpuSeconds = hosts.reduce((sum, host) => sum + cpuSecondsOf(host), 0) - hostCpuBefore;
        const running = new Map<string, number>();
        for (let at = 0; at < ids.length; at += 500) {
          const rows = await database.db
            .select({ vpnId: vpns.vpnId, runningAt: vpns.runningAt })
            .from(vpns)
            .where(inArray(vpns.vpnId, ids.slice(at, at + 500)));
          for (const row of rows) {
            if (row.runningAt) running.set(row.vpnId, row.runningAt.getTime() - epochOffset);
          }
        }
        cpuSeconds = (cpu.user + cpu.system) / 1e6;
        times = ids.map((vpnId) => (running.get(vpnId) ?? 0) - (created.get(vpnId) ?? 0));
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await Promise.all(hosts.map((host) => host.kill('SIGTERM')));
    await nats.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nVPN hosts control plane (NATS JetStream, ${HOSTS.length} simulated hosts, service on PGlite), Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after\n\n`,
  );
  process.stdout.write(
    '| VPNs at once | hosts | lifecycle jobs at once | create to Running p50 ms | p95 ms | service CPU s per VPN | hosts CPU s per VPN |\n',
  );
  process.stdout.write('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n');
  process.stdout.write(
    `| ${count} | ${HOSTS.length} | ${concurrency ?? 8} | ${Math.round(percentile(times, 50))} | ${Math.round(percentile(times, 95))} | ${(cpuSeconds / count).toFixed(4)} | ${(hostCpuSeconds / count).toFixed(4)} |\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
