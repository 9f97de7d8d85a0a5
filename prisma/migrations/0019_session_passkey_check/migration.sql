-- When this session last proved one of its profile's passkeys (its sign-in, a passkey check): changing
-- passkeys, making a sign-in link for another device and deleting the profile need one within 10
-- minutes, so a phone left unlocked and signed in cannot be used to take the profile over. Null for
-- the sessions opened before this column: their first such change asks for the passkey.
ALTER TABLE "profile_sessions" ADD COLUMN "checked_at" TIMESTAMPTZ(3);

-- A sign-in link carries its maker's last check: the session it opens is checked as of then, not as
-- of its use (else a link made and redeemed every few minutes would keep a session checked for ever).
ALTER TABLE "sign_in_links" ADD COLUMN "checked_at" TIMESTAMPTZ(3);
