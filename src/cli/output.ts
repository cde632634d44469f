/**
 * Human output: aligned tables and key/value blocks (with `--json`, commands print data instead,
 * see `CommandContext.output`), and the VPN views shared by create, list, get and delete.
 */
import { formatDuration, formatMetrics, formatVpnConfig, NOT_AVAILABLE } from '../core/format';
import { PROVISIONING_HINT, isStateInProgress, type VpnWithMetrics } from '../core/vpn';
import type { VpnForecast } from '../core/vpnUsage';

/** Lines of a table: a header row then one row per item, columns padded to the widest cell. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

/** Lines `key: value`, keys padded to the longest. */
export function keyValues(entries: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...entries.map(([key]) => key.length)) + 1;
  return entries.map(([key, value]) => `${`${key}:`.padEnd(width)} ${value}`);
}

/**
 * A Running VPN's forecast in words (docs/api.md "Forecast"), as the web app's row says it, from
 * `nowMs` (epoch ms): e.g. `ends in about 1 hour 59 minutes: max-peanuts`, `ends now: balance`.
 */
export function forecastText(forecast: VpnForecast, nowMs: number): string {
  const seconds = Math.round((Date.parse(forecast.endsAt) - nowMs) / 1000);
  if (!(seconds > 0)) return `ends now: ${forecast.reason}`;
  return `ends in about ${formatDuration(seconds)}: ${forecast.reason}`;
}

/**
 * The state as the VPN list shows it: with the '3 minutes' hint while in progress (spec §2), and
 * a Running VPN's forecast, e.g. `Running, ends in about 2 hours: deadline`.
 */
export function stateText(item: VpnWithMetrics, nowMs = Date.now()): string {
  const { state, forecast } = item.vpn;
  if (isStateInProgress(state)) return `${state} (about ${PROVISIONING_HINT})`;
  return state === 'Running' && forecast ? `${state}, ${forecastText(forecast, nowMs)}` : state;
}

/** The Usage column of spec §2: data, time running and peanuts consumed; N/A without metrics. */
export function usageText(item: VpnWithMetrics): string {
  const usage = formatMetrics(item.metrics);
  return usage ? `${usage.data}, ${usage.duration}, ${usage.peanuts} peanuts` : NOT_AVAILABLE;
}

/** The VPN list as a table (spec §2 columns; the id first, to copy into other commands). */
export function vpnTable(items: readonly VpnWithMetrics[]): string[] {
  return table(
    ['ID', 'CREATED AT', 'REGION', 'STATE', 'CONFIG', 'USAGE'],
    items.map((item) => [
      item.vpn.vpnId,
      item.vpn.createdAt,
      item.vpn.region,
      stateText(item),
      formatVpnConfig(item.vpn.config),
      usageText(item),
    ]),
  );
}

/** One VPN as `key: value` lines; a Running VPN's forecast on a line of its own, with its instant. */
export function vpnDetails(item: VpnWithMetrics, nowMs = Date.now()): string[] {
  const { forecast } = item.vpn;
  const ends: [string, string][] =
    item.vpn.state === 'Running' && forecast
      ? [['Forecast', `${forecastText(forecast, nowMs)} (${forecast.endsAt})`]]
      : [];
  return keyValues([
    ['ID', item.vpn.vpnId],
    ['Created At', item.vpn.createdAt],
    ['Region', item.vpn.region],
    ['State', isStateInProgress(item.vpn.state) ? stateText(item) : item.vpn.state],
    ...ends,
    ['Config', formatVpnConfig(item.vpn.config)],
    ['Usage', usageText(item)],
  ]);
}
