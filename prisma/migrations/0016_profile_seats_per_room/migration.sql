-- A seat's token is kept from one game of a table to the next ("play again" makes a new room where
-- every seat keeps its token), so a profile holds the same token in several rooms: one row per room.
-- Keyed by (profile, token) before, the next game's row was skipped as a duplicate, and that game
-- was never in the profile's results, ratings nor "My games" on its other devices.
ALTER TABLE "profile_seats" DROP CONSTRAINT "profile_seats_pkey";
ALTER TABLE "profile_seats" ADD CONSTRAINT "profile_seats_pkey" PRIMARY KEY ("profile_id", "room_id", "token_hash");
