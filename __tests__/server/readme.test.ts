/**
 * The README opens with the two commands a new user runs, and every setting the server reads
 * is documented in a settings table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../../src/server/settings';
import { HOST_ONLY_SETTINGS } from '../../src/server/hosts/settings';

const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

describe('README.md', () => {
  it('opens with the two commands', () => {
    const opening = readme.split('\n').slice(0, 6).join('\n');
    expect(opening).toContain('npm ci && npm start');
    expect(opening).toContain('npm ci && npm test');
  });

  it.each([...SETTINGS, ...HOST_ONLY_SETTINGS].map((s) => s.name))('documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
  });
});
