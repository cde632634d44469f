/**
 * The parts of amazon-cognito-identity-js that its type declarations leave out and the SRP tests
 * drive directly: AuthenticationHelper (the client's side of SRP) and DateHelper (its TIMESTAMP).
 */
import * as cognito from 'amazon-cognito-identity-js';

/** The library's BigInteger (jsbn), as much of it as the tests use. */
export interface BigIntegerLike {
  toString(radix: number): string;
}
export type BigIntegerClass = new (value: string, radix: number) => BigIntegerLike;

/** The library's AuthenticationHelper (not in its type declarations). */
export interface Helper {
  N: BigIntegerLike;
  g: BigIntegerLike;
  k: BigIntegerLike;
  padHex(n: BigIntegerLike): string;
  getLargeAValue(cb: (error: Error | null, A: BigIntegerLike) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: BigIntegerLike,
    salt: BigIntegerLike,
    cb: (error: Error | null, key: Buffer) => void,
  ): void;
  generateHashDevice(groupKey: string, username: string, cb: (error: Error | null) => void): void;
  getSaltDevices(): string;
  getVerifierDevices(): string;
  getRandomPassword(): string;
}
/** The library's untyped classes. */
export const lib = cognito as unknown as {
  AuthenticationHelper: new (poolName: string) => Helper;
  DateHelper: new () => { getNowString(): string };
};
