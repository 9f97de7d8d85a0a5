/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the push tests use. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export interface EceParams {
    readonly version?: "aes128gcm" | "aesgcm" | "aesgcm128";
    readonly privateKey?: ECDH; // the receiver's key pair (Web Push: the subscription's)
    readonly dh?: string | Buffer; // the sender's public key (aes128gcm carries it in the header)
    readonly authSecret?: string | Buffer;
    readonly key?: string | Buffer;
    readonly salt?: string | Buffer;
    readonly keyid?: string | Buffer;
    readonly rs?: number;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
