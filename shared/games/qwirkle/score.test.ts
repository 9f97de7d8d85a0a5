import { describe, expect, it } from "vitest";
import { scorePlacement } from "./score";
import { cells } from "./testkit";

// Positions from the seed's section 8 (Figs. A–K) and section 4, rebuilt on rows/columns a–l / a–z.
const SONIA_A = "faL1 fbE1 fcR1"; // three red tiles
const CEDRIC_B = "fdC1 gdC2 hdC0"; // red square ends the red line, two more squares below it
const RED_FIVE = "faC1 fbR1 fcE1 fdL1 feT1"; // a red line waiting for its cross
const BLUE_TWO = "gdL2 geT2"; // a blue line under it, each tile in a column with its red twin

describe("scorePlacement: the seed's worked examples", () => {
  const cases = [
    { name: "Sonia opens with three red tiles: 3", board: "", move: SONIA_A, points: 3, lines: 1 },
    { name: "Cédric adds three squares: red line 4 + square line 3 = 7", board: SONIA_A, move: CEDRIC_B, points: 7, lines: 2 },
    { name: "Elvire's blue circle makes two lines of 2: 4", board: `${SONIA_A} ${CEDRIC_B}`, move: "gcR2", points: 4, lines: 2 },
    {
      name: "Sonia's two green tiles that do not touch, joined by the green line: 4 + 3 = 7",
      board: "cbL5 ccT5 adR1 bdR2",
      move: "caE5 cdR5",
      points: 7,
      lines: 2,
    },
    {
      name: "Elvire's Qwirkle: crosses 3 + blue 3 + red 6 + bonus 6 = 18",
      board: `${RED_FIVE} ${BLUE_TWO}`,
      move: "ffX1 gfX2 hfX3",
      points: 18,
      lines: 3,
    },
    { name: "section 4, player 1: four squares on row e: 4", board: "", move: "ebC1 ecC2 edC0 eeC5", points: 4, lines: 1 },
    {
      name: "section 4, player 2: blue column around the blue square: 4",
      board: "ebC1 ecC2 edC0 eeC5",
      move: "dcE2 fcT2 gcX2",
      points: 4,
      lines: 1,
    },
    { name: "a lone first tile scores 1", board: "", move: "aaC1", points: 1, lines: 0 },
    { name: "a first move may lie anywhere, even far off", board: "", move: "zzC1 zyR1", points: 2, lines: 1 },
  ];
  it.each(cases)("$name", ({ board, move, points, lines }) => {
    const result = scorePlacement(cells(board), cells(move));
    expect(result).toMatchObject({ ok: true, points });
    if (result.ok) expect(result.lines).toHaveLength(lines);
  });

  it("marks the Qwirkle line and lists cells in board order", () => {
    const result = scorePlacement(cells(`${RED_FIVE} ${BLUE_TWO}`), cells("ffX1 gfX2 hfX3"));
    if (!result.ok) throw new Error(result.error);
    const qwirkles = result.lines.filter((l) => l.qwirkle);
    expect(qwirkles).toHaveLength(1);
    expect(qwirkles[0]?.cells.map((c) => c.col)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("accepts any integer coordinates, negative too", () => {
    const board = [{ row: -5, col: -7, shape: "C" as const, color: 1 as const }];
    expect(scorePlacement(board, [{ row: -5, col: -6, shape: "C", color: 2 }])).toMatchObject({ ok: true, points: 2 });
  });
});

describe("scorePlacement: every rule error", () => {
  const cases = [
    { error: "EMPTY_MOVE", board: "", move: "", why: "nothing placed" },
    { error: "TOO_MANY_TILES", board: "", move: "aaC0 abC1 acC2 adC3 aeC4 afC5 agC0", why: "seven tiles" },
    { error: "DUPLICATE_CELL", board: "", move: "aaC1 aaR1", why: "two tiles on one cell" },
    { error: "CELL_OCCUPIED", board: "aaC1", move: "aaR1", why: "cell already taken" },
    { error: "NOT_IN_ONE_LINE", board: "", move: "aaC1 bbC2", why: "diagonal" },
    { error: "NOT_IN_ONE_LINE", board: "bbC3", move: "abC1 baC1", why: "L shape around a tile" },
    { error: "GAP_IN_LINE", board: "", move: "aaC1 acC2", why: "hole on an empty board" },
    { error: "GAP_IN_LINE", board: "abC3", move: "aaC1 adC2", why: "hole next to an existing tile" },
    { error: "NOT_CONNECTED", board: "aaC1", move: "ccC2", why: "far from the board" },
    { error: "NOT_CONNECTED", board: "aaC1", move: "bbC2", why: "diagonal contact does not count" },
    { error: "LINE_MIXED", board: "aaC1", move: "abR2", why: "neither colour nor shape shared" },
    { error: "LINE_MIXED", board: "", move: "aaC1 abC2 acR2", why: "mixed within the new tiles" },
    { error: "LINE_MIXED", board: "baE2", move: "aaR1 abR3", why: "main line fine, crossing line mixed" },
    { error: "DUPLICATE_IN_LINE", board: "aaC1", move: "abC1", why: "same tile twice in a shape line" },
    { error: "DUPLICATE_IN_LINE", board: "aaC1 abR1", move: "acC1", why: "same shape twice in a colour line" },
    { error: "DUPLICATE_IN_LINE", board: "abC1 acC2", move: "adC1 aeC3", why: "repeat across old and new tiles" },
    { error: "LINE_TOO_LONG", board: "aaC0 abC1 acC2 adC3 aeC4 afC5", move: "agC0", why: "seventh tile on a full line" },
    { error: "LINE_TOO_LONG", board: "acR2 adR3 aeR4", move: "aaR0 abR1 afR5 agR1", why: "join making seven" },
  ];
  it.each(cases)("$error: $why", ({ board, move, error }) => {
    expect(scorePlacement(cells(board), cells(move))).toEqual({ ok: false, error });
  });

  it("counts a line once even when several new tiles are on it", () => {
    // Without the de-duplication the row of three would count once per placed tile: 9.
    expect(scorePlacement([], cells("aaC1 abC2 acC3"))).toMatchObject({ ok: true, points: 3 });
  });

  it("counts the existing tiles of every touched line", () => {
    // Adds the third square to a column of two and a second tile to a lone red: 3 + 2.
    expect(scorePlacement(cells("aaC2 baC3 cbR1"), cells("caC1"))).toMatchObject({ ok: true, points: 5 });
  });
});
