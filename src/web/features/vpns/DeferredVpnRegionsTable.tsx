/**
 * The home page's regions table (spec §2 "Regions table"), a lazy chunk: antd's Table
 * and the flags are the biggest part of `/`, and an anonymous visitor sees the table only after
 * scrolling. Until wanted (see useWantedBelowFold) and loaded, the section shows its title and
 * keeps the room of the loading table; signed in, it loads at once.
 */
import { lazy, Suspense, useRef, type Ref } from 'react';
import { Flex } from 'antd';
import { useAppSelector } from '../../app/hooks';
import { useWantedBelowFold } from '../../lib/useWantedBelowFold';
import { selectIsAuthenticated } from '../auth';
import { loadVpnRegionsTable } from './loadVpnRegionsTable';
import { Title } from '../../components/typography';
import { useTexts } from '../../i18n/context';
import { REGIONS_TEXT } from '../regions';

const VpnRegionsTable = lazy(() =>
  loadVpnRegionsTable().then((m) => ({ default: m.VpnRegionsTable })),
);

/** Height kept for the table while it loads (its header and skeleton rows), pixels. */
const TABLE_ROOM_PX = 360;

/** The section title and the table's room, before the table is there. */
function RegionsPlaceholder({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const text = useTexts('regions', REGIONS_TEXT);
  return (
    <section ref={sectionRef} aria-labelledby="regions-title" aria-busy="true">
      <Flex align="center" style={{ marginBottom: 12, minHeight: 32 }}>
        <Title level={2} id="regions-title" style={{ margin: 0 }}>
          {text.title}
        </Title>
      </Flex>
      <div style={{ minHeight: TABLE_ROOM_PX }} />
    </section>
  );
}

/** Props of {@link DeferredVpnRegionsTable}. */
export interface DeferredVpnRegionsTableProps {
  /** The content above has its final size: the section's visibility now means something. */
  settled: boolean;
}

/** The regions table with Create, loaded when wanted. */
export function DeferredVpnRegionsTable({ settled }: DeferredVpnRegionsTableProps) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const sectionRef = useRef<HTMLElement>(null);
  const wanted = useWantedBelowFold(sectionRef, signedIn, settled);
  if (!wanted) return <RegionsPlaceholder sectionRef={sectionRef} />;
  return (
    <Suspense fallback={<RegionsPlaceholder />}>
      <VpnRegionsTable />
    </Suspense>
  );
}
