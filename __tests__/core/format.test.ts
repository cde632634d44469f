import {
  NOT_AVAILABLE,
  formatDuration,
  formatMetrics,
  formatMiB,
  formatPeanuts,
  formatVpnConfig,
} from '../../src/core/format';

describe('formatting (spec §2, §9)', () => {
  it('shows N/A for missing values', () => {
    expect(NOT_AVAILABLE).toBe('N/A');
    for (const value of [null, undefined, NaN, Infinity]) {
      expect(formatMiB(value)).toBe('N/A');
      expect(formatDuration(value)).toBe('N/A');
      expect(formatPeanuts(value)).toBe('N/A');
    }
    expect(formatDuration(-1)).toBe('N/A');
  });

  it.each([
    [0, '0.00 MiB'],
    [1, '0.00 MiB'],
    [5243, '0.01 MiB'],
    [1048576, '1.00 MiB'],
    [12939428, '12.34 MiB'],
    [1073741824, '1024.00 MiB'],
  ])('formats %p bytes as %p', (bytes, text) => {
    expect(formatMiB(bytes)).toBe(text);
  });

  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [0.125, '0.13'],
    [0.1234, '0.12'],
    [36.999, '37.00'],
    [-0.004, '0.00'],
    [-1.5, '-1.50'],
  ])('formats %p peanuts as %p', (peanuts, text) => {
    expect(formatPeanuts(peanuts)).toBe(text);
  });

  it.each([
    [0, '0 seconds'],
    [0.9, '0 seconds'],
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [125, '2 minutes 5 seconds'],
    [3600, '1 hour'],
    [3605, '1 hour'],
    [3900, '1 hour 5 minutes'],
    [7322, '2 hours 2 minutes'],
    [14400, '4 hours'],
    [86400, '1 day'],
    [90000, '1 day 1 hour'],
    [2 * 86400 + 59, '2 days'],
  ])('formats %p seconds as %p', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('formats the Config column', () => {
    expect(formatVpnConfig({ type: 'wireguard', maxPeanuts: 2, deleteAfter: 3600 })).toBe(
      'maxPeanuts: 2.00, deleteAfter: 1 hour',
    );
    expect(formatVpnConfig({ type: 'wireguard', maxPeanuts: -1, deleteAfter: 300 })).toBe(
      'maxPeanuts: unlimited, deleteAfter: 5 minutes',
    );
    expect(formatVpnConfig({ maxPeanuts: 0.1 })).toBe('maxPeanuts: 0.10, deleteAfter: N/A');
    expect(formatVpnConfig(undefined)).toBe('N/A');
    expect(formatVpnConfig(null)).toBe('N/A');
  });

  it('formats the Usage column, or nothing while metrics load', () => {
    expect(formatMetrics({ duration: 3900, bytes: 12939428, peanuts: 5.8512 })).toEqual({
      data: '12.34 MiB',
      duration: '1 hour 5 minutes',
      peanuts: '5.85',
    });
    expect(formatMetrics({ duration: NaN, bytes: NaN, peanuts: NaN })).toEqual({
      data: 'N/A',
      duration: 'N/A',
      peanuts: 'N/A',
    });
    expect(formatMetrics(undefined)).toBeUndefined();
  });
});
