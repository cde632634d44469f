import { nextDeleteStep, type DeleteStep } from '../../src/core/deleteWorkflow';
import { VPN_STATES, type VpnState } from '../../src/core/vpn';

/** Runs the workflow on a VPN first read in `state`, each step leaving it in `after(step)`. */
function run(state: VpnState, after: (step: DeleteStep) => VpnState): DeleteStep[] {
  const steps: DeleteStep[] = [];
  let step = nextDeleteStep(state);
  steps.push(step);
  while (step !== 'alreadyDeleted' && step !== 'deleted') {
    step = nextDeleteStep(after(step), step);
    steps.push(step);
  }
  return steps;
}

describe('nextDeleteStep', () => {
  it('leaves an already Deleted VPN alone', () => {
    expect(nextDeleteStep('Deleted')).toBe('alreadyDeleted');
  });

  it('waits for Running first while the VPN is being made, then requests the deletion', () => {
    for (const state of ['Creating', 'Created', 'Provisioning', 'Paused'] as const) {
      expect(nextDeleteStep(state)).toBe('waitRunning');
      expect(nextDeleteStep('Running', 'waitRunning')).toBe('requestDeletion');
    }
  });

  it('requests the deletion of a Running or Failed VPN at once', () => {
    for (const state of ['Running', 'Failed'] as const) {
      expect(nextDeleteStep(state)).toBe('requestDeletion');
    }
  });

  it('does not request the deletion of a VPN that went past Running or was Deleted meanwhile', () => {
    expect(nextDeleteStep('Deprovisioning')).toBe('waitDeleted');
    expect(nextDeleteStep('Deprovisioning', 'waitRunning')).toBe('waitDeleted');
    expect(nextDeleteStep('Deleted', 'waitRunning')).toBe('alreadyDeleted');
  });

  it('after the request, waits for Deleted unless that wait is done (Deleted or Failed)', () => {
    expect(nextDeleteStep('Deprovisioning', 'requestDeletion')).toBe('waitDeleted');
    expect(nextDeleteStep('Deleted', 'requestDeletion')).toBe('deleted');
    expect(nextDeleteStep('Failed', 'requestDeletion')).toBe('deleted');
    expect(nextDeleteStep('Deleted', 'waitDeleted')).toBe('deleted');
  });

  it('ends in at most four steps from every state, each step at most once', () => {
    const settle = (step: DeleteStep): VpnState =>
      step === 'waitRunning'
        ? 'Running'
        : step === 'requestDeletion'
          ? 'Deprovisioning'
          : 'Deleted';
    for (const state of VPN_STATES) {
      const steps = run(state, settle);
      expect(steps.length).toBeLessThanOrEqual(4);
      expect(new Set(steps).size).toBe(steps.length);
    }
    expect(run('Creating', settle)).toEqual([
      'waitRunning',
      'requestDeletion',
      'waitDeleted',
      'deleted',
    ]);
  });
});
