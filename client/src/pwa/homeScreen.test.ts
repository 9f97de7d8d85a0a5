import { describe, expect, it } from "vitest";
import { needsHomeScreen, type DeviceTraits } from "./homeScreen";

const UA = {
  iPhoneSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iPhoneChrome: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  iPadMini: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  // iPadOS asks for desktop sites by default: a Mac's user agent.
  iPadDesktop: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  macSafari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  windowsEdge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
} as const;

const tab = (userAgent: string, maxTouchPoints: number): DeviceTraits => ({ userAgent, maxTouchPoints, standalone: false, displayModeStandalone: false });

describe("needsHomeScreen", () => {
  it.each([
    ["an iPhone in Safari", tab(UA.iPhoneSafari, 5), true],
    ["an iPhone in Chrome (WebKit too)", tab(UA.iPhoneChrome, 5), true],
    ["an iPad asking for mobile sites", tab(UA.iPadMini, 5), true],
    ["an iPad asking for desktop sites (a Mac with a touch screen)", tab(UA.iPadDesktop, 5), true],
    ["a Mac (no touch screen)", tab(UA.macSafari, 0), false],
    ["an Android phone", tab(UA.androidChrome, 5), false],
    ["a Windows laptop with a touch screen", tab(UA.windowsEdge, 10), false],
    ["an iPhone whose navigator.standalone is missing (older WebKit)", { ...tab(UA.iPhoneSafari, 5), standalone: undefined }, true],
    ["an iPhone opened from the Home Screen (navigator.standalone)", { ...tab(UA.iPhoneSafari, 5), standalone: true }, false],
    ["an iPad opened from the Home Screen (display-mode: standalone)", { ...tab(UA.iPadDesktop, 5), displayModeStandalone: true }, false],
    ["no browser at all", tab("", 0), false],
  ])("%s → %s", (_name, device, expected) => {
    expect(needsHomeScreen(device)).toBe(expected);
  });
});
