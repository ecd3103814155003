import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';

/** A browser's side of a push subscription: its P-256 key pair and 16-byte auth secret. */
export interface PushReceiver {
  ecdh: ECDH;
  /** As PushSubscription.toJSON() gives them (base64url). */
  keys: { p256dh: string; auth: string };
}

export function newPushReceiver(): PushReceiver {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message body (Content-Encoding: aes128gcm) as the browser would:
 * RFC 8188's header (salt, record size, the sender's public key as key id), RFC 8291's key
 * derivation (ECDH with the sender's key, then HKDF with the auth secret), AES-128-GCM.
 * Push messages fit one record, which is all this reads.
 */
export function decryptPush(receiver: PushReceiver, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`The key id is ${idLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error('More than one record');

  const receiverKey = receiver.ecdh.getPublicKey();
  const authSecret = Buffer.from(receiver.keys.auth, 'base64url');
  const shared = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(shared, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('No last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
