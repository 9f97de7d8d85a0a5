type QrLibrary = typeof import("qrcode");

let library: Promise<QrLibrary> | null = null;

/**
 * A QR code of `text` as an SVG data URL (sharp at any screen density). The `qrcode` library is
 * fetched the first time a code is drawn, so it stays out of the room page's first load.
 */
export async function qrDataUrl(text: string): Promise<string> {
  library ??= import("qrcode");
  const QRCode = await library;
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#1f1f24", light: "#ffffff" } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
