import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * The identity header is signed with Ed25519: the gateway alone holds the private key, every service holds the public
 * key only, so no service can make an identity that another service (or itself) would take.
 */
export const IDENTITY_KEY_TYPE = 'ed25519';

/** A key as configuration holds it: PEM, or the base64 of its DER (PKCS#8 for the private key, SPKI for the public). */
export type KeyText = string;

/** Why a key in the configuration was refused; the message never repeats the key. */
export class IdentityKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityKeyError';
  }
}

const PEM = /^-----BEGIN [A-Z ]+-----/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function keyInput<Der extends 'pkcs8' | 'spki'>(
  text: KeyText,
  der: Der,
): { key: string; format: 'pem' } | { key: Buffer; format: 'der'; type: Der } {
  const trimmed = text.trim();
  // A PEM in an env file often has its line breaks written as \n.
  if (PEM.test(trimmed)) return { key: trimmed.replaceAll('\\n', '\n'), format: 'pem' };
  if (!BASE64.test(trimmed)) throw new IdentityKeyError('must be a PEM key or the base64 of its DER');
  return { key: Buffer.from(trimmed, 'base64'), format: 'der', type: der };
}

/** The gateway's signing key, from PEM or base64 PKCS#8 DER; throws `IdentityKeyError` for anything else. */
export function identityPrivateKey(text: KeyText): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(keyInput(text, 'pkcs8'));
  } catch (error) {
    if (error instanceof IdentityKeyError) throw error;
    throw new IdentityKeyError('is not a private key (PEM, or the base64 of its PKCS#8 DER)');
  }
  if (key.asymmetricKeyType !== IDENTITY_KEY_TYPE) {
    throw new IdentityKeyError(
      `must be an Ed25519 private key, not ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  }
  return key;
}

/**
 * A service's verifying key, from PEM or base64 SPKI DER. A private key is refused: a service that held it could
 * sign identities, which is what the public key is there to prevent.
 */
export function identityPublicKey(text: KeyText): KeyObject {
  const input = keyInput(text, 'spki');
  if (input.format === 'pem' && /PRIVATE KEY/.test(input.key)) {
    throw new IdentityKeyError('is a private key: a service holds the public key only');
  }
  let key: KeyObject;
  try {
    key = createPublicKey(input);
  } catch {
    throw new IdentityKeyError('is not a public key (PEM, or the base64 of its SPKI DER)');
  }
  if (key.asymmetricKeyType !== IDENTITY_KEY_TYPE) {
    throw new IdentityKeyError(
      `must be an Ed25519 public key, not ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  }
  return key;
}

/** The public key that goes with a private key, as configuration holds it (base64 SPKI DER). */
export function publicKeyTextOf(privateKey: KeyText): KeyText {
  return createPublicKey(identityPrivateKey(privateKey))
    .export({ format: 'der', type: 'spki' })
    .toString('base64');
}

/** A fresh key pair, each as one line of base64 DER: for the one-process app, which makes its own, and tests. */
export function generateIdentityKeys(): { privateKey: KeyText; publicKey: KeyText } {
  const { privateKey, publicKey } = generateKeyPairSync(IDENTITY_KEY_TYPE);
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
