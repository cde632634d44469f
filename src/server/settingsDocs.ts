/**
 * docs/configuration.md, generated from the settings' records (settings.ts): `npm run
 * docs:settings` writes it, and a test fails when the file differs from what this renders.
 */
import type { TSchema } from '@sinclair/typebox';
import { HOST_ONLY_SETTINGS, SETTINGS, type SettingDoc } from './settings';

/** The path of the generated file, from the repository's root. */
export const SETTINGS_DOC_PATH = 'docs/configuration.md';

/** The accepted values of a schema in words, e.g. `whole number, 0 to 65535`. */
function describeSchema(schema: TSchema): string {
  const { type, minimum, maximum, anyOf, pattern } = schema as {
    type?: string;
    minimum?: number;
    maximum?: number;
    anyOf?: { const?: unknown }[];
    pattern?: string;
  };
  if (anyOf) return `one of ${anyOf.map((choice) => `\`${String(choice.const)}\``).join(', ')}`;
  if (type === 'integer') return `whole number, ${minimum} to ${maximum}`;
  if (type === 'number') return `number, ${minimum} to ${maximum}`;
  if (type === 'boolean') return '`true` or `false`';
  if (schema.format === 'uri') return 'http(s) URL';
  if (pattern) return `text matching \`${pattern}\``;
  return 'text';
}

/** A Markdown table whose columns are padded to one width (as Prettier writes them). */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, column) => Math.max(3, ...all.map((row) => row[column].length)));
  const line = (row: readonly string[]): string =>
    `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(all[0]),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...all.slice(1).map(line),
  ].join('\n');
}

/** The row of one setting. */
function row(entry: SettingDoc, withRequired: boolean): string[] {
  const name = entry.secret ? `\`${entry.name}\`, \`${entry.name}_FILE\`` : `\`${entry.name}\``;
  const cells = [name, entry.description, describeSchema(entry.schema), entry.default];
  return withRequired ? [...cells, entry.requiredInProduction ? 'yes' : 'no'] : cells;
}

/** The text of docs/configuration.md. */
export function renderSettingsReference(): string {
  return `<!-- Generated from src/server/settings.ts by \`npm run docs:settings\`: edit the records there, not this file. -->

# Configuration

Every setting is an environment variable with an embedded default, so \`npm start\` needs none.
With \`NODE_ENV=production\` the settings marked required must be set, or the server refuses to
start with \`{NAME} unset in environment!\`. A wrong environment is reported at once: the
message lists every missing or invalid setting, one a line.

A secret (the settings listed with \`<NAME>_FILE\`) may instead be given as \`<NAME>_FILE\`, the
path of a file holding it, as container and systemd secrets are delivered (surrounding
whitespace and the final newline are not part of the value). Setting both is an error.

## The service (\`npm start\`)

${table(
  ['Variable', 'What it sets', 'Accepted values', 'Default', 'Required in production'],
  SETTINGS.map((entry) => row(entry, true)),
)}

## A VPN host (\`npm run host\`)

A VPN host reads NATS_URL, NATS_CREDS, NATS_NKEY_SEED_FILE, HOST_CAPACITY, PROVISIONER,
SIMULATED_STEP_MS, DATA_DIR, the \`WG_*\` settings and NETNS_PREFIX above, and these:

${table(
  ['Variable', 'What it sets', 'Accepted values', 'Default'],
  HOST_ONLY_SETTINGS.map((entry) => row(entry, false)),
)}
`;
}
