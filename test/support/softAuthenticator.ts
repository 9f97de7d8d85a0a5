import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();
const b64 = (data: Uint8Array | string): string => Buffer.from(data).toString("base64url");

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/** Where the browser says the ceremony happened (a page of `origin`, passkeys of `rpId`): a test may lie. */
export interface CeremonyPlace {
  readonly origin: string;
  readonly rpId: string;
}

/**
 * A passkey authenticator in software (one ES256 credential, "none" attestation), answering the
 * server's options as a browser with a platform authenticator would: the integration tests forge,
 * replay and misplace its answers. The browser tests use Chromium's virtual authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  private userHandle: string | null = null;

  constructor(private readonly place: CeremonyPlace) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  /** `navigator.credentials.create()` with these options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, place: CeremonyPlace = this.place): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(place.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: place.origin, crossOrigin: false });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** `navigator.credentials.get()` with these options, signed by this credential. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, place: CeremonyPlace = this.place): AuthenticationResponseJSON {
    this.counter += 1;
    const authData = this.authDataHead(place.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED);
    const clientDataJSON = JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: place.origin, crossOrigin: false });
    const signature = createSign("sha256").update(Buffer.concat([authData, sha256(clientDataJSON)])).sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), ...(this.userHandle && { userHandle: this.userHandle }) },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  private authDataHead(rpId: string, flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }
}
