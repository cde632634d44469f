/**
 * The signed-in user as the store keeps it, and how the account menu names them (spec §2).
 */
import type { IdentityUser } from '../../../sdk/identity';

/** The signed-in user's attributes that the UI shows or sends (spec §2, §3). */
export interface AuthUser {
  /** Login name. */
  username?: string;
  /** Subject (user id), the purchase's client_reference_id (spec §2 "Pricing"). */
  sub?: string;
  email?: string;
  phoneNumber?: string;
}

/** The store's user from the identity client's. */
export function toAuthUser(user: IdentityUser): AuthUser {
  return {
    username: user.username,
    sub: user.sub,
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone ? { phoneNumber: user.phone } : {}),
  };
}

/** Label of the account menu: the email, else the phone number, else the username, else 'Account'. */
export function accountLabel(
  user: AuthUser | null | undefined,
  fallback: string = 'Account',
): string {
  return user?.email || user?.phoneNumber || user?.username || fallback;
}
