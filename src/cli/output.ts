/**
 * Human output: aligned tables and key/value blocks (with `--json`, commands print data instead,
 * see `CommandContext.output`), and the VPN views shared by create, list, get and delete.
 */
import { formatMetrics, formatVpnConfig, NOT_AVAILABLE } from '../core/format';
import { PROVISIONING_HINT, isStateInProgress, type VpnWithMetrics } from '../core/vpn';

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

/** The state as the VPN list shows it: with the '3 minutes' hint while in progress (spec §2). */
export function stateText(item: VpnWithMetrics): string {
  const { state } = item.vpn;
  return isStateInProgress(state) ? `${state} (about ${PROVISIONING_HINT})` : state;
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

/** One VPN as `key: value` lines. */
export function vpnDetails(item: VpnWithMetrics): string[] {
  return keyValues([
    ['ID', item.vpn.vpnId],
    ['Created At', item.vpn.createdAt],
    ['Region', item.vpn.region],
    ['State', stateText(item)],
    ['Config', formatVpnConfig(item.vpn.config)],
    ['Usage', usageText(item)],
  ]);
}
