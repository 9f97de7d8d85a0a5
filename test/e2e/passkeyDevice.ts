import type { BrowserContext, CDPSession, Page } from "playwright-core";

const AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } as const;

/**
 * A platform authenticator with the screen lock set up, answering at once (one per browser context):
 * Chromium's CDP WebAuthn domain. `replace` swaps it for a new one holding no passkey (another
 * authenticator of the person's, a security key say).
 */
export async function addPasskeyDevice(context: BrowserContext, page: Page): Promise<{ replace(): Promise<void> }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  let { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR });
  return {
    async replace() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: AUTHENTICATOR }));
    },
  };
}
