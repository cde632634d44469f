/**
 * The server measured by bench/srp.ts, in its own process (so the SRP client's work is not
 * counted): `tsx bench/srpTarget.ts [databaseUrl]`. The Peanut server at its default log level
 * (request logs to stdout, which the parent sends to a file) on PGlite in a temporary folder, or
 * on `databaseUrl`, with one confirmed user.
 *
 * Writes one JSON line {@link SrpTargetReady} to file descriptor 3, then answers each line read
 * on stdin with one JSON line on fd 3: this process's `process.cpuUsage()` (microseconds); the
 * line `profile-start` first starts a V8 CPU profile, `profile-stop <file>` first writes it to
 * `<file>` (so a profile holds the measured sign-ins only, not the start-up and warm-up).
 * Serves until stdin ends or SIGTERM. Loopback only; the PGlite folder is removed on exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import readline from 'node:readline';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';

/** What the target prints when it is ready. */
export interface SrpTargetReady {
  url: string;
  poolId: string;
  clientId: string;
  username: string;
  password: string;
}

/** The password of the measured user. */
const PASSWORD = 'Bench-Passw0rd!';

async function main(): Promise<void> {
  const databaseUrl = process.argv[2];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-srp-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: dataDir, // no SPA needed
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
    RATE_LIMIT_MAX: '1000000000', // measure the sign-in, not the limiter's 429s
  });
  const server = await startServer(config);
  const idp = async (action: string, body: Record<string, unknown>) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/idp/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) throw new Error(`${action}: ${response.body}`);
  };
  const username = `bench${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await idp('SignUp', {
    ClientId: config.userPoolClientId,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const mails = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${email}` });
  const [mail] = mails.json<{ code: string }[]>();
  await idp('ConfirmSignUp', {
    ClientId: config.userPoolClientId,
    Username: username,
    ConfirmationCode: mail.code,
  });

  const ready: SrpTargetReady = {
    url: server.url,
    poolId: config.userPoolId,
    clientId: config.userPoolClientId,
    username,
    password: PASSWORD,
  };
  fs.writeSync(3, `${JSON.stringify(ready)}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  const inspector = new Session();
  const profile = async (line: string): Promise<void> => {
    if (line === 'profile-start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else if (line.startsWith('profile-stop ')) {
      const { profile: written } = await inspector.post('Profiler.stop');
      fs.writeFileSync(line.slice('profile-stop '.length), JSON.stringify(written));
      inspector.disconnect();
    }
  };
  const lines = readline.createInterface({ input: process.stdin });
  // One command at a time, each answered in the order read.
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    queue = queue
      .then(() => profile(line))
      .then(() => {
        fs.writeSync(3, `${JSON.stringify(process.cpuUsage())}\n`);
      })
      .catch((error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      });
  });
  lines.on('close', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
