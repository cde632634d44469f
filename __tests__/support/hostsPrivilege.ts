/**
 * Least privilege of VPN hosts ("Least privilege"), tried for real: with host A's NATS
 * credentials (connected directly to the service's NATS server, through A's region's leaf node,
 * or a leaf node's own hub credentials) a connection
 * - subscribes to host B's command subjects, B's reports and the JetStream API: the server
 *   refuses each (a permissions violation) and nothing of B's arrives, while a message on A's own
 *   command delivery does (so the route works);
 * - publishes usage, results and a heartbeat as host B: the server refuses each and the service
 *   hears none of them, while A's own report that follows does reach it;
 * - reports usage for B's VPN on A's own subject: the service rejects it (the VPN's own host
 *   check) and records nothing of it, so nothing is charged.
 */
import { connect, type Msg, type NatsConnection } from 'nats';
import type { Database } from '../../src/server/db';
import type { HostsProvisioner } from '../../src/server/hosts/hostsProvisioner';
import { readReportedBytes } from '../../src/server/hosts/hostUsage';
import {
  commandSubject,
  deliverSubject,
  encode,
  reportSubject,
} from '../../src/server/hosts/protocol';
import { waitFor } from './hostsHelpers';

/** What {@link expectLeastPrivilege} tries. */
export interface PrivilegeTrial {
  /** A connection with host A's credentials (or its leaf node's). */
  attacker: NatsConnection;
  /** Host A. */
  attackerId: string;
  /** Host B, whose subjects A must not use. */
  victimId: string;
  /** A connection with the service's credentials (hears every report; sends the canaries). */
  service: NatsConnection;
  /** A VPN of host B. */
  victimVpn: string;
  /** The service's hosts provisioner (its rejected reports). */
  provisioner: HostsProvisioner;
  /** The service's database. */
  db: Database;
}

/** A counter no test traffic reaches: seeing it anywhere means a forged report got through. */
export const FORGED_BYTES = 987_654_321_000;

/** Runs the trial; throws (a failed expectation) when host A can do more than its own. */
export async function expectLeastPrivilege(trial: PrivilegeTrial): Promise<void> {
  const { attacker, attackerId, victimId, service, victimVpn } = trial;
  const canary = `canary-${Math.random().toString(36).slice(2)}`;

  // What the server refuses, as it tells the attacker's connection.
  const violations: string[] = [];
  void (async () => {
    for await (const status of attacker.status()) {
      const context = (status as { permissionContext?: { operation: string; subject: string } })
        .permissionContext;
      if (context) violations.push(`${context.operation} ${context.subject}`);
    }
  })();

  const heard: { subject: string; text: string }[] = [];
  const heardBy = (list: { subject: string; text: string }[]) => (error: unknown, msg: Msg) => {
    if (!error) list.push({ subject: msg.subject, text: msg.string() });
  };
  service.subscribe('peanut.host.>', { callback: heardBy(heard) });
  await service.flush();

  const received: { subject: string; text: string }[] = [];
  const forbiddenSubscriptions = [
    deliverSubject(victimId),
    commandSubject(victimId),
    `peanut.host.${victimId}.>`,
    '$JS.API.>',
  ];
  for (const subject of forbiddenSubscriptions) {
    attacker.subscribe(subject, { callback: heardBy(received) });
  }
  attacker.subscribe(deliverSubject(attackerId), { callback: heardBy(received) });
  await attacker.flush();

  // B's command delivery, then A's: A's arriving shows that B's would have (same route, order).
  await waitFor(
    async () => {
      service.publish(deliverSubject(victimId), encode({ canary }));
      service.publish(commandSubject(victimId), encode({ canary }));
      service.publish(reportSubject(victimId, 'usage'), encode({ canary, vpns: [] }));
      service.publish(deliverSubject(attackerId), encode({ canary }));
      await service.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return received.some((msg) => msg.subject === deliverSubject(attackerId));
    },
    `a message on ${deliverSubject(attackerId)} through the attacker's route`,
    90_000,
  );

  // Reports as host B, then host A's own report about B's VPN.
  const forgedUsage = encode({ vpns: [{ vpnId: victimVpn, bytes: FORGED_BYTES }] });
  attacker.publish(reportSubject(victimId, 'usage'), forgedUsage);
  attacker.publish(
    reportSubject(victimId, 'heartbeat'),
    encode({ bootId: `forged-${canary}`, regions: [], capacity: 0, alive: [] }),
  );
  attacker.publish(
    reportSubject(victimId, 'result'),
    encode({ id: `forged-${canary}`, op: 'list-live', ok: true, live: [] }),
  );
  attacker.publish(reportSubject(attackerId, 'usage'), forgedUsage);
  await attacker.flush();

  const expected = [
    ...forbiddenSubscriptions.map((subject) => `subscription ${subject}`),
    ...(['usage', 'heartbeat', 'result'] as const).map(
      (kind) => `publish ${reportSubject(victimId, kind)}`,
    ),
  ];
  await waitFor(
    () => expected.every((violation) => violations.includes(violation)),
    `the server refusing ${expected.join(', ')} (refused so far: ${violations.join(', ')})`,
    90_000,
  );
  // A's own report reached the service, after the forged ones on the same connection...
  await waitFor(
    () =>
      heard.some(
        (msg) =>
          msg.subject === reportSubject(attackerId, 'usage') &&
          msg.text.includes(String(FORGED_BYTES)),
      ),
    "host A's own report heard by the service",
    90_000,
  );
  // ...and was rejected: B's VPN is not A's.
  await waitFor(
    () =>
      trial.provisioner.rejected.some(
        (report) =>
          report.hostId === attackerId && report.vpnId === victimVpn && report.kind === 'usage',
      ),
    "the service rejecting A's report about B's VPN",
    90_000,
  );

  // Nothing forged on B's subjects reached the service; nothing of B's reached A.
  const forgedHeard = heard.filter(
    (msg) => msg.subject.startsWith(`peanut.host.${victimId}.`) && msg.text.includes('forged'),
  );
  const forgedUsageHeard = heard.filter(
    (msg) =>
      msg.subject === reportSubject(victimId, 'usage') && msg.text.includes(String(FORGED_BYTES)),
  );
  expect([...forgedHeard, ...forgedUsageHeard]).toEqual([]);
  expect(received.filter((msg) => msg.subject !== deliverSubject(attackerId))).toEqual([]);

  // Nothing of the forged counter was recorded, so nothing of it is charged.
  const recorded = (await readReportedBytes(trial.db, [victimVpn])).get(victimVpn) ?? 0;
  expect(recorded).toBeLessThan(FORGED_BYTES);
  const metered = await trial.provisioner.usage({ vpnId: victimVpn, region: '', runningAtMs: 0 });
  expect(metered.bytes).toBeLessThan(FORGED_BYTES);
}

/**
 * A connection with the user and password of `url` (`nats://user:pass@host:port`), given 60 s
 * to connect (nats.js's default of 20 s ran out once on two cores loaded with a whole test run).
 */
export function connectWithUrl(url: string): Promise<NatsConnection> {
  const parsed = new URL(url);
  return connect({
    servers: `${parsed.hostname}:${parsed.port}`,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    timeout: 60_000,
  });
}
