/**
 * `npm run docs:settings`: writes docs/configuration.md from the settings' records
 * (settingsDocs.ts); run it after changing a setting, the settings docs test fails until then.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderSettingsReference, SETTINGS_DOC_PATH } from './settingsDocs';

const file = path.resolve(__dirname, '../..', SETTINGS_DOC_PATH);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, renderSettingsReference());
process.stdout.write(`Wrote ${file}\n`);
