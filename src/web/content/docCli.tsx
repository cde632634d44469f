/**
 * Content of /doc-cli (spec §2 "CLI documentation"): steps 0 to 6, the commands, the user config
 * file and the password rule. Its texts (English, namespace `docCli`; `<name>…</name>` marks a
 * link or code, content/parts.tsx) and the code it shows (never translated) are here, made into
 * the page in the language shown by docCliPage(). The page renders it and the search index reads
 * it.
 */
import {
  PUBLIC_CLI_COMMANDS,
  type CLI_COMMANDS,
  type CliCommandName,
} from '../../core/cliCommands';
import { CodeBlock } from '../components/content/CodeBlock';
import { REPOSITORY_URL } from '../components/content/site';
import type { DocPageContent } from '../components/content/types';
import { fill, type Texts } from '../i18n/translator';
import { rich, titled } from './parts';

const REPOSITORY_NAME = REPOSITORY_URL.split('/').pop() ?? 'peanutvpn';

/** The names of the commands the page lists (the operators' aside). */
type PublicCommandName = Exclude<
  CliCommandName,
  Extract<(typeof CLI_COMMANDS)[number], { operatorOnly: true }>['name']
>;

/** The texts of /doc-cli (English; namespace `docCli`). */
export const DOC_CLI_TEXT = {
  title: 'CLI Documentation',
  intro:
    '<code>peanut</code> is the command-line tool of Peanut VPN. It does what the dashboard does: register, sign in, list regions and packs, create, list, download and delete VPNs. Follow the steps below in order; the <doc>documentation</doc> explains the concepts and the <faq>FAQ</faq> answers common questions.',
  step0: {
    title: 'Step 0: Install WireGuard and the CLI',
    tools:
      'Install the WireGuard tools, which provide <code>wg</code> and <code>wg-quick</code>. On Debian or Ubuntu:',
    fedora: 'On Fedora:',
    macos: 'On macOS with Homebrew:',
    node: 'The CLI needs Node.js 20 or later. Install it from the source repository (<repo>{{url}}</repo>), which puts a <code>peanut</code> command on your path:',
  },
  step1: {
    title: 'Step 1: Register',
    body: 'Create your account. The command asks for a password twice; it must be at least 8 characters long and contain a digit, a lower case letter, an upper case letter and a symbol. The CLI checks it before sending anything.',
    script:
      'The password is never a command-line argument. In a script, pipe it in with <code>--password-stdin</code> or set <code>PEANUT_PASSWORD</code>:',
  },
  step2: {
    title: 'Step 2: Confirm the registration',
    body: 'We send a confirmation code to your email address. Confirm the registration with it; your account then receives its free sign-up peanuts. Then sign in: the session is kept in your profile until you log out.',
    mfa: 'When your account has two-factor authentication on (an authenticator app, or a code texted to your phone; set it up on the Account page of the web app), <code>peanut login</code> asks for the code: on a terminal it prompts <code>Authenticator code:</code> (or <code>SMS code</code>) after the password. In a script, or to skip the prompt, give the code with <code>--mfa-code</code>; a wrong code fails the login, so run it again with a fresh code.',
    emailCode:
      'To sign in without your password, <code>--email-code</code> mails you a sign-in code and asks for it on the terminal (a second factor, when on, is still asked for after it).',
  },
  step3: {
    title: 'Step 3: Buy peanuts',
    body: 'List the peanut packs. Each comes with a purchase link: open it in your browser and pay to credit your account. You can also buy packs on the <pricing>pricing page</pricing>. Check your balance afterwards.',
  },
  step4: {
    title: 'Step 4: Create, list and delete VPNs',
    regions: 'List the regions and pick one, for example eu-west-3 (Paris):',
    create:
      'Create a VPN in that region. <code>--max-peanuts</code> is the number of peanuts the VPN is given (it is terminated once it has consumed them; 0, the default, gives it all your peanuts up to the maximum) and <code>--delete-after</code> the number of seconds after which it is terminated anyway (default: the maximum). With the optional <code>--sync</code> flag the command waits until the VPN is running, which takes several minutes, showing its state; without it, the command returns as soon as the VPN is accepted.',
    list: 'List your VPNs with their id, region, state and usage, or show one. An id looks like 1718031234567@eu-west-3: the creation time in milliseconds, then the region.',
    delete:
      'Delete a VPN by id when you are done; <code>--sync</code> waits until it is deleted. A deleted VPN cannot come back.',
  },
  step5: {
    title: 'Step 5: Download the configuration and connect',
    download:
      'Once the VPN is running, download its configuration. You get a tar.gz archive holding the WireGuard configuration file and a PNG image of its QR code, for the WireGuard app on a phone. The archive is readable by you only, as the configuration holds the private key; the command never overwrites a file unless you add <code>--force</code>, and <code>--output</code> names another file.',
    extract:
      'Extract the archive and bring the tunnel up with <code>wg-quick</code>. The file name is short on purpose: <code>wg-quick</code> names the network interface after it, and interface names are limited to 15 characters.',
    check:
      'Check the connection with <code>sudo wg show</code>: a recent "latest handshake" means the tunnel works. Disconnect with <code>sudo wg-quick down ./<name>.conf</code>.',
  },
  step6: {
    title: 'Step 6: Get help',
    help: 'Every command describes its options and shows examples with the help option:',
    json: 'Add <code>--json</code> to any command to get its data as JSON on standard output, for scripts; messages go to standard error. The exit code tells how a command went: 0 success, 1 error (one line on standard error), 2 usage error, 4 not signed in (run <code>peanut login</code>).',
  },
  commands: {
    title: 'Commands',
    /** Each command's one-line summary: the manifest's own (core/cliCommands.ts), by name. */
    summaries: Object.fromEntries(
      PUBLIC_CLI_COMMANDS.map((command) => [command.name, command.summary]),
    ) as Readonly<Record<PublicCommandName, string>>,
  },
  options: {
    title: 'Global options',
    profile:
      '<code>--profile <name></code>: the profile of the user config file to use (default: default; environment: <code>PEANUT_PROFILE</code>).',
    url: '<code>--url <origin></code>: the service to talk to (default: http://localhost:8080; environment: <code>PEANUT_URL</code>).',
    config:
      '<code>--config <file></code>: another user config file (environment: <code>PEANUT_CONFIG_DIR</code>, its folder).',
    json: '<code>--json</code>: print data only, as JSON, for scripts.',
    precedence:
      'A flag wins over the environment, which wins over the profile, which wins over the default.',
  },
  configFile: {
    title: 'User config file',
    body: 'The CLI keeps its settings in a JSON file in your user config directory: <code>~/.config/peanut/config.json</code> on Linux, <code>~/Library/Preferences/peanut/config.json</code> on macOS and <code>%APPDATA%\\peanut\\Config\\config.json</code> on Windows. It holds a <code>profiles</code> map; each profile names a service, an account and its session, and is selected by name with <code>--profile</code>. The profile called default is used when none is given. <code>login</code> and <code>register</code> fill it in.',
    session:
      'The session holds your tokens, so the CLI makes the file readable by you only; <code>peanut logout</code> revokes the session and removes it. To use the work profile:',
  },
  password: {
    title: 'Password rules',
    body: 'A password must be at least 8 characters long and contain at least one digit, one lower case letter, one upper case letter and one symbol. The CLI asks for it, hidden, when you run <code>peanut register</code> or <code>peanut login</code> on a terminal; otherwise it reads it from standard input with <code>--password-stdin</code>, or from <code>PEANUT_PASSWORD</code>. It is never a command-line argument.',
  },
} as const;

/** The commands and outputs the page shows (code: never translated). */
const CODE = {
  apt: 'sudo apt install wireguard-tools',
  dnf: 'sudo dnf install wireguard-tools',
  brew: 'brew install wireguard-tools',
  install: `git clone ${REPOSITORY_URL}.git
cd ${REPOSITORY_NAME}
npm ci
npm link
peanut --help`,
  register: 'peanut register you@example.com',
  registerScript: `printf '%s\\n' "$PASSWORD" | peanut register you@example.com --password-stdin`,
  confirm: `peanut confirm-registration you@example.com 123456
peanut login you@example.com
peanut whoami`,
  mfa: `peanut login you@example.com --mfa-code 123456
PEANUT_PASSWORD=... peanut login you@example.com --mfa-code 123456`,
  emailCode: `peanut login you@example.com --email-code`,
  packs: `peanut list-peanuts-packs
peanut balance`,
  balance: 'Balance: 10.00 peanuts',
  regions: 'peanut list-regions',
  create: 'peanut create --region eu-west-3 --max-peanuts 5 --delete-after 3600 --sync',
  created: `ID:         1718031234567@eu-west-3
Created At: 2024-06-10T14:53:54.567Z
Region:     eu-west-3
State:      Running
Config:     maxPeanuts: 5.00, deleteAfter: 1 hour
Usage:      0.00 MiB, 0 seconds, 0.00 peanuts
Download its config with: peanut download-config 1718031234567@eu-west-3`,
  list: `peanut list
peanut get <vpnId>`,
  delete: 'peanut delete <vpnId> --sync',
  download: 'peanut download-config <vpnId>',
  up: `tar xzf <name>.tar.gz
sudo wg-quick up ./<name>.conf`,
  help: `peanut --help
peanut create --help`,
  config: `{
  "profiles": {
    "default": { "url": "http://localhost:8080", "email": "you@example.com", "session": {} },
    "work": { "url": "https://vpn.example.org", "email": "you@example.org" }
  }
}`,
  profile: `peanut --profile work login you@example.org
peanut --profile work list`,
} as const;

/** /doc-cli in the language of `T` (its `docCli` texts); the ids are the English titles' slugs. */
export function docCliPage(T: Texts<typeof DOC_CLI_TEXT>): DocPageContent {
  const E = DOC_CLI_TEXT;
  return {
    path: '/doc-cli',
    title: T.title,
    intro: <p>{rich(T.intro)}</p>,
    sections: [
      {
        ...titled(E.step0, T.step0),
        body: (
          <>
            <p>{rich(T.step0.tools)}</p>
            <CodeBlock>{CODE.apt}</CodeBlock>
            <p>{T.step0.fedora}</p>
            <CodeBlock>{CODE.dnf}</CodeBlock>
            <p>{T.step0.macos}</p>
            <CodeBlock>{CODE.brew}</CodeBlock>
            <p>{rich(fill(T.step0.node, { url: REPOSITORY_URL }))}</p>
            <CodeBlock>{CODE.install}</CodeBlock>
          </>
        ),
      },
      {
        ...titled(E.step1, T.step1),
        body: (
          <>
            <p>{T.step1.body}</p>
            <CodeBlock>{CODE.register}</CodeBlock>
            <p>{rich(T.step1.script)}</p>
            <CodeBlock>{CODE.registerScript}</CodeBlock>
          </>
        ),
      },
      {
        ...titled(E.step2, T.step2),
        body: (
          <>
            <p>{T.step2.body}</p>
            <CodeBlock>{CODE.confirm}</CodeBlock>
            <p>{rich(T.step2.mfa)}</p>
            <CodeBlock>{CODE.mfa}</CodeBlock>
            <p>{rich(T.step2.emailCode)}</p>
            <CodeBlock>{CODE.emailCode}</CodeBlock>
          </>
        ),
      },
      {
        ...titled(E.step3, T.step3),
        body: (
          <>
            <p>{rich(T.step3.body)}</p>
            <CodeBlock>{CODE.packs}</CodeBlock>
            <CodeBlock>{CODE.balance}</CodeBlock>
          </>
        ),
      },
      {
        ...titled(E.step4, T.step4),
        body: (
          <>
            <p>{T.step4.regions}</p>
            <CodeBlock>{CODE.regions}</CodeBlock>
            <p>{rich(T.step4.create)}</p>
            <CodeBlock>{CODE.create}</CodeBlock>
            <CodeBlock>{CODE.created}</CodeBlock>
            <p>{T.step4.list}</p>
            <CodeBlock>{CODE.list}</CodeBlock>
            <p>{rich(T.step4.delete)}</p>
            <CodeBlock>{CODE.delete}</CodeBlock>
          </>
        ),
      },
      {
        ...titled(E.step5, T.step5),
        body: (
          <>
            <p>{rich(T.step5.download)}</p>
            <CodeBlock>{CODE.download}</CodeBlock>
            <p>{rich(T.step5.extract)}</p>
            <CodeBlock>{CODE.up}</CodeBlock>
            <p>{rich(T.step5.check)}</p>
          </>
        ),
      },
      {
        ...titled(E.step6, T.step6),
        body: (
          <>
            <p>{T.step6.help}</p>
            <CodeBlock>{CODE.help}</CodeBlock>
            <p>{rich(T.step6.json)}</p>
          </>
        ),
      },
      {
        ...titled(E.commands, T.commands),
        body: (
          <ul>
            {PUBLIC_CLI_COMMANDS.map((command) => (
              <li key={command.name}>
                <code>{command.name}</code>:{' '}
                {T.commands.summaries[command.name as PublicCommandName] ?? command.summary}
              </li>
            ))}
          </ul>
        ),
      },
      {
        ...titled(E.options, T.options),
        body: (
          <ul>
            <li>{rich(T.options.profile)}</li>
            <li>{rich(T.options.url)}</li>
            <li>{rich(T.options.config)}</li>
            <li>{rich(T.options.json)}</li>
            <li>{T.options.precedence}</li>
          </ul>
        ),
      },
      {
        ...titled(E.configFile, T.configFile),
        body: (
          <>
            <p>{rich(T.configFile.body)}</p>
            <CodeBlock language="json">{CODE.config}</CodeBlock>
            <p>{rich(T.configFile.session)}</p>
            <CodeBlock>{CODE.profile}</CodeBlock>
          </>
        ),
      },
      { ...titled(E.password, T.password), body: <p>{rich(T.password.body)}</p> },
    ],
  };
}

/** /doc-cli in English: what the search index reads. */
export const docCliContent: DocPageContent = docCliPage(DOC_CLI_TEXT);
