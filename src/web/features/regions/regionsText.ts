/** The regions table's texts (its own module: the home page's placeholder shows the title). */
/** What the Message cell says of a region that takes no VPN now. */
export const UNAVAILABLE_TEXT = 'Unavailable: no VPN host is online in this region';

/** The table's texts (English; namespace `regions`). */
export const REGIONS_TEXT = {
  title: 'Regions',
  city: 'City',
  country: 'Country',
  message: 'Message',
  action: 'Action',
  create: 'Create',
  createIn: 'Create a VPN in {{city}}, {{country}}',
  dismiss: 'Dismiss message',
  refresh: 'Refresh regions',
  unavailable: UNAVAILABLE_TEXT,
} as const;
