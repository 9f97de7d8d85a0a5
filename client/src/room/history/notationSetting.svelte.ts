import { loadHistoryNotation, saveHistoryNotation } from "../../lib/storage";

/**
 * The history's "notation" switch, one per device and remembered: every history on the page (the
 * room's, a replay's two) follows it at once.
 */
class NotationSetting {
  on = $state(loadHistoryNotation());

  set(on: boolean): void {
    this.on = on;
    saveHistoryNotation(on);
  }
}

export const notationSetting = new NotationSetting();
