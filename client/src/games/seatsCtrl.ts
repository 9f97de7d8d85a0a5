import { colourOfSeat, type PlayerColour } from "../room/seatColors";
import { isComputerSeat } from "../room/seatNames";
import type { BoardProps } from "./types";

/**
 * What every board's controller says of a seat's player, from the room's props: their name, whether a
 * computer plays (its name then shows a robot), their colour at the table. The games' controllers
 * extend it.
 */
export class SeatsCtrl<Props extends BoardProps = BoardProps> {
  /** A getter, so the controllers' deriveds follow the component's props. */
  protected readonly props: () => Props;

  constructor(props: () => Props) {
    this.props = props;
  }

  name(seat: number): string {
    return this.props().nicknames[seat] ?? `#${seat + 1}`;
  }

  computer(seat: number): boolean {
    return isComputerSeat(this.props().room.seats, seat);
  }

  /** The room's colour for the seat, kept in every game of the table whatever their seat. */
  colour(seat: number): PlayerColour {
    return colourOfSeat(this.props().colours, seat);
  }
}
