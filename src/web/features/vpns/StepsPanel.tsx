/**
 * The steps panel of the dashboard (spec §2 "Home"), numbered from 0: check WireGuard and the
 * peanuts, create a VPN, download the configuration and connect, delete the VPN when done; with
 * a link to the FAQ's 'connection' section.
 */
import { Card, Steps, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { isStateInProgress } from '../../../core/vpn';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectCreatingRegions, selectVpnItems } from './vpnsSlice';
import { useTexts } from '../../i18n/context';
import { Rich, type RichPart } from '../../i18n/rich';

/** The panel's texts (English; namespace `steps`): the steps' titles and texts, from step 0. */
export const STEPS_TEXT = {
  title: 'How it works',
  check: 'Check',
  checkText: 'Check that WireGuard is installed and that you have enough peanuts.',
  create: 'Create',
  createText: 'Create a VPN in the region of your choice below.',
  connect: 'Connect',
  connectText: 'Download the configuration (or scan its QR code) and connect.',
  delete: 'Delete',
  deleteText: 'Delete the VPN when you are done.',
  newToWireGuard: 'New to WireGuard? See <faq>how to connect</faq> in the FAQ.',
} as const;

/** The steps' titles and texts, from step 0 (keys of {@link STEPS_TEXT}). */
const STEP_KEYS = [
  ['check', 'checkText'],
  ['create', 'createText'],
  ['connect', 'connectText'],
  ['delete', 'deleteText'],
] as const;

/** The steps' titles and texts in English, from step 0. */
export const STEPS = STEP_KEYS.map(([title, description]) => ({
  title: STEPS_TEXT[title],
  description: STEPS_TEXT[description],
}));

/** The marked parts' elements (not an UPPER_CASE name: the lint rule skips those). */
const stepsParts: Readonly<Record<string, RichPart>> = {
  faq: (words) => <Link to="/faq#connection">{words}</Link>,
};

/** The current step: 2 with a Running VPN, 1 while one is on its way, else 0. */
export function selectCurrentStep(state: RootState): number {
  const items = selectVpnItems(state);
  if (items.some(({ vpn }) => vpn.state === 'Running')) return 2;
  const creating = selectCreatingRegions(state);
  if (creating.length > 0 || items.some(({ vpn }) => isStateInProgress(vpn.state))) return 1;
  return 0;
}

/** Steps 0 to 3 of renting a VPN. */
export function StepsPanel() {
  const current = useAppSelector(selectCurrentStep);
  const text = useTexts('steps', STEPS_TEXT);
  return (
    <Card size="small" title={text.title}>
      {/* antd numbers a step initial + index + 1 and compares `current` with initial + index:
          initial -1 numbers the steps from 0. */}
      <Steps
        initial={-1}
        current={current - 1}
        size="small"
        items={STEP_KEYS.map(([title, description], index) => ({
          title: text[title],
          content: text[description],
          // Every step keeps its number (a finished step would show a check mark instead).
          status: index === current ? 'process' : 'wait',
        }))}
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        <Rich text={text.newToWireGuard} parts={stepsParts} />
      </Typography.Paragraph>
    </Card>
  );
}
