/**
 * The delete workflow's rule (spec §4 "Delete", §2 "VPN list" > Delete) as a pure function: the
 * SDK's `deleteAndWait` and the SPA's delete saga both loop on {@link nextDeleteStep}, each doing
 * the step its own way (awaited calls, saga effects).
 */
import { RUNNING_RANK, stateRank, waitDone, type VpnState } from './vpn';

/**
 * A step of the delete workflow:
 * - `waitRunning`: wait until waiting for Running is done (a VPN being made is never deleted
 *   half-made);
 * - `requestDeletion`: request the deletion (`DELETE /v1/vpns/{vpnId}`) and read the VPN again;
 * - `waitDeleted`: wait until waiting for Deleted is done (a Failed VPN ends it at once);
 * - `alreadyDeleted`: the end, the VPN was Deleted before anything was asked of it;
 * - `deleted`: the end, after a deletion request or a wait for Deleted.
 */
export type DeleteStep =
  'waitRunning' | 'requestDeletion' | 'waitDeleted' | 'alreadyDeleted' | 'deleted';

/** True for the two steps that end the workflow. */
export function isFinalDeleteStep(step: DeleteStep): step is 'alreadyDeleted' | 'deleted' {
  return step === 'alreadyDeleted' || step === 'deleted';
}

/**
 * The next step for a VPN now in `state`, `previous` being the step just done (undefined at the
 * start, after the first read):
 * - before the deletion is requested: Deleted ends it (`alreadyDeleted`); at or below Running, wait
 *   for Running unless that wait is already done, then request the deletion;
 * - then: done waiting for Deleted ends it (`deleted`), else wait for Deleted.
 * Each step comes at most once on a real workflow (a wait returns only once it is done).
 */
export function nextDeleteStep(state: VpnState, previous?: DeleteStep): DeleteStep {
  const beforeRequest = previous === undefined || previous === 'waitRunning';
  if (beforeRequest) {
    if (state === 'Deleted') return 'alreadyDeleted';
    if (stateRank(state) <= RUNNING_RANK) {
      return waitDone(state, 'Running') ? 'requestDeletion' : 'waitRunning';
    }
  }
  return waitDone(state, 'Deleted') ? 'deleted' : 'waitDeleted';
}
