/**
 * NATS credentials of the host tests: nkey users, and the decentralized JWT setup a
 * creds file belongs to (operator, system account, the service's account, user JWTs), made with
 * the `nkeys` that ship with the `nats` client (no `nsc` here). The JWTs are what `nsc` writes:
 * `base64url(header).base64url(claims).base64url(ed25519 signature)`, signed by the issuer's nkey.
 */
import { createHash } from 'node:crypto';
import { nkeys } from 'nats';

/** What a user may publish and subscribe to (undefined: everything in its account). */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/** The permissions of VPN host `hostId` (as docs/hosts.md shows them). */
export function hostPermissions(hostId: string): NatsPermissions {
  return {
    publish: [`peanut.host.${hostId}.>`, `$JS.ACK.PEANUT_COMMANDS.host-${hostId}.>`],
    subscribe: [`peanut.deliver.${hostId}`],
  };
}

/** An nkey pair. */
export type KeyPair = ReturnType<typeof nkeys.createUser>;

/** An nkey pair's seed as text (secret). */
export function seedText(pair: KeyPair): string {
  return new TextDecoder().decode(pair.getSeed());
}

const base64url = (text: string | Uint8Array): string => Buffer.from(text).toString('base64url');

/** A JWT issued by `issuer` about `subject` with the `nats` claims `nats`. */
export function natsJwt(
  issuer: KeyPair,
  subject: string,
  name: string,
  nats: Record<string, unknown>,
): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'ed25519-nkey' }));
  const claims: Record<string, unknown> = {
    iat: Math.floor(Date.now() / 1000),
    iss: issuer.getPublicKey(),
    name,
    sub: subject,
    nats: { ...nats, version: 2 },
  };
  claims.jti = createHash('sha256').update(JSON.stringify(claims)).digest('base64url');
  const body = base64url(JSON.stringify(claims));
  const signature = issuer.sign(new TextEncoder().encode(`${header}.${body}`));
  return `${header}.${body}.${base64url(signature)}`;
}

/** A creds file's text (as `nsc` writes it): the user JWT and the user's seed. */
export function credsFile(userJwt: string, user: KeyPair): string {
  return `-----BEGIN NATS USER JWT-----
${userJwt}
------END NATS USER JWT------

************************* IMPORTANT *************************
NKEY Seed printed below can be used to sign and prove identity.
NKEYs are sensitive and should be treated as secrets.

-----BEGIN USER NKEY SEED-----
${seedText(user)}
------END USER NKEY SEED------
`;
}

const UNLIMITED = { subs: -1, data: -1, payload: -1, imports: -1, exports: -1, wildcards: true };

/** An operator with a system account and one account (`PEANUT`, JetStream on). */
export class NatsOperator {
  readonly operator = nkeys.createOperator();
  readonly system = nkeys.createAccount();
  readonly account = nkeys.createAccount();

  /** The server configuration lines of this operator (memory resolver, accounts preloaded). */
  serverConfig(): string {
    const operatorJwt = natsJwt(this.operator, this.operator.getPublicKey(), 'peanut-operator', {
      type: 'operator',
      system_account: this.system.getPublicKey(),
    });
    const limits = { ...UNLIMITED, conn: -1, leaf: -1 };
    const account = natsJwt(this.operator, this.account.getPublicKey(), 'PEANUT', {
      type: 'account',
      limits: { ...limits, mem_storage: -1, disk_storage: -1, streams: -1, consumer: -1 },
    });
    const system = natsJwt(this.operator, this.system.getPublicKey(), 'SYS', {
      type: 'account',
      limits,
    });
    return `operator: "${operatorJwt}"
system_account: ${this.system.getPublicKey()}
resolver: MEMORY
resolver_preload: {
  ${this.account.getPublicKey()}: "${account}"
  ${this.system.getPublicKey()}: "${system}"
}
`;
  }

  /** A creds file of a new user of the account (signed by `signer`, the account by default). */
  userCreds(name: string, permissions?: NatsPermissions, signer = this.account): string {
    const user = nkeys.createUser();
    const jwt = natsJwt(signer, user.getPublicKey(), name, {
      type: 'user',
      pub: permissions ? { allow: permissions.publish } : {},
      sub: permissions ? { allow: permissions.subscribe } : {},
      subs: -1,
      data: -1,
      payload: -1,
    });
    return credsFile(jwt, user);
  }
}
