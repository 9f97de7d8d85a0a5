/**
 * A value already serialised: Tablée's socket.io encoder (`server/socket/parser.ts`) writes its
 * text as is. Anything else that serialises it (another encoder, a log line) gets the same JSON
 * through `toJSON`, only slower. `T` is the type the text parses to, for the event maps.
 */
export class EncodedJson<T> {
  declare private readonly parsesTo: T; // type only: an EncodedJson<RoomPush> is not an EncodedJson<ChatMessage>

  constructor(readonly text: string) {}

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}
