import { pairPoints } from "../../../../shared/games/mahjong";
import type { Ghost, LayoutSize } from "./layout";
import {
  HIDDEN_BOARD,
  MAIN_BOARD,
  newBoard,
  shuffleStuck,
  STUCK_BOARD,
  tap,
  TUTORIAL_STEPS,
  type TapEvent,
  type TutorialBoard,
  type TutorialStep,
} from "./tutorial";

const GHOST_MS = 1500;
export const DEMO_TURN_MS = 15_000; // the timer step's ring runs like an easy-level turn, in a loop

/** Which board a step shows, if any. */
type BoardKey = "main" | "stuck" | "hidden";
const BOARD_OF: Readonly<Record<TutorialStep, BoardKey | null>> = {
  welcome: "main",
  free: "main",
  pair: "main",
  score: "main",
  timer: null,
  shuffle: "stuck",
  hard: "hidden",
  end: null,
};

/** The guided tutorial (the seed's demo mode): the step shown, its board and what the last tap did. */
export class TutorialCtrl {
  index = $state(0);
  boards: Record<BoardKey, TutorialBoard> = $state({ main: newBoard(MAIN_BOARD), stuck: newBoard(STUCK_BOARD), hidden: newBoard(HIDDEN_BOARD, true) });
  shuffled = $state(false);
  event: TapEvent | null = $state(null);
  ghosts: Ghost[] = $state([]);
  private ghostCount = 0;

  readonly step: TutorialStep = $derived(TUTORIAL_STEPS[this.index] ?? "welcome");
  readonly boardKey: BoardKey | null = $derived(BOARD_OF[this.step]);
  readonly board: TutorialBoard | null = $derived(this.boardKey === null ? null : this.boards[this.boardKey]);
  readonly nextPairPoints: number = $derived(pairPoints((this.board?.pairs ?? 0) + 1));
  /** Whether the step's task is done (steps without a task are always done). */
  readonly done: boolean = $derived.by(() => {
    if (this.step === "pair") return this.boards.main.pairs >= 1;
    if (this.step === "score") return this.boards.main.pairs >= 3;
    if (this.step === "shuffle") return this.shuffled;
    return true;
  });
  readonly interactive: boolean = $derived(this.step !== "welcome" && this.board !== null && this.board.tiles.length > 0);

  /** The size of the board shown, in half-tile units. */
  size(board: TutorialBoard): LayoutSize {
    const all = this.boardKey === "main" ? MAIN_BOARD : board.tiles.length > 0 ? board.tiles : MAIN_BOARD;
    return {
      width: Math.max(...all.map((t) => t.x)) + 2,
      height: Math.max(...all.map((t) => t.y)) + 2,
      layers: Math.max(...all.map((t) => t.z)) + 1,
    };
  }

  pick(id: number): void {
    const key = this.boardKey;
    if (key === null || !this.interactive) return;
    const result = tap(this.boards[key], id);
    if (result === null) return;
    this.boards[key] = result.board;
    this.event = result.event;
    if (result.event.kind === "pair") {
      const ghostKey = `ghost-${++this.ghostCount}`;
      const faces = result.event.removed.map((t) => ({ x: t.x, y: t.y, z: t.z, family: t.family }));
      this.ghosts = [...this.ghosts, { key: ghostKey, tiles: faces, points: result.event.points }];
      setTimeout(() => (this.ghosts = this.ghosts.filter((g) => g.key !== ghostKey)), GHOST_MS);
    }
  }

  shuffle(): void {
    if (this.step !== "shuffle" || this.shuffled) return;
    this.boards.stuck = shuffleStuck(this.boards.stuck);
    this.shuffled = true;
    this.event = null;
  }

  go(delta: number): void {
    this.index = Math.max(0, Math.min(TUTORIAL_STEPS.length - 1, this.index + delta));
    this.event = null;
    this.ghosts = [];
  }

  restart(): void {
    this.boards = { main: newBoard(MAIN_BOARD), stuck: newBoard(STUCK_BOARD), hidden: newBoard(HIDDEN_BOARD, true) };
    this.shuffled = false;
    this.index = 0;
    this.event = null;
    this.ghosts = [];
  }
}
