/** A cell of a board drawn as a grid of buttons. */
export interface GridCell {
  readonly row: number;
  readonly col: number;
}

/** The rows and columns a board draws, inclusive. */
export interface GridArea {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * Where an arrow key (or Home, End) moves the keyboard's focus on a board: one cell over, stopping at
 * the edges; Home and End go to the row's ends. Null for any other key. A board of hundreds of
 * buttons is one Tab stop (a roving tabindex): a keyboard reaches the moves and the chat after it
 * without going through every cell.
 */
export function gridStep(from: GridCell, key: string, area: GridArea): GridCell | null {
  const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
  switch (key) {
    case "ArrowUp":
      return { row: clamp(from.row - 1, area.top, area.bottom), col: from.col };
    case "ArrowDown":
      return { row: clamp(from.row + 1, area.top, area.bottom), col: from.col };
    case "ArrowLeft":
      return { row: from.row, col: clamp(from.col - 1, area.left, area.right) };
    case "ArrowRight":
      return { row: from.row, col: clamp(from.col + 1, area.left, area.right) };
    case "Home":
      return { row: from.row, col: area.left };
    case "End":
      return { row: from.row, col: area.right };
    default:
      return null;
  }
}

/**
 * A grid's keydown: moves the focus to the button of the cell `gridStep` names (found by its
 * data-row and data-col inside `grid`) and says where it went, or does nothing for other keys.
 */
export function moveGridFocus(event: KeyboardEvent, grid: HTMLElement | undefined, area: GridArea, moved: (cell: GridCell) => void): void {
  if (grid === undefined || event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLElement)) return;
  const row = Number(event.target.dataset.row);
  const col = Number(event.target.dataset.col);
  if (!Number.isInteger(row) || !Number.isInteger(col)) return;
  const to = gridStep({ row, col }, event.key, area);
  if (to === null) return;
  event.preventDefault();
  grid.querySelector<HTMLElement>(`[data-row="${to.row}"][data-col="${to.col}"]`)?.focus();
  moved(to);
}
