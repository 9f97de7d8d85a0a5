import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { rateGame, NEW_SKILL, displayRating } from "../../server/ratings/rate";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase } from "../support/database";
import { finishGame } from "../support/finishGame";
import { ProfileDevice } from "../support/profileDevice";
import { qwirkleView, scriptedMove, seatedPair } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";
import { restartablePort } from "../support/ports";

type Player = { client: TestClient; seat: number; token: string };

/** A started room of `gameId` whose seats are claimed in order by `devices` (null: a guest), each profile syncing its seat as its device does. */
async function seatedRoom(url: string, devices: (ProfileDevice | null)[], clients: TestClient[], gameId = "finish") {
  const { roomId, creatorToken } = await createRoom(url, gameId, gameId === "qwirkle" ? { mode: "quick" } : {});
  const players: Player[] = [];
  for (const [seat, device] of devices.entries()) {
    const client = await TestClient.connect(url, { reconnection: true });
    clients.push(client);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `Seat ${seat}` })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token] }));
    client.socket.io.on("reconnect", () => void client.emit("room:watch", { roomId, seatTokens: [token] }));
    if (device) expect((await device.post("/api/profile/seats", { rooms: [{ roomId, seatTokens: [token] }] })).status).toBe(200);
    players.push({ client, seat, token });
  }
  expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
  await players[0]!.client.waitFor((s) => s.room.status === "playing");
  return { roomId, creatorToken, players };
}

/** Seat 0 ends a "finish" game with these ranks. */
const finishWith = (roomId: string, player: Player, ranks: number[]) =>
  player.client.emit("game:move", { roomId, seat: 0, seatToken: player.token, move: { type: "finish", ranks } });

/** Two profiles finish a game (the first wins), then the first asks to "play again": the next room opens. */
async function playedAgain(url: string, names: [string, string], clients: TestClient[]) {
  const devices = [await signedUp(url, names[0]), await signedUp(url, names[1])] as const;
  const first = await seatedRoom(url, [...devices], clients);
  const players = first.players as [Player, Player];
  expectOk(await finishWith(first.roomId, players[0], [1, 2]));
  const next = expectOk(await players[0].client.emit("game:rematch", { roomId: first.roomId, token: first.creatorToken })).nextRoomId!;
  return { devices, first, players, next };
}

async function signedUp(url: string, name: string): Promise<ProfileDevice> {
  const device = new ProfileDevice(url);
  expect((await device.createProfile(name)).answer.status).toBe(201);
  return device;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const profileIdOf = async (url: string, displayName: string) => (await query<{ id: string }>(url, "SELECT id FROM profiles WHERE display_name = $1", [displayName]))[0]!.id;

describe("ratings: results and ratings written with the score rows", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer({ games: [...GAMES, finishGame] });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });
  const db = () => server.db.url;

  it("two games with the same two profiles finishing at the same instant: each rating moves twice, one update after the other", async () => {
    const [ann, bob] = [await signedUp(server.url, "Ann"), await signedUp(server.url, "Bob")];
    const first = await seatedRoom(server.url, [ann, bob], clients);
    const second = await seatedRoom(server.url, [ann, bob], clients);
    const acks = await Promise.all([finishWith(first.roomId, first.players[0]!, [1, 2]), finishWith(second.roomId, second.players[0]!, [2, 1])]);
    acks.forEach(expectOk);

    const ratings = await query<{ display_name: string; mu: number; sigma: number; games: number; wins: number }>(
      db(), "SELECT display_name, mu, sigma, games, wins FROM ratings JOIN profiles ON profiles.id = profile_id WHERE game_id = 'finish' ORDER BY display_name");
    expect(ratings.map((r) => [r.display_name, r.games, r.wins])).toEqual([["Ann", 2, 1], ["Bob", 2, 1]]);
    // The results in the order the two transactions committed (ids follow the score chain's lock).
    const results = await query<{ display_name: string; room_id: string; rank: number; rated: boolean; mu_before: number; sigma_before: number; mu_after: number; sigma_after: number }>(
      db(), "SELECT display_name, room_id, rank, rated, mu_before, sigma_before, mu_after, sigma_after FROM profile_results JOIN profiles ON profiles.id = profile_id WHERE game_id = 'finish' ORDER BY profile_results.id");
    expect(results).toHaveLength(4);
    expect(results.every((r) => r.rated)).toBe(true);
    const firstRoom = results[0]!.room_id;
    const ranksOf = (roomId: string) => (roomId === first.roomId ? [1, 2] : [2, 1]);
    // Replayed in that order, the maths give exactly the stored ratings: no update was lost or applied twice.
    let skills = { Ann: NEW_SKILL, Bob: NEW_SKILL };
    for (const roomId of [firstRoom, firstRoom === first.roomId ? second.roomId : first.roomId]) {
      const [rankAnn, rankBob] = ranksOf(roomId);
      const [afterAnn, afterBob] = rateGame([{ skill: skills.Ann, rank: rankAnn! }, { skill: skills.Bob, rank: rankBob! }]);
      for (const [name, before, after] of [["Ann", skills.Ann, afterAnn], ["Bob", skills.Bob, afterBob]] as const) {
        const row = results.find((r) => r.room_id === roomId && r.display_name === name)!;
        // Close, not equal: a float8 goes through Prisma's driver as 15 significant digits.
        [[row.mu_before, before.mu], [row.sigma_before, before.sigma], [row.mu_after, after!.mu], [row.sigma_after, after!.sigma]].forEach(([stored, computed]) => expect(stored).toBeCloseTo(computed!, 10));
      }
      skills = { Ann: afterAnn!, Bob: afterBob! };
    }
    ratings.forEach((r, i) => {
      const skill = [skills.Ann, skills.Bob][i]!;
      expect(r.mu).toBeCloseTo(skill.mu, 10);
      expect(r.sigma).toBeCloseTo(skill.sigma, 10);
    });
    // The score rows landed too, once per seat.
    expect((await query(db(), "SELECT 1 FROM score_entries WHERE room_id = ANY($1)", [[first.roomId, second.roomId]])).length).toBe(4);
  });

  it("a table that plays again: each game of the series is in both profiles' results and ratings, and in the rooms their other devices get", async () => {
    const { devices: [ivy, jon], first, players: [atIvy, atJon], next } = await playedAgain(server.url, ["Ivy", "Jon"], clients);
    // Each page carries its token to the next game (the same token: it holds the seat there too) and
    // sends what its device holds, as a signed-in page does whenever its tokens change.
    for (const [device, player] of [[ivy, atIvy], [jon, atJon]] as const) {
      const synced = await device.post("/api/profile/seats", { rooms: [{ roomId: first.roomId, seatTokens: [player.token] }, { roomId: next, seatTokens: [player.token] }] });
      expect(synced.status).toBe(200);
      expect(synced.body.rooms.map((room: { roomId: string }) => room.roomId).sort()).toEqual([first.roomId, next].sort());
    }
    // Game 2, seats rotated: Jon sits at 0 and ends it, Ivy second this time.
    expectOk(await atJon.client.emit("room:watch", { roomId: next, seatTokens: [atJon.token] }));
    const seatOfJon = (await atJon.client.waitFor((s) => s.room.id === next && s.room.status === "playing")).you.seats;
    expect(seatOfJon).toEqual([0]);
    expectOk(await atJon.client.emit("game:move", { roomId: next, seat: 0, seatToken: atJon.token, move: { type: "finish", ranks: [1, 2] } }));

    const results = await query<{ display_name: string; room_id: string; rank: number; rated: boolean }>(
      db(), "SELECT display_name, room_id, rank, rated FROM profile_results JOIN profiles ON profiles.id = profile_id WHERE room_id = ANY($1) ORDER BY profile_results.id", [[first.roomId, next]]);
    expect(results.map((r) => [r.room_id === first.roomId ? 1 : 2, r.display_name, r.rank, r.rated])).toEqual([
      [1, "Ivy", 1, true],
      [1, "Jon", 2, true],
      [2, "Jon", 1, true],
      [2, "Ivy", 2, true],
    ]);
    const ratings = await query<{ display_name: string; games: number; wins: number }>(
      db(), "SELECT display_name, games, wins FROM ratings JOIN profiles ON profiles.id = profile_id WHERE display_name = ANY($1) ORDER BY display_name", [["Ivy", "Jon"]]);
    expect(ratings).toEqual([{ display_name: "Ivy", games: 2, wins: 1 }, { display_name: "Jon", games: 2, wins: 1 }]);
  });

  it("a table that plays again while its players' devices say nothing: the next game is theirs all the same, and rated", async () => {
    const { devices: [kim, lou], first, players: [, atLou], next } = await playedAgain(server.url, ["Kim", "Lou"], clients);
    // No page sends the next room (offline, closed): the server carries the profiles' seats to it.
    for (const device of [kim, lou]) {
      await expect
        .poll(async () => ((await device.post("/api/profile/seats", { rooms: [] })).body.rooms as { roomId: string }[]).map((room) => room.roomId).sort())
        .toEqual([first.roomId, next].sort());
    }
    expectOk(await atLou.client.emit("room:watch", { roomId: next, seatTokens: [atLou.token] }));
    await atLou.client.waitFor((s) => s.room.id === next && s.room.status === "playing");
    expectOk(await atLou.client.emit("game:move", { roomId: next, seat: 0, seatToken: atLou.token, move: { type: "finish", ranks: [1, 2] } }));
    const results = await query<{ display_name: string; rated: boolean }>(
      db(), "SELECT display_name, rated FROM profile_results JOIN profiles ON profiles.id = profile_id WHERE room_id = $1 ORDER BY rank", [next]);
    expect(results).toEqual([{ display_name: "Lou", rated: true }, { display_name: "Kim", rated: true }]);
  });

  it("a guest seat never gets a result; a profile alone with a guest gets an unrated one", async () => {
    const cleo = await signedUp(server.url, "Cleo");
    const { roomId, players } = await seatedRoom(server.url, [cleo, null], clients);
    expectOk(await finishWith(roomId, players[0]!, [1, 2]));
    const results = await query<{ seat: number; rated: boolean; nickname: string; seats: number; rank: number; winner: boolean; mu_after: number | null }>(
      db(), "SELECT seat, rated, nickname, seats, rank, winner, mu_after FROM profile_results WHERE room_id = $1", [roomId]);
    expect(results).toEqual([{ seat: 0, rated: false, nickname: "Seat 0", seats: 2, rank: 1, winner: true, mu_after: null }]);
    expect(await query(db(), "SELECT 1 FROM ratings WHERE profile_id = $1", [await profileIdOf(db(), "Cleo")])).toEqual([]);
  });

  it("a deleted profile keeps the score rows (the nickname typed) but its results and ratings are gone", async () => {
    const [dana, eve] = [await signedUp(server.url, "Dana"), await signedUp(server.url, "Eve")];
    const { roomId, players } = await seatedRoom(server.url, [dana, eve], clients);
    expectOk(await finishWith(roomId, players[0]!, [2, 1]));
    const danaId = await profileIdOf(db(), "Dana");
    expect((await query(db(), "SELECT 1 FROM ratings WHERE profile_id = $1", [danaId])).length).toBe(1);
    expect((await dana.post("/api/profile/delete")).status).toBe(200);
    expect(await query(db(), "SELECT 1 FROM ratings WHERE profile_id = $1", [danaId])).toEqual([]);
    expect(await query(db(), "SELECT 1 FROM profile_results WHERE profile_id = $1", [danaId])).toEqual([]);
    expect((await query<{ nickname: string }>(db(), "SELECT nickname FROM score_entries WHERE room_id = $1 ORDER BY seat", [roomId])).map((r) => r.nickname)).toEqual(["Seat 0", "Seat 1"]);
    expect((await query(db(), "SELECT 1 FROM profile_results WHERE room_id = $1", [roomId])).length).toBe(1); // Eve's
  });

  it("the profile's stats and the leaderboards: display names only, my line marked, friends among themselves", async () => {
    const [fay, gus, hal] = [await signedUp(server.url, "Fay"), await signedUp(server.url, "Gus"), await signedUp(server.url, "Hal")];
    const games: [ProfileDevice, ProfileDevice, number[]][] = [[fay, gus, [1, 2]], [fay, gus, [1, 2]], [fay, gus, [2, 1]], [gus, hal, [1, 2]], [fay, hal, [1, 1]]];
    for (const [a, b, ranks] of games) {
      const { roomId, players } = await seatedRoom(server.url, [a, b], clients);
      expectOk(await finishWith(roomId, players[0]!, ranks));
    }
    const stats = await fay.get("/api/profile/stats");
    expect(stats.status).toBe(200);
    const finish = stats.body.games.find((g: { gameId: string }) => g.gameId === "finish");
    expect(finish).toMatchObject({ played: 4, won: 3, ratedGames: 4, provisional: true, playedWith: [{ displayName: "Gus", games: 3 }, { displayName: "Hal", games: 1 }] });
    expect(finish.history).toHaveLength(5); // where Fay started (1500), then after each of her 4 games
    expect(finish.history[0].rating).toBe(1500);
    const fayRating = (await query<{ mu: number; sigma: number }>(db(), "SELECT mu, sigma FROM ratings WHERE profile_id = $1", [await profileIdOf(db(), "Fay")]))[0]!;
    expect(finish.rating).toBe(displayRating(fayRating));
    expect(finish.history.at(-1).rating).toBe(finish.rating);
    expect(stats.body.recent).toHaveLength(4);
    expect(stats.body.recent[0]).toMatchObject({ gameId: "finish", rank: 1, seats: 2, winner: true, replayPath: expect.stringMatching(/^\/r\/[A-Za-z0-9_-]+\/replay$/u) });
    expect(typeof stats.body.recent[0].ratingChange).toBe("number");
    // No id of any profile leaves the server.
    const ids = (await query<{ id: string }>(db(), "SELECT id FROM profiles")).map((r) => r.id);
    const everyone = await fay.get("/api/ratings/leaderboard?game=finish");
    for (const body of [stats.body, everyone.body]) for (const id of ids) expect(JSON.stringify(body)).not.toContain(id);

    // Everyone: from three rated games on (Hal has two, so is not listed).
    expect(everyone.status).toBe(200);
    expect(everyone.body.minGames).toBe(3);
    expect(everyone.body.rows.filter((r: { displayName: string }) => ["Fay", "Gus", "Hal"].includes(r.displayName)).map((r: { displayName: string; you: boolean }) => [r.displayName, r.you]).sort()).toEqual([["Fay", true], ["Gus", false]]);
    const shown = everyone.body.rows.map((r: { rating: number }) => r.rating);
    expect(shown).toEqual([...shown].sort((a, b) => b - a)); // best first
    // Friends: Fay and Gus are friends (accepted), Hal asked Fay but she has not answered.
    // Made with the friends' routes, as their pages do: each names the other by the handle "Played with" gave it.
    const handleIn = async (device: ProfileDevice, list: "playedWith" | "incoming", name: string): Promise<string> =>
      ((await device.get("/api/friends")).body[list] as { displayName: string; handle: string }[]).find((p) => p.displayName === name)!.handle;
    expect((await fay.post("/api/friends/ask", { handle: await handleIn(fay, "playedWith", "Gus") })).status).toBe(200);
    expect((await gus.post("/api/friends/answer", { handle: await handleIn(gus, "incoming", "Fay"), accept: true })).status).toBe(200);
    expect((await hal.post("/api/friends/ask", { handle: await handleIn(hal, "playedWith", "Fay") })).status).toBe(200);
    const friends = await fay.get("/api/ratings/leaderboard?game=finish&among=friends");
    expect(friends.body.rows.map((r: { displayName: string }) => r.displayName).sort()).toEqual(["Fay", "Gus"]);
    const ofGus = await gus.get("/api/ratings/leaderboard?game=finish&among=friends");
    expect(ofGus.body.rows.find((r: { displayName: string }) => r.displayName === "Gus").you).toBe(true);
    const ofHal = await hal.get("/api/ratings/leaderboard?game=finish&among=friends");
    expect(friends.body.rows.map((r: { position: number }) => r.position)).toEqual([1, 2]);
    expect(ofHal.body.rows).toEqual([expect.objectContaining({ position: 1, displayName: "Hal", games: 2, provisional: true, you: true })]);
  });

  it("refuses bad input and guests where a profile is needed, with clear errors", async () => {
    const guest = new ProfileDevice(server.url);
    expect(await guest.get("/api/profile/stats")).toMatchObject({ status: 401, body: { error: { code: "NOT_SIGNED_IN" } } });
    expect(await guest.get("/api/ratings/leaderboard?game=finish&among=friends")).toMatchObject({ status: 401, body: { error: { code: "NOT_SIGNED_IN" } } });
    expect(await guest.get("/api/ratings/leaderboard?game=NOT%20A%20GAME")).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST", message: "game: not a game id" } } });
    expect(await guest.get("/api/ratings/leaderboard?game=finish&among=enemies")).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST", message: "among: among is everyone or friends" } } });
    expect(await guest.get("/api/ratings/leaderboard?game=finish&id=1")).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST" } } });
    expect((await guest.get("/api/ratings/leaderboard?game=finish")).status).toBe(200);
  });
});

describe("ratings: the rating rows and the score rows commit together", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("a kill while the results are being written loses neither; the last move resent lands both exactly once", async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    if (!db.databaseUrl) return; // the kill needs a real Postgres (a trigger and another process)
    const port = await restartablePort();
    let server: ChildServer = await spawnServer(db.env, port);
    cleanups.push(async () => void (await server.kill("SIGKILL")));
    const [ivy, jon] = [await signedUp(server.url, "Ivy"), await signedUp(server.url, "Jon")];
    const clients: TestClient[] = [];
    cleanups.push(() => clients.forEach((c) => c.close()));
    const { roomId, players } = await seatedRoom(server.url, [ivy, jon], clients, "qwirkle");
    // Writing the results waits here (after the score rows were inserted, in the same transaction).
    await query(db.databaseUrl, `CREATE FUNCTION wait_on_results() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(600); RETURN NULL; END $$;
      CREATE TRIGGER wait_on_results BEFORE INSERT ON profile_results FOR EACH STATEMENT EXECUTE FUNCTION wait_on_results();`);
    const sleeping = async () => (await query(db.databaseUrl!, "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()")).length > 0;

    // Play until a move hangs in the trigger: that move finishes the game.
    let last: { mover: Player; payload: Parameters<TestClient["emit"]>[1] } | null = null;
    for (let n = 0; n < 400 && last === null; n++) {
      const latest = players[0]!.client.latest;
      const mover = players.find((p) => p.seat === latest.currentSeats[0])!;
      const snapshot = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber);
      const payload = { roomId, seat: mover.seat, seatToken: mover.token, moveId: `move-${n}-abcdef`, move: scriptedMove(qwirkleView(snapshot, mover.seat)) };
      let answered = false;
      const acked = mover.client.emit("game:move", payload).finally(() => (answered = true));
      // Until it is answered, or found waiting in the trigger (however slow the machine).
      const hung = (async () => {
        while (!answered) {
          if (await sleeping()) return "hung" as const;
          await new Promise((r) => setTimeout(r, 100));
        }
        return "acked" as const;
      })();
      if ((await Promise.race([acked.then(() => "acked" as const), hung])) === "acked") {
        expectOk(await acked);
        await players[0]!.client.waitFor((s) => s.room.moveNumber > latest.room.moveNumber);
        continue;
      }
      last = { mover, payload };
    }
    expect(last).not.toBeNull();
    expect(await server.kill("SIGKILL")).toBeNull();
    // Postgres notices a vanished client only when it next talks to it: end the orphaned transaction now.
    await query(db.databaseUrl, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()");
    await query(db.databaseUrl, "DROP TRIGGER wait_on_results ON profile_results");
    const landed = async () => ({
      scores: (await query(db.databaseUrl!, "SELECT 1 FROM score_entries WHERE room_id = $1", [roomId])).length,
      results: (await query<{ rated: boolean }>(db.databaseUrl!, "SELECT rated FROM profile_results WHERE room_id = $1", [roomId])).map((r) => r.rated),
      ratings: (await query<{ games: number }>(db.databaseUrl!, "SELECT games FROM ratings WHERE game_id = 'qwirkle' ORDER BY games")).map((r) => r.games),
      status: (await query<{ status: string }>(db.databaseUrl!, "SELECT status FROM rooms WHERE id = $1", [roomId]))[0]?.status,
    });
    expect(await landed()).toEqual({ scores: 0, results: [], ratings: [], status: "playing" });

    server = await spawnServer(db.env, port);
    const { mover, payload } = last!;
    await mover.client.waitFor((s) => s.room.status === "playing" && mover.client.socket.connected, 30_000);
    expectOk(await mover.client.emit("game:move", payload as never));
    expectOk(await mover.client.emit("game:move", payload as never)); // resent once more: answered, not applied again
    expect(await landed()).toEqual({ scores: 2, results: [true, true], ratings: [1, 1], status: "finished" });
  });
});

describe("ratings: the routes are rate limited per address", () => {
  it("answers 429 past the profile routes' limit", async () => {
    const server = await startTestServer({ httpLimits: { requestsPerMinute: 100_000, roomsPerMinute: 1000, profileRequestsPerMinute: 3 } });
    try {
      const guest = new ProfileDevice(server.url);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await guest.get("/api/ratings/leaderboard?game=qwirkle")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const stats = [];
      for (let i = 0; i < 4; i++) stats.push((await guest.get("/api/profile/stats")).status);
      expect(stats).toEqual([401, 401, 401, 429]);
    } finally {
      await server.close();
    }
  });
});
