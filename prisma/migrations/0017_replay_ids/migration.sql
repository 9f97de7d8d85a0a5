-- A finished game's public name: the score list and its replays name a game by it, never by the
-- room's id. The room's id is its link, a capability: whoever has it can watch the table, read its
-- chat (the whole table's, later games included) and follow it into its next game, which is still
-- running. 122 random bits (a version 4 UUID), as 32 hexadecimal characters.
ALTER TABLE "rooms" ADD COLUMN "replay_id" TEXT;
UPDATE "rooms" SET "replay_id" = replace(gen_random_uuid()::text, '-', '') WHERE "replay_id" IS NULL;
ALTER TABLE "rooms" ALTER COLUMN "replay_id" SET DEFAULT replace(gen_random_uuid()::text, '-', '');
ALTER TABLE "rooms" ALTER COLUMN "replay_id" SET NOT NULL;
CREATE UNIQUE INDEX "rooms_replay_id_key" ON "rooms"("replay_id");
