/**
 * `peanut login --email-code` (CUSTOM_AUTH without a password) as child processes
 * against the real server: off a terminal it refuses before any mail is sent; on a
 * pseudo-terminal (`script` from util-linux) it asks for the code mailed to the user (read by
 * the test from the local mailbox), again after a wrong one, and signs in.
 */
import { execFileSync, spawn } from 'node:child_process';
import { EMAIL_CODE_NEEDED } from '../../src/cli/challenges';
import {
  childEnv,
  expectOk,
  PEANUT_BIN,
  GOOD_PASSWORD,
  startCliWorld,
  uniqueEmail,
  type CliWorld,
} from './support';

jest.setTimeout(120_000);

/** True when util-linux's `script` can run a command under a pseudo-terminal here. */
function hasScript(): boolean {
  try {
    execFileSync('script', ['-qefc', 'true', '/dev/null'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const scriptAvailable = hasScript();
if (!scriptAvailable) {
  if (process.env.CI === 'true') throw new Error('util-linux script is required under CI=true');
  console.warn('Skipping the pseudo-terminal test: util-linux `script` is not installed');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const peanut = `${quote(process.execPath)} ${quote(PEANUT_BIN)}`;
/** The prompt of the mailed code. */
const PROMPT = /Sign-in code \(mailed to [^)]*\): /g;

/**
 * Runs `command` under a pseudo-terminal; each time one more code prompt shows, types what
 * `answer(n)` resolves to (n from 0). Resolves with the exit code and everything shown.
 */
function runWithCodes(
  command: string,
  options: { env: NodeJS.ProcessEnv; cwd: string },
  answer: (n: number) => Promise<string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let asked = 0;
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const prompts = output.match(PROMPT)?.length ?? 0;
      while (asked < prompts) {
        const n = asked++;
        answer(n).then((code) => child.stdin.write(`${code}\r`), reject);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}

/** The mails sent to `email`, newest first. */
async function mails(world: CliWorld, email: string): Promise<{ code: string }[]> {
  const response = await fetch(`${world.server.origin}/dev/mailbox/${encodeURIComponent(email)}`);
  return (await response.json()) as { code: string }[];
}

describe('peanut login --email-code', () => {
  let world: CliWorld;
  let email: string;
  beforeAll(async () => {
    // A code alone signs in only where the app client allows CUSTOM_AUTH (as Cognito's).
    world = await startCliWorld({ IDP_AUTH_FLOW: 'CUSTOM_AUTH' });
    email = uniqueEmail('emailcode');
    // Registered and confirmed, never signed in (a password sign-in would ask for the code too).
    await expectOk(world.run(['register', email, '--password-stdin'], { input: GOOD_PASSWORD }));
    await expectOk(world.run(['confirm-registration', email, await world.mailedCode(email)]));
  });
  afterAll(() => world.close());

  it('refuses off a terminal, or with a password, before any code is mailed', async () => {
    const before = (await mails(world, email)).length;
    const piped = await world.run(['login', email, '--email-code']);
    expect(piped).toMatchObject({ code: 2, stdout: '', stderr: `peanut: ${EMAIL_CODE_NEEDED}\n` });
    const withPassword = await world.run(['login', email, '--email-code', '--password-stdin'], {
      input: 'x\n',
    });
    expect(withPassword.code).toBe(2);
    expect(withPassword.stderr).toContain('--email-code signs in without a password');
    expect((await mails(world, email)).length).toBe(before);
    await expect(world.run(['whoami'])).resolves.toMatchObject({ code: 4 });
  });

  (scriptAvailable ? it : it.skip)(
    'asks for the mailed code on a terminal, again after a wrong one, and signs in',
    async () => {
      const env = childEnv({
        PEANUT_URL: world.server.origin,
        PEANUT_CONFIG_DIR: `${world.dir}/config`,
      });
      const before = (await mails(world, email)).length;
      const login = await runWithCodes(
        `${peanut} login ${email} --email-code`,
        { env, cwd: world.dir },
        async (n) => {
          const [latest] = await mails(world, email);
          if (n > 0) return latest.code;
          return latest.code === '000000' ? '111111' : '000000';
        },
      );
      expect(login.output).toContain(`Signed in as ${email}`);
      expect(login.code).toBe(0);
      expect(login.output.match(PROMPT)).toHaveLength(2);
      expect(login.output).toMatch(/mailed to e\*\*\*@e\*\*\*/);
      expect((await mails(world, email)).length).toBe(before + 1);
      const whoami = await expectOk(world.run(['whoami', '--json']));
      expect(JSON.parse(whoami.stdout)).toMatchObject({ email });
    },
  );
});
