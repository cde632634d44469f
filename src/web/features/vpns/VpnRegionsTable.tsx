/**
 * The regions table with Create wired to the create flow (spec §2 "Regions table", "Create
 * flow"): signed in, Create starts the flow for the row's region and its button loads while the
 * flow runs; anonymous, Create goes to /pricing.
 */
import { useCallback } from 'react';
import type { RegionDetailed } from '../../../core/regions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RegionsTable } from '../regions';
import { selectCreatingRegions, vpnCreateRequested } from './vpnsSlice';

/** The regions table whose Create creates a VPN. */
export function VpnRegionsTable() {
  const dispatch = useAppDispatch();
  const creatingRegions = useAppSelector(selectCreatingRegions);
  const onCreate = useCallback(
    (region: RegionDetailed) => dispatch(vpnCreateRequested({ region: region.name })),
    [dispatch],
  );
  return <RegionsTable onCreate={onCreate} creatingRegions={creatingRegions} />;
}
