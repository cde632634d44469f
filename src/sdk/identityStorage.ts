/**
 * Where the identity client keeps tokens (spec §7): `window.localStorage` when usable, else
 * memory.
 */
import type { ICognitoStorage } from 'amazon-cognito-identity-js';

/** The storage tokens are kept in (the library's interface; `localStorage` fits). */
export type IdentityStorage = ICognitoStorage;

/** An in-memory token storage (one per instance, unlike the library's shared fallback). */
export class MemoryStorage implements IdentityStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  /** The stored key/value pairs. */
  entries(): [string, string][] {
    return [...this.items.entries()];
  }
}

/**
 * `window.localStorage` when it exists and accepts a write (not in Node, nor in some private
 * modes), else a new {@link MemoryStorage} (spec §7: tokens in local storage, falling back to
 * memory).
 */
export function defaultIdentityStorage(): IdentityStorage {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    if (storage) {
      const probe = 'peanut.identity.probe';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // unusable (quota, privacy settings): fall through
  }
  return new MemoryStorage();
}
