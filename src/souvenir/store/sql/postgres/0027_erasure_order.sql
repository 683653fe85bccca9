-- 0027: the store's erasure number (0026's erasure_clock) of the user's last erasure, beside
-- its time (store.userdata): an exchange that read the number n when it began is refused at
-- its write when the user's mark holds a number above n — an erasure committed after the
-- read, whichever replica made it (an order kept by the store, not by the replicas' clocks).
-- NULL for a mark made before this migration (its time alone is compared, as before).
ALTER TABLE erasures ADD COLUMN clock BIGINT;
