/**
 * Content of /doc-cli (spec §2 "CLI documentation"): steps 0 to 6, the commands, the user config
 * file and the password rule. The page renders it and the search index reads it.
 */
import { Link } from 'react-router-dom';
import { PUBLIC_CLI_COMMANDS } from '../../core/cliCommands';
import { CodeBlock } from '../components/content/CodeBlock';
import { ExternalLink } from '../components/content/ExternalLink';
import { REPOSITORY_URL } from '../components/content/site';
import type { DocPageContent } from '../components/content/types';

const REPOSITORY_NAME = REPOSITORY_URL.split('/').pop() ?? 'peanutvpn';

export const docCliContent: DocPageContent = {
  path: '/doc-cli',
  title: 'CLI Documentation',
  intro: (
    <p>
      <code>peanut</code> is the command-line tool of Peanut VPN. It does what the dashboard does:
      register, sign in, list regions and packs, create, list, download and delete VPNs. Follow the
      steps below in order; the <Link to="/doc">documentation</Link> explains the concepts and the{' '}
      <Link to="/faq">FAQ</Link> answers common questions.
    </p>
  ),
  sections: [
    {
      title: 'Step 0: Install WireGuard and the CLI',
      body: (
        <>
          <p>
            Install the WireGuard tools, which provide <code>wg</code> and <code>wg-quick</code>. On
            Debian or Ubuntu:
          </p>
          <CodeBlock>{'sudo apt install wireguard-tools'}</CodeBlock>
          <p>On Fedora:</p>
          <CodeBlock>{'sudo dnf install wireguard-tools'}</CodeBlock>
          <p>On macOS with Homebrew:</p>
          <CodeBlock>{'brew install wireguard-tools'}</CodeBlock>
          <p>
            The CLI needs Node.js 20 or later. Install it from the source repository (
            <ExternalLink href={REPOSITORY_URL}>{REPOSITORY_URL}</ExternalLink>), which puts a{' '}
            <code>peanut</code> command on your path:
          </p>
          <CodeBlock>
            {`git clone ${REPOSITORY_URL}.git
cd ${REPOSITORY_NAME}
npm ci
npm link
peanut --help`}
          </CodeBlock>
        </>
      ),
    },
    {
      title: 'Step 1: Register',
      body: (
        <>
          <p>
            Create your account. The command asks for a password twice; it must be at least 8
            characters long and contain a digit, a lower case letter, an upper case letter and a
            symbol. The CLI checks it before sending anything.
          </p>
          <CodeBlock>{'peanut register you@example.com'}</CodeBlock>
          <p>
            The password is never a command-line argument. In a script, pipe it in with{' '}
            <code>--password-stdin</code> or set <code>PEANUT_PASSWORD</code>:
          </p>
          <CodeBlock>
            {`printf '%s\\n' "$PASSWORD" | peanut register you@example.com --password-stdin`}
          </CodeBlock>
        </>
      ),
    },
    {
      title: 'Step 2: Confirm the registration',
      body: (
        <>
          <p>
            We send a confirmation code to your email address. Confirm the registration with it;
            your account then receives its free sign-up peanuts. Then sign in: the session is kept
            in your profile until you log out.
          </p>
          <CodeBlock>
            {`peanut confirm-registration you@example.com 123456
peanut login you@example.com
peanut whoami`}
          </CodeBlock>
          <p>
            When your account has two-factor authentication on (an authenticator app, or a code
            texted to your phone; set it up on the Account page of the web app),{' '}
            <code>peanut login</code> asks for the code: on a terminal it prompts{' '}
            <code>Authenticator code:</code> (or <code>SMS code</code>) after the password. In a
            script, or to skip the prompt, give the code with <code>--mfa-code</code>; a wrong code
            fails the login, so run it again with a fresh code.
          </p>
          <CodeBlock>
            {`peanut login you@example.com --mfa-code 123456
PEANUT_PASSWORD=... peanut login you@example.com --mfa-code 123456`}
          </CodeBlock>
          <p>
            To sign in without your password, <code>--email-code</code> mails you a sign-in code and
            asks for it on the terminal (a second factor, when on, is still asked for after it).
          </p>
          <CodeBlock>{`peanut login you@example.com --email-code`}</CodeBlock>
        </>
      ),
    },
    {
      title: 'Step 3: Buy peanuts',
      body: (
        <>
          <p>
            List the peanut packs. Each comes with a purchase link: open it in your browser and pay
            to credit your account. You can also buy packs on the{' '}
            <Link to="/pricing">pricing page</Link>. Check your balance afterwards.
          </p>
          <CodeBlock>
            {`peanut list-peanuts-packs
peanut balance`}
          </CodeBlock>
          <CodeBlock>{'Balance: 10.00 peanuts'}</CodeBlock>
        </>
      ),
    },
    {
      title: 'Step 4: Create, list and delete VPNs',
      body: (
        <>
          <p>List the regions and pick one, for example eu-west-3 (Paris):</p>
          <CodeBlock>{'peanut list-regions'}</CodeBlock>
          <p>
            Create a VPN in that region. <code>--max-peanuts</code> is the number of peanuts the VPN
            is given (it is terminated once it has consumed them; 0, the default, gives it all your
            peanuts up to the maximum) and <code>--delete-after</code> the number of seconds after
            which it is terminated anyway (default: the maximum). With the optional{' '}
            <code>--sync</code> flag the command waits until the VPN is running, which takes several
            minutes, showing its state; without it, the command returns as soon as the VPN is
            accepted.
          </p>
          <CodeBlock>
            {'peanut create --region eu-west-3 --max-peanuts 5 --delete-after 3600 --sync'}
          </CodeBlock>
          <CodeBlock>
            {`ID:         1718031234567@eu-west-3
Created At: 2024-06-10T14:53:54.567Z
Region:     eu-west-3
State:      Running
Config:     maxPeanuts: 5.00, deleteAfter: 1 hour
Usage:      0.00 MiB, 0 seconds, 0.00 peanuts
Download its config with: peanut download-config 1718031234567@eu-west-3`}
          </CodeBlock>
          <p>
            List your VPNs with their id, region, state and usage, or show one. An id looks like
            1718031234567@eu-west-3: the creation time in milliseconds, then the region.
          </p>
          <CodeBlock>
            {`peanut list
peanut get <vpnId>`}
          </CodeBlock>
          <p>
            Delete a VPN by id when you are done; <code>--sync</code> waits until it is deleted. A
            deleted VPN cannot come back.
          </p>
          <CodeBlock>{'peanut delete <vpnId> --sync'}</CodeBlock>
        </>
      ),
    },
    {
      title: 'Step 5: Download the configuration and connect',
      body: (
        <>
          <p>
            Once the VPN is running, download its configuration. You get a tar.gz archive holding
            the WireGuard configuration file and a PNG image of its QR code, for the WireGuard app
            on a phone. The archive is readable by you only, as the configuration holds the private
            key; the command never overwrites a file unless you add <code>--force</code>, and{' '}
            <code>--output</code> names another file.
          </p>
          <CodeBlock>{'peanut download-config <vpnId>'}</CodeBlock>
          <p>
            Extract the archive and bring the tunnel up with <code>wg-quick</code>. The file name is
            short on purpose: <code>wg-quick</code> names the network interface after it, and
            interface names are limited to 15 characters.
          </p>
          <CodeBlock>
            {`tar xzf <name>.tar.gz
sudo wg-quick up ./<name>.conf`}
          </CodeBlock>
          <p>
            Check the connection with <code>sudo wg show</code>: a recent &quot;latest
            handshake&quot; means the tunnel works. Disconnect with{' '}
            <code>sudo wg-quick down ./&lt;name&gt;.conf</code>.
          </p>
        </>
      ),
    },
    {
      title: 'Step 6: Get help',
      body: (
        <>
          <p>Every command describes its options and shows examples with the help option:</p>
          <CodeBlock>
            {`peanut --help
peanut create --help`}
          </CodeBlock>
          <p>
            Add <code>--json</code> to any command to get its data as JSON on standard output, for
            scripts; messages go to standard error. The exit code tells how a command went: 0
            success, 1 error (one line on standard error), 2 usage error, 4 not signed in (run{' '}
            <code>peanut login</code>).
          </p>
        </>
      ),
    },
    {
      title: 'Commands',
      body: (
        <ul>
          {PUBLIC_CLI_COMMANDS.map((command) => (
            <li key={command.name}>
              <code>{command.name}</code>: {command.summary}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: 'Global options',
      body: (
        <ul>
          <li>
            <code>--profile &lt;name&gt;</code>: the profile of the user config file to use
            (default: default; environment: <code>PEANUT_PROFILE</code>).
          </li>
          <li>
            <code>--url &lt;origin&gt;</code>: the service to talk to (default:
            http://localhost:8080; environment: <code>PEANUT_URL</code>).
          </li>
          <li>
            <code>--config &lt;file&gt;</code>: another user config file (environment:{' '}
            <code>PEANUT_CONFIG_DIR</code>, its folder).
          </li>
          <li>
            <code>--json</code>: print data only, as JSON, for scripts.
          </li>
          <li>
            A flag wins over the environment, which wins over the profile, which wins over the
            default.
          </li>
        </ul>
      ),
    },
    {
      title: 'User config file',
      body: (
        <>
          <p>
            The CLI keeps its settings in a JSON file in your user config directory:{' '}
            <code>~/.config/peanut/config.json</code> on Linux,{' '}
            <code>~/Library/Preferences/peanut/config.json</code> on macOS and{' '}
            <code>%APPDATA%\peanut\Config\config.json</code> on Windows. It holds a{' '}
            <code>profiles</code> map; each profile names a service, an account and its session, and
            is selected by name with <code>--profile</code>. The profile called default is used when
            none is given. <code>login</code> and <code>register</code> fill it in.
          </p>
          <CodeBlock language="json">
            {`{
  "profiles": {
    "default": { "url": "http://localhost:8080", "email": "you@example.com", "session": {} },
    "work": { "url": "https://vpn.example.org", "email": "you@example.org" }
  }
}`}
          </CodeBlock>
          <p>
            The session holds your tokens, so the CLI makes the file readable by you only;{' '}
            <code>peanut logout</code> revokes the session and removes it. To use the work profile:
          </p>
          <CodeBlock>
            {`peanut --profile work login you@example.org
peanut --profile work list`}
          </CodeBlock>
        </>
      ),
    },
    {
      title: 'Password rules',
      body: (
        <p>
          A password must be at least 8 characters long and contain at least one digit, one lower
          case letter, one upper case letter and one symbol. The CLI asks for it, hidden, when you
          run <code>peanut register</code> or <code>peanut login</code> on a terminal; otherwise it
          reads it from standard input with <code>--password-stdin</code>, or from{' '}
          <code>PEANUT_PASSWORD</code>. It is never a command-line argument.
        </p>
      ),
    },
  ],
};
