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

/** The steps' titles and texts, from step 0. */
export const STEPS = [
  {
    title: 'Check',
    description: 'Check that WireGuard is installed and that you have enough peanuts.',
  },
  { title: 'Create', description: 'Create a VPN in the region of your choice below.' },
  {
    title: 'Connect',
    description: 'Download the configuration (or scan its QR code) and connect.',
  },
  { title: 'Delete', description: 'Delete the VPN when you are done.' },
] as const;

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
  return (
    <Card size="small" title="How it works">
      {/* antd numbers a step initial + index + 1 and compares `current` with initial + index:
          initial -1 numbers the steps from 0. */}
      <Steps
        initial={-1}
        current={current - 1}
        size="small"
        items={STEPS.map((step, index) => ({
          title: step.title,
          content: step.description,
          // Every step keeps its number (a finished step would show a check mark instead).
          status: index === current ? 'process' : 'wait',
        }))}
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        New to WireGuard? See <Link to="/faq#connection">how to connect</Link> in the FAQ.
      </Typography.Paragraph>
    </Card>
  );
}
