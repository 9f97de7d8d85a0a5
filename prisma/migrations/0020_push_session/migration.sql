-- The profile session a device was signed in with when it subscribed (sha-256 of the session cookie, as
-- profile_sessions.token_hash), null for a guest. A friend's invitation goes to the devices whose session
-- is the profile's and still live: a device signed out (here, everywhere, or expired) keeps the turn
-- notices of the seats it holds, but no longer gets the profile's invitations. Rows from before this
-- column have none: such a device gets invitations again once it sends its subscription (every page
-- load of a signed-in device with notices on does).
ALTER TABLE "push_subscriptions" ADD COLUMN "session_hash" TEXT;
CREATE INDEX "push_subscriptions_session_hash_idx" ON "push_subscriptions"("session_hash");
