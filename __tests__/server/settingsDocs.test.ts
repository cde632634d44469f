/**
 * docs/configuration.md is generated from the settings' records (`npm run docs:settings`): this
 * fails when the file is not what the records render, so a setting cannot be added, removed or
 * reworded without its documentation following.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HOST_ONLY_SETTINGS, SETTINGS } from '../../src/server/settings';
import { renderSettingsReference, SETTINGS_DOC_PATH } from '../../src/server/settingsDocs';

const root = path.resolve(__dirname, '../..');

describe('docs/configuration.md', () => {
  const text = readFileSync(path.join(root, SETTINGS_DOC_PATH), 'utf8');

  it('is current (else run npm run docs:settings)', () => {
    expect(text).toBe(renderSettingsReference());
  });

  it.each([...SETTINGS, ...HOST_ONLY_SETTINGS].map((s) => [s.name, s.secret] as const))(
    'documents %s (secret: %s, with its _FILE form)',
    (name, secret) => {
      expect(text).toMatch(new RegExp(`^\\|\\s*\`${name}\``, 'm'));
      expect(text.includes(`\`${name}_FILE\``)).toBe(secret);
    },
  );

  it('states the limits and choices of the schemas', () => {
    expect(text).toMatch(/^\| `PORT` .*\| whole number, 0 to 65535\s*\| 8080\s/m);
    expect(text).toMatch(/^\| `PRESET` .*\| one of `product`, `mock`\s*\|/m);
  });
});
