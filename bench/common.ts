/** What the benches share: their numeric settings, one-statement admin SQL, medians. */
import { Client } from 'pg';

/**
 * The whole number in environment variable `name` (default `fallback`).
 * @throws Error when it is not a whole number from 1 to `max`.
 */
export function setting(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return value;
}

/** Runs one statement (CREATE or DROP DATABASE ...) on a connection of its own to `url`. */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
