import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Collection, ConflictError, type Doc } from '../store/index.js';
import { PRIVATE_FILE_MODE, privateDir, tighten } from '../store/private-files.js';

/** The claims of a session token: Clerk's names, plus the verified e-mail. */
export interface SessionClaims {
  sub: string;
  sid: string;
  azp: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalIssuer {
  /** PEM of the public key: the `jwtKey` the verifier uses, exactly as Clerk's PEM would be. */
  publicKeyPem: string;
  sign(claims: SessionClaims, now: Date): { token: string; expiresAt: Date };
}

export const SESSION_TOKEN_TTL_SECONDS = 5 * 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Builds an issuer from a PEM private key (RS256, 2048-bit). */
export function createLocalIssuer(privateKeyPem: string, issuer: string): LocalIssuer {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const kid = `ins_local_${createHash('sha256').update(publicKeyPem).digest('hex').slice(0, 16)}`;
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));

  return {
    publicKeyPem,
    sign(claims, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + SESSION_TOKEN_TTL_SECONDS;
      const payload = base64url(JSON.stringify({ ...claims, iss: issuer, iat, nbf: iat - 5, exp, v: 2 }));
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey);
      return { token: `${header}.${payload}.${base64url(signature)}`, expiresAt: new Date(exp * 1000) };
    },
  };
}

/**
 * Loads the signing key from DATA_DIR, creating a 2048-bit RSA key on first start. DATA_DIR and its
 * `auth` folder are 0700 and the key 0600, also when an earlier start left them looser.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'auth');
  const file = path.join(dir, 'local-issuer-key.pem');
  await privateDir(dataDir);
  await privateDir(dir);
  await tighten(file, PRIVATE_FILE_MODE);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await writeFile(file, newSigningKeyPem(), { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      // Another process created it first: use theirs.
      if (error.code !== 'EEXIST') throw error;
    },
  );
  await tighten(file, PRIVATE_FILE_MODE);
  return readFile(file, 'utf8');
}

function newSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export type SecretDoc = Doc & { pem: string; createdAt: Date };
const SIGNING_KEY_ID = 'local-issuer-signing-key';

/**
 * The signing key on a store that several API processes share: every replica must sign with the
 * same key, and none may need a disk of its own. The first to start stores a new key; the others,
 * and every later start, read that one.
 */
export async function loadOrCreateSharedSigningKey(secrets: Collection<SecretDoc>): Promise<string> {
  const stored = await secrets.findOne({ _id: SIGNING_KEY_ID });
  if (stored) return stored.pem;
  const pem = newSigningKeyPem();
  try {
    await secrets.insertOne({ _id: SIGNING_KEY_ID, pem, createdAt: new Date() });
    return pem;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  // Another process stored one first: use theirs.
  const theirs = await secrets.findOne({ _id: SIGNING_KEY_ID });
  if (!theirs) throw new Error('The shared signing key disappeared while it was being read');
  return theirs.pem;
}
