import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { decrypt } from "http_ece";

/** A request the stand-in push service received. */
export interface ReceivedPush {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A local HTTP server standing in for a browser vendor's push service: it records every push and
 * answers `status` (201 by default, as the real ones do).
 */
export async function startPushService(): Promise<{ url: string; received: ReceivedPush[]; answer(status: number): void; close(): Promise<void> }> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    answer: (next) => void (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
export interface TestDevice {
  readonly ecdh: ECDH;
  readonly authSecret: Buffer;
  readonly subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function newDevice(endpoint: string): TestDevice {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") } } };
}

/** The push's payload as the device decrypts it (aes128gcm, RFC 8291). */
export function decryptPush(device: TestDevice, push: ReceivedPush): unknown {
  if (push.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${String(push.headers["content-encoding"])}`);
  return JSON.parse(decrypt(push.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.authSecret }).toString("utf8"));
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292) as a push service does:
 * the key is the server's, the ES256 signature verifies against it. Returns the JWT's claims.
 */
export function verifyVapid(push: ReceivedPush, serverPublicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/u.exec(push.headers.authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${String(push.headers.authorization)}`);
  const [, jwt = "", key = ""] = match;
  if (key !== serverPublicKey) throw new Error("signed with another key than the server's");
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  if ((JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg !== "ES256") throw new Error("not ES256");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const valid = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("the VAPID signature does not verify");
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
}
