import type { BrowserContext, Page } from "playwright-core";

/** A platform authenticator with the screen lock set up, answering at once (one per browser context): Chromium's CDP WebAuthn domain. */
export async function addPasskeyDevice(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}
