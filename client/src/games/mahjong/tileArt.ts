import type { Family } from "../../../../shared/games/mahjong";

/**
 * Each family's picture as SVG markup in a 100 × 100 box: simple, colourful shapes that read at
 * 40 px. Drawn by FamilyArt.svelte on its own (legend, rules) and, inside a tile's picture, by
 * `tileImage`.
 */
export const FAMILY_ART: Readonly<Record<Family, string>> = {
  egg: [
    '<ellipse cx="50" cy="88" rx="26" ry="5" fill="#0002" />',
    '<path d="M50 10 C72 10 82 48 80 64 C78 80 66 88 50 88 C34 88 22 80 20 64 C18 48 28 10 50 10 Z" fill="#f3d9a8" stroke="#b8864a" stroke-width="3" />',
    '<path d="M36 30 C40 22 46 19 50 19" fill="none" stroke="#fff8e8" stroke-width="6" stroke-linecap="round" />',
    '<circle cx="62" cy="62" r="3" fill="#d9b47c" />',
    '<circle cx="42" cy="70" r="2" fill="#d9b47c" />',
  ].join(""),
  harira: [
    '<path d="M30 26 q-6 -8 0 -14 M50 24 q-6 -8 0 -14 M70 26 q-6 -8 0 -14" fill="none" stroke="#b9b2a6" stroke-width="3" stroke-linecap="round" />',
    '<path d="M10 46 H90 C88 72 72 86 50 86 C28 86 12 72 10 46 Z" fill="#2d6cb5" stroke="#1c4477" stroke-width="3" />',
    '<path d="M22 62 h56 M28 72 h44" stroke="#f5f0e4" stroke-width="3" stroke-dasharray="6 4" />',
    '<ellipse cx="50" cy="46" rx="40" ry="10" fill="#c8461f" stroke="#1c4477" stroke-width="3" />',
    '<circle cx="36" cy="45" r="4" fill="#f0c75e" />',
    '<circle cx="56" cy="48" r="4" fill="#f0c75e" />',
    '<circle cx="66" cy="43" r="3.5" fill="#f0c75e" />',
    '<path d="M44 40 l6 3 M60 41 l5 -2" stroke="#3f8f3a" stroke-width="3" stroke-linecap="round" />',
    '<path d="M74 36 l12 -8 l2 10 Z" fill="#f7e35b" stroke="#b59a12" stroke-width="2" />',
  ].join(""),
  dates: [
    '<path d="M50 8 C52 20 50 30 48 36" fill="none" stroke="#6f8f2f" stroke-width="4" stroke-linecap="round" />',
    '<path d="M50 14 C62 6 76 8 84 14 C72 18 60 18 50 14 Z" fill="#7aa53a" />',
    '<ellipse cx="34" cy="56" rx="13" ry="22" transform="rotate(-20 34 56)" fill="#7a3b12" stroke="#4a220a" stroke-width="3" />',
    '<ellipse cx="64" cy="58" rx="13" ry="22" transform="rotate(18 64 58)" fill="#8c4616" stroke="#4a220a" stroke-width="3" />',
    '<ellipse cx="49" cy="70" rx="13" ry="21" fill="#6b3010" stroke="#4a220a" stroke-width="3" />',
    '<path d="M29 44 q2 -6 7 -8 M60 46 q4 -5 8 -5 M45 58 q2 -6 7 -7" fill="none" stroke="#d49a64" stroke-width="3" stroke-linecap="round" />',
  ].join(""),
  tajine: [
    '<rect x="46" y="10" width="8" height="10" rx="3" fill="#e9b949" stroke="#7a5a12" stroke-width="2" />',
    '<path d="M50 16 L80 70 H20 Z" fill="#2f7f9b" stroke="#164a5c" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M38 48 H62 M32 58 H68" stroke="#f3d36b" stroke-width="4" />',
    '<path d="M44 38 h12" stroke="#f3d36b" stroke-width="3" />',
    '<circle cx="50" cy="53" r="2.5" fill="#c8461f" />',
    '<ellipse cx="50" cy="74" rx="42" ry="9" fill="#b8562b" stroke="#6e2f14" stroke-width="3" />',
    '<path d="M12 74 C14 86 86 86 88 74" fill="#9c4522" stroke="#6e2f14" stroke-width="3" />',
  ].join(""),
  "mint-tea": [
    '<path d="M42 22 C36 12 46 6 52 12 C50 18 46 22 42 22 Z" fill="#3f9d4a" />',
    '<path d="M54 20 C58 8 70 10 70 18 C64 22 58 22 54 20 Z" fill="#2f8a3c" />',
    '<path d="M26 24 H74 L68 86 H32 Z" fill="#e9f4ee" stroke="#7aa8a0" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M29 40 H71 L68 84 H32 Z" fill="#c48a1c" opacity="0.9" />',
    '<path d="M29 40 H71 L70 50 H30 Z" fill="#e0b04a" />',
    '<path d="M28 30 H72" stroke="#d4a62a" stroke-width="5" />',
    '<path d="M33 64 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6 l4 -6 l4 6" fill="none" stroke="#d4a62a" stroke-width="3" />',
    '<path d="M36 46 V78" stroke="#fff8" stroke-width="4" stroke-linecap="round" />',
  ].join(""),
  couscous: [
    '<ellipse cx="50" cy="76" rx="44" ry="13" fill="#2c5fa8" stroke="#173a6e" stroke-width="3" />',
    '<ellipse cx="50" cy="74" rx="34" ry="8" fill="#f5f0e4" />',
    '<path d="M16 72 C22 40 78 40 84 72 Z" fill="#f0c44c" stroke="#b88a14" stroke-width="3" />',
    '<g fill="#d49d1c">',
    '<circle cx="32" cy="62" r="1.8" /><circle cx="42" cy="56" r="1.8" /><circle cx="56" cy="54" r="1.8" />',
    '<circle cx="66" cy="62" r="1.8" /><circle cx="48" cy="66" r="1.8" /><circle cx="38" cy="68" r="1.8" /><circle cx="60" cy="68" r="1.8" />',
    '</g>',
    '<path d="M44 50 L58 22 L64 26 L52 52 Z" fill="#f07c1e" stroke="#a94c0a" stroke-width="2" />',
    '<path d="M58 22 l-2 -8 M61 24 l6 -6" stroke="#3f8f3a" stroke-width="3" stroke-linecap="round" />',
    '<circle cx="36" cy="48" r="6" fill="#6fae3a" stroke="#3d6e1c" stroke-width="2" />',
    '<circle cx="68" cy="50" r="5" fill="#e5c06a" stroke="#9a7420" stroke-width="2" />',
  ].join(""),
  msemen: [
    '<path d="M18 22 L82 16 L86 80 L20 86 Z" fill="#e8b860" stroke="#9a6a1e" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M50 19 L53 83 M19 54 L84 48" stroke="#b98330" stroke-width="3" />',
    '<path d="M26 30 L76 26 L78 74 L28 78 Z" fill="none" stroke="#f6dca0" stroke-width="2" stroke-dasharray="5 4" />',
    '<g fill="#c98b2c">',
    '<circle cx="34" cy="38" r="2.5" /><circle cx="66" cy="34" r="2.5" /><circle cx="70" cy="66" r="2.5" /><circle cx="36" cy="68" r="2.5" />',
    '</g>',
    '<path d="M58 58 C62 52 70 54 70 60" fill="none" stroke="#8a5a14" stroke-width="2" />',
  ].join(""),
  babouche: [
    '<ellipse cx="52" cy="82" rx="40" ry="5" fill="#0002" />',
    '<path d="M8 60 C12 50 24 48 34 50 L60 54 C74 50 86 54 94 66 C90 74 80 78 66 78 L20 78 C10 78 6 68 8 60 Z" fill="#f3c318" stroke="#9a7206" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M60 54 C74 50 86 54 94 66 C84 68 70 66 58 62 Z" fill="#e0a80c" stroke="#9a7206" stroke-width="2" />',
    '<path d="M14 70 H86" stroke="#c8321e" stroke-width="4" />',
    '<path d="M66 60 l4 -4 l4 4 l-4 4 Z M78 62 l3 -3 l3 3 l-3 3 Z" fill="#c8321e" />',
  ].join(""),
  lantern: [
    '<path d="M50 4 V12" stroke="#7a5a12" stroke-width="3" />',
    '<circle cx="50" cy="12" r="4" fill="none" stroke="#7a5a12" stroke-width="3" />',
    '<path d="M32 30 C34 18 66 18 68 30 Z" fill="#d8a232" stroke="#7a5a12" stroke-width="3" />',
    '<path d="M28 30 H72 L78 56 L70 80 H30 L22 56 Z" fill="#f7c84a" stroke="#7a5a12" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M36 34 H48 V74 H36 L30 56 Z" fill="#2d6cb5" opacity="0.85" />',
    '<path d="M52 34 H64 L70 56 L64 74 H52 Z" fill="#c8321e" opacity="0.85" />',
    '<path d="M50 30 V80 M24 56 H76" stroke="#7a5a12" stroke-width="2.5" />',
    '<circle cx="50" cy="56" r="5" fill="#fff6c0" />',
    '<path d="M34 80 H66 L60 90 H40 Z" fill="#d8a232" stroke="#7a5a12" stroke-width="3" stroke-linejoin="round" />',
  ].join(""),
  argan: [
    '<path d="M62 10 C80 12 90 26 86 40 C74 36 64 26 62 10 Z" fill="#4f9a3a" stroke="#2c6020" stroke-width="2" />',
    '<path d="M64 12 L84 38" stroke="#2c6020" stroke-width="2" />',
    '<rect x="30" y="14" width="16" height="12" rx="3" fill="#8a5a2c" stroke="#4e2f12" stroke-width="2" />',
    '<path d="M32 26 H44 V36 C58 42 62 52 62 62 V84 C62 88 58 90 54 90 H22 C18 90 14 88 14 84 V62 C14 52 18 42 32 36 Z" fill="#f1e6c8" stroke="#8a6a2a" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M16 58 H60 V84 C60 87 58 88 54 88 H22 C18 88 16 87 16 84 Z" fill="#e3a32a" />',
    '<path d="M24 60 V84" stroke="#fff5" stroke-width="4" stroke-linecap="round" />',
    '<path d="M80 56 C86 66 88 72 88 76 A8 8 0 0 1 72 76 C72 72 74 66 80 56 Z" fill="#e3a32a" stroke="#9a6a0e" stroke-width="2.5" />',
    '<ellipse cx="78" cy="46" rx="6" ry="8" fill="#a97a3a" stroke="#5e3e12" stroke-width="2" />',
  ].join(""),
  olives: [
    '<path d="M10 30 C34 26 60 30 92 18" fill="none" stroke="#6b4a22" stroke-width="4" stroke-linecap="round" />',
    '<path d="M30 28 C26 14 34 6 42 8 C42 18 38 26 30 28 Z" fill="#7aa05a" stroke="#3d5e24" stroke-width="2" />',
    '<path d="M64 24 C70 10 82 10 86 14 C80 22 72 26 64 24 Z" fill="#7aa05a" stroke="#3d5e24" stroke-width="2" />',
    '<path d="M48 28 V42 M74 22 V36 M22 30 V44" stroke="#6b4a22" stroke-width="3" />',
    '<ellipse cx="48" cy="56" rx="12" ry="16" fill="#6a9a22" stroke="#34520c" stroke-width="3" />',
    '<ellipse cx="74" cy="52" rx="11" ry="15" fill="#2b2233" stroke="#120c18" stroke-width="3" />',
    '<ellipse cx="24" cy="60" rx="11" ry="15" fill="#8ab43a" stroke="#34520c" stroke-width="3" />',
    '<path d="M42 48 q2 -5 6 -6 M69 44 q2 -4 5 -5 M19 52 q2 -5 5 -6" fill="none" stroke="#fff8" stroke-width="3" stroke-linecap="round" />',
    '<ellipse cx="50" cy="86" rx="30" ry="4" fill="#0002" />',
  ].join(""),
  oranges: [
    '<circle cx="44" cy="54" r="30" fill="#f38a12" stroke="#b25708" stroke-width="3" />',
    '<path d="M28 40 q6 -8 14 -9" fill="none" stroke="#fbc06a" stroke-width="5" stroke-linecap="round" />',
    '<g fill="#d9700c"><circle cx="54" cy="62" r="1.6" /><circle cx="38" cy="68" r="1.6" /><circle cx="60" cy="46" r="1.6" /><circle cx="30" cy="56" r="1.6" /></g>',
    '<path d="M44 24 C46 18 48 14 52 12" fill="none" stroke="#5e3e12" stroke-width="3" stroke-linecap="round" />',
    '<path d="M50 16 C60 4 78 6 82 12 C72 20 58 20 50 16 Z" fill="#3f9d4a" stroke="#246a2c" stroke-width="2" />',
    '<circle cx="76" cy="76" r="16" fill="#fbd08a" stroke="#b25708" stroke-width="3" />',
    '<g stroke="#f38a12" stroke-width="2.5"><path d="M76 62 V90 M62 76 H90 M66 66 L86 86 M86 66 L66 86" /></g>',
    '<circle cx="76" cy="76" r="3" fill="#fff3da" />',
  ].join(""),
  fez: [
    '<path d="M24 82 L32 28 C44 22 56 22 68 28 L76 82 C60 90 40 90 24 82 Z" fill="#c8211e" stroke="#6e0f0c" stroke-width="3" stroke-linejoin="round" />',
    '<ellipse cx="50" cy="28" rx="18" ry="6" fill="#a8161a" stroke="#6e0f0c" stroke-width="3" />',
    '<path d="M26 72 C42 78 58 78 74 72" fill="none" stroke="#e8b23a" stroke-width="3" />',
    '<path d="M50 26 C58 30 64 40 66 54" fill="none" stroke="#1a1a1a" stroke-width="3" />',
    '<path d="M62 54 L70 54 L74 70 L58 70 Z" fill="#1a1a1a" />',
    '<path d="M62 70 l-1 6 M66 70 v7 M70 70 l1 6" stroke="#1a1a1a" stroke-width="2" />',
    '<path d="M36 38 C34 50 34 60 34 68" fill="none" stroke="#fff4" stroke-width="4" stroke-linecap="round" />',
  ].join(""),
  chebakia: [
    '<g transform="translate(50 52)">',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(0)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(0)" stroke="#e59a3a" stroke-width="3" />',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(60)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(60)" stroke="#e59a3a" stroke-width="3" />',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(120)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(120)" stroke="#e59a3a" stroke-width="3" />',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(180)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(180)" stroke="#e59a3a" stroke-width="3" />',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(240)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(240)" stroke="#e59a3a" stroke-width="3" />',
    '<ellipse cx="0" cy="-22" rx="13" ry="18" transform="rotate(300)" fill="#b8621a" stroke="#6e3408" stroke-width="3" />',
    '<path d="M0 -12 V-34" transform="rotate(300)" stroke="#e59a3a" stroke-width="3" />',
    '<circle r="14" fill="#c97624" stroke="#6e3408" stroke-width="3" />',
    '<circle r="7" fill="#e9a640" />',
    '</g>',
    '<g fill="#fbf1d6">',
    '<ellipse cx="30" cy="30" rx="2.4" ry="1.4" /><ellipse cx="70" cy="34" rx="2.4" ry="1.4" /><ellipse cx="72" cy="72" rx="2.4" ry="1.4" />',
    '<ellipse cx="30" cy="74" rx="2.4" ry="1.4" /><ellipse cx="50" cy="22" rx="2.4" ry="1.4" /><ellipse cx="50" cy="84" rx="2.4" ry="1.4" />',
    '</g>',
  ].join(""),
  drum: [
    '<ellipse cx="50" cy="20" rx="30" ry="9" fill="#f5ecd6" stroke="#6e4a1c" stroke-width="3" />',
    '<path d="M20 20 C20 40 38 48 40 56 L34 88 H66 L60 56 C62 48 80 40 80 20 C80 28 20 28 20 20 Z" fill="#9a5a24" stroke="#5a3210" stroke-width="3" stroke-linejoin="round" />',
    '<path d="M24 30 C40 38 60 38 76 30" fill="none" stroke="#2d6cb5" stroke-width="4" />',
    '<path d="M30 38 l5 5 l5 -5 l5 5 l5 -5 l5 5 l5 -5 l5 5 l5 -5" fill="none" stroke="#f3d36b" stroke-width="2.5" />',
    '<path d="M36 76 H64" stroke="#f3d36b" stroke-width="3" />',
    '<path d="M38 82 H62" stroke="#2d6cb5" stroke-width="3" />',
    '<ellipse cx="50" cy="88" rx="16" ry="3.5" fill="#7a4418" stroke="#5a3210" stroke-width="2" />',
  ].join(""),
};

// The face is 92 × 122 of a 100 × 130 box: the other 8 units are the block's visible side.
const BLOCK = '<rect x="8" y="8" width="92" height="122" rx="10" fill="#1d5e4f"/><rect x="4" y="4" width="92" height="122" rx="10" fill="#d9c9a3"/>';
const BACK = [
  '<rect x="0" y="0" width="92" height="122" rx="10" fill="#237a66" stroke="#154b3e" stroke-width="2"/>',
  '<rect x="6" y="6" width="80" height="110" rx="6" fill="none" stroke="#e8c25a" stroke-width="2.5"/>',
  '<g transform="translate(46 61)" fill="none" stroke="#e8c25a" stroke-width="2.5">',
  '<rect x="-20" y="-20" width="40" height="40"/><rect x="-20" y="-20" width="40" height="40" transform="rotate(45)"/>',
  '<circle r="8" fill="#c8461f" stroke="none"/></g>',
  `<g fill="#e8c25a">${[[20, 16], [72, 16], [20, 94], [72, 94]].map(([x, y]) => star(x!, y!)).join("")}</g>`,
].join("");
const FACE = [
  '<rect x="0" y="0" width="92" height="122" rx="10" fill="#fcf6e8" stroke="#bfa877" stroke-width="2"/>',
  '<rect x="5" y="5" width="82" height="112" rx="6" fill="none" stroke="#2f7f6b" stroke-width="2.5"/>',
  '<rect x="8.5" y="8.5" width="75" height="105" rx="4" fill="none" stroke="#c8461f" stroke-width="1" stroke-dasharray="3 3"/>',
  `<g fill="#c8461f">${[[10, 4], [82, 4], [10, 106], [82, 106], [46, 4], [46, 106]].map(([x, y]) => star(x!, y!)).join("")}</g>`,
].join("");
const SHADE = '<rect x="0" y="0" width="92" height="122" rx="10" fill="#2a1e0c" opacity="0.42"/>';

/** A small four-pointed star, 12 units wide, whose top point is at (x, y). */
function star(x: number, y: number): string {
  return `<path d="M${x} ${y} L${x + 1.6} ${y + 4.4} L${x + 6} ${y + 6} L${x + 1.6} ${y + 7.6} L${x} ${y + 12} L${x - 1.6} ${y + 7.6} L${x - 6} ${y + 6} L${x - 1.6} ${y + 4.4} Z"/>`;
}

/** A tile's picture (100 × 130), as SVG text: the ivory face with the family's drawing, or the green back (family null); darker when blocked. */
export function tileSvg(family: Family | null, blocked: boolean): string {
  const face = family === null ? BACK : `${FACE}<svg x="8" y="21" width="76" height="76" viewBox="0 0 100 100">${FAMILY_ART[family]}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 130">${BLOCK}${face}${blocked ? SHADE : ""}</svg>`;
}

const images = new Map<string, string>();

/**
 * The tile's picture as an image address (a data: URL, made once per kind of tile). A board draws
 * about 150 tiles of some 30 kinds: as images, each tile is one element the browser paints from a
 * picture it decoded once, where inline SVG made some twenty elements per tile to create, style
 * and lay out (issue 31: Mahjong++'s table render on a phone).
 */
export function tileImage(family: Family | null, blocked: boolean): string {
  const key = `${family ?? ""}|${blocked ? 1 : 0}`;
  let url = images.get(key);
  if (url === undefined) images.set(key, (url = `data:image/svg+xml,${encodeURIComponent(tileSvg(family, blocked))}`));
  return url;
}
