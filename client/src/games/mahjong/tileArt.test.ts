import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../../../shared/games/mahjong/types";
import { FAMILY_ART, tileImage, tileSvg } from "./tileArt";

/** Every opened tag closed, in order (the pictures are hand-written markup). */
function balanced(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-z]+)((?:\s[^<>]*?)?)(\/?)>/gu)) {
    if (closing === "/") {
      if (open.pop() !== name) return false;
    } else if (selfClosing !== "/") open.push(name!);
  }
  return open.length === 0 && !/<(?![a-z/])/u.test(svg);
}

describe("Mahjong++ tile pictures", () => {
  it("draws every family, as well-formed markup", () => {
    for (const family of FAMILIES) {
      expect(FAMILY_ART[family], family).toMatch(/^<[a-z]/u);
      expect(balanced(FAMILY_ART[family]), family).toBe(true);
    }
    expect(Object.keys(FAMILY_ART).sort()).toEqual([...FAMILIES].sort());
  });

  it("makes one image per kind of tile: face and back, free and blocked", () => {
    const kinds = [null, ...FAMILIES].flatMap((family) => [tileImage(family, false), tileImage(family, true)]);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(tileImage("egg", true)).toBe(tileImage("egg", true));
    for (const url of kinds) expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22/u);
  });

  it("puts the family's drawing on the face, the back's star when face down, and a shade when blocked", () => {
    const face = decodeURIComponent(tileImage("fez", false).slice("data:image/svg+xml,".length));
    expect(face).toBe(tileSvg("fez", false));
    expect(balanced(face)).toBe(true);
    expect(face).toContain(FAMILY_ART.fez);
    expect(tileSvg(null, false)).not.toContain("<svg x=");
    expect(tileSvg(null, false)).toContain('transform="rotate(45)"');
    expect(tileSvg("fez", true)).toBe(tileSvg("fez", false).replace("</svg></svg>", '</svg><rect x="0" y="0" width="92" height="122" rx="10" fill="#2a1e0c" opacity="0.42"/></svg>'));
  });
});
