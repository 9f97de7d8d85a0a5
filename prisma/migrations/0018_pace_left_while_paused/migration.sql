-- A slow room's turn time left while its game is paused (deadline_at is then null): resuming starts
-- the turn again from there. Before, a pause dropped the deadline and resuming gave a fresh full turn.
ALTER TABLE "rooms" ADD COLUMN "pace_left_ms" INTEGER;
