-- Finished games per profile, ratings per game, and friend links (issue 35).
CREATE TABLE "profile_results" (
    "id" BIGSERIAL NOT NULL,
    "profile_id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "room_id" TEXT NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "seat" INTEGER NOT NULL,
    "nickname" TEXT NOT NULL,
    "seats" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "winner" BOOLEAN NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "mu_before" DOUBLE PRECISION,
    "sigma_before" DOUBLE PRECISION,
    "mu_after" DOUBLE PRECISION,
    "sigma_after" DOUBLE PRECISION,

    CONSTRAINT "profile_results_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ratings" (
    "profile_id" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("profile_id","game_id")
);

CREATE TABLE "friendships" (
    "requester_id" TEXT NOT NULL,
    "addressee_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "friendships_pkey" PRIMARY KEY ("requester_id","addressee_id"),
    CONSTRAINT "friendships_not_self" CHECK ("requester_id" <> "addressee_id"),
    CONSTRAINT "friendships_status" CHECK ("status" IN ('pending', 'accepted'))
);

CREATE UNIQUE INDEX "profile_results_room_id_finished_at_seat_key" ON "profile_results"("room_id", "finished_at", "seat");
CREATE INDEX "profile_results_profile_id_finished_at_idx" ON "profile_results"("profile_id", "finished_at" DESC);
CREATE INDEX "profile_results_room_id_finished_at_idx" ON "profile_results"("room_id", "finished_at");
CREATE INDEX "ratings_game_id_idx" ON "ratings"("game_id");
CREATE INDEX "friendships_addressee_id_idx" ON "friendships"("addressee_id");
-- One link per pair, whichever of the two asked.
CREATE UNIQUE INDEX "friendships_pair_key" ON "friendships"(LEAST("requester_id", "addressee_id"), GREATEST("requester_id", "addressee_id"));

ALTER TABLE "profile_results" ADD CONSTRAINT "profile_results_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_fkey" FOREIGN KEY ("requester_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_fkey" FOREIGN KEY ("addressee_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
