/**
 * The pending referral code (spec §3, §4): the code of a landing link, or a code the user
 * validated, kept in session storage (trimmed and uppercased) until a purchase carries it in
 * client_reference_id. Components follow it with {@link usePendingReferralCode}.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { referralCodeFromQuery } from './referralCode';

/** Session storage key of the pending code. */
export const PENDING_CODE_KEY = 'peanutvpn.pendingReferralCode';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Storage disabled by the browser.
  }
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** The pending code, or null when none is stored. */
export function readPendingCode(): string | null {
  const value = storage()?.getItem(PENDING_CODE_KEY)?.trim().toUpperCase();
  return value ? value : null;
}

/** Stores `code` (trimmed, uppercased) as the pending code; an empty code clears it. */
export function savePendingCode(code: string): void {
  const value = code.trim().toUpperCase();
  if (value === '') return clearPendingCode();
  if (readPendingCode() === value) return;
  storage()?.setItem(PENDING_CODE_KEY, value);
  notify();
}

/** Forgets the pending code. */
export function clearPendingCode(): void {
  if (readPendingCode() === null) return;
  storage()?.removeItem(PENDING_CODE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hook: the pending code, re-rendering when it changes. */
export function usePendingReferralCode(): string | null {
  return useSyncExternalStore(subscribe, readPendingCode, () => null);
}

/**
 * Hook for the shell: whenever the current URL's query changes, a code found in `ref`,
 * `referral` or `referralCode` becomes the pending code (spec §2 "Route table").
 */
export function useReferralLandingLink(): void {
  const { search } = useLocation();
  useEffect(() => {
    const code = referralCodeFromQuery(search);
    if (code !== null) savePendingCode(code);
  }, [search]);
}
