-- Issue 11 point 7 (decision 014): unread counts without counting messages. Each room keeps
-- how many patient messages it has; each read mark keeps how many of them it covers. A staff
-- member's unread count is the difference, read in constant time by the inbox and its live
-- summaries (counting every unread message per staff member per summary was their top cost).
ALTER TABLE chat_rooms ADD COLUMN patient_message_count integer NOT NULL DEFAULT 0;
ALTER TABLE chat_room_reads ADD COLUMN read_patient_count integer NOT NULL DEFAULT 0;
UPDATE chat_rooms r
   SET patient_message_count = (SELECT count(*) FROM chat_messages m
                                 WHERE m.room_idx = r.idx AND m.person_type = 'PATIENT');
UPDATE chat_room_reads rr
   SET read_patient_count = (SELECT count(*) FROM chat_messages m
                              WHERE m.room_idx = rr.room_idx AND m.person_type = 'PATIENT'
                                AND m.idx <= rr.last_read_msg_idx);
