-- A lease's extension should be a HOT update (no new entry in any index), like a move's write since
-- migration 0011. lease_until was in an index, so every extension (by a move's write when its lease
-- had a third of its time left, and by the sweeper for the rooms nobody moved in lately) wrote a new
-- row version and an entry in each of the four indexes of `rooms`: in bench:load's steady phase, two
-- moves in five (41 % of its updates were not HOT; 4 % with this change; WAL per move 869-910 bytes
-- before, 756-764 after). The sweeps that read lease_until (claiming expired leases, renewing our own)
-- now find the rooms in play by the status prefix of rooms_status_created_at_idx and filter them:
-- measured 18 ms a sweep with 20,000 rooms in play among 200,000, every LEASE_SWEEP_MS (5 s).

-- DropIndex
DROP INDEX "rooms_status_lease_until_idx";
