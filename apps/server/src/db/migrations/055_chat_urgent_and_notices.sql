-- Issue 10 points 3 and 4 (decision 011): a room flagged by an urgent patient message, and
-- messages the apps show as notices (urgent guidance, "a staff member joined").
ALTER TABLE chat_rooms ADD COLUMN urgent_at timestamptz;
ALTER TABLE chat_messages ADD COLUMN notice text
  CHECK (notice IN ('URGENT', 'URGENT_SELF_HARM', 'STAFF_JOINED'));
-- The inbox puts open urgent rooms of a hospital first.
CREATE INDEX chat_rooms_urgent ON chat_rooms (hospital_idx, urgent_at) WHERE urgent_at IS NOT NULL AND status <> 'COMPLETE';
