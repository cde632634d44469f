/**
 * The saga context keys: the store registers each dependency under its key (`makeStore`'s
 * `context`), and sagas read it back with `getContext(KEY)`. One module, so that the two sides
 * cannot drift apart.
 */

/** Key of the {@link ApiExtra} (the SDK HttpClient factory and the identity client). */
export const API_EXTRA = 'apiExtra';
/** Key of the identity client; absent without identity. */
export const IDENTITY = 'identity';
/** Key of the VPN workflows' wait clock (absent: the real clock). */
export const VPN_CLOCK = 'vpnClock';
