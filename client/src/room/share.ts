/** What the phone's share sheet is given: a title, a sentence and the link, in the player's language. */
export interface ShareMessage {
  readonly title: string;
  readonly text: string;
}

export type ShareResult = "shared" | "cancelled" | "failed";

/** Whether this browser has a share sheet (`navigator.share`: phones, some desktops; not Firefox or Linux Chrome). */
export const canShare = (nav: Partial<Pick<Navigator, "share">>): boolean => typeof nav.share === "function";

/**
 * Opens the share sheet with `url`. The player closing it is "cancelled" (nothing to do); any other
 * refusal (no share target, a browser policy) is "failed", and the caller copies the link instead.
 */
export async function shareLink(nav: Pick<Navigator, "share">, message: ShareMessage, url: string): Promise<ShareResult> {
  try {
    await nav.share({ title: message.title, text: message.text, url });
    return "shared";
  } catch (error) {
    return error instanceof DOMException && error.name === "AbortError" ? "cancelled" : "failed";
  }
}
