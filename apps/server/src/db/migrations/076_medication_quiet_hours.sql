-- Issue 15: a medication reminder due during the patient's quiet hours is held, not dropped,
-- and delivered once when the quiet hours end (summarised per patient). Decision 024.
-- NULL: not held. Set when the reminder pass meets quiet hours; cleared by the one pass that
-- delivers (or discards) it at that instant.
ALTER TABLE medication_doses ADD COLUMN quiet_held_until timestamptz;
CREATE INDEX medication_doses_quiet_held ON medication_doses (quiet_held_until) WHERE quiet_held_until IS NOT NULL;
