/**
 * The README opens with the two commands a new user runs. (The settings are documented in
 * docs/configuration.md, generated and checked by settingsDocs.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

describe('README.md', () => {
  it('opens with the two commands', () => {
    const opening = readme.split('\n').slice(0, 6).join('\n');
    expect(opening).toContain('npm ci && npm start');
    expect(opening).toContain('npm ci && npm test');
  });

  it('links to the settings reference', () => {
    expect(readme).toContain('](docs/configuration.md)');
  });
});
