import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { HeldRoom } from "../../shared/protocol";
import { SoftAuthenticator, type CeremonyPlace } from "./softAuthenticator";

export interface Answer {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely
  readonly setCookie: string | null;
}

/**
 * A browser as the profile routes see it: one cookie jar (the session cookie) and same-origin
 * requests (Origin and Sec-Fetch-Site as a page of the site sends them).
 */
export class ProfileDevice {
  cookie: string | null = null;

  /** `site`: the origin pages are served from (PUBLIC_ORIGIN behind a balancer); default the server's own. */
  constructor(
    readonly url: string,
    private readonly site?: CeremonyPlace,
  ) {}

  get place(): CeremonyPlace {
    const url = new URL(this.url);
    return this.site ?? { origin: url.origin, rpId: url.hostname };
  }

  async post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send("POST", path, body, headers);
  }

  async get(path: string): Promise<Answer> {
    return this.send("GET", path, undefined, {});
  }

  /** Creates a profile with a new software passkey (returned), bringing `rooms`. */
  async createProfile(displayName: string, rooms: HeldRoom[] = []): Promise<{ authenticator: SoftAuthenticator; answer: Answer }> {
    const authenticator = new SoftAuthenticator(this.place);
    const options = await this.post("/api/profile/create/options", { displayName });
    const credential = authenticator.register(options.body.options as PublicKeyCredentialCreationOptionsJSON);
    return { authenticator, answer: await this.post("/api/profile/create", { challengeId: options.body.challengeId, credential, rooms }) };
  }

  /** Signs in with `authenticator` (a synced passkey, or this device's own). */
  async signIn(authenticator: SoftAuthenticator): Promise<Answer> {
    const options = await this.post("/api/profile/signin/options");
    const credential = authenticator.authenticate(options.body.options as PublicKeyCredentialRequestOptionsJSON);
    return this.post("/api/profile/signin", { challengeId: options.body.challengeId, credential });
  }

  /** Proves `authenticator`'s passkey again for this device's session (the changes that need a recent check). */
  async check(authenticator: SoftAuthenticator): Promise<Answer> {
    const options = await this.post("/api/profile/check/options");
    const credential = authenticator.authenticate(options.body.options as PublicKeyCredentialRequestOptionsJSON);
    return this.post("/api/profile/check", { challengeId: options.body.challengeId, credential });
  }

  private async send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        origin: this.place.origin,
        "sec-fetch-site": "same-origin",
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(this.cookie && { cookie: this.cookie }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const setCookie = response.headers.get("set-cookie");
    const session = setCookie ? /tablee_session=([^;]*)/u.exec(setCookie)?.[1] : undefined;
    if (session !== undefined) this.cookie = session === "" ? null : `tablee_session=${session}`;
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, setCookie };
  }
}
