/**
 * `npm run bench`, SRP sign-in: the server CPU of one SRP sign-in
 * (InitiateAuth USER_SRP_AUTH + RespondToAuthChallenge PASSWORD_VERIFIER, tokens issued), next
 * to the floor of the three 3072-bit modular exponentiations such a sign-in needs (g^b, v^u,
 * (A·v^u)^b, 256-bit exponents) done natively (OpenSSL, node:crypto) in the same run.
 *
 * The server runs in its own process (bench/srpTarget.ts: the Peanut server on PGlite, then on
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, whose database process's CPU
 * is not counted); its `process.cpuUsage()` is read before and after each batch of sequential
 * sign-ins, less its idle CPU over the same time (the lower of two 2 s samples) (and, in a second batch that also reads it
 * between the two calls, the start's share: InitiateAuth is what a client can ask for
 * cheaply). This process is the client (its own SRP math
 * in OpenSSL too) and measures the floor and the three BigInt exponentiations of srp.ts's
 * reference `modPow` (what a sign-in cost in BigInt) between the batches, so all see the
 * same machine load. Prints medians, the ratio to the floor and the goal: within 3x.
 *
 * Each server first answers BENCH_SRP_WARMUP sign-ins unmeasured: V8 keeps compiling the hot
 * paths (on threads of its own, which process.cpuUsage counts) for the first thousand or so, as
 * each function reaches its call budget (`--trace-opt`: 89 functions first optimised between
 * sign-ins 300 and 600, 1.2 ms of compile a sign-in there). The server's CPU per sign-in falls
 * until about 1,500 (PostgreSQL: ~9 ms in sign-ins 0-600, ~7 ms after 1,500, on one VM), so the
 * figure is a warm server's, as one that has served for a while answers.
 *
 * Environment: BENCH_SRP_ROUNDS (default 5), BENCH_SRP_SIGNINS (sign-ins per round, default
 * 40), BENCH_SRP_WARMUP (default 1500), BENCH_PROFILE=<dir> (write a V8 CPU profile of each server
 * over its measured rounds there, `srp-<database>-<pid>.cpuprofile`; the profiler's own cost
 * raises the figures), LOG_LEVEL (the server's). Loopback only; the PostgreSQL bench database is dropped.
 */
import { spawn } from 'node:child_process';
import { createDiffieHellman, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  computeU,
  computeX,
  deriveKey,
  formatTimestamp,
  g,
  k,
  modPow,
  N,
  passwordClaimSignature,
  poolNameOf,
} from '../src/server/identity/srp';
import type { SrpTargetReady } from './srpTarget';
import { setting, admin, median } from './common';

/** Goal: the server CPU of a sign-in within this factor of the three native exponentiations. */
const GOAL_RATIO = 3;

/** Big-endian bytes of a non-negative integer. */
function bytes(n: bigint): Buffer {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

/** base^exponent mod N in OpenSSL (base in [2, N-2], 0 < exponent < N-1): the floor's operation. */
function nativeModPow(base: bigint, exponent: bigint): bigint {
  const dh = createDiffieHellman(bytes(N), bytes(g));
  dh.setPrivateKey(bytes(exponent));
  return BigInt(`0x${dh.computeSecret(bytes(base)).toString('hex')}`);
}

/** A random integer of `n` bytes, reduced into [2, N-2]. */
function random(n: number): bigint {
  return (BigInt(`0x${randomBytes(n).toString('hex')}`) % (N - 3n)) + 2n;
}

/** CPU milliseconds (user + system) of this process spent in `fn`, per call. */
function cpuPerCall(calls: number, fn: () => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

/** The three exponentiations of a server's SRP sign-in, with `pow`. */
function threeModexps(pow: (base: bigint, exponent: bigint) => bigint): () => void {
  return () => {
    const b = random(32);
    pow(g, b); // g^b (B)
    const vu = pow(random(384), random(32)); // v^u
    pow((random(384) * vu) % N, b); // (A·v^u)^b (S)
  };
}

/** A started srpTarget process. */
interface Target {
  ready: SrpTargetReady;
  /**
   * The target's CPU so far, in milliseconds (user + system), after `command` (`profile-start`,
   * `profile-stop <file>`: srpTarget.ts) when one is given.
   */
  cpuMs(command?: string): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/srpTarget.ts (on `databaseUrl`, else PGlite) and waits for its ready line. */
async function startTarget(databaseUrl?: string): Promise<Target> {
  const logFile = path.join(os.tmpdir(), `peanut-bench-srp-${process.pid}.log`);
  const log = fs.openSync(logFile, 'w');
  const args = [
    '--import',
    'tsx',
    path.join(__dirname, 'srpTarget.ts'),
    ...(databaseUrl ? [databaseUrl] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['pipe', log, 'inherit', 'pipe'] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline
    .createInterface({ input: child.stdio[3] as Readable })
    [Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await Promise.race([
      lines.next(),
      exited.then(() => {
        throw new Error('the SRP bench target exited');
      }),
    ]);
    if (line.done) throw new Error('the SRP bench target closed its output');
    return line.value;
  };
  const ready = JSON.parse(await next()) as SrpTargetReady;
  const stdin = child.stdio[0] as Writable;
  return {
    ready,
    async cpuMs(command = 'cpu') {
      stdin.write(`${command}\n`);
      const usage = JSON.parse(await next()) as NodeJS.CpuUsage;
      return (usage.user + usage.system) / 1000;
    },
    async stop() {
      stdin.end();
      await exited;
      fs.rmSync(logFile, { force: true });
    },
  };
}

/** One Cognito JSON call; the answer's body, or an Error with the status and body. */
async function idp(url: string, action: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/idp/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${action} ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * One SRP sign-in as amazon-cognito-identity-js does it (the client's math in OpenSSL);
 * `between` runs after InitiateAuth's answer, before the client's work and RespondToAuthChallenge.
 */
async function signIn(target: SrpTargetReady, between?: () => Promise<void>): Promise<void> {
  const poolName = poolNameOf(target.poolId);
  const a = random(32);
  const A = nativeModPow(g, a);
  const started = await idp(target.url, 'InitiateAuth', {
    ClientId: target.clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: target.username, SRP_A: A.toString(16) },
  });
  await between?.();
  const p = started.ChallengeParameters as Record<string, string>;
  const B = BigInt(`0x${p.SRP_B}`);
  const u = computeU(A, B);
  const x = computeX(poolName, p.USER_ID_FOR_SRP, target.password, p.SALT);
  const base = (((B - k * nativeModPow(g, x)) % N) + N) % N;
  const key = deriveKey(nativeModPow(base, a + u * x), u);
  const timestamp = formatTimestamp(new Date());
  const done = await idp(target.url, 'RespondToAuthChallenge', {
    ClientId: target.clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: p.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: passwordClaimSignature(
        key,
        poolName,
        p.USER_ID_FOR_SRP,
        p.SECRET_BLOCK,
        timestamp,
      ),
    },
  });
  if (!done.AuthenticationResult) throw new Error('the sign-in returned no tokens');
}

/** Medians of one server's rounds, milliseconds. */
interface Figures {
  signIn: number;
  /** The InitiateAuth (SRP start) part of `signIn`. */
  start: number;
  idlePerSecond: number;
  floor: number;
  bigint: number;
}

/**
 * Measures the sign-ins of one server, alternating with the floor and BigInt measures; with
 * `profile` (a file), a V8 CPU profile of the server over the rounds (not its start-up nor the
 * warm-up) is written there.
 */
async function measure(
  rounds: number,
  signIns: number,
  warmUp: number,
  databaseUrl?: string,
  profile?: string,
): Promise<Figures> {
  const target = await startTarget(databaseUrl);
  try {
    for (let i = 0; i < warmUp; i++) await signIn(target.ready);
    // The server's own CPU when nobody calls (timers, job polling), per wall millisecond: the
    // lower of two 2 s samples, before the rounds and after the first (one sample may catch a
    // burst, and on a loaded machine that burst, subtracted per wall second, hid most of the
    // sign-in's CPU).
    const idleSample = async (): Promise<number> => {
      const start = await target.cpuMs();
      const wall = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return ((await target.cpuMs()) - start) / (performance.now() - wall);
    };
    let idlePerMs = await idleSample();
    if (profile) await target.cpuMs('profile-start');
    const perSignIn: number[] = [];
    const startShare: number[] = [];
    const floor: number[] = [];
    const bigint: number[] = [];
    let roundWall = 0;
    for (let round = 0; round < rounds; round++) {
      floor.push(cpuPerCall(50, threeModexps(nativeModPow)));
      bigint.push(
        cpuPerCall(
          3,
          threeModexps((b, e) => modPow(b, e, N)),
        ),
      );
      const before = await target.cpuMs();
      const wall = performance.now();
      for (let i = 0; i < signIns; i++) await signIn(target.ready);
      roundWall = performance.now() - wall;
      const used = (await target.cpuMs()) - before - idlePerMs * roundWall;
      perSignIn.push(used / signIns);
      // The share of the start, from a batch that reads the CPU between the two calls too.
      let startMs = 0;
      let allMs = 0;
      for (let i = 0; i < signIns; i++) {
        const t0 = await target.cpuMs();
        let t1 = t0;
        await signIn(target.ready, async () => {
          t1 = await target.cpuMs();
        });
        startMs += t1 - t0;
        allMs += (await target.cpuMs()) - t0;
      }
      startShare.push(startMs / allMs);
      if (round === 0) {
        const again = await idleSample();
        if (again < idlePerMs) {
          perSignIn[0] += ((idlePerMs - again) * roundWall) / signIns;
          idlePerMs = again;
        }
      }
    }
    if (profile) await target.cpuMs(`profile-stop ${profile}`);
    return {
      signIn: median(perSignIn),
      start: median(perSignIn) * median(startShare),
      idlePerSecond: idlePerMs * 1000,
      floor: median(floor),
      bigint: median(bigint),
    };
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const rounds = setting('BENCH_SRP_ROUNDS', 5, 100);
  const signIns = setting('BENCH_SRP_SIGNINS', 40, 10_000);
  const warmUp = setting('BENCH_SRP_WARMUP', 1500, 100_000);
  const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : '';
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const profile = (name: string): string | undefined =>
    profileDir ? path.join(profileDir, `srp-${name}-${process.pid}.cpuprofile`) : undefined;
  const results: { server: string; figures: Figures }[] = [];
  results.push({
    server: 'PGlite (its database in this process: counted)',
    figures: await measure(rounds, signIns, warmUp, undefined, profile('pglite')),
  });
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `peanut_bench_srp_${process.pid}`;
    await admin(baseUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      results.push({
        server: 'PostgreSQL (its own CPU not counted)',
        figures: await measure(rounds, signIns, warmUp, url.href, profile('postgresql')),
      });
    } finally {
      await admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } else {
    process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n');
  }

  process.stdout.write(
    `\nSRP sign-in, server CPU (InitiateAuth + RespondToAuthChallenge, process.cpuUsage of the ` +
      `server, idle CPU subtracted), ${rounds} rounds of ${signIns} sign-ins (medians) after ` +
      `${warmUp} unmeasured; ` +
      `Node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ` +
      `load average ${os.loadavg()[0].toFixed(1)}\n\n`,
  );
  process.stdout.write(
    '| server | ms CPU per sign-in | of which the start | floor: 3 native modexps, ms | ' +
      'ratio (goal <= 3x) | 3 BigInt modexps, ms | before (BigInt), ms, estimated | idle ms/s | met |\n',
  );
  process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n');
  let allMet = true;
  for (const { server, figures: f } of results) {
    const ratio = f.signIn / f.floor;
    const met = ratio <= GOAL_RATIO;
    allMet &&= met;
    process.stdout.write(
      `| ${server} | ${f.signIn.toFixed(2)} | ${f.start.toFixed(2)} | ${f.floor.toFixed(2)} | ` +
        `${ratio.toFixed(2)}x | ` +
        `${f.bigint.toFixed(2)} | ${(f.signIn - f.floor + f.bigint).toFixed(2)} | ` +
        `${f.idlePerSecond.toFixed(1)} | ${met ? 'yes' : 'NO'} |\n`,
    );
  }
  process.stdout.write(
    `\n(before = the sign-in with srp.ts's BigInt modPow in place of the native floor)\n` +
      `SRP sign-in within ${GOAL_RATIO}x of 3 native modexps: ${allMet ? 'met' : 'NOT met'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
