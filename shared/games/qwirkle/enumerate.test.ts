import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundsFor, inBounds, SEED_BOUNDS } from "./board";
import { canPlace, enumeratePlacements } from "./enumerate";
import { randomPosition } from "./fuzzkit";
import { scorePlacement } from "./score";
import { cells, moveKey, tiles } from "./testkit";
import { distinctTiles } from "./tiles";
import { BOARDS, MODES, type Placement, type QwirkleState, type Tile } from "./types";

describe("enumeratePlacements: known positions", () => {
  it("lists first moves at one origin, along a row and a column", () => {
    // C1 and R1 share red; X2 matches neither, so it only goes alone.
    const moves = enumeratePlacements([], tiles("C1 R1 X2"), SEED_BOUNDS);
    expect(moves.map(moveKey).sort()).toEqual(
      [
        "5,12,C1", "5,12,R1", "5,12,X2", // lone tiles, centred
        "5,12,C1 5,13,R1", "5,12,R1 5,13,C1", // along row f
        "5,12,C1 6,12,R1", "5,12,R1 6,12,C1", // along column m
      ].sort(),
    );
  });

  it("starts the open board at (0, 0)", () => {
    expect(enumeratePlacements([], tiles("C1"), null)).toEqual([cells("aaC1")]);
  });

  it("finds every cell around a lone tile on the open board, only two in the corner of the bounded one", () => {
    expect(enumeratePlacements(cells("aaC1"), tiles("C2"), null)).toHaveLength(4);
    expect(enumeratePlacements(cells("aaC1"), tiles("C2"), SEED_BOUNDS).map(moveKey).sort()).toEqual(["0,1,C2", "1,0,C2"]);
  });

  it("fills around existing tiles and never plays a tile twice", () => {
    // Hand of two identical squares plus a blue one; row a holds C1 _ C3.
    const moves = enumeratePlacements(cells("aaC1 acC3"), tiles("C2 C2 C4"), null).map(moveKey);
    expect(moves).toContain("0,1,C2"); // joins the two into C1 C2 C3
    expect(moves).toContain("0,1,C2 0,3,C4"); // fills the hole and extends
    expect(moves).toContain("0,-1,C4 0,1,C2"); // both ends of the old C1, with the hole filled
    expect(moves.every((m) => !/C2.*C2/u.test(m))).toBe(true);
    expect(new Set(moves).size).toBe(moves.length);
  });

  it("returns nothing for an empty hand", () => {
    expect(enumeratePlacements(cells("aaC1"), [], null)).toEqual([]);
  });
});

describe("canPlace", () => {
  it.each([
    { board: "", hand: "X3", can: true, why: "anything opens the game" },
    { board: "aaC1", hand: "", can: false, why: "no tiles" },
    { board: "aaC1 abC2", hand: "R5 X3", can: false, why: "nothing shares a trait" },
    { board: "aaC1 abC2", hand: "C1", can: true, why: "a repeat fits across, not along" },
    { board: "aaC1 abC2", hand: "R5 C3", can: true, why: "a third square" },
  ])("$why", ({ board, hand, can }) => {
    expect(canPlace(cells(board), tiles(hand), null)).toBe(can);
  });

  it("respects the board edge", () => {
    // C2 only fits above C1 (row -1); every on-board neighbour would mix it with a circle.
    expect(canPlace(cells("aaC1 abR1 bbR3"), tiles("C2"), SEED_BOUNDS)).toBe(false);
    expect(canPlace(cells("aaC1 abR1 bbR3"), tiles("C2"), null)).toBe(true);
  });
});

/** Building random positions plays whole turns with legalMoves; leave room for slow CI machines. */
const SLOW_MS = 60_000;

const positionArb = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 8 }),
  seats: fc.integer({ min: 2, max: 4 }),
  mode: fc.constantFrom(...MODES),
  board: fc.constantFrom(...BOARDS),
  moves: fc.integer({ min: 1, max: 12 }),
});

function position(p: { seed: string; seats: number; mode: (typeof MODES)[number]; board: (typeof BOARDS)[number]; moves: number }): QwirkleState {
  return randomPosition(p.seed, p.seats, { mode: p.mode, board: p.board }, p.moves);
}

/**
 * The first empty cell past each end of a one-line move, skipping old tiles (so no gap opens).
 * A lone tile can grow along its row or its column.
 */
function ends(move: readonly Placement[], occupied: ReadonlySet<string>): [number, number][] {
  const first = move[0];
  if (first === undefined) return [];
  const dirs: [number, number][] =
    move.length === 1 ? [[0, 1], [1, 0]] : move.every((c) => c.row === first.row) ? [[0, 1]] : [[1, 0]];
  const taken = new Set([...occupied, ...move.map((c) => `${c.row},${c.col}`)]);
  const out: [number, number][] = [];
  for (const [dr, dc] of dirs) {
    for (const sign of [-1, 1]) {
      // Start from the extreme placed tile in this direction and walk out past any tiles.
      const extreme = move.reduce((best, c) => (sign * (c.row * dr + c.col * dc) > sign * (best.row * dr + best.col * dc) ? c : best), first);
      let r = extreme.row;
      let c = extreme.col;
      while (taken.has(`${r},${c}`)) {
        r += sign * dr;
        c += sign * dc;
      }
      out.push([r, c]);
    }
  }
  return out;
}

/**
 * Every legal move, found independently of the search under test: all single tiles near the board,
 * then moves grown one tile at a time past either end. That reaches every move because a legal move
 * of k >= 2 tiles stays legal without one of its end tiles (one that is not its only contact).
 */
function bruteForce(board: readonly Placement[], handTiles: readonly Tile[], bounds: ReturnType<typeof boundsFor>): Set<string> {
  const hand = distinctTiles(handTiles);
  const occupied = new Set(board.map((b) => `${b.row},${b.col}`));
  const at = (row: number, col: number, tile: Tile): Placement => ({ row, col, shape: tile.shape, color: tile.color });
  const legal = (move: Placement[]) => move.every((c) => inBounds(bounds, c.row, c.col)) && scorePlacement(board, move).ok;
  let level: Placement[][] = [];
  for (const b of board) {
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      for (const tile of hand) {
        const move = [at(b.row + dr, b.col + dc, tile)];
        if (legal(move)) level.push(move);
      }
    }
  }
  const found = new Set<string>();
  const seen = new Set<string>();
  while (level.length > 0) {
    const next: Placement[][] = [];
    for (const move of level) {
      const key = moveKey(move);
      if (seen.has(key)) continue;
      seen.add(key);
      found.add(key);
      for (const [r, c] of ends(move, occupied)) {
        for (const tile of hand) {
          const grown = [...move, at(r, c, tile)];
          if (!seen.has(moveKey(grown)) && legal(grown)) next.push(grown);
        }
      }
    }
    level = next;
  }
  return found;
}

describe("enumeratePlacements: against brute force", () => {
  it("lists only moves scorePlacement accepts, each once, on the board", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const state = position(p);
        if (state.finished) return;
        const bounds = boundsFor(state.options.board);
        const hand = state.hands[state.turn] ?? [];
        const moves = enumeratePlacements(state.board, hand, bounds);
        const keys = moves.map(moveKey);
        expect(new Set(keys).size).toBe(keys.length);
        for (const move of moves) {
          expect(scorePlacement(state.board, move).ok).toBe(true);
          expect(move.every((c) => inBounds(bounds, c.row, c.col))).toBe(true);
        }
        expect(moves.length > 0).toBe(canPlace(state.board, hand, bounds));
      }),
      { numRuns: 40 },
    );
  }, SLOW_MS);

  it("matches brute force on random positions", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const state = position(p);
        if (state.finished || state.board.length === 0) return;
        const bounds = boundsFor(state.options.board);
        const hand = state.hands[state.turn] ?? [];
        const listed = enumeratePlacements(state.board, hand, bounds).map(moveKey).sort();
        expect(listed).toEqual([...bruteForce(state.board, hand, bounds)].sort());
      }),
      { numRuns: 25 },
    );
  }, SLOW_MS);

  const crafted = [
    { why: "four tiles off either side of a lone tile", board: "mmC1", hand: "R1 E1 L1 T1 C2 C3" },
    { why: "filling holes between old tiles", board: "mmC1 moC3 mqC5", hand: "C2 C4 C0 R2 X4 C2" },
    { why: "a crossing of a colour line and a shape line", board: "mmC1 mnR1 nmC2 omC3", hand: "E1 L1 C4 C5 T1 X0" },
    { why: "repeats in hand", board: "mmC1", hand: "R1 R1 E1 E1 C2 C2" },
  ];
  it.each(crafted)("matches brute force: $why", ({ board, hand }) => {
    const listed = enumeratePlacements(cells(board), tiles(hand), null).map(moveKey).sort();
    expect(listed).toEqual([...bruteForce(cells(board), tiles(hand), null)].sort());
    const corner = enumeratePlacements(cells(board), tiles(hand), SEED_BOUNDS).map(moveKey).sort();
    expect(corner).toEqual([...bruteForce(cells(board), tiles(hand), SEED_BOUNDS)].sort());
  }, SLOW_MS);
});

describe("enumeratePlacements: speed", () => {
  it("takes well under 20 ms on mid-game positions with a full hand", () => {
    const positions = Array.from({ length: 20 }, (_, i) => randomPosition(`speed-${i}`, 3, { mode: "normal", board: "open" }, 25));
    const started = performance.now();
    let total = 0;
    for (const state of positions) total += enumeratePlacements(state.board, state.hands[state.turn] ?? [], null).length;
    const perPosition = (performance.now() - started) / positions.length;
    expect(total).toBeGreaterThan(0);
    expect(perPosition).toBeLessThan(20);
  }, SLOW_MS);
});
