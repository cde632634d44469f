/** The regions feature's public API: the regions query, its table and the region messages. */
export { regionMessageDismissed, regionMessageSet } from './regionMessagesSlice';
export { useListRegionsDetailedQuery } from './regionsApi';
export { RegionsTable } from './RegionsTable';
export { REGIONS_TEXT } from './regionsText';
