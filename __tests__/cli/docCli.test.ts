/**
 * The /doc-cli page matches the real CLI: every command it lists exists with its summary's
 * options, and every `peanut ...` line of its code blocks names a real command and real options
 * (checked against `peanut <command> --help`, run as a child process).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI_COMMANDS, PUBLIC_CLI_COMMANDS } from '../../src/core/cliCommands';
import { childEnv, runPeanut } from './support';

jest.setTimeout(60_000);

const source = readFileSync(path.resolve(__dirname, '../../src/web/content/docCli.tsx'), 'utf8');

/** Help text of `peanut ...args`. */
async function help(...args: string[]): Promise<string> {
  const result = await runPeanut([...args, '--help'], { env: childEnv({}), cwd: __dirname });
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('/doc-cli', () => {
  // The page lists core's manifest (operator-only commands excepted); the help must agree with it.
  const listed = PUBLIC_CLI_COMMANDS.map((command) => command.name);
  // `peanut ...` in code: after a quote, backtick, tag, colon or pipe, or alone on its line.
  const examples = [
    ...source.matchAll(
      /(?<=^\s*|['`>:]|\| )\s?peanut (?:--[a-z]+ [^\s`'<]+ )*(?:--help|[a-z][a-z-]+)(?: (?!<\/)[^\s`'{}]+)*/gm,
    ),
  ].map((m) => m[0].trim());

  it('lists every command of peanut --help, and no other', async () => {
    const root = await help();
    const section = root.slice(root.indexOf('\nCommands:\n'), root.indexOf('\nExamples:\n'));
    const commands = [...section.matchAll(/^ {2}([a-z][a-z-]+) /gm)]
      .map((m) => m[1])
      .filter((name) => name !== 'help');
    // The operators' commands are in the help, never on the public page.
    const operatorOnly = new Set<string>(
      CLI_COMMANDS.filter((command) => 'operatorOnly' in command).map((command) => command.name),
    );
    expect([...operatorOnly].every((name) => commands.includes(name))).toBe(true);
    expect([...listed].sort()).toEqual(commands.filter((name) => !operatorOnly.has(name)).sort());
    // Each command's entry of the help (up to the next command) shows the manifest's summary.
    const starts = [...section.matchAll(/^ {2}([a-z][a-z-]+) /gm)];
    const entries = new Map(
      starts.map((m, i) => [
        m[1],
        section.slice(m.index, starts[i + 1]?.index ?? section.length).replace(/\s+/g, ' '),
      ]),
    );
    for (const { name, summary } of CLI_COMMANDS) {
      expect({ name, summary: entries.get(name)?.includes(summary) }).toEqual({
        name,
        summary: true,
      });
    }
    expect(source).toContain('PUBLIC_CLI_COMMANDS.map(');
    expect(listed.slice(0, 8)).toEqual([
      'register',
      'confirm-registration',
      'list-peanuts-packs',
      'list-regions',
      'create',
      'list',
      'delete',
      'download-config',
    ]);
  });

  it('explains two-factor sign-in: --mfa-code and the terminal prompt', async () => {
    expect(examples).toContain('peanut login you@example.com --mfa-code 123456');
    expect(examples).toContain('peanut login you@example.com --email-code');
    const step = source.slice(source.indexOf("'Step 2:"), source.indexOf("'Step 3:"));
    expect(step).toMatch(/two-factor authentication/);
    expect(step).toMatch(/<code>--mfa-code<\/code>/);
    // The prompt the page quotes is the one `peanut login` shows (src/cli/challenges.ts).
    const challenges = readFileSync(path.resolve(__dirname, '../../src/cli/challenges.ts'), 'utf8');
    expect(challenges).toContain("code('Authenticator code: ')");
    expect(step).toContain('<code>Authenticator code:</code>');
    const loginHelp = (await help('login')).replace(/\s+/g, ' ');
    expect(loginHelp).toMatch(/--mfa-code <code> .*prompt on a terminal/);
  });

  it('shows only real commands and options in its examples', async () => {
    expect(examples.length).toBeGreaterThan(20);
    const root = await help();
    for (const example of examples) {
      const words = example.split(/\s+/).slice(1);
      const globals: string[] = [];
      while (words[0]?.startsWith('--')) globals.push(...words.splice(0, 2));
      for (const flag of globals.filter((w) => w.startsWith('--'))) {
        expect({ example, flag, inHelp: root.includes(flag) }).toEqual({
          example,
          flag,
          inHelp: true,
        });
      }
      const [command, ...rest] = words;
      if (command === undefined || command === '--help') continue;
      expect(listed).toContain(command);
      const commandHelp = await help(command);
      for (const flag of rest.filter((w) => w.startsWith('--'))) {
        expect({ example, flag, inHelp: commandHelp.includes(flag) }).toEqual({
          example,
          flag,
          inHelp: true,
        });
      }
    }
  });
});
