/**
 * Renders Tablée's PNG icons from the logo (client/public/icon.svg, the same drawing as the header's
 * logo in App.svelte) with Debian's Chromium: `npx tsx scripts/pwa-icons.ts`, then commit the PNGs.
 *
 * - icon-192.png, icon-512.png ("any"): the logo as drawn, rounded corners on a transparent ground.
 * - icon-maskable-512.png and apple-touch-icon.png (180): full bleed, no transparency. Android masks
 *   the first to a circle or a squircle, iOS rounds the second itself (and turns transparency black).
 *   The logo is laid on its own square's colour, so its rounded corners vanish into the ground; the
 *   disc (56 % of the width) stays inside the maskable safe zone (the centre circle of 80 %).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/e2e/browser";

const publicDir = fileURLToPath(new URL("../client/public/", import.meta.url));
const logo = readFileSync(`${publicDir}icon.svg`, "utf8");
// The square's colour: the ground of the full-bleed icons.
const ground = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/iu.exec(logo)?.[1];
if (ground === undefined) throw new Error("icon.svg has no <rect fill> to take the ground colour from");

const ICONS = [
  { file: "icons/icon-192.png", size: 192, fullBleed: false },
  { file: "icons/icon-512.png", size: 512, fullBleed: false },
  { file: "icons/icon-maskable-512.png", size: 512, fullBleed: true },
  { file: "icons/apple-touch-icon.png", size: 180, fullBleed: true },
] as const;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const background = icon.fullBleed ? ground : "transparent";
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:${background}}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${logo}`,
    );
    await page.screenshot({ path: `${publicDir}${icon.file}`, omitBackground: !icon.fullBleed });
    await page.close();
    console.log(`wrote client/public/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
