/** The device families a passkey's label names (the list of passkeys shows it, translated). */
const DEVICES = [
  ["iPhone", /iPhone/u],
  ["iPad", /iPad/u],
  ["Android", /Android/u],
  ["Mac", /Macintosh|Mac OS X/u],
  ["Windows", /Windows/u],
  ["ChromeOS", /CrOS/u],
  ["Linux", /Linux/u],
] as const;

/**
 * A label for a new passkey, so its owner can tell them apart: the kind of device it was made on
 * (from the User-Agent, nothing more precise) and "synced" when the platform backs it up.
 */
export function passkeyLabel(userAgent: string | undefined, backedUp: boolean): string {
  const device = DEVICES.find(([, pattern]) => pattern.test(userAgent ?? ""))?.[0] ?? "device";
  return backedUp ? `${device} (synced)` : device;
}
