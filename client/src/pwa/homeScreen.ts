/** What decides whether this device must add Tablée to its Home Screen before it can be notified. */
export interface DeviceTraits {
  readonly userAgent: string;
  readonly maxTouchPoints: number;
  readonly standalone: boolean | undefined; // Safari's navigator.standalone: true when opened from the Home Screen
  readonly displayModeStandalone: boolean; // the (display-mode: standalone) media query
}

/**
 * True on an iPhone or iPad whose Tablée is a browser tab, not the app added to the Home Screen:
 * there, iOS and iPadOS (16.4 and later) give Web Push only to Home Screen web apps, so the way to be
 * notified is Share → "Add to Home Screen". Every iOS browser is WebKit with the same rule, so
 * Chrome or Firefox on iOS count too. iPadOS asks for desktop sites with a Mac's user agent: a "Mac"
 * with a touch screen is an iPad.
 */
export function needsHomeScreen(device: DeviceTraits): boolean {
  const ios = /\b(iPhone|iPad|iPod)\b/u.test(device.userAgent) || (/\bMacintosh\b/u.test(device.userAgent) && device.maxTouchPoints > 1);
  return ios && device.standalone !== true && !device.displayModeStandalone;
}

/** This browser's traits (empty ones where the page has no navigator, as in tests). */
export function deviceTraits(): DeviceTraits {
  const nav: (Navigator & { standalone?: boolean }) | undefined = typeof navigator === "undefined" ? undefined : navigator;
  return {
    userAgent: nav?.userAgent ?? "",
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone: nav?.standalone,
    displayModeStandalone: typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches,
  };
}
