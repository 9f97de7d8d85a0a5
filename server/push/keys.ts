import { createECDH } from "node:crypto";
import webPush from "web-push";
import type { PrismaClient } from "../db/generated/client";

/** The VAPID identity this server signs its pushes with (RFC 8292). */
export interface VapidKeys {
  readonly publicKey: string; // base64url, 65 bytes: what PushManager.subscribe takes as applicationServerKey
  readonly privateKey: string; // base64url, 32 bytes; secret
  readonly subject: string; // mailto: or https: contact for the push services
}

/** What the deployment says about keys: a pair (every process of a cluster the same), or none. */
export interface VapidConfig {
  readonly keys: { readonly publicKey: string; readonly privateKey: string } | null;
  readonly subject: string;
}

export const DEFAULT_VAPID_SUBJECT = "mailto:admin@tablee.invalid";

/**
 * The configured key pair, else the one stored in the database, else a new one stored there. Several
 * processes starting at once may each make a pair: the first INSERT wins and every process reads that
 * one back, so they all sign with the same key (browsers' subscriptions are bound to it).
 */
export async function loadVapidKeys(prisma: PrismaClient, config: VapidConfig): Promise<VapidKeys> {
  if (config.keys) {
    if (publicKeyOf(config.keys.privateKey) !== config.keys.publicKey) throw new Error("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY");
    return { ...config.keys, subject: config.subject };
  }
  const fresh = webPush.generateVAPIDKeys();
  await prisma.$executeRaw`
    INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, ${fresh.publicKey}, ${fresh.privateKey})
    ON CONFLICT (id) DO NOTHING`;
  const stored = await prisma.pushVapidKeys.findUniqueOrThrow({ where: { id: 1 } });
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: config.subject };
}

/** The base64url public key (uncompressed P-256 point) of a base64url private key. */
export function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
  return ecdh.getPublicKey().toString("base64url");
}
