import type { Color, Shape } from "../../../../shared/games/qwirkle";

/** Tile colours by the seed's colour digit, bright enough to read on the dark tile. */
export const COLOR_HEX: Readonly<Record<Color, string>> = {
  0: "#f28c28", // orange
  1: "#e53935", // red
  2: "#1e88e5", // blue
  3: "#fdd835", // yellow
  4: "#8e24aa", // purple
  5: "#43a047", // green
};

/** An n-point star as an SVG polygon in the 100×100 tile box. */
function star(points: number, outer: number, inner: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(50 + radius * Math.cos(angle)).toFixed(1)},${(50 + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return out.join(" ");
}

/** The 8-point star is computed once: every tile on the board shares it. */
export const STAR_POINTS = star(8, 36, 17);
export const DIAMOND_POINTS = "50,14 84,50 50,86 16,50";

