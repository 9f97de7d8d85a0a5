-- CreateTable
CREATE TABLE "score_entries" (
    "id" BIGSERIAL NOT NULL,
    "game_id" TEXT NOT NULL,
    "game_name" TEXT NOT NULL,
    "room_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "nickname" TEXT NOT NULL,
    "is_computer" BOOLEAN NOT NULL,
    "bot_level" TEXT,
    "score" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "winner" BOOLEAN NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "options_summary" TEXT NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "score_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "score_entries_hash_key" ON "score_entries"("hash");

-- CreateIndex
CREATE INDEX "score_entries_game_id_id_idx" ON "score_entries"("game_id", "id" DESC);

-- CreateIndex
CREATE INDEX "score_entries_room_id_idx" ON "score_entries"("room_id");


-- Written by hand: what Prisma's schema language cannot say.
-- Filtering by nickname is case-insensitive and pages newest first.
CREATE INDEX "score_entries_nickname_id_idx" ON "score_entries" (lower("nickname"), "id" DESC);

-- The score list is append-only in the database itself, whatever the code does.
CREATE FUNCTION score_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'score_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER score_entries_no_update_delete BEFORE UPDATE OR DELETE ON "score_entries"
  FOR EACH ROW EXECUTE FUNCTION score_entries_append_only();
CREATE TRIGGER score_entries_no_truncate BEFORE TRUNCATE ON "score_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION score_entries_append_only();
